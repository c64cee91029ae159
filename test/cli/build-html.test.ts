import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fsPackSource } from '../../src/indexer/fs-source.ts';
import { loadPack } from '../../src/core/pack/load.ts';
import { DEFAULT_SEARCH_OPTIONS } from '../../src/core/search/options.ts';
import { searchPack } from '../../src/core/search/search.ts';
import { runCli } from '../support/cli.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');
const BUILT = path.join(FIXTURES, 'built-site', 'plain');

const run = runCli;

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'recall-box-cli-html-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('recall-box build --html', () => {
  it.each([
    ['both a docs folder and --html', ['build', path.join(FIXTURES, 'site'), '--html', BUILT, '--out', 'x']],
    ['--html without a value', ['build', '--html', '--out', 'x']],
    ['--html without --out', ['build', '--html', BUILT]],
  ])('returns 2 with the usage for %s', async (_name, argv) => {
    const r = await run(argv);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--html');
  });

  it('builds a pack of the built site that loads and answers a search', async () => {
    const out = path.join(root, 'pack');
    const r = await run(['build', '--html', BUILT, '--out', out, '--no-vectors', '--base-url', '/docs/']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('files read: 8, pages indexed: 6');
    expect(r.out).toContain('404.html: NOT_FOUND_PAGE');
    expect(r.out).toContain('old/redirect.html: REDIRECT_PAGE — a redirect page (redirects to /guides/)');
    expect(await readdir(out)).toContain('manifest.json');
    const pack = await loadPack(fsPackSource(out));
    expect(pack.manifest.baseUrl).toBe('/docs/');
    const { results } = searchPack(pack, { q: 'route parameters', limit: 5, lang: null }, DEFAULT_SEARCH_OPTIONS);
    expect(results[0]?.url).toBe('/docs/guides/#routing');
  });

  it('fails with exit code 1 for a folder without .html files', async () => {
    const r = await run(['build', '--html', path.join(BUILT, 'assets'), '--out', path.join(root, 'none')]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('no .html files');
  });
});
