import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fsPackSource } from '../../src/indexer/fs-source.ts';

describe('fsPackSource', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'recall-box-fs-source-'));
    await writeFile(path.join(dir, 'manifest.json'), '{"formatVersion":1} é');
    await mkdir(path.join(dir, 'folder.json'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads a file as UTF-8 text and labels itself with the folder', async () => {
    const source = fsPackSource(dir);
    expect(source.label).toBe(path.resolve(dir));
    expect(await source.read('manifest.json')).toBe('{"formatVersion":1} é');
  });

  it('answers null for a missing file and for a missing folder', async () => {
    expect(await fsPackSource(dir).read('sections.json')).toBeNull();
    expect(await fsPackSource(path.join(dir, 'nope')).read('manifest.json')).toBeNull();
    // A path through a regular file (ENOTDIR) is just as absent.
    expect(await fsPackSource(path.join(dir, 'manifest.json')).read('manifest.json')).toBeNull();
  });

  it('throws on failures other than absence', async () => {
    await expect(fsPackSource(dir).read('folder.json')).rejects.toThrow();
  });

  it('refuses names that leave the folder', async () => {
    await expect(fsPackSource(path.join(dir, 'sub')).read('../manifest.json')).rejects.toThrow(/leaves/);
  });
});
