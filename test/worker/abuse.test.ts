import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Env } from '../../src/worker/index.ts';
import { callIn, configWarningsIn } from '../support/worker-call.ts';
import { DRAIN_LIMITS } from '../../src/worker/body.ts';
import { AnswerMemory, answerCacheKey } from '../../src/worker/answer-cache.ts';
import { clientKey, type RateLimiter } from '../../src/worker/rate-limit.ts';

// Abuse limits and the answer cache, inside workerd. The rate limiter is miniflare's emulation of
// the Rate Limiting binding (TEST_RATE_LIMITER in test/wrangler.test.toml: 3 a minute per key),
// passed as RATE_LIMITER to these requests only; the cache is workerd's own caches.default.

const testEnv = env as unknown as Env & { TEST_RATE_LIMITER: RateLimiter };
const LIMIT = 3;
const PERIOD_MS = 60_000;

interface ErrorBody {
  error: { code: string; message: string };
}

/** Calls the Worker with `vars` over the test env, and waits for its after-response work (cache writes). */
async function call(vars: Partial<Env>, path: string, init?: RequestInit): Promise<Response> {
  return callIn({ ...testEnv, ...vars }, path, init);
}

/** A query no other test (nor an earlier run, the cache may persist) has asked: its cache entry is new. */
function freshQuery(words = 'route parameters'): string {
  return `${words} ${crypto.randomUUID().replace(/[^a-f]/g, '').slice(0, 8)}`;
}

function randomIp(): string {
  const b = crypto.getRandomValues(new Uint8Array(3));
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

describe('rate limiting (RATE_LIMITER binding)', () => {
  const limited = { RATE_LIMITER: testEnv.TEST_RATE_LIMITER };
  const fromIp = (ip: string) => ({ headers: { 'cf-connecting-ip': ip } });

  /**
   * The emulated limiter counts per 60-second window of the wall clock: a run that straddles a
   * window's end is retried once with fresh clients, so the test cannot flake on that.
   */
  async function inOneWindow(run: () => Promise<void>): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const window = Math.floor(Date.now() / PERIOD_MS);
      try {
        await run();
        return;
      } catch (e) {
        if (attempt > 0 || Math.floor(Date.now() / PERIOD_MS) === window) throw e;
      }
    }
  }

  it(`answers ${LIMIT} searches per client, then 429 RATE_LIMITED with Retry-After, and other clients go on`, async () => {
    await inOneWindow(async () => {
      const ip = randomIp();
      for (let i = 0; i < LIMIT; i++) {
        expect((await call(limited, `/search?q=routing`, fromIp(ip))).status).toBe(200);
      }
      const refused = await call(limited, `/search?q=routing`, fromIp(ip));
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(refused.headers.get('content-type')).toMatch(/application\/json/);
      const body = (await refused.json()) as ErrorBody;
      expect(body.error.code).toBe('RATE_LIMITED');
      // Never echoes who was limited.
      expect(JSON.stringify(body)).not.toContain(ip);
      // POST is the same route and the same budget.
      const post = await call(limited, '/search', { method: 'POST', headers: { 'cf-connecting-ip': ip, 'content-type': 'application/json' }, body: '{"q":"routing"}' });
      expect(post.status).toBe(429);
      // Another client has its own budget; /health is not limited.
      expect((await call(limited, `/search?q=routing`, fromIp(randomIp()))).status).toBe(200);
      expect((await call(limited, '/health', fromIp(ip))).status).toBe(200);
    });
  });

  it('sends Retry-After from RATE_LIMIT_PERIOD (the binding cannot tell it)', async () => {
    await inOneWindow(async () => {
      const ip = randomIp();
      let last: Response | undefined;
      for (let i = 0; i <= LIMIT; i++) last = await call({ ...limited, RATE_LIMIT_PERIOD: '10' }, '/search?q=routing', fromIp(ip));
      expect(last!.status).toBe(429);
      expect(last!.headers.get('retry-after')).toBe('10');
    });
  });

  it('counts an IPv6 client by its /64, so rotating addresses in it gains nothing', async () => {
    await inOneWindow(async () => {
      const b = crypto.getRandomValues(new Uint16Array(2));
      const prefix = `2001:db8:${b[0]!.toString(16)}:${b[1]!.toString(16)}`;
      for (let i = 0; i < LIMIT; i++) {
        expect((await call(limited, '/search?q=routing', fromIp(`${prefix}::${i + 1}`))).status).toBe(200);
      }
      expect((await call(limited, '/search?q=routing', fromIp(`${prefix}:0:0:0:ff`))).status).toBe(429);
    });
  });

  it('does not limit without the binding, and lets requests through when the binding fails', async () => {
    const ip = randomIp();
    for (let i = 0; i < LIMIT + 2; i++) expect((await call({}, '/search?q=routing', fromIp(ip))).status).toBe(200);
    const broken: RateLimiter = { limit: () => Promise.reject(new Error('limiter down')) };
    expect((await call({ RATE_LIMITER: broken }, '/search?q=routing', fromIp(ip))).status).toBe(200);
  });

  it('keys IPv4 as is, IPv6 by its /64, and a missing address to one shared key', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:DB8:0001:0002::9')).toBe('2001:db8:1:2::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey(null)).toBe(clientKey(''));
    expect(clientKey(undefined)).not.toBe(clientKey('203.0.113.7'));
  });
});

describe('abuse and cache settings', () => {
  it('names an EDGE_CACHE, GAPS or RATE_LIMIT_PERIOD it cannot use in /health, and keeps the default', async () => {
    const warnings = (await configWarningsIn({ ...testEnv, EDGE_CACHE: 'maybe', GAPS: 'yes', RATE_LIMIT_PERIOD: '30' })).join('\n');
    expect(warnings).toMatch(/EDGE_CACHE "maybe"/);
    expect(warnings).toMatch(/GAPS "yes"/);
    expect(warnings).toMatch(/RATE_LIMIT_PERIOD "30"/);
    const q = encodeURIComponent(freshQuery());
    expect((await call({ EDGE_CACHE: 'maybe' }, `/search?q=${q}`)).headers.get('x-recall-box-cache')).toBe('miss');
  });
});

describe('answer cache (caches.default)', () => {
  it('answers a repeated query from the cache with the same body, and a new one by searching', async () => {
    const q = encodeURIComponent(freshQuery());
    const first = await call({}, `/search?q=${q}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-recall-box-cache')).toBe('miss');
    const second = await call({}, `/search?q=${q}`);
    expect(second.status).toBe(200);
    expect(second.headers.get('x-recall-box-cache')).toBe('hit');
    expect(second.headers.get('content-type')).toMatch(/application\/json/);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await second.text()).toBe(await first.text());
  });

  it('answers a repeat in the same isolate from its memory, and keeps a Cache API hit there', async () => {
    const isolate = { ...testEnv };
    const q = encodeURIComponent(freshQuery());
    const first = await callIn(isolate, `/search?q=${q}`);
    expect(first.headers.get('x-recall-box-cache')).toBe('miss');
    const again = await callIn(isolate, `/search?q=${q}`);
    expect(again.headers.get('x-recall-box-cache')).toBe('memory');
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await again.text()).toBe(await first.text());
    // The first answer went to the Cache API too: another isolate gets it there, then from its own memory.
    const other = { ...testEnv };
    expect((await callIn(other, `/search?q=${q}`)).headers.get('x-recall-box-cache')).toBe('hit');
    expect((await callIn(other, `/search?q=${q}`)).headers.get('x-recall-box-cache')).toBe('memory');
    // Other options are other answers.
    expect((await callIn(isolate, `/search?q=${q}&limit=3`)).headers.get('x-recall-box-cache')).toBe('miss');
  });

  it('asks the data centre\'s cache only while the isolate\'s searches read pack files', async () => {
    // Read whole (PACK_READ=whole: the test config's default is lazy), a search reads nothing, so
    // after one the isolate searches instead of asking (`miss`: searched, then stored), where a new
    // isolate asks and finds what another stored.
    const whole = { PACK_READ: 'whole' };
    const q = encodeURIComponent(freshQuery());
    expect((await call(whole, `/search?q=${q}`)).headers.get('x-recall-box-cache')).toBe('miss');
    const warm = { ...testEnv, ...whole };
    expect((await callIn(warm, `/search?q=${encodeURIComponent(freshQuery())}`)).headers.get('x-recall-box-cache')).toBe('miss');
    expect((await callIn(warm, `/search?q=${q}`)).headers.get('x-recall-box-cache')).toBe('miss');
    expect((await call(whole, `/search?q=${q}`)).headers.get('x-recall-box-cache')).toBe('hit');
    // Read lazily, the first search of a pack reads blocks and partitions (the packs of an isolate
    // are shared by its envs here, so this is a pack no other test of this file reads): the
    // isolate that made it goes on asking.
    const lazyDocs = { PACK_READ: 'lazy', PACK_PATH: '/pack-docs/' };
    const reading = { ...testEnv, ...lazyDocs };
    expect((await callIn(reading, `/search?q=${encodeURIComponent(freshQuery('deploy the worker'))}`)).headers.get('x-recall-box-cache')).toBe('miss');
    const r = encodeURIComponent(freshQuery());
    expect((await call(lazyDocs, `/search?q=${r}`)).headers.get('x-recall-box-cache')).toBe('miss');
    expect((await callIn(reading, `/search?q=${r}`)).headers.get('x-recall-box-cache')).toBe('hit');
  });

  it('shares an entry between requests that normalise alike, GET and POST', async () => {
    const q = freshQuery('Route  Parameters');
    expect((await call({}, `/search?q=${encodeURIComponent(q)}`)).headers.get('x-recall-box-cache')).toBe('miss');
    const post = await call({}, '/search', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ q: `  ${q.toLowerCase()}` }) });
    expect(post.headers.get('x-recall-box-cache')).toBe('hit');
  });

  it('misses for other options, another pack (buildId) or other Worker settings', async () => {
    const q = encodeURIComponent(freshQuery());
    expect((await call({}, `/search?q=${q}`)).headers.get('x-recall-box-cache')).toBe('miss');
    expect((await call({}, `/search?q=${q}&limit=3`)).headers.get('x-recall-box-cache')).toBe('miss');
    expect((await call({}, `/search?q=${q}&confidence=relaxed`)).headers.get('x-recall-box-cache')).toBe('miss');
    expect((await call({}, `/search?q=${q}&lang=en`)).headers.get('x-recall-box-cache')).toBe('miss');
    const keywordPack = await call({ PACK_PATH: '/pack-keyword/' }, `/search?q=${q}`);
    expect(keywordPack.headers.get('x-recall-box-cache')).toBe('miss');
    expect(((await keywordPack.json()) as { buildId: string }).buildId).not.toBe(((await (await call({}, `/search?q=${q}`)).json()) as { buildId: string }).buildId);
    expect((await call({ CONFIDENCE_MODE: 'relaxed' }, `/search?q=${q}`)).headers.get('x-recall-box-cache')).toBe('miss');
    // And each of those is now a hit of its own.
    expect((await call({}, `/search?q=${q}&limit=3`)).headers.get('x-recall-box-cache')).toBe('hit');
  });

  it('never caches a debug answer, nor keeps it in memory', async () => {
    const q = encodeURIComponent(freshQuery());
    const isolate = { ...testEnv };
    for (let i = 0; i < 2; i++) {
      const res = await callIn(isolate, `/search?q=${q}&debug=1`);
      expect(res.headers.get('x-recall-box-cache')).toBe('bypass');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    // The debug request did not fill the plain request's entry either.
    expect((await callIn(isolate, `/search?q=${q}`)).headers.get('x-recall-box-cache')).toBe('miss');
  });

  it('is off with EDGE_CACHE=off or CACHE_MAX_AGE=0, memory included', async () => {
    for (const vars of [{ EDGE_CACHE: 'off' }, { CACHE_MAX_AGE: '0' }]) {
      const q = encodeURIComponent(freshQuery());
      expect((await call(vars, `/search?q=${q}`)).headers.get('x-recall-box-cache')).toBe('bypass');
      expect((await call(vars, `/search?q=${q}`)).headers.get('x-recall-box-cache')).toBe('bypass');
      const isolate = { ...testEnv, ...vars };
      expect((await callIn(isolate, `/search?q=${q}`)).headers.get('x-recall-box-cache')).toBe('bypass');
      expect((await callIn(isolate, `/search?q=${q}`)).headers.get('x-recall-box-cache')).toBe('bypass');
    }
  });

  it('gives a cached answer the CORS headers of the request that gets it, and 304 still wins', async () => {
    const q = encodeURIComponent(freshQuery());
    const first = await call({}, `/search?q=${q}`);
    const hit = await call({}, `/search?q=${q}`, { headers: { origin: 'https://docs.example.com' } });
    expect(hit.headers.get('x-recall-box-cache')).toBe('hit');
    expect(hit.headers.get('access-control-allow-origin')).toBe('https://docs.example.com');
    expect(hit.headers.get('access-control-expose-headers')).toMatch(/x-recall-box-cache/i);
    const stranger = await call({}, `/search?q=${q}`, { headers: { origin: 'https://evil.example' } });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
    const revalidated = await call({}, `/search?q=${q}`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(revalidated.status).toBe(304);
  });

  it('keys on the build, the index, the settings and the request', () => {
    const base = { buildId: 'b1', index: 'default', settings: 's1', request: 'q\u00001' };
    const key = (parts: Partial<typeof base>) => answerCacheKey('https://search.example.com/search?q=x', { ...base, ...parts })!.url;
    const all = [key({}), key({ buildId: 'b2' }), key({ index: 'v2' }), key({ settings: 's2' }), key({ request: 'q\u00002' })];
    expect(new Set(all).size).toBe(all.length);
    expect(key({})).toMatch(/^https:\/\/search\.example\.com\/__recall-box\//);
    // A lone surrogate would reach the URL as U+FFFD and collide with it: not cached at all.
    expect(answerCacheKey('https://search.example.com/', { ...base, request: 'a\ud800' })).toBeNull();
    expect(answerCacheKey('https://search.example.com/', { ...base, request: 'a\ud83d\ude00' })).not.toBeNull();
  });

  it('keeps answers in memory by the same parts, a part holding any character, within its budget', () => {
    const base = { buildId: 'b1', index: 'default', settings: 's1', request: 'q' };
    // Parts whose naive concatenation would meet: each must still be its own entry.
    const variants = [{}, { buildId: 'b1", "default' }, { index: 'default\ns1' }, { settings: 's1\nq' }, { request: 'a\ud800' }, { request: 'a\ufffd' }];
    const memory = new AnswerMemory(1000);
    variants.forEach((v, i) => memory.set({ ...base, ...v }, { body: `answer ${i}`, gapLang: null }));
    variants.forEach((v, i) => expect(memory.get({ ...base, ...v })?.body).toBe(`answer ${i}`));
    // Counted at 2 bytes per UTF-16 unit: two 200-unit bodies fill 800 of 1000 bytes, a third evicts the oldest.
    const small = new AnswerMemory(1000);
    for (const request of ['x', 'y', 'z']) small.set({ ...base, request }, { body: 'b'.repeat(200), gapLang: 'en' });
    expect(small.size).toBe(2);
    expect(small.get({ ...base, request: 'x' })).toBeUndefined();
    expect(small.get({ ...base, request: 'z' })).toEqual({ body: 'b'.repeat(200), gapLang: 'en' });
  });
});

describe('body size limit', () => {
  it('refuses a body over MAX_BODY_BYTES sent without Content-Length (chunked), reading no more than the limit and the bounded drain', async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode(`{"q":"x","pad":"${'y'.repeat(4000)}`);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // An endless body: the Worker must stop reading once it is over the limit and has drained
        // what DRAIN_LIMITS allows (so a client that stops sending gets its 413, not a reset).
        pulled++;
        controller.enqueue(chunk);
      },
    });
    const res = await call({}, '/search', { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as ErrorBody).error.code).toBe('BODY_TOO_LARGE');
    expect(pulled * chunk.byteLength).toBeLessThanOrEqual(8192 + DRAIN_LIMITS.bytes + 2 * chunk.byteLength);
  });

  it('reads a body just under the limit', async () => {
    const pad = 'y'.repeat(8192 - '{"q":"routing","pad":""}'.length);
    const res = await call({}, '/search', { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"q":"routing","pad":"${pad}"}` });
    expect(res.status).toBe(200);
  });
});
