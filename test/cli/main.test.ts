import { readStoredSections } from '../support/stored-sections.ts';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSummary } from '../../src/cli/main.ts';
import type { BuildSummary } from '../../src/indexer/build-pack.ts';
import { runCli } from '../support/cli.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');
const SITE = path.join(FIXTURES, 'site');
const BROKEN = path.join(FIXTURES, 'broken');

/** Runs the CLI with captured output. */
const run = runCli;

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'recall-box-cli-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('main: usage', () => {
  it.each([
    ['no command', []],
    ['an unknown command', ['index', SITE, '--out', 'x']],
    ['no docs folder', ['build', '--out', 'x']],
    ['no --out', ['build', SITE]],
    ['an extra argument', ['build', SITE, 'more-docs', '--out', 'x']],
    ['an unknown option', ['build', SITE, '--out', 'x', '--verbose']],
    ['--out without a value', ['build', SITE, '--out']],
  ])('returns 2 with the usage on stderr for %s', async (_name, argv) => {
    const r = await run(argv);
    expect(r.code).toBe(2);
    expect(r.err).toContain('Usage:');
    expect(r.out).toBe('');
  });

  it.each(['0', '7', '2.5', 'three', '', '-1'])('returns 2 for --heading-depth %j', async (depth) => {
    const out = path.join(root, `depth-${depth || 'empty'}`);
    const r = await run(['build', SITE, '--out', out, '--heading-depth', depth]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--heading-depth');
    // Nothing was built.
    expect(await readdir(root)).not.toContain(path.basename(out));
  });

  it.each([['--help'], ['-h'], ['build', '--help']])('prints the usage on stdout and returns 0 for %j', async (...argv) => {
    const r = await run(argv);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Usage:');
    expect(r.out).toContain('recall-box build <docs-dir> --out <pack-dir>');
    expect(r.err).toBe('');
  });
});

describe('main: build', () => {
  it('builds the fixture site, returns 0 and prints the summary', async () => {
    const out = path.join(root, 'site-pack');
    const r = await run(['build', SITE, '--out', out]);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    const manifest = JSON.parse(await readFile(path.join(out, 'manifest.json'), 'utf8'));
    expect(r.out).toContain(`built pack ${manifest.buildId}`);
    expect(r.out).toContain(out);
    expect(r.out).toMatch(new RegExp(`files read: 15, pages indexed: 15, sections: ${manifest.counts.sections} \\(longest section \\d+ characters\\), languages: en, ja, zh-cn`));
    expect(r.out).toMatch(/pack files: sections\.json \d+\.\d KB \+ 1 block \d+\.\d KB, keyword\.json \d+\.\d KB \+ 1 partition \d+\.\d KB/);
    expect(r.out).toContain('files skipped: 0');
  });

  it('passes --base-url, --heading-depth and --default-lang to the build', async () => {
    const out = path.join(root, 'options-pack');
    const r = await run(['build', SITE, '--out', out, '--base-url', 'docs', '--heading-depth', '2', '--default-lang', 'de']);
    expect(r.code).toBe(0);
    const manifest = JSON.parse(await readFile(path.join(out, 'manifest.json'), 'utf8'));
    const sections = await readStoredSections(out);
    expect(sections.every((s) => s.url.startsWith('/docs/'))).toBe(true);
    expect(Math.max(...sections.map((s) => s.depth))).toBe(2);
    // Pages outside a language folder, without a language of their own, take the default language
    // (caching.html declares <html lang="en">, so it stays English).
    expect(manifest.languages[0]).toBe('de');
    expect(sections.filter((s) => s.url.startsWith('/docs/guides/routing/')).map((s) => s.lang)).toContain('de');
    expect(sections.filter((s) => s.url.startsWith('/docs/zh-cn/')).every((s) => s.lang === 'zh-cn')).toBe(true);
  });

  it('returns 1 with DOCS_NOT_FOUND on stderr for a missing docs folder', async () => {
    const out = path.join(root, 'never-written');
    const r = await run(['build', path.join(root, 'no-such-docs'), '--out', out]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('DOCS_NOT_FOUND');
    expect(r.out).toBe('');
    expect(await readdir(root)).not.toContain('never-written');
  });

  it('returns 1 for an invalid option value found by the build (INVALID_OPTIONS)', async () => {
    const r = await run(['build', SITE, '--out', path.join(root, 'bad-lang'), '--default-lang', 'not a tag']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('INVALID_OPTIONS');
  });

  it('builds a folder with broken files, returns 0 and lists each skipped file with its code (keyword-only with --no-vectors)', async () => {
    const out = path.join(root, 'broken-pack');
    const r = await run(['build', BROKEN, '--out', out, '--no-vectors']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('files read: 6, pages indexed: 3');
    expect(r.out).toContain('files skipped: 3');
    expect(r.out).toContain('vectors: not built — turned off (--no-vectors)');
    const skipped = r.out.split('\n').filter((l) => /^ {4}\S/.test(l));
    expect(skipped).toHaveLength(3);
    expect(skipped[0]).toMatch(/^ {4}bad-front-matter\.md: FRONT_MATTER_INVALID — \S/);
    expect(skipped[1]).toMatch(/^ {4}binary\.md: BINARY_CONTENT — \S/);
    expect(skipped[2]).toMatch(/^ {4}empty\.md: NO_CONTENT — \S/);
    expect((await readdir(out)).sort()).toEqual(['keyword-0000.json', 'keyword.json', 'llms-full.txt', 'llms.txt', 'manifest.json', 'sections-0000.json', 'sections.json']);
  });

  it('titles llms.txt and writes the site\'s copies as --llms-title, --llms-summary and --llms-out say', async () => {
    const out = path.join(root, 'llms-pack');
    const site = path.join(root, 'llms-site');
    const r = await run(['build', SITE, '--out', out, '--no-vectors', '--llms-title', 'Skylark Docs', '--llms-summary', 'All of Skylark.', '--llms-out', site]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/\n {2}llms\.txt: 13 pages \(en\) in 4 groups, [\d.]+ KB; llms-full\.txt [\d.]+ KB; with 15 pages' Markdown → /);
    expect(r.out).toContain(`Markdown → ${site}\n`);
    const llms = await readFile(path.join(site, 'llms.txt'), 'utf8');
    expect(llms.startsWith('# Skylark Docs\n\n> All of Skylark.\n\n')).toBe(true);
    expect(await readFile(path.join(out, 'llms.txt'), 'utf8')).toBe(llms);
  });
});

describe('main: --pool-rules', () => {
  it('classifies sections by the given rules, and refuses a bad rules file with exit 1', async () => {
    const rules = path.join(root, 'rules.json');
    await writeFile(rules, JSON.stringify([{ pool: 'negative', path: '**/guides/**' }]));
    const out = path.join(root, 'pool-rules-pack');
    expect((await run(['build', SITE, '--out', out, '--pool-rules', rules, '--no-vectors'])).code).toBe(0);
    const sections = await readStoredSections(out);
    const guide = sections.find((s) => s.pageUrl.startsWith('/guides/'))!;
    expect(guide.pool).toBe('negative');
    expect(sections.filter((s) => !s.pageUrl.includes('/guides/')).every((s) => s.pool === 'knowledge')).toBe(true);
    await writeFile(rules, JSON.stringify([{ pool: 'marketing' }]));
    const r = await run(['build', SITE, '--out', path.join(root, 'never'), '--pool-rules', rules]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('INVALID_OPTIONS');
  });
});

describe('main: --facet', () => {
  it('stores each named front matter field as a facet, says so in the summary, and refuses a built-in name with exit 1', async () => {
    const out = path.join(root, 'facet-pack');
    const r = await run(['build', SITE, '--out', out, '--facet', 'tags', '--facet', 'version', '--no-vectors']);
    expect(r.code).toBe(0);
    const head = JSON.parse(await readFile(path.join(out, 'sections.json'), 'utf8'));
    expect(head.facets.map((f: { name: string }) => f.name)).toEqual(['tags', 'version']);
    expect(r.out).toContain(`  facets: pool, lang, tags (${head.facets[0].values.length} values), version (0 values)`);
    const bad = await run(['build', SITE, '--out', path.join(root, 'never'), '--facet', 'lang']);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('INVALID_OPTIONS');
  });
});

describe('formatSummary', () => {
  const summary: BuildSummary = {
    docsDir: 'docs',
    outDir: 'public/pack',
    buildId: '0123456789abcdef',
    files: 4,
    pages: 3,
    sections: 12,
    longestSection: 840,
    skipped: [{ path: 'a/b.md', code: 'NO_CONTENT', reason: 'a/b.md has no text to index' }],
    warnings: [],
    languages: [],
    vectors: { built: false, reason: '12 sections are too few' },
    llms: { lang: 'en', pages: 3, groups: 2, fullPages: 3, bytes: { llms: 512, full: 20480 }, site: null },
    bytes: { 'sections.json': 2048, 'sections-0000.json': 10240, 'sections-0001.json': 2048, 'keyword.json': 1536, 'keyword-0000.json': 4096 },
    ms: 1234,
    peakRssBytes: 170_000_000,
  };

  it('formats every line of the summary', () => {
    expect(formatSummary(summary).split('\n')).toEqual([
      'recall-box: built pack 0123456789abcdef in 1.23 s → public/pack (peak memory 170 MB)',
      '  files read: 4, pages indexed: 3, sections: 12 (longest section 840 characters), languages: -',
      '  vectors: not built — 12 sections are too few',
      '  llms.txt: 3 pages (en) in 2 groups, 0.5 KB; llms-full.txt 20.0 KB',
      // Blocks and partitions are summed beside their heads: a large site has thousands.
      '  pack files: sections.json 2.0 KB + 2 blocks 12.0 KB, keyword.json 1.5 KB + 1 partition 4.0 KB',
      '  files skipped: 1',
      '    a/b.md: NO_CONTENT — a/b.md has no text to index',
    ]);
    expect(formatSummary({ ...summary, vectors: { built: true } })).toContain('\n  vectors: built\n');
    const warned = { ...summary, warnings: [{ path: 'huge.md', code: 'SECTION_SPLIT', reason: '1 section longer than 32768 characters cut into parts' }] };
    // llms-full.txt cut by its bound, and the site's copies: both said.
    const cut = { ...summary, llms: { ...summary.llms, fullPages: 2, site: { dir: 'dist', pages: 3, outside: 0 } } };
    expect(formatSummary(cut)).toContain('llms-full.txt 20.0 KB (the first 2 pages: the rest would pass the size a static host serves); with 3 pages\' Markdown → dist\n');
    expect(formatSummary(warned).split('\n').slice(-2)).toEqual(['  warnings: 1', '    huge.md: SECTION_SPLIT — 1 section longer than 32768 characters cut into parts']);
  });
});
