import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { loadPack, type LoadedPack, type PackSource } from '../../src/core/index.ts';
import { answerCacheEntry, type AnswerCache } from '../../src/worker/answer-cache.ts';
import { createApp } from '../../src/worker/app.ts';
import { readConfig, searchOptionsFor } from '../../src/worker/config.ts';
import { assetsPackSource } from '../../src/worker/sources/assets.ts';
import type { Env } from '../../src/worker/index.ts';

// Issue 47, H1: a read is the I/O of the request that started it, and workerd drops it when that
// request's answer is sent (a Cache API hit while the search still reads, a sibling read that
// failed first). A dropped read's promise never settles. Inside a test every request shares the
// test's own I/O context, so nothing is dropped for real: the source here leaves chosen reads
// unsettled for ever, which is what a dropped read looks like to everyone else. Before the fix the
// pack's caches kept such a promise and every later request for that piece waited on it.

const testEnv = env as unknown as Env;

/** What one read does: answer, never settle (dropped with its request), or fail at once. */
type ReadFate = 'read' | 'drop' | 'fail';

/** The test pack's files from the static assets, each read's fate decided by `fate`, reads logged. */
function fatefulSource(fate: (name: string) => ReadFate): PackSource & { reads: string[] } {
  const inner = assetsPackSource(testEnv.ASSETS, '/pack/');
  const reads: string[] = [];
  const decide = <T,>(name: string, read: () => Promise<T>): Promise<T> => {
    reads.push(name);
    const f = fate(name);
    if (f === 'drop') return new Promise<T>(() => undefined);
    if (f === 'fail') return Promise.reject(new Error('connection reset'));
    return read();
  };
  return { label: inner.label, reads, read: (n) => decide(n, () => inner.read(n)), readBytes: (n) => decide(n, () => inner.readBytes(n)) };
}

/** An app over `pack` (no edge cache unless `cache` is given: every answer searched). */
function appOver(pack: LoadedPack, cache: AnswerCache | null = null) {
  const config = readConfig({ ALLOWED_ORIGINS: '*', PACK_PATH: '/pack/', CACHE_MAX_AGE: '300', EDGE_CACHE: cache ? 'on' : 'off' });
  return createApp({ config, searchOptions: searchOptionsFor(config), getPack: async () => pack, packLoads: () => 1, answerCache: cache });
}

/** The results a healthy pack gives for `q`. */
async function cleanResults(q: string): Promise<unknown> {
  const pack = await loadPack(assetsPackSource(testEnv.ASSETS, '/pack/'), { read: 'lazy' });
  const res = await appOver(pack).request(`/search?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: unknown }).results;
}

/** A deadline longer than the test's own timeout (vitest.worker.config.ts): a request that waited on a dropped read would fail the test by timing out. */
const BEYOND_THE_TEST_MS = 120_000;

describe('reads dropped with their request', () => {
  it('answers new queries after Cache API hits whose searches were still reading (the reads they started never settle)', async () => {
    let round: 'load' | 'hits' | 'new' = 'load';
    // The hits' searches read keyword partitions and never get them: dropped when the hit is sent.
    const source = fatefulSource(() => (round === 'hits' ? 'drop' : 'read'));
    const pack = await loadPack(source, { read: 'lazy', readDeadlineMs: BEYOND_THE_TEST_MS });
    round = 'hits';
    const cache: AnswerCache = {
      match: async () => (round === 'hits' ? answerCacheEntry('{"from":"the cache"}', 300, null) : undefined),
      put: async () => undefined,
    };
    const app = appOver(pack, cache);
    const atLoad = source.reads.length;
    for (const q of ['routing', 'middleware', 'route parameters']) {
      const res = await app.request(`/search?q=${encodeURIComponent(q)}`);
      expect(res.headers.get('x-recall-box-cache')).toBe('hit');
    }
    expect(source.reads.slice(atLoad).some((n) => /^keyword-/.test(n))).toBe(true);
    round = 'new';
    for (const q of ['route parameters middleware', 'routing guide']) {
      const res = await app.request(`/search?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-recall-box-cache')).toBe('miss');
      expect(((await res.json()) as { results: unknown }).results).toEqual(await cleanResults(q));
    }
  });

  it('answers 503 INDEX_UNAVAILABLE for a read that never settles, at the read deadline, and the next request reads again', async () => {
    const dropped = new Set<string>();
    // The first read of each section block never settles.
    const source = fatefulSource((name) => (/^sections-/.test(name) && !dropped.has(name) ? (dropped.add(name), 'drop') : 'read'));
    const pack = await loadPack(source, { read: 'lazy', readDeadlineMs: 300 });
    const app = appOver(pack);
    const res = await app.request('/search?q=routing');
    expect(res.status).toBe(503);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('INDEX_UNAVAILABLE');
    expect(body.error.message).toMatch(/took over 300 ms; try again/);
    expect(dropped.size).toBeGreaterThan(0);
    const next = await app.request('/search?q=routing');
    expect(next.status).toBe(200);
    expect(((await next.json()) as { results: unknown }).results).toEqual(await cleanResults('routing'));
  });

  it('answers the next request when one read failed at once while its siblings were still in flight (they never settle)', async () => {
    let firstRequest = true;
    const firstBlocks: string[] = [];
    const source = fatefulSource((name) => {
      if (!firstRequest || !/^sections-/.test(name)) return 'read';
      firstBlocks.push(name);
      return firstBlocks.length === 1 ? 'fail' : 'drop';
    });
    const pack = await loadPack(source, { read: 'lazy', readDeadlineMs: BEYOND_THE_TEST_MS });
    const app = appOver(pack);
    const res = await app.request('/search?q=routing');
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('INDEX_UNAVAILABLE');
    // Siblings were in flight when the failure answered the request.
    expect(firstBlocks.length).toBeGreaterThan(1);
    firstRequest = false;
    const next = await app.request('/search?q=routing');
    expect(next.status).toBe(200);
    expect(((await next.json()) as { results: unknown }).results).toEqual(await cleanResults('routing'));
  });
});
