import { everySection } from '../../../src/core/pack/section-store.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { assemblePack } from '../../../src/indexer/build-pack.ts';
import { parseDocument } from '../../../src/indexer/ingest/index.ts';
import { RecallBoxError } from '../../../src/core/errors.ts';
import { FORMAT_VERSION, type PackManifest } from '../../../src/core/pack/format.ts';
import { AUTO_WHOLE_MAX_READS, loadPack, type LoadedPack } from '../../../src/core/pack/load.ts';
import type { PackSource } from '../../../src/core/pack/source.ts';
import { shardFile } from '../../../src/core/pack/shards.ts';
import type { SearchRequest } from '../../../src/core/search/request.ts';
import { DEFAULT_SEARCH_OPTIONS } from '../../../src/core/search/options.ts';
import { searchPack, search } from '../../../src/core/search/search.ts';
import { queryVectorFor, staticQueryVector } from '../../../src/core/search/query-vector.ts';
import { prepareQuery } from '../../../src/core/search/prepare.ts';
import { embedStatic, queryTokens } from '../../../src/core/embed/semantic.ts';
import { knownNgramHashes } from '../../../src/core/embed/ngrams.ts';
import { terms } from '../../../src/core/analysis/segment.ts';
import { analyzeQuery } from '../../../src/core/analysis/query.ts';
import { queryTerms } from '../../../src/core/keyword/index.ts';
import type { Page } from '../../../src/core/types.ts';

/** A query whose keyword best hit lacks a concept (no doc says "validation"), so the vector route runs for it. */
const UNMATCHED = 'route parameter validation';

const DOCS: Record<string, string> = {
  'guides/routing.md': `---
title: Routing
description: Map URLs and HTTP methods to handlers.
tags: [guide]
---

The router decides which handler answers a request.

## Route parameters

A path segment starting with a colon is a route parameter, read with \`c.req.param()\`.

\`\`\`ts
app.get('/users/:id', (c) => c.json({ id: c.req.param('id') }));
\`\`\`

### Optional parameters

Add a question mark to make a parameter optional.

## Route groups

Group routes under a common prefix with \`app.route()\`.
`,
  'guides/middleware.md': `# Middleware

Middleware runs before and after handlers.

## CORS

The cors middleware adds the headers browsers need for cross-origin requests to your routes.

## Logging

Log every request with the logger middleware.
`,
  'reference/config.md': `# Configuration

Settings live in one file.

## Router options

\`\`\`ts
export default { router: createRouter({ strict: true }) };
\`\`\`
`,
  'zh-cn/guides/routing.md': `---
title: 路由
---

路由器决定由哪个处理函数响应请求。

## 路由参数

以冒号开头的路径段是路由参数，可以在处理函数中通过 \`c.req.param()\` 读取。
`,
  'ja/guides/routing.md': `---
title: ルーティング
---

ルーターはリクエストに応答するハンドラーを決めます。

## ルートパラメーター

コロンで始まるパスのセグメントはルートパラメーターで、\`c.req.param()\` で読み取ります。
`,
};

const CREATED_AT = '2026-01-01T00:00:00.000Z';

function pagesOf(docs: Record<string, string>): Page[] {
  return Object.entries(docs).map(([path, content]) => parseDocument(path, content));
}

/** A pack's files by name, as the build would write them. */
async function packFiles(docs: Record<string, string>): Promise<Record<string, string | Uint8Array>> {
  // These docs have 13 sections, under the default minSections: the tests lower it to get vectors.
  const { manifest, files } = await assemblePack(pagesOf(docs), { baseUrl: '/', createdAt: CREATED_AT, embedding: SMALL_SITE_EMBEDDING });
  return { ...files, 'manifest.json': JSON.stringify(manifest) };
}

/** Embedding options that train a model on these few sections (production requires 32). */
const SMALL_SITE_EMBEDDING = { minSections: 2 };

/** An in-memory PackSource that records the names it was asked for. */
function memorySource(files: Record<string, string | Uint8Array>, label = 'memory:/pack/'): PackSource & { reads: string[] } {
  const reads: string[] = [];
  const bytes = (name: string): Uint8Array | null => {
    if (!Object.hasOwn(files, name)) return null;
    const f = files[name]!;
    return typeof f === 'string' ? new TextEncoder().encode(f) : f;
  };
  return {
    label,
    reads,
    async read(name) {
      reads.push(name);
      const b = bytes(name);
      return b === null ? null : new TextDecoder().decode(b);
    },
    async readBytes(name) {
      reads.push(name);
      return bytes(name);
    },
  };
}

async function loadError(source: PackSource): Promise<RecallBoxError> {
  try {
    await loadPack(source);
  } catch (e) {
    expect(e).toBeInstanceOf(RecallBoxError);
    return e as RecallBoxError;
  }
  throw new Error('expected loadPack to fail');
}

const request = (q: string, overrides: Partial<SearchRequest> = {}): SearchRequest => ({ q, limit: 10, lang: null, ...overrides });

describe('searchPack', () => {
  let files: Record<string, string | Uint8Array>;
  let pack: LoadedPack;
  const search = (q: string, overrides: Partial<SearchRequest> = {}) => searchPack(pack, request(q, overrides), DEFAULT_SEARCH_OPTIONS);
  const ids = (q: string, overrides: Partial<SearchRequest> = {}) => search(q, overrides).results.map((r) => r.id);

  beforeAll(async () => {
    files = await packFiles(DOCS);
    pack = await loadPack(memorySource(files));
  });

  it('loads a pack with every page and language of the docs', () => {
    expect(pack.manifest.counts).toEqual({ pages: 5, sections: 13 });
    expect(pack.manifest.languages).toEqual(['en', 'ja', 'zh-cn']);
    expect(pack.sections.count).toBe(13);
    expect(pack.keyword.size).toBe(13);
  });

  it('ranks results with rank 1..n and non-increasing scores', () => {
    const { results } = search('route parameters');
    expect(results.length).toBeGreaterThanOrEqual(3);
    expect(results.map((r) => r.rank)).toEqual(results.map((_, i) => i + 1));
    for (let i = 1; i < results.length; i++) expect(results[i].score).toBeLessThanOrEqual(results[i - 1].score);
    for (const r of results) expect(r.score).toBeGreaterThan(0);
  });

  it('puts the section about the query first', () => {
    expect(ids('cors')[0]).toBe('/guides/middleware/#cors');
    expect(ids('logging')[0]).toBe('/guides/middleware/#logging');
    expect(ids('createRouter')[0]).toBe('/reference/config/#router-options');
  });

  it('returns only sections holding a query term', () => {
    expect(ids('cors')).toEqual(['/guides/middleware/#cors']);
    expect(search('the of and').results).toEqual([]);
    expect(search('quokka').results).toEqual([]);
  });

  it('fills a result from its section', () => {
    const [first] = search('cors').results;
    expect(first).toMatchObject({
      id: '/guides/middleware/#cors',
      url: '/guides/middleware/#cors',
      title: 'CORS',
      breadcrumb: ['Middleware', 'CORS'],
      lang: 'en',
      rank: 1,
    });
  });

  it('rounds fused and per-route scores to 6 decimals', () => {
    const results = search('route parameters').results;
    const scores = results.flatMap((r) => [r.score, ...Object.values(r.routes).map((p) => p!.score)]);
    expect(scores.length).toBeGreaterThan(results.length);
    for (const score of scores) expect(Math.abs(score * 1e6 - Math.round(score * 1e6))).toBeLessThan(1e-6);
  });

  it('honours limit, returning the top of the longer list', () => {
    const all = ids('route parameters');
    expect(all.length).toBeGreaterThan(2);
    expect(ids('route parameters', { limit: 2 })).toEqual(all.slice(0, 2));
    expect(ids('route parameters', { limit: 1 })).toEqual(all.slice(0, 1));
  });

  it('searches every language when the request names none', () => {
    const langs = new Set(search('c.req.param').results.map((r) => r.lang));
    expect(langs).toEqual(new Set(['en', 'zh-cn', 'ja']));
  });

  it('filters by an exact language', () => {
    const ja = search('c.req.param', { lang: 'ja' }).results;
    expect(ja.map((r) => r.id)).toEqual(['/ja/guides/routing/#ルートパラメーター']);
    expect(ja[0].rank).toBe(1);
    const en = search('c.req.param', { lang: 'en' }).results;
    expect(en.length).toBeGreaterThan(0);
    expect(en.every((r) => r.lang === 'en')).toBe(true);
  });

  it('filters by a base language that the pack has in a regional form', () => {
    const zh = search('c.req.param', { lang: 'zh' }).results;
    expect(zh.map((r) => r.id)).toEqual(['/zh-cn/guides/routing/#路由参数']);
    const enUs = search('c.req.param', { lang: 'en-us' }).results;
    expect(enUs.length).toBeGreaterThan(0);
    expect(enUs.every((r) => r.lang === 'en')).toBe(true);
  });

  it('applies the limit after the language filter', () => {
    const en = ids('route', { lang: 'en' });
    expect(en.length).toBeGreaterThan(1);
    expect(ids('route', { lang: 'en', limit: 1 })).toEqual(en.slice(0, 1));
  });

  it('throws UNKNOWN_LANGUAGE for a language the pack does not have', () => {
    let caught: unknown;
    try {
      search('route', { lang: 'fr' });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(RecallBoxError);
    expect((caught as RecallBoxError).code).toBe('UNKNOWN_LANGUAGE');
    expect((caught as RecallBoxError).message).toContain('en, ja, zh-cn');
  });

  it('analyses the query in the language it names, else by its script, else the default language', () => {
    expect(search('route').queryLang).toBe('en');
    expect(search('路由').queryLang).toBe('zh');
    expect(search('ルーター').queryLang).toBe('ja');
    expect(search('route', { lang: 'en-us' }).queryLang).toBe('en-us');
  });

  it('finds Chinese and Japanese sections for queries in their script', () => {
    expect(ids('路由参数')[0]).toBe('/zh-cn/guides/routing/#路由参数');
    expect(ids('ルーター')[0]).toBe('/ja/guides/routing/#');
  });

  it('highlights the matched words in each snippet', () => {
    const { results } = search('middleware');
    // Three sections of the middleware page hold the word; the per-page cap (MMR, 2) shows two.
    expect(results.length).toBe(2);
    const queryTerms = new Set(terms('middleware', 'en'));
    for (const r of results) {
      expect(r.snippet.highlights.length).toBeGreaterThan(0);
      for (const [a, b] of r.snippet.highlights) {
        expect(terms(r.snippet.text.slice(a, b), 'en').some((t) => queryTerms.has(t))).toBe(true);
      }
    }
  });

  it('shows the code as the snippet when only the code matches', () => {
    const [first] = search('createRouter').results;
    expect(first.snippet.kind).toBe('code');
    expect(first.snippet.highlights.map(([a, b]) => first.snippet.text.slice(a, b))).toContain('createRouter');
  });

  it('highlights Chinese words in Chinese snippets', () => {
    const [first] = search('处理函数', { lang: 'zh-cn' }).results;
    expect(first.lang).toBe('zh-cn');
    expect(first.snippet.highlights.map(([a, b]) => first.snippet.text.slice(a, b))).toContain('处理函数');
  });

  it('sizes snippets by options.snippetLength', () => {
    const [long] = searchPack(pack, request('cors'), DEFAULT_SEARCH_OPTIONS).results;
    const [short] = searchPack(pack, request('cors'), { ...DEFAULT_SEARCH_OPTIONS, snippetLength: 40 }).results;
    expect(long.snippet.text.length).toBeGreaterThan(50);
    expect(short.snippet.text.length).toBeLessThanOrEqual(42);
    expect(short.snippet.highlights.map(([a, b]) => short.snippet.text.slice(a, b))).toEqual(['cors']);
  });

  it('gives the same answer for the same input, from the same pack and from a reloaded one', async () => {
    const q = request('route parameters middleware');
    const first = searchPack(pack, q, DEFAULT_SEARCH_OPTIONS);
    expect(searchPack(pack, q, DEFAULT_SEARCH_OPTIONS)).toEqual(first);
    const reloaded = await loadPack(memorySource(await packFiles(DOCS)));
    expect(searchPack(reloaded, q, DEFAULT_SEARCH_OPTIONS)).toEqual(first);
  });
});

describe('searchPack with the vector route', () => {
  let pack: LoadedPack;
  const withVectors = (q: string, overrides: Partial<SearchRequest> = {}, options = DEFAULT_SEARCH_OPTIONS) =>
    search(pack, request(q, overrides), options);

  beforeAll(async () => {
    pack = await loadPack(memorySource(await packFiles(DOCS)));
  });

  it('finds a misspelt word by the vector route alone, where the keyword route finds nothing (expansion off)', async () => {
    const { results, routes } = await withVectors('midleware', {}, { ...DEFAULT_SEARCH_OPTIONS, expansion: { ...DEFAULT_SEARCH_OPTIONS.expansion, enabled: false } });
    expect(routes.keyword).toMatchObject({ ran: true, kept: 0 });
    expect(routes.vector).toMatchObject({ ran: true, scale: 'absolute', min: DEFAULT_SEARCH_OPTIONS.thresholds.vector.min });
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) {
      expect(r.match).toBe('vector');
      expect(r.url.startsWith('/guides/middleware/')).toBe(true);
      expect(r.routes.keyword).toBeUndefined();
      expect(r.routes.vector!.score).toBeGreaterThanOrEqual(DEFAULT_SEARCH_OPTIONS.thresholds.vector.min);
    }
  });

  it('says which routes found each result, with ranks that agree with `match`', async () => {
    // The equal vote: by default the keyword route's best hit holds every concept here, and the
    // vector route would get no vote (rank/route-weights.ts).
    const equalVote = { ...DEFAULT_SEARCH_OPTIONS, routeWeighting: { ...DEFAULT_SEARCH_OPTIONS.routeWeighting, byKeywordCoverage: false } };
    const { results } = await withVectors('cross origin headers', {}, equalVote);
    expect(results[0]).toMatchObject({ id: '/guides/middleware/#cors', match: 'hybrid' });
    for (const r of results) {
      const found = Object.keys(r.routes).sort();
      expect(r.match).toBe(found.length === 2 ? 'hybrid' : found[0]);
      for (const position of Object.values(r.routes)) expect(position!.rank).toBeGreaterThanOrEqual(1);
    }
  });

  it('answers typed noise with nothing: its n-grams are unknown, so it does not embed', async () => {
    const outcome = await withVectors('zqxjv wqpfkz');
    expect(outcome.results).toEqual([]);
    expect(outcome.routes.vector).toEqual({ ran: false, reason: 'no-query-vector' });
  });

  it('keeps the vector route to the requested language', async () => {
    const { results } = await withVectors('ルートパラメーター', { lang: 'ja' });
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r) => r.lang === 'ja')).toBe(true);
  });

  it('is the keyword route alone when the vector route\'s weight is 0', async () => {
    const off = { ...DEFAULT_SEARCH_OPTIONS, fuse: { ...DEFAULT_SEARCH_OPTIONS.fuse, weights: { keyword: 1, vector: 0 } } };
    const outcome = await withVectors('route parameters', {}, off);
    expect(outcome.routes.vector).toEqual({ ran: false, reason: 'disabled' });
    expect(outcome.results).toEqual(searchPack(pack, request('route parameters'), DEFAULT_SEARCH_OPTIONS).results);
  });

  it('says a keyword-only search of a pack with vectors did not ask for them', () => {
    expect(searchPack(pack, request(UNMATCHED), DEFAULT_SEARCH_OPTIONS).routes.vector).toEqual({ ran: false, reason: 'not-requested' });
  });

  it('does not embed a query whose keyword best hit holds every concept: the vector route would have no vote', async () => {
    let embedded = 0;
    const counting = async (tokens: Parameters<typeof embedStatic>[1]) => {
      embedded++;
      return embedStatic(pack.semantic!, tokens);
    };
    const answered = await search(pack, request('route parameters'), DEFAULT_SEARCH_OPTIONS, counting);
    expect(answered.routes.vector).toEqual({ ran: false, reason: 'keyword-answered' });
    expect(embedded).toBe(0);
    expect(answered.results.every((r) => r.match === 'keyword')).toBe(true);
    // Not reported as a keyword-only judgement: nothing was missing for the vector route to find.
    expect(answered.confidence.reasons.map((r) => r.code)).not.toContain('KEYWORD_ONLY');
    // Its ranking is what the vote weighed at 0 gave.
    expect(answered.results).toEqual(searchPack(pack, request('route parameters'), DEFAULT_SEARCH_OPTIONS).results);

    const missing = await search(pack, request(UNMATCHED), DEFAULT_SEARCH_OPTIONS, counting);
    expect(embedded).toBe(1);
    expect(missing.routes.vector).toMatchObject({ ran: true });
  });

  it('answers from the keyword route with a warning when embedding the query fails', async () => {
    const failing = async () => {
      throw new RecallBoxError('EMBED_FAILED', 'the model is gone');
    };
    const outcome = await search(pack, request(UNMATCHED), DEFAULT_SEARCH_OPTIONS, failing);
    expect(outcome.routes.vector).toEqual({ ran: false, reason: 'failed' });
    expect(outcome.warnings).toEqual([{ code: 'EMBED_FAILED', message: expect.stringContaining('the model is gone') }]);
    expect(outcome.results.map((r) => r.id)).toEqual(searchPack(pack, request(UNMATCHED), DEFAULT_SEARCH_OPTIONS).results.map((r) => r.id));
  });

  it('computes the same query vector synchronously (eval) as through the async static embedder (Worker)', async () => {
    for (const q of ['route parameters', 'midleware', 'ルートパラメーター']) {
      const sync = staticQueryVector(pack, request(q), DEFAULT_SEARCH_OPTIONS);
      const async = await queryVectorFor(pack, prepareQuery(pack, request(q), DEFAULT_SEARCH_OPTIONS), DEFAULT_SEARCH_OPTIONS);
      expect(Array.from(sync.vector!)).toEqual(Array.from(async.vector!));
    }
  });

  it('ranks the section a query names (its heading) first, even when another section is found by both routes', async () => {
    // `route groups` is the heading of /guides/routing/#route-groups: the name-match boost keeps it
    // first whatever the vector route thinks of its neighbours.
    for (const [q, id] of [['Route groups', '/guides/routing/#route-groups'], ['Logging', '/guides/middleware/#logging'], ['Optional parameters', '/guides/routing/#optional-parameters']]) {
      expect((await withVectors(q!)).results[0]!.id, q).toBe(id);
    }
  });

  it('reports the pack\'s absence of a model as the reason the vector route did not run', async () => {
    const { manifest, files } = await assemblePack(pagesOf(DOCS), { baseUrl: '/', createdAt: CREATED_AT, embedding: false });
    const keywordOnly = await loadPack(memorySource({ ...files, 'manifest.json': JSON.stringify(manifest) }));
    const outcome = await search(keywordOnly, request('routing'), DEFAULT_SEARCH_OPTIONS);
    expect(outcome.routes.vector).toEqual({ ran: false, reason: 'no-model' });
    expect(outcome.results.every((r) => r.match === 'keyword')).toBe(true);
  });
});

describe('searchPack: the later stages (pools, link graph, MMR, evidence, debug)', () => {
  let pack: LoadedPack;
  const opts = (overrides: Partial<typeof DEFAULT_SEARCH_OPTIONS> = {}) => ({ ...DEFAULT_SEARCH_OPTIONS, ...overrides });

  beforeAll(async () => {
    pack = await loadPack(memorySource(await packFiles(DOCS)));
  });

  it('puts every section in a pool at build time (reference/ → reference, guides → knowledge) and reports it per result', () => {
    const poolOf = new Map(everySection(pack.sections).map((s) => [s.pageUrl, s.pool]));
    expect(poolOf.get('/reference/config/')).toBe('reference');
    expect(poolOf.get('/guides/routing/')).toBe('knowledge');
    for (const r of searchPack(pack, request('router'), DEFAULT_SEARCH_OPTIONS).results) expect(r.pool).toBe(poolOf.get(r.url.replace(/#.*$/, '')));
  });

  it('gives each result evidence: paragraphs holding the query terms, with highlights on them', () => {
    const [top] = searchPack(pack, request('cors headers'), DEFAULT_SEARCH_OPTIONS).results;
    expect(top!.id).toBe('/guides/middleware/#cors');
    expect(top!.evidence.coverage).toBe(1);
    expect(top!.evidence.excerpts.length).toBeGreaterThan(0);
    const queryTerms = new Set(terms('cors headers', 'en'));
    for (const e of top!.evidence.excerpts) {
      for (const [a, b] of e.highlights) expect(terms(e.text.slice(a, b), 'en').some((t) => queryTerms.has(t))).toBe(true);
    }
  });

  it('keeps at most perPageCap sections of one page (MMR on), all of them with MMR off', () => {
    const perPage = (options: typeof DEFAULT_SEARCH_OPTIONS) => {
      const counts = new Map<string, number>();
      for (const r of searchPack(pack, request('route parameters', { limit: 10 }), options).results) counts.set(r.url.replace(/#.*$/, ''), (counts.get(r.url.replace(/#.*$/, '')) ?? 0) + 1);
      return Math.max(...counts.values());
    };
    expect(perPage(DEFAULT_SEARCH_OPTIONS)).toBeLessThanOrEqual(DEFAULT_SEARCH_OPTIONS.mmr.perPageCap);
    expect(perPage(opts({ mmr: { ...DEFAULT_SEARCH_OPTIONS.mmr, enabled: false } }))).toBeGreaterThan(DEFAULT_SEARCH_OPTIONS.mmr.perPageCap);
  });

  it('with pools on, never returns more of a pool than its quota plus what flowed back to it', () => {
    const on = opts({ pools: { ...DEFAULT_SEARCH_OPTIONS.pools, enabled: true }, debug: true });
    const outcome = searchPack(pack, request('router', { limit: 4 }), on);
    const audit = outcome.debug!.pools!;
    expect(audit.reduce((n, a) => n + a.quota, 0)).toBe(4);
    for (const a of audit) {
      expect(outcome.results.filter((r) => r.pool === a.pool).length).toBe(a.taken);
      expect(a.taken).toBeLessThanOrEqual(a.quota + a.received);
    }
  });

  it('boosts a section as named only when its page title or its own heading alone holds the query', () => {
    // "Middleware" is the page's title and "Logging" the section's heading: they hold the query between them.
    const named = (q: string, oneField: boolean) =>
      searchPack(pack, request(q), opts({ debug: true, nameMatch: { ...DEFAULT_SEARCH_OPTIONS.nameMatch, oneField } })).debug!.boosts.nameMatch;
    expect(named('middleware logging', true)).toBe(0);
    expect(named('middleware logging', false)).toBeGreaterThan(0);
    // A heading typed whole is named either way.
    expect(named('route groups', true)).toBeGreaterThan(0);
  });

  it('explains itself with debug: the routes\' lists, the fused order, boosts, pool audit and MMR decisions', async () => {
    // The equal vote (no weighting by keyword coverage) runs the vector route for this lookup too, so both lists show.
    const outcome = await search(pack, request('route parameters'), opts({ debug: true, routeWeighting: { byKeywordCoverage: false, exponent: 2 } }));
    const debug = outcome.debug!;
    expect(debug.routes.keyword!.length).toBeGreaterThan(0);
    expect(debug.routes.keyword![0]).toMatchObject({ rank: 1 });
    expect(debug.routes.vector!.length).toBeGreaterThan(0);
    expect(debug.fused.map((f) => f.rank)).toEqual(debug.fused.map((_, i) => i + 1));
    expect(debug.boosts.nameMatch).toBeGreaterThan(0);
    expect(debug.pools).toBeNull(); // pools are off by default
    expect(debug.mmr!.filter((d) => !d.skipped).map((d) => d.id)).toEqual(expect.arrayContaining(outcome.results.map((r) => r.id)));
    expect(searchPack(pack, request('route parameters'), DEFAULT_SEARCH_OPTIONS).debug).toBeUndefined();
  });
});

describe('loadPack', () => {
  let files: Record<string, string | Uint8Array>;

  beforeAll(async () => {
    files = await packFiles(DOCS);
  });

  const textOf = (name: string): string => {
    const f = files[name];
    if (typeof f !== "string") throw new Error(`${name} is not a text file`);
    return f;
  };

  /** The stored name of a file's first shard: embedding.bin is stored in shards (MATRIX_SHARD_BYTES), the others whole. */
  const storedName = (name: string): string => (JSON.parse(textOf('manifest.json')) as PackManifest).files[name]!.shards[0]!.name;

  const withFile = (name: string, text: string | Uint8Array | undefined): Record<string, string | Uint8Array> => {
    const copy = { ...files };
    if (text === undefined) delete copy[name];
    else copy[name] = text;
    return copy;
  };

  it('reads the pack files and returns manifest, sections, keyword index and semantic index', async () => {
    const source = memorySource(files);
    const pack = await loadPack(source);
    // model.onnx is not read: the Worker's default (static) embedder computes the graph from E.
    const matrixShards = (JSON.parse(textOf('manifest.json')) as PackManifest).files['embedding.bin']!.shards.map((s) => s.name);
    expect(matrixShards.length).toBeGreaterThan(1);
    expect([...source.reads].sort()).toEqual([...matrixShards, 'embedding.json', 'keyword-0000.json', 'keyword.json', 'manifest.json', 'ngrams.bin', 'sections-0000.json', 'sections.json', 'vectors.bin'].sort());
    expect(pack.semantic?.dimensions).toBe(pack.manifest.model?.dimensions);
    expect(source.reads[0]).toBe('manifest.json');
    expect(pack.manifest).toEqual(JSON.parse(textOf('manifest.json')));
    expect(everySection(pack.sections)).toEqual(JSON.parse(textOf('sections-0000.json')).sections);
  });

  it('reads the stored n-gram hashes of a lazily read pack for the first query with a word the vocabulary lacks, once', async () => {
    const source = memorySource(files);
    const pack = await loadPack(source, { read: 'lazy' });
    const ngramReads = () => source.reads.filter((n) => n === 'ngrams.bin').length;
    // Every word known: nothing to look up.
    await queryVectorFor(pack, prepareQuery(pack, request('route parameters'), DEFAULT_SEARCH_OPTIONS), DEFAULT_SEARCH_OPTIONS);
    expect(pack.semantic).not.toBeNull();
    expect(ngramReads()).toBe(0);
    expect(pack.semantic!.storedNgrams!.held()).toBe(false);
    const before = pack.queryReads();
    await queryVectorFor(pack, prepareQuery(pack, request('route paramters'), DEFAULT_SEARCH_OPTIONS), DEFAULT_SEARCH_OPTIONS);
    expect(ngramReads()).toBe(1);
    expect(pack.semantic!.storedNgrams!.held()).toBe(true);
    expect(pack.queryReads()).toBeGreaterThan(before);
    await queryVectorFor(pack, prepareQuery(pack, request('midleware handlr'), DEFAULT_SEARCH_OPTIONS), DEFAULT_SEARCH_OPTIONS);
    expect(ngramReads()).toBe(1);
    // The pack's copy, decoded: the same hashes the tokenizer would compute.
    const { minN, maxN } = pack.semantic!.tokenizer!.info.ngram;
    expect(pack.semantic!.tokenizer!.knownNgrams()).toEqual(knownNgramHashes(pack.semantic!.tokenizer!.terms, minN, maxN));
  });

  it('throws INDEX_MISSING, naming the source, when there is no manifest', async () => {
    const e = await loadError(memorySource(withFile('manifest.json', undefined), 'memory:/nowhere/'));
    expect(e.code).toBe('INDEX_MISSING');
    expect(e.message).toContain('memory:/nowhere/');
  });

  it('loads a keyword-only pack (built without vectors) with no semantic index, reading no semantic file', async () => {
    const { manifest, files: keywordOnly } = await assemblePack(pagesOf(DOCS), { baseUrl: '/', createdAt: CREATED_AT, embedding: false });
    const source = memorySource({ ...keywordOnly, 'manifest.json': JSON.stringify(manifest) });
    const pack = await loadPack(source);
    expect(pack.manifest.model).toBeNull();
    expect(pack.semantic).toBeNull();
    expect([...source.reads].sort()).toEqual(['keyword-0000.json', 'keyword.json', 'manifest.json', 'sections-0000.json', 'sections.json']);
  });

  it.each(['embedding.json', 'embedding.bin', 'vectors.bin'])('throws INDEX_CORRUPT naming %s when the manifest has a model and the file is missing', async (name) => {
    const e = await loadError(memorySource(withFile(storedName(name), undefined)));
    expect(e.code).toBe('INDEX_CORRUPT');
    expect(e.message).toContain(name);
  });

  it.each(['embedding.bin', 'vectors.bin'])('throws INDEX_CORRUPT naming %s when it is truncated by one byte', async (name) => {
    const bytes = files[storedName(name)] as Uint8Array;
    const e = await loadError(memorySource(withFile(storedName(name), bytes.subarray(0, bytes.byteLength - 1))));
    expect(e.code).toBe('INDEX_CORRUPT');
    expect(e.message).toContain(name);
  });

  /** A file replaced and its manifest entry re-hashed: damage the shard check cannot see, for the checks behind it. */
  const withFileRehashed = async (name: string, data: string | Uint8Array): Promise<Record<string, string | Uint8Array>> => {
    const manifest = JSON.parse(textOf('manifest.json'));
    manifest.files[name] = (await shardFile(name, data)).entry;
    return { ...withFile(name, data), 'manifest.json': JSON.stringify(manifest) };
  };

  it.each(['sections.json', 'sections-0000.json', 'keyword.json', 'keyword-0000.json', 'vectors.bin', 'embedding.bin'])('throws INDEX_CORRUPT naming %s when its bytes differ from its SHA-256 at the same length (another build\'s file)', async (name) => {
    const original = files[storedName(name)]!;
    const bytes = Uint8Array.from(typeof original === 'string' ? new TextEncoder().encode(original) : original);
    bytes[bytes.length >> 1] ^= 1;
    const e = await loadError(memorySource(withFile(storedName(name), bytes)));
    expect(e.code).toBe('INDEX_CORRUPT');
    expect(e.message).toContain(`${storedName(name)} does not match its SHA-256`);
  });

  it('loads a pack cut into many shards exactly as the same pack in one piece, reading every shard', async () => {
    const { manifest, files: pieces } = await assemblePack(pagesOf(DOCS), { baseUrl: '/', createdAt: CREATED_AT, embedding: SMALL_SITE_EMBEDDING, shards: { shardBytes: 1000 } });
    expect(manifest.files['sections-0000.json']!.shards.length).toBeGreaterThan(3);
    expect(manifest.buildId).toBe(JSON.parse(textOf('manifest.json')).buildId);
    const source = memorySource({ ...pieces, 'manifest.json': JSON.stringify(manifest) });
    const sharded = await loadPack(source);
    const whole = await loadPack(memorySource(files));
    expect(everySection(sharded.sections)).toEqual(everySection(whole.sections));
    expect(source.reads).toContain('sections-0000.json.001');
    expect(source.reads).not.toContain('sections-0000.json');
    const q = request('route parameters');
    expect(searchPack(sharded, q, DEFAULT_SEARCH_OPTIONS).results).toEqual(searchPack(whole, q, DEFAULT_SEARCH_OPTIONS).results);
    // One shard cut short, one missing: each refused by its own name.
    const cut = pieces['keyword-0000.json.001'] as Uint8Array;
    const e = await loadError(memorySource({ ...pieces, 'keyword-0000.json.001': cut.subarray(0, cut.length - 1), 'manifest.json': JSON.stringify(manifest) }));
    expect(e.code).toBe('INDEX_CORRUPT');
    expect(e.message).toMatch(/keyword-0000\.json\.001 has \d+ bytes, the manifest says \d+/);
    const { ['sections-0000.json.002']: _dropped, ...missing } = pieces;
    const m = await loadError(memorySource({ ...missing, 'manifest.json': JSON.stringify(manifest) }));
    expect(m.message).toContain('has no sections-0000.json.002');
  });

  it('throws INDEX_CORRUPT for a manifest whose file entries are not shard lists adding up to the size', async () => {
    const manifest = JSON.parse(textOf('manifest.json'));
    manifest.files['sections.json'].bytes += 1;
    expect((await loadError(memorySource(withFile('manifest.json', JSON.stringify(manifest))))).message).toMatch(/add up to/);
    manifest.files['sections.json'] = { bytes: 10 };
    expect((await loadError(memorySource(withFile('manifest.json', JSON.stringify(manifest))))).code).toBe('INDEX_CORRUPT');
    manifest.files['sections.json'] = { bytes: 1, shards: [{ name: '../secret', bytes: 1, sha256: '0'.repeat(64) }] };
    expect((await loadError(memorySource(withFile('manifest.json', JSON.stringify(manifest))))).message).toMatch(/plain name/);
  });

  it('throws INDEX_CORRUPT when a section vector has a non-finite scale', async () => {
    const bytes = Uint8Array.from(files['vectors.bin'] as Uint8Array);
    new DataView(bytes.buffer).setFloat32(0, Number.NaN, true);
    const e = await loadError(memorySource(await withFileRehashed('vectors.bin', bytes)));
    expect(e.code).toBe('INDEX_CORRUPT');
    expect(e.message).toContain('scale');
  });

  it('throws INDEX_CORRUPT when the vocabulary and the manifest describe different models', async () => {
    const manifest = JSON.parse(textOf('manifest.json'));
    manifest.model.dimensions += 1;
    const e = await loadError(memorySource(withFile('manifest.json', JSON.stringify(manifest))));
    expect(e.code).toBe('INDEX_CORRUPT');
    expect(e.message).toContain('embedding.json');
  });

  it('throws INDEX_CORRUPT for a manifest model entry of an unknown kind', async () => {
    const manifest = JSON.parse(textOf('manifest.json'));
    manifest.model.kind = 'transformer';
    const e = await loadError(memorySource(withFile('manifest.json', JSON.stringify(manifest))));
    expect(e.code).toBe('INDEX_CORRUPT');
    expect(e.message).toContain('model');
  });

  it('throws INDEX_MISSING for an empty source', async () => {
    expect((await loadError(memorySource({}))).code).toBe('INDEX_MISSING');
  });

  it.each(['sections.json', 'keyword.json'])('throws INDEX_CORRUPT naming %s when it is missing', async (name) => {
    const e = await loadError(memorySource(withFile(name, undefined)));
    expect(e.code).toBe('INDEX_CORRUPT');
    expect(e.message).toContain(name);
  });

  it.each(['manifest.json', 'sections.json', 'keyword.json'])('throws INDEX_CORRUPT naming %s when it is not JSON', async (name) => {
    const e = await loadError(memorySource(withFile(name, '{"truncated": ')));
    expect(e.code).toBe('INDEX_CORRUPT');
    expect(e.message).toContain(name);
  });

  it('throws INDEX_CORRUPT when the section store and the manifest disagree on the count', async () => {
    const manifest = JSON.parse(textOf('manifest.json'));
    manifest.counts.sections += 1;
    const e = await loadError(memorySource(withFile('manifest.json', JSON.stringify(manifest))));
    expect(e.code).toBe('INDEX_CORRUPT');
  });

  it('throws INDEX_CORRUPT when the keyword index covers another number of sections', async () => {
    // The keyword index of a smaller pack (one page), with this pack's manifest and sections.
    const smaller = await packFiles({ 'guides/middleware.md': DOCS['guides/middleware.md']! });
    const e = await loadError(memorySource(await withFileRehashed('keyword.json', smaller['keyword.json'] as string)));
    expect(e.code).toBe('INDEX_CORRUPT');
    expect(e.message).toContain('keyword index covers 3 sections');
    expect(e.message).toContain('holds 13');
  });

  it('throws INDEX_VERSION_MISMATCH for another format version, without reading the data files', async () => {
    const manifest = { ...JSON.parse(textOf('manifest.json')), formatVersion: FORMAT_VERSION + 1 };
    const source = memorySource(withFile('manifest.json', JSON.stringify(manifest)));
    const e = await loadError(source);
    expect(e.code).toBe('INDEX_VERSION_MISMATCH');
    expect(source.reads).toEqual(['manifest.json']);
  });

  it('lets a transport failure of the source through unchanged', async () => {
    const failure = new Error('network down');
    const healthy = memorySource(files);
    const source: PackSource = {
      label: 'broken',
      read: async (name) => {
        if (name === 'sections.json') throw failure;
        return healthy.read(name);
      },
      readBytes: async (name) => {
        if (name === 'sections.json') throw failure;
        return healthy.readBytes(name);
      },
    };
    await expect(loadPack(source)).rejects.toBe(failure);
  });
});

describe("a pack read lazily (the Worker's loadPack with read: 'lazy')", () => {
  // Blocks and partitions of ~1 KiB: these 13 sections make several of each, so a query reads
  // some and not others.
  const LAYOUT = { blocks: { blockBytes: 1024 }, keyword: { partBytes: 1024 } };
  const QUERIES = ['route parameters', 'cors middleware', 'router options', '路由', 'ルートパラメーター', 'logging every request', 'nothing like this here', 'optional'];
  let files: Record<string, string | Uint8Array>;

  beforeAll(async () => {
    const { manifest, files: pieces } = await assemblePack(pagesOf(DOCS), { baseUrl: '/', createdAt: CREATED_AT, embedding: SMALL_SITE_EMBEDDING, layout: LAYOUT });
    files = { ...pieces, 'manifest.json': JSON.stringify(manifest) };
  });

  it('answers every query, with debug, exactly as the same pack read whole', async () => {
    const whole = await loadPack(memorySource(files));
    const lazy = await loadPack(memorySource(files), { read: 'lazy' });
    expect(JSON.parse(files['sections.json'] as string).blocks.length).toBeGreaterThan(2);
    expect(lazy.keyword.partitions).toBeGreaterThan(1);
    const options = { ...DEFAULT_SEARCH_OPTIONS, debug: true };
    for (const q of QUERIES) {
      const expected = await search(whole, request(q), options);
      expect(await search(lazy, request(q), options), q).toEqual(expected);
      expect(searchPack(whole, request(q), options, staticQueryVector(whole, request(q), options)), q).toEqual(expected);
    }
  });

  it('answers exactly as a pack of the same docs cut into other blocks and partitions (one of each)', async () => {
    const defaultFiles = await packFiles(DOCS);
    const oneOfEach = await loadPack(memorySource(defaultFiles));
    const cut = await loadPack(memorySource(files), { read: 'lazy' });
    expect(JSON.parse(defaultFiles['sections.json'] as string).blocks).toHaveLength(1);
    for (const q of QUERIES) {
      expect((await search(cut, request(q), DEFAULT_SEARCH_OPTIONS)).results, q).toEqual(
        (await search(oneOfEach, request(q), DEFAULT_SEARCH_OPTIONS)).results,
      );
    }
  });

  it('reads only the heads at load, and then only the blocks and partitions a query needs', async () => {
    const source = memorySource(files);
    const pack = await loadPack(source, { read: 'lazy' });
    expect(source.reads.filter((n) => /^(sections|keyword)-/.test(n))).toEqual([]);
    await search(pack, request('cors middleware'), DEFAULT_SEARCH_OPTIONS);
    const read = source.reads.filter((n) => /^(sections|keyword)-/.test(n));
    const stored = Object.keys(files).filter((n) => /^(sections|keyword)-/.test(n));
    expect(read.length).toBeGreaterThan(0);
    expect(read.length).toBeLessThan(stored.length);
    expect(new Set(read).size).toBe(read.length);
  });

  it('counts the reads queries start (queryReads): each one the source sees, none for a search of what is held or a pack read whole', async () => {
    const source = memorySource(files);
    const pack = await loadPack(source, { read: 'lazy' });
    const atLoad = source.reads.length;
    expect(pack.queryReads()).toBe(0);
    await search(pack, request('cors middleware'), DEFAULT_SEARCH_OPTIONS);
    expect(pack.queryReads()).toBeGreaterThan(0);
    expect(pack.queryReads()).toBe(source.reads.length - atLoad);
    const after = pack.queryReads();
    await search(pack, request('cors middleware'), DEFAULT_SEARCH_OPTIONS);
    expect(pack.queryReads()).toBe(after);
    const whole = await loadPack(memorySource(files));
    for (const q of QUERIES) await search(whole, request(q), DEFAULT_SEARCH_OPTIONS);
    expect(whole.queryReads()).toBe(0);
  });

  it('stops at its next read once its signal is aborted, rejecting with the reason and reading nothing more', async () => {
    // The keyword partitions are the first read; the signal is aborted while they are read.
    const stop = new AbortController();
    const reason = new Error('answered from the cache');
    const memory = memorySource(files);
    const source = {
      ...memory,
      read: async (name: string) => {
        if (/^keyword-/.test(name)) stop.abort(reason);
        return memory.read(name);
      },
      readBytes: async (name: string) => {
        if (/^keyword-/.test(name)) stop.abort(reason);
        return memory.readBytes(name);
      },
    };
    const pack = await loadPack(source, { read: 'lazy' });
    const atLoad = source.reads.length;
    await expect(search(pack, request('cors middleware'), DEFAULT_SEARCH_OPTIONS, undefined, stop.signal)).rejects.toBe(reason);
    const queried = source.reads.slice(atLoad);
    expect(queried.some((n) => /^keyword-/.test(n))).toBe(true);
    // The sections are read after the keyword route: never, once aborted.
    expect(queried.filter((n) => /^sections-/.test(n))).toEqual([]);
    // Aborted before it starts: nothing is read at all.
    const before = source.reads.length;
    await expect(search(pack, request('router options'), DEFAULT_SEARCH_OPTIONS, undefined, AbortSignal.abort(reason))).rejects.toBe(reason);
    expect(source.reads.length).toBe(before);
    // The same pack answers the next search, unaborted, as it would have.
    const whole = await loadPack(memorySource(files));
    expect(await search(pack, request('cors middleware'), DEFAULT_SEARCH_OPTIONS)).toEqual(await search(whole, request('cors middleware'), DEFAULT_SEARCH_OPTIONS));
  });

  /**
   * `files` as a source whose reads are decided per name: `hold(name)` true leaves that read for
   * ever unsettled (a read the runtime dropped with its request), false lets it answer.
   */
  const stallingSource = (hold: (name: string) => boolean | Promise<void>) => {
    const memory = memorySource(files);
    const gated = <T,>(name: string, read: () => Promise<T>): Promise<T> => {
      const held = hold(name);
      if (held === true) return new Promise<T>(() => {});
      return held === false ? read() : held.then(read);
    };
    return { ...memory, read: (name: string) => gated(name, () => memory.read(name)), readBytes: (name: string) => gated(name, () => memory.readBytes(name)) };
  };

  it('fails a search whose read never settles with INDEX_UNAVAILABLE at the read deadline; the next search reads the piece again', async () => {
    let stalled = 0;
    // The first read of each section block never settles.
    const source = stallingSource((name) => /^sections-/.test(name) && stalled++ === 0);
    const pack = await loadPack(source, { read: 'lazy', readDeadlineMs: 200 });
    const failure = await search(pack, request('cors middleware'), DEFAULT_SEARCH_OPTIONS).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RecallBoxError);
    expect((failure as RecallBoxError).code).toBe('INDEX_UNAVAILABLE');
    expect((failure as RecallBoxError).message).toMatch(/took over 200 ms/);
    const whole = await loadPack(memorySource(files));
    expect(await search(pack, request('cors middleware'), DEFAULT_SEARCH_OPTIONS)).toEqual(await search(whole, request('cors middleware'), DEFAULT_SEARCH_OPTIONS));
  });

  it('refuses a read deadline outside 1..2^31 − 1 ms with INVALID_OPTIONS (a longer timer would fire at once)', async () => {
    for (const readDeadlineMs of [0, -1, 1.5, 2 ** 31, Number.NaN]) {
      await expect(loadPack(memorySource(files), { readDeadlineMs })).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
    }
  });

  it('when one read of a search fails while its siblings are still in flight, a later search reads what those siblings would have brought', async () => {
    // A search reading several blocks: the first fails at once, the others never settle (the
    // runtime drops them when the failed search's answer is sent). Later searches must not wait on them.
    const blocks = Object.keys(files).filter((n) => /^sections-\d+\.json$/.test(n));
    expect(blocks.length).toBeGreaterThan(2);
    let failing = true;
    const firstRound = new Set<string>();
    const source = stallingSource((name) => {
      if (!failing || !/^sections-/.test(name)) return false;
      firstRound.add(name);
      return firstRound.size === 1 ? Promise.reject(new Error('connection reset')) : true;
    });
    // A deadline past the test's own timeout: a search that waited on the lost siblings would time the test out.
    const pack = await loadPack(source, { read: 'lazy', readDeadlineMs: 120_000 });
    const query = request('logging every request');
    // The first search's request ends when its answer (the 503) is made, as the Worker ends it:
    // that frees whoever would wait for its lost reads.
    const firstEnd = new AbortController();
    await expect(search(pack, query, DEFAULT_SEARCH_OPTIONS, undefined, firstEnd.signal).finally(() => firstEnd.abort())).rejects.toMatchObject({ code: 'INDEX_UNAVAILABLE' });
    expect(firstRound.size).toBeGreaterThan(1);
    failing = false;
    const whole = await loadPack(memorySource(files));
    expect(await search(pack, query, DEFAULT_SEARCH_OPTIONS)).toEqual(await search(whole, query, DEFAULT_SEARCH_OPTIONS));
  });

  it('answers every query without debug, at every limit, exactly as the same pack read whole (it then reads only what MMR compares)', async () => {
    const whole = await loadPack(memorySource(files));
    for (const limit of [1, 2, 3, 5, 10]) {
      for (const q of QUERIES) {
        // A new pack each time: nothing read by an earlier query, as a first-time query finds it.
        const lazy = await loadPack(memorySource(files), { read: 'lazy' });
        expect(await search(lazy, request(q, { limit }), DEFAULT_SEARCH_OPTIONS), `${q} @${limit}`).toEqual(await search(whole, request(q, { limit }), DEFAULT_SEARCH_OPTIONS));
      }
    }
  });

  it('reads the sections MMR compares and shows, not every candidate it could compare', async () => {
    // One section a block: a block read is a section read.
    const { manifest, files: pieces } = await assemblePack(pagesOf(DOCS), { baseUrl: '/', createdAt: CREATED_AT, embedding: SMALL_SITE_EMBEDDING, layout: { ...LAYOUT, blocks: { blockBytes: 1 } } });
    const single = { ...pieces, 'manifest.json': JSON.stringify(manifest) };
    const whole = await loadPack(memorySource(single));
    const q = request('middleware', { limit: 1 });
    // MMR compares the best depth × limit candidates (3 here): the bar this search stays under.
    const fused = (await search(whole, q, { ...DEFAULT_SEARCH_OPTIONS, debug: true })).debug!.fused;
    expect(fused.length).toBeGreaterThanOrEqual(DEFAULT_SEARCH_OPTIONS.mmr.depth);
    const source = memorySource(single);
    const lazy = await loadPack(source, { read: 'lazy' });
    expect(await search(lazy, q, DEFAULT_SEARCH_OPTIONS)).toEqual(await search(whole, q, DEFAULT_SEARCH_OPTIONS));
    const blocksRead = source.reads.filter((n) => /^sections-/.test(n)).length;
    expect(blocksRead).toBeGreaterThan(0);
    expect(blocksRead).toBeLessThan(DEFAULT_SEARCH_OPTIONS.mmr.depth);
  });

  it('reads the vectors only for the first query the keyword route does not answer, once, and a failed read again on the next', async () => {
    const semanticReads = (source: { reads: string[] }) => source.reads.filter((n) => /^(vectors\.bin|embedding\.)/.test(n));
    const source = memorySource(files);
    const pack = await loadPack(source, { read: 'lazy' });
    expect(semanticReads(source)).toEqual([]);
    // A lookup whose every concept the best keyword hit holds: no vote for the vector route, nothing read for it.
    expect((await search(pack, request('route parameters'), DEFAULT_SEARCH_OPTIONS)).routes.vector).toEqual({ ran: false, reason: 'keyword-answered' });
    expect(semanticReads(source)).toEqual([]);
    const [a, b] = await Promise.all([UNMATCHED, 'optional parameter validation'].map((q) => search(pack, request(q), DEFAULT_SEARCH_OPTIONS)));
    expect(a!.routes.vector).toMatchObject({ ran: true });
    expect(b!.routes.vector).toMatchObject({ ran: true });
    // Two searches at once: one reads them, the other waits for that read's end (kept-loads.ts).
    const vectorFiles = () => source.reads.filter((n) => n === 'vectors.bin' || n === 'embedding.json').sort();
    expect(vectorFiles()).toEqual(['embedding.json', 'vectors.bin']);
    expect((await search(pack, request('optional validation of parameters'), DEFAULT_SEARCH_OPTIONS)).routes.vector).toMatchObject({ ran: true });
    expect(vectorFiles()).toHaveLength(2);
    // The same answer as the pack read whole.
    expect(a!.results).toEqual(searchPack(await loadPack(memorySource(files)), request(UNMATCHED), DEFAULT_SEARCH_OPTIONS, staticQueryVector(await loadPack(memorySource(files)), request(UNMATCHED), DEFAULT_SEARCH_OPTIONS)).results);

    let fail = true;
    const flaky = memorySource(files);
    const failing: PackSource = { ...flaky, readBytes: async (name) => (name === 'vectors.bin' && fail ? Promise.reject(new Error('socket hang up')) : flaky.readBytes(name)) };
    const again = await loadPack(failing, { read: 'lazy' });
    await expect(search(again, request(UNMATCHED), DEFAULT_SEARCH_OPTIONS)).rejects.toMatchObject({ code: 'INDEX_UNAVAILABLE' });
    // A lookup still answers meanwhile: it needs no vectors.
    expect((await search(again, request('route parameters'), DEFAULT_SEARCH_OPTIONS)).results.length).toBeGreaterThan(0);
    fail = false;
    expect((await search(again, request(UNMATCHED), DEFAULT_SEARCH_OPTIONS)).routes.vector).toMatchObject({ ran: true });
  });

  it('reads no embedding.bin shard at load, and then only those holding the rows a query embeds with', async () => {
    const source = memorySource(files);
    const pack = await loadPack(source, { read: 'lazy' });
    const matrixReads = () => source.reads.filter((n) => n.startsWith('embedding.bin'));
    expect(matrixReads()).toEqual([]);
    const q = UNMATCHED;
    await search(pack, request(q), DEFAULT_SEARCH_OPTIONS);
    // The shards holding each of the query's rows: its step (4 bytes at 4·row) and its int8 values.
    const { shards } = (JSON.parse(files['manifest.json'] as string) as PackManifest).files['embedding.bin']!;
    const { rows, dimensions } = pack.manifest.model as { rows: number; dimensions: number };
    const shardOf = (byte: number) => Math.floor(byte / shards[0]!.bytes);
    const ids = [...queryTokens(pack.semantic!, q, 'en').ids];
    const expected = new Set(ids.flatMap((r) => [shardOf(4 * r), shardOf(4 * r + 3), shardOf(4 * rows + r * dimensions), shardOf(4 * rows + (r + 1) * dimensions - 1)]));
    expect(ids.length).toBeGreaterThan(0);
    expect(matrixReads().sort()).toEqual([...expected].sort((a, b) => a - b).map((i) => shards[i]!.name));
  });

  it('reads whole under auto only a pack of few pieces that fit the memory budgets', async () => {
    expect((await loadPack(memorySource(files), { read: 'auto' })).read).toBe('whole');
    // The same pack with budgets smaller than its blocks: lazily.
    const tight = { sections: { residentBytes: 100 } };
    expect((await loadPack(memorySource(files), { read: 'auto', residency: tight })).read).toBe('lazy');
    // Cut into more pieces than AUTO_WHOLE_MAX_READS (a partition per few terms): lazily.
    const { manifest, files: many } = await assemblePack(pagesOf(DOCS), { baseUrl: '/', createdAt: CREATED_AT, embedding: SMALL_SITE_EMBEDDING, layout: { keyword: { partBytes: 1 } } });
    const pieces = Object.keys(many).filter((n) => /^(sections|keyword)-\d+\.json$/.test(n)).length;
    expect(pieces).toBeGreaterThan(AUTO_WHOLE_MAX_READS);
    expect((await loadPack(memorySource({ ...many, 'manifest.json': JSON.stringify(manifest) }), { read: 'auto' })).read).toBe('lazy');
    expect((await loadPack(memorySource(files))).read).toBe('whole');
  });

  it('refuses a synchronous search of a lazily read pack before anything is read, naming what to do', async () => {
    const pack = await loadPack(memorySource(files), { read: 'lazy' });
    expect(() => searchPack(pack, request('route parameters'), DEFAULT_SEARCH_OPTIONS)).toThrow(/NOT_RESIDENT/);
  });

  it('answers INDEX_UNAVAILABLE when a block cannot be read during a query, and reads it again on the next', async () => {
    let failing = true;
    const source = memorySource(files);
    const flaky: PackSource = {
      ...source,
      readBytes: async (name) => {
        if (failing && name.startsWith('sections-')) throw new TypeError('network connection lost');
        return source.readBytes(name);
      },
    };
    const pack = await loadPack(flaky, { read: 'lazy' });
    const error = await search(pack, request('route parameters'), DEFAULT_SEARCH_OPTIONS).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RecallBoxError);
    expect((error as RecallBoxError).code).toBe('INDEX_UNAVAILABLE');
    expect((error as RecallBoxError).message).not.toContain('network connection lost');
    failing = false;
    expect((await search(pack, request('route parameters'), DEFAULT_SEARCH_OPTIONS)).results.length).toBeGreaterThan(0);
  });
});

describe('the query analysed once', () => {
  it('gives as concepts exactly the terms the keyword index analyses a query into, which the keyword route looks up', async () => {
    const pack = await loadPack(memorySource(await packFiles(DOCS)));
    const samples: Array<[string, string]> = [
      ['How do I read route parameters with c.req.param()?', 'en'],
      ['getStaticPaths routing_table kebab-case-name', 'en'],
      ['the of and', 'en'],
      ['路由参数', 'zh-cn'],
      ['ルートパラメーター', 'ja'],
    ];
    for (const [q, lang] of samples) {
      const { concepts } = analyzeQuery(q, lang, pack.manifest.defaultLang, pack.keyword.options.analyzer);
      expect(concepts, q).toEqual(queryTerms(q, lang, pack.keyword.options));
    }
  });
});
