import { applyD1Migrations, type D1Migration } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Env } from '../../src/worker/index.ts';
import { callIn } from '../support/worker-call.ts';
import type { D1Like } from '../../src/worker/gaps.ts';
import type { RateLimiter } from '../../src/worker/rate-limit.ts';
import { d1AnalyticsStore } from '../../src/worker/analytics.ts';
import { ANALYTICS_DEFAULTS } from '../../src/protocol/analytics.ts';

// Search analytics inside workerd (issue 53): /search counted per day and query, the header the
// widget waits for, POST /events (the click beacon), and the tables' caps under a flood.

const testEnv = env as unknown as Env & { GAPS_DB: D1Like; TEST_MIGRATIONS: D1Migration[]; TEST_RATE_LIMITER: RateLimiter };
const db = testEnv.GAPS_DB;
// ANALYTICS_FLUSH_MS 0: each request's counts written by the time callIn returns, without waiting
// out the default window (the window's own tests are at the end).
const ON = { ANALYTICS: 'on', EDGE_CACHE: 'off', ANALYTICS_FLUSH_MS: '0' } as const;

const one = async <T>(sql: string) => (await db.prepare(sql).bind().all<T>()).results[0]!;
const rows = async <T>(sql: string) => (await db.prepare(sql).bind().all<T>()).results;
const beacon = (isolate: Env, body: unknown, type = 'text/plain;charset=UTF-8', headers: Record<string, string> = {}) =>
  callIn(isolate, '/events', { method: 'POST', headers: { 'content-type': type, ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

beforeAll(async () => {
  await applyD1Migrations(db, testEnv.TEST_MIGRATIONS);
});
beforeEach(async () => {
  await db.batch([db.prepare('DELETE FROM analytics_queries'), db.prepare('DELETE FROM analytics_pages')]);
});

describe('search analytics (ANALYTICS = "on", GAPS_DB)', () => {
  it('counts searches per day and redacted query, by outcome and asker, and the pages shown', async () => {
    const isolate = { ...testEnv, ...ON };
    const res = await callIn(isolate, `/search?q=${encodeURIComponent('Route  Parameters')}`, { headers: { 'cf-connecting-ip': '198.51.100.23', 'user-agent': 'probe/1.0', origin: 'https://docs.example.com' } });
    expect(res.headers.get('x-recall-box-analytics')).toBe('on');
    expect(res.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('x-recall-box-analytics');
    await callIn(isolate, `/search?q=${encodeURIComponent('route parameters')}`);
    await callIn(isolate, `/search?q=${encodeURIComponent('zebra husbandry, my password is hunter2')}`);
    await callIn(isolate, `/search?q=${encodeURIComponent('route parameters')}&debug=1`);
    const today = new Date().toISOString().slice(0, 10);
    const queries = await rows<Record<string, unknown>>('SELECT * FROM analytics_queries ORDER BY query');
    expect(queries).toEqual([
      { day: today, query: 'route parameters', lang: 'en', searches: 2, answers: 2, uncertain: 0, fallbacks: 0, zero_results: 0, agent: 0, clicks: 0, click_rank_sum: 0 },
      expect.objectContaining({ day: today, query: 'zebra husbandry, my password is <secret>', searches: 1, answers: 0 }),
    ]);
    expect((queries[1]!.uncertain as number) + (queries[1]!.fallbacks as number)).toBe(1);
    const pages = await rows<{ page: string; shown: number }>('SELECT page, shown FROM analytics_pages');
    expect(pages).toContainEqual({ page: '/guides/routing/', shown: 2 });
    // Nothing about the client, in any table.
    const everything = JSON.stringify([await rows('SELECT * FROM analytics_queries'), await rows('SELECT * FROM analytics_pages')]);
    expect(everything).not.toMatch(/198\.51\.100\.23|probe\/1\.0|hunter2/);
  });

  it('counts a cached answer too, and says nothing when analytics are off', async () => {
    const isolate = { ...testEnv, ANALYTICS: 'on', ANALYTICS_FLUSH_MS: '0' };
    await callIn(isolate, '/search?q=middleware');
    const again = await callIn(isolate, '/search?q=middleware');
    expect(again.headers.get('x-recall-box-cache')).not.toBe('miss');
    expect((await one<{ searches: number }>("SELECT searches FROM analytics_queries WHERE query = 'middleware'")).searches).toBe(2);
    const off = await callIn({ ...testEnv }, '/search?q=middleware');
    expect(off.headers.get('x-recall-box-analytics')).toBeNull();
    expect(await beacon({ ...testEnv }, { q: 'middleware', rank: 1, url: '/guides/middleware/' }).then(codeOf)).toBe('ANALYTICS_DISABLED');
  });

  it('counts a click on its query and page, from a text/plain beacon', async () => {
    const isolate = { ...testEnv, ...ON };
    await callIn(isolate, '/search?q=route%20parameters');
    const res = await beacon(isolate, { q: 'Route parameters', rank: 2, url: '/guides/routing/#route-parameters' });
    expect(res.status).toBe(204);
    expect(await beacon(isolate, { q: 'route parameters', rank: 1, url: 'https://docs.example.com/guides/routing/' }, 'application/json')).toHaveProperty('status', 204);
    expect(await one('SELECT clicks, click_rank_sum AS rankSum FROM analytics_queries')).toEqual({ clicks: 2, rankSum: 3 });
    expect(await one("SELECT clicks FROM analytics_pages WHERE page = '/guides/routing/'")).toEqual({ clicks: 2 });
    // A click on a query nobody searched today adds no query row.
    expect((await beacon(isolate, { q: 'never searched', rank: 1, url: '/guides/routing/' })).status).toBe(204);
    expect(await one<{ n: number }>('SELECT count(*) AS n FROM analytics_queries')).toEqual({ n: 1 });
  });

  it.each([
    ['not JSON', 'nope', 'text/plain', 400, 'BAD_EVENT'],
    ['a rank of 0', { q: 'a', rank: 0, url: '/guides/routing/' }, 'text/plain', 400, 'BAD_EVENT'],
    ['a page the index lacks', { q: 'a', rank: 1, url: '/not/a/page/' }, 'text/plain', 400, 'BAD_EVENT'],
    ['an unknown index', { q: 'a', rank: 1, url: '/guides/routing/', index: 'nope' }, 'text/plain', 400, 'BAD_EVENT'],
    ['a form body', 'q=a', 'application/x-www-form-urlencoded', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['a huge body', 'x'.repeat(5_000), 'text/plain', 413, 'BODY_TOO_LARGE'],
  ])('refuses %s with a typed error', async (_name, body, type, status, code) => {
    const res = await beacon({ ...testEnv, ...ON }, body, type);
    expect(res.status).toBe(status);
    expect(await codeOf(res)).toBe(code);
  });

  it('answers GET /events 405', async () => {
    const res = await callIn({ ...testEnv, ...ON }, '/events');
    expect([res.status, await codeOf(res)]).toEqual([405, 'METHOD_NOT_ALLOWED']);
  });

  it('rate-limits beacons with /search', async () => {
    const isolate = { ...testEnv, ...ON, RATE_LIMITER: testEnv.TEST_RATE_LIMITER };
    const ip = { 'cf-connecting-ip': '203.0.113.77' };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await beacon(isolate, { q: 'a', rank: 1, url: '/guides/routing/' }, 'text/plain', ip)).status);
    expect(statuses.slice(0, 3)).toEqual([204, 204, 204]);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  it('keeps both tables within ANALYTICS_MAX_ROWS under a flood of distinct queries, a repeated query kept', async () => {
    const isolate = { ...testEnv, ...ON, ANALYTICS_MAX_ROWS: '20' };
    await callIn(isolate, '/search?q=middleware');
    await callIn(isolate, '/search?q=middleware');
    for (let i = 0; i < 300; i++) await callIn(isolate, `/search?q=${encodeURIComponent(`flood ${i.toString(36)} routing`)}`);
    const size = await rows<{ name: string; rows: number }>('SELECT name, rows FROM analytics_size ORDER BY name');
    const counted = await one<{ q: number; p: number }>('SELECT (SELECT count(*) FROM analytics_queries) AS q, (SELECT count(*) FROM analytics_pages) AS p');
    expect(counted.q).toBe(20);
    expect(counted.p).toBeLessThanOrEqual(20);
    expect(size).toEqual([{ name: 'pages', rows: counted.p }, { name: 'queries', rows: 20 }]);
    expect(await one("SELECT searches FROM analytics_queries WHERE query = 'middleware'")).toEqual({ searches: 2 });
  });

  it('gathers the searches of the default window into one write: requests at once are all counted', async () => {
    const isolate = { ...testEnv, ANALYTICS: 'on', EDGE_CACHE: 'off' };
    await Promise.all(['routing', 'routing', 'middleware', 'zebra husbandry', 'routing', 'middleware'].map((q) => callIn(isolate, `/search?q=${encodeURIComponent(q)}`)));
    expect(await rows('SELECT query, searches FROM analytics_queries ORDER BY query')).toEqual([
      { query: 'middleware', searches: 2 },
      { query: 'routing', searches: 3 },
      { query: 'zebra husbandry', searches: 1 },
    ]);
  });
});

describe('the store gathers writes (ANALYTICS_FLUSH_MS)', () => {
  /** The test database, counting the batches written to it. */
  const counted = () => {
    const batches: number[] = [];
    const wrapped: D1Like = { prepare: (sql) => db.prepare(sql), batch: (statements) => (batches.push(statements.length), db.batch(statements)) };
    return { wrapped, batches };
  };
  const event = (query: string, shownPages: string[] = ['/guides/routing/']) => ({ query, lang: 'en', outcome: 'answer' as const, zeroResults: false, source: 'reader' as const, shownPages });

  it('writes a window of searches and clicks as one batch, a click on a search of the same window counted', async () => {
    const { wrapped, batches } = counted();
    const store = d1AnalyticsStore(wrapped, { ...ANALYTICS_DEFAULTS, flushMs: 100 });
    const at = new Date().toISOString();
    await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => store.recordSearch(event(`query ${i % 10}`), at)),
      store.recordClick({ query: 'query 3', rank: 2, page: '/guides/routing/' }, '/guides/routing/', at),
    ]);
    expect(batches).toHaveLength(1);
    expect(await one('SELECT count(*) AS n, sum(searches) AS searches FROM analytics_queries')).toEqual({ n: 10, searches: 30 });
    expect(await one("SELECT clicks, click_rank_sum AS rankSum FROM analytics_queries WHERE query = 'query 3'")).toEqual({ clicks: 1, rankSum: 2 });
    expect(await rows('SELECT page, shown, clicks FROM analytics_pages')).toEqual([{ page: '/guides/routing/', shown: 30, clicks: 1 }]);
    expect(await rows('SELECT name, rows FROM analytics_size ORDER BY name')).toEqual([{ name: 'pages', rows: 1 }, { name: 'queries', rows: 10 }]);
  });

  it('writes a full window at once, without waiting for its end', async () => {
    const { wrapped, batches } = counted();
    // A window far longer than the test's timeout: the writes settle only because each window fills.
    const store = d1AnalyticsStore(wrapped, { ...ANALYTICS_DEFAULTS, flushMs: 10_000, maxBuffered: 4 });
    const at = new Date().toISOString();
    await Promise.all(Array.from({ length: 8 }, (_, i) => store.recordSearch(event(`full ${i}`), at)));
    expect(batches).toHaveLength(2);
    expect(await one('SELECT count(*) AS n FROM analytics_queries')).toEqual({ n: 8 });
  });
});
