/**
 * Repeated /search queries answered from the Workers Cache API (`caches.default`, the data
 * centre's cache) instead of running the search again. Keyed by the pack's buildId, the index,
 * the Worker's search settings and the request's normalised query and options
 * (searchRequestKey, the ETag's key), so a new pack, another index or other options never meet an
 * old answer. Debug answers are never cached (they explain one request).
 *
 * In front of it, each isolate keeps its latest answers in memory (AnswerMemory): a repeat answered
 * there costs neither a search nor a Cache API round trip, and works on workers.dev hostnames too,
 * where the Cache API is a no-op (see docs/deploying.md). AnswerCaches puts the two together, and
 * asks the Cache API only while the isolate's searches still read pack files (the Worker asks it
 * while the search runs, src/worker/app.ts).
 */
import { BoundedLru, type LoadedPack } from '../core/index.ts';

/** The Cache API, as much of it as the Worker uses (`caches.default`). */
export interface AnswerCache {
  match(request: Request): Promise<Response | undefined>;
  put(request: Request, response: Response): Promise<void>;
}

/**
 * Response header saying how /search was answered: `memory` (from this isolate's latest answers),
 * `hit` (from the Cache API), `miss` (searched, then kept), `bypass` (not cacheable).
 */
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

/** What an answer's entries are keyed by, in the Cache API and in an isolate's memory. */
export interface AnswerKeyParts {
  buildId: string;
  index: string;
  /** The Worker entry and a hash of its search settings. */
  settings: string;
  /** searchRequestKey of the request: the normalised query and its options. */
  request: string;
}

/**
 * The cache key of an answer: the request's origin, the build, the settings and the request key.
 * Null (not cacheable) when the request key holds a lone surrogate (possible from a JSON body's
 * `\ud800`): a URL carries it as U+FFFD, and two different queries would share one entry.
 */
export function answerCacheKey(requestUrl: string, parts: AnswerKeyParts): Request | null {
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

/**
 * Most bytes of answers an isolate keeps in memory: 4 MiB, counted as 2 bytes per UTF-16 unit of a
 * body (the most a string takes in V8). About 230 answers of the Astro docs (mean 9 KB), beside the
 * pack's residency budgets (8 MiB of section blocks by default) in an isolate's 128 MB.
 */
export const ANSWER_MEMORY_BYTES = 4 * 1024 * 1024;

/**
 * The answers this isolate made or took from the Cache API lately, least recently used first out.
 * An answer is a pure function of its key (AnswerKeyParts), so an entry is never stale: a new pack or
 * other settings make other keys.
 */
export class AnswerMemory {
  private readonly held: BoundedLru<string, CachedAnswer>;

  constructor(budgetBytes = ANSWER_MEMORY_BYTES) {
    this.held = new BoundedLru(budgetBytes);
  }

  /** Answers held now. */
  get size(): number {
    return this.held.size;
  }

  get(parts: AnswerKeyParts): CachedAnswer | undefined {
    return this.held.peek(memoryKey(parts));
  }

  set(parts: AnswerKeyParts, answer: CachedAnswer): void {
    this.held.put(memoryKey(parts), answer, 2 * answer.body.length);
  }
}

/** The parts as one string that no other parts make (a JSON array: any character in a part is escaped). */
function memoryKey(parts: AnswerKeyParts): string {
  return JSON.stringify([parts.buildId, parts.index, parts.settings, parts.request]);
}

/**
 * The answer caches of one app (one isolate): its memory, then the Cache API, and when to ask the
 * Cache API. Every answer searched goes to both; the Cache API is asked only while the isolate's
 * searches of a pack still read its files (LoadedPack.queryReads): once the last one read nothing,
 * the pack a query needs is in memory, and a search costs less than the round trip to the cache
 * that every new query pays (`npm run bench`: the Worker "as deployed", caches on, against the
 * default one). A new isolate, or a large site whose pieces come and go, asks first.
 */
export class AnswerCaches {
  private readonly searchesFromMemory = new WeakSet<LoadedPack>();

  constructor(
    private readonly cache: AnswerCache | null,
    private readonly memory: AnswerMemory,
    /** Seconds a Cache API entry is kept (CACHE_MAX_AGE). */
    private readonly maxAge: number,
  ) {}

  /** The caches as one request keyed `parts` meets them, for a search of `pack`. */
  forRequest(requestUrl: string, parts: AnswerKeyParts, pack: LoadedPack): RequestAnswerCaches {
    // Null (not in the Cache API) for a key the URL would mangle (answerCacheKey); memory keeps it.
    const cacheKey = this.cache && answerCacheKey(requestUrl, parts);
    return {
      remembered: () => this.memory.get(parts) ?? null,
      ask: () => {
        const { cache } = this;
        if (!cache || !cacheKey || this.searchesFromMemory.has(pack)) return null;
        return readCachedAnswer(cache, cacheKey).then((hit) => {
          if (hit) this.memory.set(parts, hit);
          return hit;
        });
      },
      search: async (run) => {
        const readsBefore = pack.queryReads();
        const outcome = await run();
        // A concurrent search's reads count too: the isolate then asks a while longer.
        if (pack.queryReads() === readsBefore) this.searchesFromMemory.add(pack);
        else this.searchesFromMemory.delete(pack);
        return outcome;
      },
      keep: (body, gap) => {
        this.memory.set(parts, { body, gapLang: gap?.lang ?? null });
        const { cache } = this;
        if (!cache || !cacheKey) return null;
        // On the next turn of the event loop, once the answer is on its way: a put started at
        // once would send the copy beside it.
        const sent = new Promise((resolve) => setTimeout(resolve, 0));
        return sent.then(() => cache.put(cacheKey, answerCacheEntry(body, this.maxAge, gap)));
      },
    };
  }
}

/** How a kept answer was found: the status header's value. */
export type KeptAnswerSource = 'memory' | 'hit';

/** AnswerCaches as one request meets them. */
export interface RequestAnswerCaches {
  /** The answer this isolate made or took from the Cache API lately, or null. */
  remembered(): CachedAnswer | null;
  /**
   * The Cache API's answer (null: a miss, or a cache that failed), kept in memory when found; or
   * null when the Cache API is not asked (none, a key it cannot hold, or this isolate's searches
   * of the pack read nothing: searching is then quicker than asking).
   */
  ask(): Promise<CachedAnswer | null> | null;
  /** Runs the request's search, noting whether it read pack files (when to ask the Cache API). */
  search<T>(run: () => Promise<T>): Promise<T>;
  /** Keeps the searched answer: in memory now; the Cache API's put is returned, for after the response (null when there is none). */
  keep(body: string, gap: { lang: string } | null): Promise<void> | null;
}
