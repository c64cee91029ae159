/**
 * Repeated /search queries answered from the Workers Cache API (`caches.default`, the data
 * centre's cache) instead of running the search again. Keyed by the pack's buildId, the index,
 * the Worker's search settings and the request's normalised query and options
 * (searchRequestKey, the ETag's key), so a new pack, another index or other options never meet an
 * old answer. Debug answers are never cached (they explain one request).
 *
 * The Cache API is a no-op on workers.dev hostnames: there every query runs (see docs/deploying.md).
 */

/** The Cache API, as much of it as the Worker uses (`caches.default`). */
export interface AnswerCache {
  match(request: Request): Promise<Response | undefined>;
  put(request: Request, response: Response): Promise<void>;
}

/** Response header saying how /search was answered: `hit` (from the cache), `miss` (searched, then cached), `bypass` (not cacheable). */
export const CACHE_STATUS_HEADER = 'X-Recall-Box-Cache';

/**
 * Stored with a cached answer, never sent: the language of the gap when the answer was a
 * low-confidence one, so a hit is counted in the content-gap report as the original request was.
 */
const GAP_HEADER = 'X-Recall-Box-Gap';

/**
 * Path of the synthetic cache keys. Keys are URLs of the request's own host (the Cache API stores
 * per zone) under a path no route answers, so a cache entry can never be fetched as a page.
 */
const KEY_PATH = '/__recall-box/search-cache';

/**
 * The cache key of an answer: the request's origin, the build, the settings and the request key.
 * Null (not cacheable) when the request key holds a lone surrogate (possible from a JSON body's
 * `\ud800`): a URL carries it as U+FFFD, and two different queries would share one entry.
 */
export function answerCacheKey(requestUrl: string, parts: { buildId: string; index: string; settings: string; request: string }): Request | null {
  if (/\p{Cs}/u.test(parts.request)) return null;
  const origin = new URL(requestUrl).origin;
  const query = new URLSearchParams({ b: parts.buildId, i: parts.index, s: parts.settings, r: parts.request });
  return new Request(`${origin}${KEY_PATH}?${query.toString()}`);
}

export interface CachedAnswer {
  /** The JSON body as it was sent. */
  body: string;
  /** The gap's language when the answer was a low-confidence one (a content gap); else null. */
  gapLang: string | null;
}

/** A cached answer for `key`, or null on a miss. A cache that fails is a miss, logged. */
export async function readCachedAnswer(cache: AnswerCache, key: Request): Promise<CachedAnswer | null> {
  try {
    const hit = await cache.match(key);
    if (!hit) return null;
    return { body: await hit.text(), gapLang: hit.headers.get(GAP_HEADER) };
  } catch (e) {
    console.error(`recall-box: the answer cache failed, searching instead: ${e instanceof Error ? e.message : String(e)}`);
    return null;
  }
}

/**
 * The entry stored for an answer: its body and type, and a Cache-Control that keeps it `maxAge`
 * seconds. Built fresh rather than stored as sent, so per-request headers (CORS, the cache status)
 * never leak from one client's answer into another's.
 */
export function answerCacheEntry(body: string, maxAge: number, gap: { lang: string } | null): Response {
  const headers = new Headers({ 'Content-Type': 'application/json', 'Cache-Control': `public, max-age=${maxAge}` });
  if (gap) headers.set(GAP_HEADER, gap.lang);
  return new Response(body, { headers });
}
