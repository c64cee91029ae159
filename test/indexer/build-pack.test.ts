import { readStoredSections } from '../support/stored-sections.ts';
import { everySection } from '../../src/core/pack/section-store.ts';
import { createHash } from 'node:crypto';
import { appendFile, cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildPack, rankLanguages, type BuildSummary } from '../../src/indexer/build-pack.ts';
import { fsPackSource } from '../../src/indexer/fs-source.ts';
import { MATRIX_SHARD_BYTES } from '../../src/core/codec/matrix-rows.ts';
import { computeBuildId, writePack } from '../../src/indexer/pack-writer.ts';
import { FORMAT_VERSION, type PackManifest } from '../../src/core/pack/format.ts';
import { loadPack } from '../../src/core/pack/load.ts';
import { DEFAULT_SEARCH_OPTIONS } from '../../src/core/search/options.ts';
import { searchPack } from '../../src/core/search/search.ts';
import { searchableText } from '../../src/core/analysis/fields.ts';
import { embedStatic, queryTokens } from '../../src/core/embed/semantic.ts';
import { knownNgramHashes } from '../../src/core/embed/ngrams.ts';
import { decodeHashes, encodeHashes } from '../../src/core/codec/binary.ts';
import { codeOfAsync } from '../support/errors.ts';
import { decodeTermSet, termSetOf } from '../../src/core/rank/term-set.ts';
import { sectionTerms } from '../../src/core/present/section-matches.ts';

const SITE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/site');
// The fixture site is small: one section block and one keyword partition at the default sizes.
const PACK_NAMES = ['embedding.bin', 'embedding.json', 'keyword-0000.json', 'keyword.json', 'llms-full.txt', 'llms.txt', 'manifest.json', 'model.onnx', 'ngrams.bin', 'sections-0000.json', 'sections.json', 'vectors.bin'];

/** Every file of a folder with its content, for before/after comparisons. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const names = (await readdir(dir)).sort();
  return Object.fromEntries(await Promise.all(names.map(async (n) => [n, await readFile(path.join(dir, n), 'utf8')] as const)));
}

async function readManifest(dir: string): Promise<PackManifest> {
  return JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as PackManifest;
}

const at = (iso: string) => () => new Date(iso);

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'recall-box-build-pack-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('buildPack on the fixture site', () => {
  let out: string;
  let summary: BuildSummary;
  let manifest: PackManifest;

  beforeAll(async () => {
    out = path.join(root, 'site-pack');
    summary = await buildPack(SITE, out, { now: at('2026-02-03T04:05:06.000Z') });
    manifest = await readManifest(out);
  });

  it('writes exactly the manifest, sections, keyword and semantic files, embedding.bin in shards of at most MATRIX_SHARD_BYTES', async () => {
    const matrix = manifest.files['embedding.bin']!;
    expect(matrix.shards.length).toBe(Math.ceil(matrix.bytes / MATRIX_SHARD_BYTES));
    expect(matrix.shards.every((s) => s.bytes <= MATRIX_SHARD_BYTES)).toBe(true);
    const stored = PACK_NAMES.flatMap((n) => (n === 'embedding.bin' ? matrix.shards.map((s) => s.name) : [n]));
    expect((await readdir(out)).sort()).toEqual(stored.sort());
  });

  it('writes a manifest of this format version with the injected build time', () => {
    expect(manifest.formatVersion).toBe(FORMAT_VERSION);
    expect(manifest.createdAt).toBe('2026-02-03T04:05:06.000Z');
    expect(manifest.buildId).toMatch(/^[0-9a-f]{16}$/);
    expect(manifest.baseUrl).toBe('/');
    expect(manifest.defaultLang).toBe('en');
  });

  it('reports the counts the manifest holds, with zero files skipped', () => {
    expect(summary.skipped).toEqual([]);
    expect(summary.buildId).toBe(manifest.buildId);
    expect(summary.pages).toBe(manifest.counts.pages);
    expect(summary.sections).toBe(manifest.counts.sections);
    expect(summary.languages).toEqual(manifest.languages);
    expect(summary.files).toBe(15);
    expect(summary.pages).toBe(15);
    expect(summary.languages).toEqual(['en', 'ja', 'zh-cn']);
    expect(summary.docsDir).toBe(SITE);
    expect(summary.outDir).toBe(out);
  });

  it('reports and records the byte size and SHA-256 of each data file as written, one shard under its own name (embedding.bin: each of its shards)', async () => {
    expect(Object.keys(summary.bytes).sort()).toEqual(PACK_NAMES.filter((n) => n !== 'manifest.json'));
    for (const [name, bytes] of Object.entries(summary.bytes)) {
      if (name === 'embedding.bin') {
        const entry = manifest.files[name]!;
        expect(entry.bytes).toBe(bytes);
        for (const shard of entry.shards) {
          const written = await readFile(path.join(out, shard.name));
          expect(shard).toEqual({ name: shard.name, bytes: written.byteLength, sha256: createHash('sha256').update(written).digest('hex') });
        }
        continue;
      }
      const written = await readFile(path.join(out, name));
      expect(manifest.files[name]).toEqual({ bytes, shards: [{ name, bytes, sha256: createHash('sha256').update(written).digest('hex') }] });
      expect(written.byteLength).toBe(bytes);
    }
  });

  it('cuts files bigger than --shard-bytes into shards of that size, model.onnx excepted, with the same buildId', async () => {
    const sharded = await mkdtemp(path.join(tmpdir(), 'recall-box-shards-'));
    try {
      const s = await buildPack(SITE, sharded, { now: () => new Date('2026-01-01T00:00:00Z'), shards: { shardBytes: 64 * 1024 } });
      expect(s.buildId).toBe(summary.buildId);
      const m = JSON.parse(await readFile(path.join(sharded, 'manifest.json'), 'utf8')) as PackManifest;
      const names = (await readdir(sharded)).sort();
      for (const [name, entry] of Object.entries(m.files)) {
        expect(entry.shards.length).toBe(name === 'model.onnx' ? 1 : Math.max(1, Math.ceil(entry.bytes / (64 * 1024))));
        for (const shard of entry.shards) {
          expect(names).toContain(shard.name);
          expect(shard.bytes).toBeLessThanOrEqual(name === 'model.onnx' ? entry.bytes : 64 * 1024);
        }
      }
      expect(m.files['embedding.bin']!.shards.length).toBeGreaterThan(1);
      const loaded = await loadPack(fsPackSource(sharded));
      expect(everySection(loaded.sections)).toEqual(everySection((await loadPack(fsPackSource(out))).sections));
    } finally {
      await rm(sharded, { recursive: true, force: true });
    }
  });

  it('stores as many sections as the manifest counts, in blocks the head lists', async () => {
    const head = JSON.parse(await readFile(path.join(out, 'sections.json'), 'utf8'));
    expect(head.page).toHaveLength(manifest.counts.sections);
    let stored = 0;
    for (const block of head.blocks) stored += JSON.parse(await readFile(path.join(out, block.file), 'utf8')).sections.length;
    expect(stored).toBe(manifest.counts.sections);
  });

  it('stores each section\'s term set: the distinct terms its analysis finds, with the manifest\'s analyzer', async () => {
    const sections = await readStoredSections(out);
    expect(sections.length).toBeGreaterThan(0);
    for (const s of sections) {
      expect(decodeTermSet(s.termSet), s.id).toEqual(termSetOf(sectionTerms(s, manifest.analyzer)));
    }
  });

  it('builds a pack that loads from disk and answers a query', async () => {
    const pack = await loadPack(fsPackSource(out));
    expect(pack.manifest).toEqual(manifest);
    const { results } = searchPack(pack, { q: 'route parameters', limit: 5, lang: null }, DEFAULT_SEARCH_OPTIONS);
    expect(results.length).toBeGreaterThan(0);
    expect(results.map((r) => r.url)).toContain('/guides/routing/#route-parameters');
    const zh = searchPack(pack, { q: '路由', limit: 5, lang: 'zh' }, DEFAULT_SEARCH_OPTIONS).results;
    expect(zh.length).toBeGreaterThan(0);
    expect(zh.every((r) => r.lang === 'zh-cn')).toBe(true);
  });

  it('gives the same buildId and data files for the same docs, whatever the build time', async () => {
    const again = path.join(root, 'site-pack-again');
    const second = await buildPack(SITE, again, { now: at('2030-12-31T23:59:59.000Z') });
    expect(second.buildId).toBe(summary.buildId);
    expect((await readManifest(again)).createdAt).toBe('2030-12-31T23:59:59.000Z');
    for (const name of ['sections.json', 'sections-0000.json', 'keyword.json', 'keyword-0000.json']) {
      expect(await readFile(path.join(again, name), 'utf8')).toBe(await readFile(path.join(out, name), 'utf8'));
    }
  });

  it('gives another buildId when one doc changes', async () => {
    const docs = path.join(root, 'site-copy');
    await cp(SITE, docs, { recursive: true });
    const unchanged = await buildPack(docs, path.join(root, 'copy-pack'), { now: at('2026-02-03T04:05:06.000Z') });
    expect(unchanged.buildId).toBe(summary.buildId);
    await appendFile(path.join(docs, 'guides', 'routing.md'), '\n\nA brand new sentence about wildcard routes.\n');
    const changed = await buildPack(docs, path.join(root, 'copy-pack'), { now: at('2026-02-03T04:05:06.000Z') });
    expect(changed.buildId).not.toBe(summary.buildId);
    expect((await readManifest(path.join(root, 'copy-pack'))).buildId).toBe(changed.buildId);
  });
});

describe('buildPack: the semantic route', () => {
  let out: string;
  let summary: BuildSummary;

  beforeAll(async () => {
    out = path.join(root, 'semantic-pack');
    summary = await buildPack(SITE, out, { now: at('2026-02-03T04:05:06.000Z') });
  });

  it('trains a model and stores one int8 vector per section, described by the manifest', async () => {
    expect(summary.vectors).toEqual({ built: true });
    const pack = await loadPack(fsPackSource(out));
    const model = pack.manifest.model!;
    if (model.kind !== 'static') throw new Error(`expected a static model, got ${model.kind}`);
    expect(pack.semantic!.dimensions).toBe(model.dimensions);
    expect(pack.semantic!.rows!.matrix.values).toHaveLength(model.rows * model.dimensions);
    expect(pack.semantic!.rows!.matrix.steps).toHaveLength(model.rows);
    const vectors = await readFile(path.join(out, 'vectors.bin'));
    expect(vectors.byteLength).toBe(pack.sections.count * (4 + model.dimensions));
  });

  it('stores the vocabulary\'s n-gram hashes, which the loaded tokenizer uses; a pack without them (built before) embeds queries the same', async () => {
    const pack = await loadPack(fsPackSource(out));
    const tokenizer = pack.semantic!.tokenizer!;
    const { minN, maxN } = tokenizer.info.ngram;
    const stored = decodeHashes(await readFile(path.join(out, 'ngrams.bin')), 'ngrams.bin');
    expect(stored).toEqual(knownNgramHashes(tokenizer.terms, minN, maxN));
    // A pack read whole holds them from its load (what the tokenizer then looks up: vocabulary.test.ts).
    expect(pack.semantic!.storedNgrams!.held()).toBe(true);

    const older = await mkdtemp(path.join(tmpdir(), 'recall-box-no-ngrams-'));
    try {
      await cp(out, older, { recursive: true });
      const manifestPath = path.join(older, 'manifest.json');
      const m = JSON.parse(await readFile(manifestPath, 'utf8')) as PackManifest;
      delete m.files['ngrams.bin'];
      await writeFile(manifestPath, JSON.stringify(m));
      await rm(path.join(older, 'ngrams.bin'));
      const without = await loadPack(fsPackSource(older));
      // Misspelt, unseen and noise words: each needs the known n-grams.
      for (const q of ['dynamc routs', 'getStaticPathz', 'zqxjv wqpfkz deploy', '路由 ルーティング']) {
        expect(queryTokens(without.semantic!, q, 'en'), q).toEqual(queryTokens(pack.semantic!, q, 'en'));
      }

      // The file is read, and checked: hashes out of order (stored with a matching SHA-256) refuse the pack.
      const reversed = encodeHashes(stored.slice().reverse());
      await writeFile(path.join(older, 'ngrams.bin'), reversed);
      const bytes = reversed.byteLength;
      m.files['ngrams.bin'] = { bytes, shards: [{ name: 'ngrams.bin', bytes, sha256: createHash('sha256').update(reversed).digest('hex') }] };
      await writeFile(manifestPath, JSON.stringify(m));
      expect(await codeOfAsync(loadPack(fsPackSource(older)))).toBe('INDEX_CORRUPT');
    } finally {
      await rm(older, { recursive: true, force: true });
    }
  });

  it('stores each section as the embedding of its indexed text: its own vector is its nearest', async () => {
    const pack = await loadPack(fsPackSource(out));
    const semantic = pack.semantic!;
    // ORT embedded the sections at build time; the static embedder computes the same graph. Each
    // section's query-side embedding must score its own stored vector ≈ 1 (up to int8), and no
    // other section higher (another may tie: sections with the same text embed the same).
    everySection(pack.sections).forEach((s, i) => {
      const tokens = queryTokens(semantic, searchableText(s), s.lang);
      const all = semantic.kernel.topK(embedStatic(semantic, tokens), pack.sections.count);
      const own = all.scores[[...all.ids].indexOf(i)]!;
      expect(own, s.id).toBeGreaterThan(0.99);
      expect(own, s.id).toBeGreaterThanOrEqual(all.scores[0]! - 1e-6);
    });
  });

  it('keeps model.onnx small: E lives once, in embedding.bin, as the graph\'s external data', async () => {
    const onnx = await stat(path.join(out, 'model.onnx'));
    const { shards } = (await readManifest(out)).files['embedding.bin']!;
    const matrixSize = (await Promise.all(shards.map((s) => stat(path.join(out, s.name))))).reduce((sum, st) => sum + st.size, 0);
    expect(onnx.size).toBeLessThan(4096);
    expect(matrixSize).toBe(summary.bytes['embedding.bin']);
  });

  it('gives a site under minSections a keyword-only pack and says why', async () => {
    const small = path.join(root, 'small-site-pack');
    const result = await buildPack(SITE, small, { embedding: { minSections: 1000 } });
    expect(result.vectors).toEqual({ built: false, reason: expect.stringContaining('at least 1000') });
    expect((await readdir(small)).sort()).toEqual(['keyword-0000.json', 'keyword.json', 'llms-full.txt', 'llms.txt', 'manifest.json', 'sections-0000.json', 'sections.json']);
    expect((await readManifest(small)).model).toBeNull();
  });
});

describe('buildPack on a site holding a page twice (versioned docs)', () => {
  it('stores each section beside its copy, so a query matching both reads one block; a search finds both', async () => {
    const docs = path.join(root, 'versioned-docs');
    const guide = [
      '# Deploying',
      '',
      'Deploying puts the site on a server that readers reach by its domain name.',
      '',
      '## Build the site',
      '',
      'Run the build command; it writes the static files of every page into the dist folder.',
      '',
      '## Upload the files',
      '',
      'Upload the dist folder with the command line tool, which prints the address of the upload.',
      '',
    ].join('\n');
    for (const [rel, text] of [['news.md', '# News\n\nThe newsletter says what changed this month in the project and its plugins.\n'], ['v1/deploy.md', guide], ['v2/deploy.md', guide]] as const) {
      await mkdir(path.dirname(path.join(docs, rel)), { recursive: true });
      await writeFile(path.join(docs, rel), text);
    }
    const out = path.join(root, 'versioned-pack');
    await buildPack(docs, out, { embedding: false });
    const stored = (await readStoredSections(out)).map((s) => s.url);
    // Ingest reads files in path order (news.md, v1/, v2/); the copies then share their place.
    expect(stored).toEqual(['/news/', '/v1/deploy/', '/v2/deploy/', '/v1/deploy/#build-the-site', '/v2/deploy/#build-the-site', '/v1/deploy/#upload-the-files', '/v2/deploy/#upload-the-files']);
    const pack = await loadPack(fsPackSource(out));
    const urls = searchPack(pack, { q: 'upload dist folder', limit: 5, lang: null }, DEFAULT_SEARCH_OPTIONS).results.map((r) => r.url);
    expect(urls).toEqual(expect.arrayContaining(['/v1/deploy/#upload-the-files', '/v2/deploy/#upload-the-files']));
  });
});

describe('buildPack options', () => {
  it('builds page URLs under the normalised base URL', async () => {
    const out = path.join(root, 'base-url-pack');
    await buildPack(SITE, out, { ingest: { baseUrl: 'docs' } });
    const sections = await readStoredSections(out);
    expect(sections.length).toBeGreaterThan(0);
    expect(sections.every((s) => s.url.startsWith('/docs/'))).toBe(true);
  });

  it('records in the manifest the normalised base URL the page URLs were built with', async () => {
    const out = path.join(root, 'base-url-manifest');
    await buildPack(SITE, out, { ingest: { baseUrl: 'docs' } });
    expect((await readManifest(out)).baseUrl).toBe('/docs/');
  });
});

describe('buildPack: configured facets', () => {
  it('stores each page\'s front matter values of the configured fields in the head, reports them, and a search filters by them', async () => {
    const out = path.join(root, 'facets-pack');
    const summary = await buildPack(SITE, out, { ingest: { facets: ['tags', 'audience'] }, embedding: false });
    const head = JSON.parse(await readFile(path.join(out, 'sections.json'), 'utf8'));
    expect(head.facets.map((f: { name: string }) => f.name)).toEqual(['tags', 'audience']);
    const tags = head.facets[0];
    expect(tags.pages).toHaveLength(head.pages.length);
    const of = (url: string) => tags.pages[head.pages.indexOf(url)].map((v: number) => tags.values[v]);
    expect(of('/guides/routing/')).toEqual(['guide', 'routing']);
    expect(of('/reference/api/')).toEqual(['reference']);
    expect(of('/concepts/caching/')).toEqual([]); // an HTML page: no front matter
    // No page sets `audience`: the facet is there, with no values.
    expect(head.facets[1]).toMatchObject({ name: 'audience', values: [] });
    expect(summary.facets).toEqual([{ name: 'tags', values: tags.values.length }, { name: 'audience', values: 0 }]);
    const pack = await loadPack(fsPackSource(out));
    const outcome = searchPack(pack, { q: 'routing', limit: 10, lang: null, filters: { tags: 'error' } }, DEFAULT_SEARCH_OPTIONS);
    expect(outcome.results.length).toBeGreaterThan(0);
    expect(outcome.results.every((r) => r.url.startsWith('/reference/errors/'))).toBe(true);
  });

  it('writes the same pack as before facets when none is configured (no facets key, same buildId as with an empty list)', async () => {
    const plain = await buildPack(SITE, path.join(root, 'no-facets'), { embedding: false });
    const empty = await buildPack(SITE, path.join(root, 'empty-facets'), { ingest: { facets: [] }, embedding: false });
    expect(empty.buildId).toBe(plain.buildId);
    expect(plain).not.toHaveProperty('facets');
    expect(JSON.parse(await readFile(path.join(root, 'no-facets', 'sections.json'), 'utf8'))).not.toHaveProperty('facets');
  });

  it('warns FACET_VALUES_DROPPED for a page whose values were left out for their bounds, and indexes the page', async () => {
    const docs = path.join(root, 'facet-docs');
    await mkdir(docs, { recursive: true });
    await writeFile(path.join(docs, 'a.md'), `---\nversion: [v5, ${'x'.repeat(70)}]\n---\n\n# A\n\nSome text.\n`);
    await writeFile(path.join(docs, 'b.md'), '---\nversion: v4\n---\n\n# B\n\nMore text.\n');
    const summary = await buildPack(docs, path.join(root, 'facet-docs-pack'), { ingest: { facets: ['version'] }, embedding: false });
    expect(summary.pages).toBe(2);
    expect(summary.warnings).toEqual([{ path: 'a.md', code: 'FACET_VALUES_DROPPED', reason: 'front matter facet values left out of the pack: "version": 1 value over 64 characters left out' }]);
    expect(summary.facets).toEqual([{ name: 'version', values: 2 }]);
  });

  it.each([['pool'], ['lang'], ['sidebar.order']])('refuses the facet %j with INVALID_OPTIONS before reading the docs', async (name) => {
    expect(await codeOfAsync(buildPack(SITE, path.join(root, `bad-facet-${name}`), { ingest: { facets: [name] } }))).toBe('INVALID_OPTIONS');
  });
});

describe('buildPack failures leave the existing pack untouched', () => {
  let out: string;
  let before: Record<string, string>;

  beforeAll(async () => {
    out = path.join(root, 'kept-pack');
    await buildPack(SITE, out);
    before = await snapshot(out);
  });

  it('a missing docs folder fails with DOCS_NOT_FOUND and changes nothing', async () => {
    expect(await codeOfAsync(buildPack(path.join(root, 'no-such-docs'), out))).toBe('DOCS_NOT_FOUND');
    expect(await snapshot(out)).toEqual(before);
  });

  it('a docs folder without doc files fails with DOCS_EMPTY and changes nothing', async () => {
    const empty = path.join(root, 'empty-docs');
    await mkdir(empty, { recursive: true });
    await writeFile(path.join(empty, 'notes.txt'), 'not a doc');
    expect(await codeOfAsync(buildPack(empty, out))).toBe('DOCS_EMPTY');
    expect(await snapshot(out)).toEqual(before);
  });

  it('leaves no temporary folder behind', async () => {
    expect((await readdir(root)).filter((n) => n.includes('.tmp-'))).toEqual([]);
  });
});

describe('writePack', () => {
  const manifest = (buildId: string): PackManifest => ({
    formatVersion: FORMAT_VERSION,
    buildId,
    createdAt: '2026-01-01T00:00:00.000Z',
    counts: { pages: 0, sections: 0 },
    languages: [],
    defaultLang: 'en',
    analyzer: { stem: true, stopWords: true, splitIdentifiers: true },
    baseUrl: '/',
    model: null,
    files: {},
  });

  it('creates missing parent folders and writes the data files and the manifest', async () => {
    const out = path.join(root, 'writer', 'deep', 'pack');
    await writePack(out, manifest('aaaa'), { 'sections.json': '{"sections":[]}', 'keyword.json': '{}' });
    expect(await snapshot(out)).toEqual({
      'keyword.json': '{}',
      'manifest.json': `${JSON.stringify(manifest('aaaa'))}\n`,
      'sections.json': '{"sections":[]}',
    });
  });

  it('replaces the previous pack as a whole: files of the old pack do not survive', async () => {
    const out = path.join(root, 'writer', 'replace');
    await writePack(out, manifest('old'), { 'sections.json': 'old', 'stale.json': 'old only' });
    await writePack(out, manifest('new'), { 'sections.json': 'new' });
    expect((await readdir(out)).sort()).toEqual(['manifest.json', 'sections.json']);
    expect(await readFile(path.join(out, 'sections.json'), 'utf8')).toBe('new');
    expect((await readManifest(out)).buildId).toBe('new');
  });

  it('leaves the existing pack untouched and removes its temporary folder when a write fails', async () => {
    const parent = path.join(root, 'writer-fail');
    const out = path.join(parent, 'pack');
    await writePack(out, manifest('good'), { 'sections.json': 'good' });
    const before = await snapshot(out);
    // A file name inside a folder that does not exist: writing it fails half-way through the pack.
    await expect(writePack(out, manifest('bad'), { 'sections.json': 'bad', 'missing/dir.json': 'x' })).rejects.toThrow();
    expect(await snapshot(out)).toEqual(before);
    expect(await readdir(parent)).toEqual(['pack']);
  });
  it('stages each write in its own temporary folder, even within one millisecond', async () => {
    const out = path.join(root, 'writer-same-ms', 'pack');
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_767_225_600_000);
    try {
      const outcomes = await Promise.allSettled([
        writePack(out, manifest('A'), { 'sections.json': 'A', 'keyword.json': 'A' }),
        writePack(out, manifest('B'), { 'sections.json': 'B', 'keyword.json': 'B' }),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
      const files = await snapshot(out);
      const id = JSON.parse(files['manifest.json']!).buildId;
      expect(files['sections.json']).toBe(id);
      expect(files['keyword.json']).toBe(id);
    } finally {
      now.mockRestore();
    }
  });
});

describe('computeBuildId', () => {
  it('is 16 hex digits', () => {
    expect(computeBuildId({ 'a.json': '1' })).toMatch(/^[0-9a-f]{16}$/);
  });

  it('does not depend on the order the files are listed in', () => {
    expect(computeBuildId({ 'a.json': '1', 'b.json': '2' })).toBe(computeBuildId({ 'b.json': '2', 'a.json': '1' }));
  });

  it('changes when a file content or name changes', () => {
    const base = computeBuildId({ 'a.json': '1', 'b.json': '2' });
    expect(computeBuildId({ 'a.json': '1', 'b.json': '3' })).not.toBe(base);
    expect(computeBuildId({ 'a.json': '1', 'c.json': '2' })).not.toBe(base);
    expect(computeBuildId({ 'a.json': '1' })).not.toBe(base);
  });

  it('keeps file boundaries: moving text from one file to the next changes the id', () => {
    expect(computeBuildId({ 'a.json': '12', 'b.json': '3' })).not.toBe(computeBuildId({ 'a.json': '1', 'b.json': '23' }));
  });
});

describe('rankLanguages', () => {
  const langs = (...tags: string[]) => tags.map((lang) => ({ lang }));

  it('orders languages by number of sections, most first', () => {
    expect(rankLanguages(langs('ja', 'en', 'en', 'zh-cn', 'en', 'ja'))).toEqual(['en', 'ja', 'zh-cn']);
  });

  it('breaks ties by tag, whatever the input order', () => {
    expect(rankLanguages(langs('zh-cn', 'ja', 'en'))).toEqual(['en', 'ja', 'zh-cn']);
    expect(rankLanguages(langs('ja', 'zh-cn', 'de', 'de', 'en', 'en'))).toEqual(['de', 'en', 'ja', 'zh-cn']);
  });

  it('lists each language once and nothing for no sections', () => {
    expect(rankLanguages(langs('en', 'en', 'en'))).toEqual(['en']);
    expect(rankLanguages([])).toEqual([]);
  });
});
