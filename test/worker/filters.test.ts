import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker, { type Env } from '../../src/worker/index.ts';
import { comparable, FACETS_PACK_PATH, FILTER_SAMPLES, SEARCH_EXPECTED_FACETS_FILE, type ComparableResult, type FacetsExpected } from '../support/search-samples.ts';

// Filters and facet counts (issue 21) inside workerd, against the fixture site built with its
// front matter `tags` as a facet (prepare-site.ts: FACETS_PACK_PATH), read lazily as the test
// Worker reads every pack: GET filter.<facet>=<value> and POST {"filters": {…}}, the facet counts,
// the errors, a filter nobody matches, and the ETag and answer cache keyed on the filters.

interface FacetCount {
  value: string;
  count: number;
}
interface SearchBody {
  buildId: string;
  results: Array<ComparableResult & { url: string; pool: string; lang: string }>;
  confidence: { outcome: string };
  fallback: { cause: string; message: string } | null;
  filters?: Record<string, string>;
  facets?: Record<string, FacetCount[]>;
}
interface ErrorBody {
  error: { code: string; message: string };
}

const FACETS = { PACK_PATH: FACETS_PACK_PATH };

async function call(vars: Partial<Env>, path: string, init?: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`https://search.example.com${path}`, init), { ...(env as unknown as Env), ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const get = (path: string, init?: RequestInit) => call(FACETS, path, init);
const post = (body: unknown) => get('/search', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function ok(res: Response): Promise<SearchBody> {
  expect(res.status).toBe(200);
  return (await res.json()) as SearchBody;
}

async function error(res: Response, status: number, code: string): Promise<ErrorBody> {
  expect(res.status).toBe(status);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const body = (await res.json()) as ErrorBody;
  expect(body.error.code).toBe(code);
  return body;
}

/** The query string of a sample: q, its filters as filter.<facet>, facets=1. */
function queryOf(sample: { q: string; filters?: Record<string, string>; facets?: boolean }): string {
  const params = new URLSearchParams({ q: sample.q });
  for (const [name, value] of Object.entries(sample.filters ?? {})) params.set(`filter.${name}`, value);
  if (sample.facets) params.set('facets', '1');
  return `/search?${params}`;
}

/** A query no other test asked, so the answer cache has not seen it. */
let fresh = 0;
const freshQuery = (base = 'routing') => `${base} ${Math.random().toString(36).slice(2, 8)}${fresh++}`;

describe('filters in workerd', () => {
  it('answers every filter sample as Node does: results, filters applied, facet counts and fallback cause', async () => {
    const res = await (env as unknown as Env).ASSETS.fetch(new Request(`https://assets.invalid/${SEARCH_EXPECTED_FACETS_FILE}`));
    expect(res.status).toBe(200);
    const expected = (await res.json()) as FacetsExpected;
    expect(expected.answers).toHaveLength(FILTER_SAMPLES.length);
    for (const answer of expected.answers) {
      const body = await ok(await get(queryOf(answer)));
      expect(body.buildId).toBe(expected.buildId);
      expect({ results: comparable(body.results), applied: body.filters ?? null, counts: body.facets ?? null, cause: body.fallback?.cause ?? null }, answer.q).toEqual({
        results: answer.results,
        applied: answer.applied,
        counts: answer.counts,
        cause: answer.cause,
      });
    }
  });

  it('answers only sections with the filter\'s value (GET filter.<facet>=<value>), saying what it applied and counting each facet', async () => {
    const body = await ok(await get('/search?q=routing&filter.tags=error'));
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.every((r) => r.url.startsWith('/reference/errors/'))).toBe(true);
    expect(body.filters).toEqual({ tags: 'error' });
    expect(Object.keys(body.facets!)).toEqual(['pool', 'lang', 'tags']);
    // The tags' own counts are not narrowed by the tags filter: the other choices are counted.
    expect(body.facets!.tags!.map((c) => c.value)).toEqual(expect.arrayContaining(['guide', 'routing', 'error']));
    expect(body.facets!.pool).toEqual([{ value: 'index', count: body.facets!.tags!.find((c) => c.value === 'error')!.count }]);
    const byPool = await ok(await get('/search?q=routing&filter.pool=knowledge&filter.lang=EN'));
    expect(byPool.filters).toEqual({ lang: 'en', pool: 'knowledge' });
    expect(byPool.results.every((r) => r.pool === 'knowledge' && r.lang === 'en')).toBe(true);
  });

  it('answers a POST body\'s filters as the same GET parameters', async () => {
    const viaGet = await ok(await get('/search?q=deploy%20to%20production&filter.pool=knowledge&filter.tags=guide'));
    const viaPost = await ok(await post({ q: 'deploy to production', filters: { tags: 'guide', pool: 'knowledge' } }));
    expect(viaPost.results).toEqual(viaGet.results);
    expect(viaPost.facets).toEqual(viaGet.facets);
  });

  it('leaves an answer without filters or facets=1 as it was: no filters, no facets', async () => {
    const body = await ok(await get('/search?q=routing'));
    expect(body).not.toHaveProperty('facets');
    expect(body).not.toHaveProperty('filters');
    expect((await ok(await get('/search?q=routing&facets=1'))).facets!.pool!.length).toBeGreaterThan(0);
  });

  it('answers a filter nobody matches with no results and the fallback saying the filters left nothing', async () => {
    const body = await ok(await get('/search?q=middleware&filter.tags=no-such-tag'));
    expect(body.results).toEqual([]);
    expect(body.confidence.outcome).toBe('fallback');
    expect(body.fallback).toMatchObject({ cause: 'filtered', message: 'Nothing matches this search with the filters chosen; other parts of the docs do.' });
    expect(body.facets!.tags).toContainEqual({ value: 'no-such-tag', count: 0 });
    expect(body.facets!.tags!.find((c) => c.value === 'middleware')!.count).toBeGreaterThan(0);
  });

  it('refuses a facet the index does not have with 400 UNKNOWN_FACET listing its facets, and a name no facet can have', async () => {
    const unknown = await error(await get('/search?q=routing&filter.version=v5'), 400, 'UNKNOWN_FACET');
    expect(unknown.error.message).toContain('pool, lang, tags');
    await error(await get('/search?q=routing&filter.sidebar.order=1'), 400, 'UNKNOWN_FACET');
    // The default fixture pack was built without configured facets: only pool and lang.
    await error(await call({}, '/search?q=routing&filter.tags=guide'), 400, 'UNKNOWN_FACET');
    expect((await ok(await call({}, '/search?q=routing&filter.pool=index'))).results.every((r) => r.pool === 'index')).toBe(true);
  });

  it('refuses filters that are not an object of strings with 400 BAD_REQUEST', async () => {
    await error(await post({ q: 'routing', filters: { tags: 5 } }), 400, 'BAD_REQUEST');
    await error(await post({ q: 'routing', filters: { tags: ['guide', 'error'] } }), 400, 'BAD_REQUEST');
    await error(await post({ q: 'routing', filters: 'tags=guide' }), 400, 'BAD_REQUEST');
    await error(await get(`/search?q=routing&filter.tags=${'x'.repeat(65)}`), 400, 'BAD_REQUEST');
  });

  it('gives a filtered answer its own ETag and answer-cache entry, shared by the same filters in any order or form', async () => {
    const q = encodeURIComponent(freshQuery());
    const plain = await get(`/search?q=${q}`);
    const filtered = await get(`/search?q=${q}&filter.tags=guide&filter.pool=knowledge`);
    expect(plain.headers.get('x-recall-box-cache')).toBe('miss');
    expect(filtered.headers.get('x-recall-box-cache')).toBe('miss');
    expect(filtered.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    // The unfiltered answer's ETag does not revalidate the filtered one.
    expect((await get(`/search?q=${q}&filter.tags=guide&filter.pool=knowledge`, { headers: { 'if-none-match': plain.headers.get('etag')! } })).status).toBe(200);
    expect((await get(`/search?q=${q}&filter.pool=knowledge&filter.tags=guide`, { headers: { 'if-none-match': filtered.headers.get('etag')! } })).status).toBe(304);
    const again = await post({ q: decodeURIComponent(q), filters: { pool: 'knowledge', tags: 'guide' } });
    expect(again.headers.get('x-recall-box-cache')).toBe('hit');
    expect(again.headers.get('etag')).toBe(filtered.headers.get('etag'));
    expect(await again.text()).toBe(await filtered.text());
    expect((await get(`/search?q=${q}&filter.tags=error`)).headers.get('x-recall-box-cache')).toBe('miss');
    expect((await get(`/search?q=${q}&facets=1`)).headers.get('x-recall-box-cache')).toBe('miss');
  });
});
