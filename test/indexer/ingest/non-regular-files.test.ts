/**
 * A FIFO, socket or device with a doc name in the docs folder (issue 20): reported as skipped, like
 * any other file that cannot be indexed, and never read — reading a FIFO waits for a writer forever.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestDirectory, type IngestResult } from '../../../src/indexer/ingest/index.ts';

/** Makes a FIFO at `file`; false where `mkfifo` is missing (Windows, minimal images). */
function makeFifo(file: string): boolean {
  try {
    execFileSync('mkfifo', [file], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const tmp = mkdtempSync(path.join(tmpdir(), 'recall-box-fifo-'));
const hasMkfifo = makeFifo(path.join(tmp, 'pipe.md'));
if (!hasMkfifo) console.warn('non-regular-files.test.ts: skipped, `mkfifo` is not available on this machine');

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

function listen(server: Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
}

describe.skipIf(!hasMkfifo)('ingestDirectory: files that are not regular files', () => {
  let server: Server;
  let result: IngestResult;

  beforeAll(async () => {
    await writeFile(path.join(tmp, 'good.md'), '# Good\n\nThe quokka page.');
    // A link to the FIFO passes the listing as a link; it must not be opened as a file either.
    await symlink(path.join(tmp, 'pipe.md'), path.join(tmp, 'link-to-pipe.mdx'));
    server = createServer();
    await listen(server, path.join(tmp, 'socket.html'));
    if (existsSync('/dev/null')) await symlink('/dev/null', path.join(tmp, 'device.md'));
    // Links out of the folder (the device) are read only when the owner says so: here, to see the device refused as one.
    result = await ingestDirectory(tmp, { followExternalSymlinks: true });
  }, 10_000);

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  it('reports each one as UNREADABLE, not a regular file, naming what it is', () => {
    const expected = [
      ['link-to-pipe.mdx', 'UNREADABLE', 'link-to-pipe.mdx is not a regular file: it is a FIFO (named pipe)'],
      ['pipe.md', 'UNREADABLE', 'pipe.md is not a regular file: it is a FIFO (named pipe)'],
      ['socket.html', 'UNREADABLE', 'socket.html is not a regular file: it is a socket'],
    ];
    if (existsSync('/dev/null')) expected.unshift(['device.md', 'UNREADABLE', 'device.md is not a regular file: it is a character device']);
    expect(result.skipped.map((s) => [s.path, s.code, s.reason])).toEqual(expected);
  });

  it.skipIf(!existsSync('/dev/null'))('skips the link to the device as OUTSIDE_DOCS_ROOT by default, before looking at what it is', async () => {
    const byDefault = await ingestDirectory(tmp);
    expect(byDefault.skipped.find((s) => s.path === 'device.md')?.code).toBe('OUTSIDE_DOCS_ROOT');
  });

  it('still indexes the regular files and counts the others as files found', () => {
    expect(result.pages.map((p) => p.path)).toEqual(['good.md']);
    expect(result.files).toBe(result.pages.length + result.skipped.length);
  });
});
