import { beforeAll, describe, expect, it } from 'vitest';
import { assemblePack } from '../../src/build/build-pack.ts';
import { parseDocument } from '../../src/build/ingest/index.ts';
import { RecallBoxError } from '../../src/core/errors.ts';
import { loadPack, type LoadedPack } from '../../src/core/pack/load.ts';
import type { PackSource } from '../../src/core/pack/source.ts';
import type { SearchRequest } from '../../src/core/request.ts';
import { DEFAULT_SEARCH_OPTIONS } from '../../src/core/search-options.ts';
import { searchPack } from '../../src/core/search.ts';
import { terms } from '../../src/core/segment.ts';
import type { Page } from '../../src/core/types.ts';

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
async function packFiles(docs: Record<string, string>): Promise<Record<string, string>> {
  const { manifest, files } = await assemblePack(pagesOf(docs), { baseUrl: '/', createdAt: CREATED_AT });
  return { ...files, 'manifest.json': JSON.stringify(manifest) };
}

/** An in-memory PackSource that records the names it was asked for. */
function memorySource(files: Record<string, string>, label = 'memory:/pack/'): PackSource & { reads: string[] } {
  const reads: string[] = [];
  return {
    label,
    reads,
    async read(name) {
      reads.push(name);
      return Object.hasOwn(files, name) ? files[name]! : null;
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
  let files: Record<string, string>;
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
    expect(pack.sections).toHaveLength(13);
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

  it('rounds scores to 4 decimals', () => {
    for (const r of search('route parameters').results) {
      expect(Math.abs(r.score * 1e4 - Math.round(r.score * 1e4))).toBeLessThan(1e-6);
    }
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
    expect(results.length).toBe(3);
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

describe('loadPack', () => {
  let files: Record<string, string>;

  beforeAll(async () => {
    files = await packFiles(DOCS);
  });

  const withFile = (name: string, text: string | undefined): Record<string, string> => {
    const copy = { ...files };
    if (text === undefined) delete copy[name];
    else copy[name] = text;
    return copy;
  };

  it('reads the three pack files and returns manifest, sections and keyword index', async () => {
    const source = memorySource(files);
    const pack = await loadPack(source);
    expect([...source.reads].sort()).toEqual(['keyword.json', 'manifest.json', 'sections.json']);
    expect(source.reads[0]).toBe('manifest.json');
    expect(pack.manifest).toEqual(JSON.parse(files['manifest.json']!));
    expect(pack.sections).toEqual(JSON.parse(files['sections.json']!).sections);
  });

  it('throws INDEX_MISSING, naming the source, when there is no manifest', async () => {
    const e = await loadError(memorySource(withFile('manifest.json', undefined), 'memory:/nowhere/'));
    expect(e.code).toBe('INDEX_MISSING');
    expect(e.message).toContain('memory:/nowhere/');
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
    const manifest = JSON.parse(files['manifest.json']!);
    manifest.counts.sections += 1;
    const e = await loadError(memorySource(withFile('manifest.json', JSON.stringify(manifest))));
    expect(e.code).toBe('INDEX_CORRUPT');
  });

  it('throws INDEX_CORRUPT when the keyword index covers another number of sections', async () => {
    // The keyword index of a smaller pack (one page), with this pack's manifest and sections.
    const smaller = await packFiles({ 'guides/middleware.md': DOCS['guides/middleware.md']! });
    const e = await loadError(memorySource(withFile('keyword.json', smaller['keyword.json'])));
    expect(e.code).toBe('INDEX_CORRUPT');
    expect(e.message).toContain('keyword index covers 3 sections');
    expect(e.message).toContain('holds 13');
  });

  it('throws INDEX_VERSION_MISMATCH for another format version, without reading the data files', async () => {
    const manifest = { ...JSON.parse(files['manifest.json']!), formatVersion: 2 };
    const source = memorySource(withFile('manifest.json', JSON.stringify(manifest)));
    const e = await loadError(source);
    expect(e.code).toBe('INDEX_VERSION_MISMATCH');
    expect(source.reads).toEqual(['manifest.json']);
  });

  it('lets a transport failure of the source through unchanged', async () => {
    const failure = new Error('network down');
    const source: PackSource = {
      label: 'broken',
      read: async (name) => {
        if (name === 'sections.json') throw failure;
        return files[name] ?? null;
      },
    };
    await expect(loadPack(source)).rejects.toBe(failure);
  });
});
