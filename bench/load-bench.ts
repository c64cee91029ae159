/**
 * Bench step 5: /search under load. autocannon keeps `connections` requests in flight against the
 * real Worker under `wrangler dev` (loopback) for a fixed time, cycling through the bench's query
 * set, and reports throughput, latency percentiles and failures. Run twice: with the answer cache
 * off (every request is a search: the pipeline's throughput) and on (the default: repeats of the
 * query set are served from caches.default, as a popular query is in production).
 *
 * One machine runs client, wrangler and workerd together, so the figures are a floor for one
 * workerd process, not a prediction of Cloudflare's edge; what carries is the cache's gain and that
 * sustained load yields no errors.
 */
import autocannon from 'autocannon';
import type { BenchQuery } from './queries.ts';

export const LOAD_DEFAULTS = Object.freeze({
  /** Seconds of load per run. Default 20: long enough for a stable rate, short enough for a bench run. */
  seconds: 20,
  /** Concurrent connections (requests in flight). Default 10: a busy docs site's burst, not a flood. */
  connections: 10,
  /** Seconds after which one request counts as a timeout. Default 10, as the latency step's hang bound. */
  timeoutSeconds: 10,
});

export interface LoadOptions {
  seconds: number;
  connections: number;
  timeoutSeconds: number;
}

export interface LoadRun {
  name: string;
  seconds: number;
  connections: number;
  /** Completed requests. */
  requests: number;
  /** Mean requests per second over the run. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Connection errors and timeouts. */
  errors: number;
  timeouts: number;
  /** Answers that were not 2xx (a 429 from a rate limiter, a 5xx). */
  non2xx: number;
}

/** Runs autocannon against `url`'s /search, the queries in turn, for `options.seconds`. */
export async function runLoad(name: string, url: string, queries: readonly BenchQuery[], options: LoadOptions = LOAD_DEFAULTS): Promise<LoadRun> {
  if (queries.length === 0) throw new Error('runLoad needs at least one query');
  let next = 0;
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    timeout: options.timeoutSeconds,
    requests: [
      {
        method: 'GET',
        // Every request takes the next query: the set is cycled, so each repeats rps × seconds / 200 times.
        setupRequest: (request) => ({ ...request, path: `/search?q=${encodeURIComponent(queries[next++ % queries.length]!.q)}` }),
      },
    ],
  });
  return {
    name,
    seconds: options.seconds,
    connections: options.connections,
    requests: result.requests.total,
    rps: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}
