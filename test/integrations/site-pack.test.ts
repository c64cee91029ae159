/**
 * The step every framework integration shares (src/integrations/site-pack.js): the built-site
 * convention it writes to, the CLI run in a child process, the widget copied beside the pack.
 * No framework or npm needed: a built site from test/fixtures.
 */
import { access, cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILT_SITE_PACK_DIR } from '../../src/cli/config.ts';
// @ts-expect-error: plain JavaScript without declarations (frameworks load it with Node).
import { PACK_SUBDIR, SITE_DIR, buildSitePack, runCli } from '../../src/integrations/site-pack.js';

const BUILT_SITE = fileURLToPath(new URL('../fixtures/built-site/', import.meta.url));
let dir: string | undefined;

afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('site-pack', () => {
  it('writes where recall-box init and deploy look: the CLI\'s built-site convention', () => {
    expect(PACK_SUBDIR).toBe(BUILT_SITE_PACK_DIR);
    expect(PACK_SUBDIR.startsWith(`${SITE_DIR}/`)).toBe(true);
  });

  it('builds the pack of a built site with the CLI and copies the widget beside it, the output to the logger', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'recall-box-site-pack-'));
    const site = path.join(dir, 'dist');
    await cp(BUILT_SITE, site, { recursive: true });
    const lines: string[] = [];
    const logger = { info: (l: string) => lines.push(`info ${l}`), warn: (l: string) => lines.push(`warn ${l}`) };
    const out = await buildSitePack({ outDir: site, base: '/', buildArgs: ['--no-vectors'], cwd: dir, logger });
    expect(out).toBe(path.join(site, '_recall-box', 'pack'));
    const manifest = JSON.parse(await readFile(path.join(out, 'manifest.json'), 'utf8')) as { counts: { pages: number } };
    expect(manifest.counts.pages).toBeGreaterThan(0);
    await access(path.join(site, '_recall-box', 'recall-box.js'));
    await access(path.join(site, '_recall-box', 'recall-box-highlight.js'));
    // The summary, without the CLI's own "recall-box: " prefix (the framework's logger labels lines).
    expect(lines.some((l) => /^info built pack /.test(l))).toBe(true);
    // The site for agents: the pack's llms.txt pair at the site's root, each page's Markdown beside its HTML.
    for (const name of ['llms.txt', 'llms-full.txt']) expect(await readFile(path.join(site, name), 'utf8')).toBe(await readFile(path.join(out, name), 'utf8'));
    // (The fixture indexes only its pages with a body marker: marked/docs/a.html and b.html.)
    expect(await readFile(path.join(site, 'marked', 'docs', 'a.html.md'), 'utf8')).toMatch(/^# Alpha\n/);
    expect(await readFile(path.join(site, 'llms.txt'), 'utf8')).toContain('- [Beta](/marked/docs/b.html.md)');
  }, 60_000);

  it('fails with the CLI\'s exit code when the site cannot be indexed, its reason in the log', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'recall-box-site-pack-'));
    const lines: string[] = [];
    const logger = { info: (l: string) => lines.push(l), warn: (l: string) => lines.push(l) };
    await expect(buildSitePack({ outDir: path.join(dir, 'no-such-dist'), cwd: dir, logger })).rejects.toThrow(/indexing the built site failed .* exited with 1/);
    expect(lines.join('\n')).toMatch(/DOCS_NOT_FOUND|not an existing folder|no such/i);
    expect(await runCli(['--help'], { cwd: dir, logger })).toBe(0);
  }, 60_000);
});
