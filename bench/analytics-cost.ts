/**
 * Bench step: what search analytics cost a reader (issue 53's target: /search p50 unchanged within
 * noise with ANALYTICS on). Two Workers of one config, one with ANALYTICS on (a local D1 with the
 * repository's migrations applied), one off, answer caches off on both so both search every time;
 * the same queries asked of each, alternating query by query and swapping which goes first, timed
 * from this process over loopback. The paired ratio is the analytics' cost: the count taken after
 * the answer, and its D1 write (gathered per ANALYTICS_FLUSH_MS).
 *
 * Used by `npm run bench` (bench/run.ts, the bench Worker and its queries) and by
 * `npm run bench:analytics` (bench/analytics-bench.ts, the test Worker with 10,000 stored rows).
 */
import { pairedTimes, type Summary } from './stats.ts';

/** A request that takes longer than this is a hang, not a sample. */
const REQUEST_TIMEOUT_MS = 10_000;

export interface AnalyticsCostBench {
  queries: number;
  /** Milliseconds between pairs (a pause for the after-answer writes to finish first); 0 back to back. */
  pauseMs: number;
  /** GET /search with ANALYTICS on. */
  on: Summary;
  /** The same with ANALYTICS off. */
  off: Summary;
  /** Median over the queries of on ms ÷ off ms: paired, so a noisy moment hits both sides. */
  pairedRatio: number;
}

async function timedSearch(url: string, q: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/search?q=${encodeURIComponent(q)}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  await res.text();
  if (res.status !== 200) throw new Error(`/search ${q}: ${res.status}`);
  return performance.now() - started;
}

/**
 * `warmup` queries on each Worker first (compiles the code, loads the pack, opens the D1), then every
 * query on both. `queries` should be distinct: a repeated one is a row updated, not a row added.
 */
export async function benchAnalyticsCost(onUrl: string, offUrl: string, queries: readonly string[], warmup: number, pauseMs = 0): Promise<AnalyticsCostBench> {
  for (let i = 0; i < warmup; i++) await Promise.all([timedSearch(onUrl, `warm-up ${i}`), timedSearch(offUrl, `warm-up ${i}`)]);
  const paired = await pairedTimes(queries, (q) => timedSearch(onUrl, q), (q) => timedSearch(offUrl, q), pauseMs);
  return { queries: queries.length, pauseMs, on: paired.a, off: paired.b, pairedRatio: paired.ratio };
}
