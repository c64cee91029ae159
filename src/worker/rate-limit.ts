/**
 * Per-client rate limiting through the Workers Rate Limiting binding (`[[ratelimits]]` in
 * wrangler.toml, bound as RATE_LIMITER). Optional: a Worker without the binding does not limit.
 * The client is keyed by its `cf-connecting-ip`, which is handed to the binding's counter and
 * nowhere else: never logged, stored or echoed.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { errorResponse } from '../protocol/errors.ts';

/** The Rate Limiting binding, as much of it as the Worker uses. */
export interface RateLimiter {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

export const RATE_LIMIT_DEFAULTS = Object.freeze({
  /**
   * Seconds a limited client is told to wait (Retry-After). The binding reports no reset time, and
   * its window is 10 or 60 s (Cloudflare accepts no other); the Worker is told which by
   * RATE_LIMIT_PERIOD. Default 60, the longer window: waiting that long is always enough.
   */
  periodSeconds: 60,
  /**
   * The key of a request without `cf-connecting-ip`. Cloudflare's edge always sets it; only local
   * runs (wrangler dev, tests) lack it, and they share one budget.
   */
  anonymousKey: 'no-client-ip',
});

/** The windows the binding accepts, in seconds. */
export const RATE_LIMIT_PERIODS = [10, 60] as const;

/** The eight 16-bit groups of an IPv6 address in full, or null when it is not one. */
function ipv6Groups(ip: string): string[] | null {
  const [head, tail, ...rest] = ip.toLowerCase().split('::');
  if (rest.length > 0 || head === undefined) return null;
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  // An embedded IPv4 tail (::ffff:1.2.3.4) counts as two groups; it only matters past /64.
  const groupsOf = (parts: string[]) => parts.reduce((n, p) => n + (p.includes('.') ? 2 : 1), 0);
  const missing = 8 - groupsOf(left) - groupsOf(right);
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  return groups.every((g) => /^[0-9a-f]{1,4}$/.test(g) || g.includes('.')) ? groups : null;
}

/**
 * The rate-limit key of a client address: an IPv4 address as it is; an IPv6 address as its /64
 * prefix, the block one subscriber is usually given, so rotating through it gains nothing.
 */
export function clientKey(ip: string | null | undefined): string {
  const trimmed = ip?.trim();
  if (!trimmed) return RATE_LIMIT_DEFAULTS.anonymousKey;
  if (!trimmed.includes(':')) return trimmed;
  const groups = ipv6Groups(trimmed);
  return groups ? `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64` : trimmed;
}

export interface RateLimitOptions {
  /** The binding's window in seconds (10 or 60): the Retry-After of a 429. */
  periodSeconds: number;
}

/**
 * Middleware answering 429 RATE_LIMITED (with Retry-After) once the client's budget is spent. A
 * binding that fails lets the request through: an outage of the limiter must not become one of
 * search. Its error is logged without the key.
 */
export function rateLimit(limiter: RateLimiter, options: RateLimitOptions): MiddlewareHandler {
  return async (c: Context, next) => {
    let allowed = true;
    try {
      ({ success: allowed } = await limiter.limit({ key: clientKey(c.req.header('cf-connecting-ip')) }));
    } catch (e) {
      console.error(`recall-box: the rate limiter failed, request let through: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (allowed) return next();
    const { status, body } = errorResponse('RATE_LIMITED', `too many requests from this client; retry after ${options.periodSeconds} seconds.`);
    return c.json(body, status as 429, { 'Retry-After': String(options.periodSeconds), 'Cache-Control': 'no-store' });
  };
}
