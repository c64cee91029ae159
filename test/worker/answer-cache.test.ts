import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { loadPack, type PackSource } from '../../src/core/index.ts';
import { answerCacheEntry, type AnswerCache } from '../../src/worker/answer-cache.ts';
import { createApp } from '../../src/worker/app.ts';
import { readConfig, searchOptionsFor } from '../../src/worker/config.ts';
import { assetsPackSource } from '../../src/worker/sources/assets.ts';
import type { Env } from '../../src/worker/index.ts';

// The Cache API asked while the search runs (src/worker/app.ts, answer-cache.ts), inside workerd,
// against the test pack read lazily from the static assets. The cache is a test double at the
// app's seam (AppDeps.answerCache): what is under test is when it answers, which caches.default
// does not let a test choose.

const testEnv = env as unknown as Env;
/** Longest a test's cache waits for the event it answers on before answering anyway. */
const CACHE_PATIENCE_MS = 2_000;

/** The test pack, read lazily (nothing held: each app starts as a new isolate does), its reads logged. */
async function loggedPack(onRead: (name: string) => void) {
  const inner = assetsPackSource(testEnv.ASSETS, '/pack/');
  const reads: string[] = [];
  const log = (name: string) => {
    reads.push(name);
    onRead(name);
  };
  const source: PackSource = {
    label: inner.label,
    read: (name) => (log(name), inner.read(name)),
    readBytes: (name) => (log(name), inner.readBytes(name)),
  };
  return { pack: await loadPack(source, { read: 'lazy' }), reads };
}

/** A Cache API whose match answers `entry` once `answerNow` is called (or after CACHE_PATIENCE_MS), recording which came first. */
function timedCache(entry: () => Response | undefined) {
  const events: string[] = [];
  const puts: string[] = [];
  let answer: (why: string) => void = () => undefined;
  const cache: AnswerCache = {
    match: () =>
      new Promise((resolve) => {
        const timer = setTimeout(() => answer('patience ran out'), CACHE_PATIENCE_MS);
        answer = (why) => {
          clearTimeout(timer);
          answer = () => undefined;
          events.push(`cache answered: ${why}`);
          resolve(entry());
        };
      }),
    put: async (_key, response) => {
      puts.push(await response.text());
    },
  };
  return { cache, events, puts, answerNow: (why: string) => answer(why) };
}

function appOver(pack: Awaited<ReturnType<typeof loadPack>>, cache: AnswerCache) {
  const config = readConfig({ ALLOWED_ORIGINS: '*', PACK_PATH: '/pack/', CACHE_MAX_AGE: '300' });
  return createApp({ config, searchOptions: searchOptionsFor(config), getPack: async () => pack, packLoads: () => 1, answerCache: cache });
}

describe('the Cache API, asked while the search reads', () => {
  it('searches while the cache is asked: a miss answers with the search, stored for the next isolate', async () => {
    const cached = timedCache(() => undefined);
    const { pack, reads } = await loggedPack((name) => {
      // The search reaching its last reads (the sections it shows) while the cache is still asked.
      if (/^sections-/.test(name)) cached.answerNow('after the search read its sections');
    });
    const res = await appOver(pack, cached.cache).request('/search?q=routing');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-recall-box-cache')).toBe('miss');
    expect(cached.events).toEqual(['cache answered: after the search read its sections']);
    expect(reads.some((n) => /^sections-/.test(n))).toBe(true);
    const body = await res.text();
    expect((JSON.parse(body) as { results: unknown[] }).results.length).toBeGreaterThan(0);
    // The put waits a turn of the event loop (answer-cache.ts keep); no execution context here to wait on.
    await vi.waitFor(() => expect(cached.puts).toEqual([body]));
  });

  it('answers a hit as soon as it comes, and the search stops before reading the sections it would show', async () => {
    const stored = answerCacheEntry('{"from":"the cache"}', 300, null);
    const cached = timedCache(() => stored.clone());
    const { pack, reads } = await loggedPack((name) => {
      if (/^keyword-/.test(name)) cached.answerNow('while the search read its keyword partitions');
    });
    const res = await appOver(pack, cached.cache).request('/search?q=routing');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-recall-box-cache')).toBe('hit');
    expect(await res.text()).toBe('{"from":"the cache"}');
    expect(cached.events).toEqual(['cache answered: while the search read its keyword partitions']);
    // Give the stopped search the time its reads take: it must not go on to the sections.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reads.some((n) => /^keyword-/.test(n))).toBe(true);
    expect(reads.filter((n) => /^sections-/.test(n))).toEqual([]);
    expect(cached.puts).toEqual([]);
  });
});
