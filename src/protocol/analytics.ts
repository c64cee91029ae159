/**
 * Search analytics that respect readers (issue 53): what one search and one click add to the daily
 * aggregates, how long and how many of them are kept, and how a click beacon is read. Pure; the D1
 * store is src/worker/analytics.ts, the owners' page src/admin/.
 *
 * Privacy, as for the gap report (gaps.ts): a row is a UTC day and a normalised, redacted query
 * (or a page URL of the pack) with counts. No address, no user agent, no cookie, no identifier, no
 * time finer than the day; a click is tied to a query's day row, never to a reader or a session.
 */
import { RecallBoxError } from '../core/index.ts';
import { daysBefore, gapDay, redactQuery, type GapSource } from './gaps.ts';
import { normalizeQueryKey } from './query-key.ts';
import { onOffVar, wholeNumberVar } from './vars.ts';

export const ANALYTICS_DEFAULTS = Object.freeze({
  /**
   * Most (day, query) rows kept (ANALYTICS_MAX_ROWS; range in ANALYTICS_RANGES). Past it the
   * least searched rows are dropped as a search is recorded. Default 50,000: a site with 550
   * distinct queries a day keeps 90 days of them; ~200 bytes a row of short queries ≈ 10 MB of D1.
   */
  maxRows: 50_000,
  /**
   * Most (day, page) rows kept (the "shown" and "clicked" counts per page and day). Default 50,000:
   * 90 days of a 550-page site shown every day. Same ANALYTICS_MAX_ROWS var as the query rows.
   */
  maxPageRows: 50_000,
  /** Days a row is kept (ANALYTICS_MAX_AGE_DAYS). Default 90, as GAPS_MAX_AGE_DAYS: a quarter. */
  maxAgeDays: 90,
  /** Redact queries before storing them (GAPS_REDACT is the one switch: the same rules, redactQuery). Default on. */
  redact: true,
  /**
   * Results whose pages count as "shown" for a search. Default 5: what the widget's dropdown shows
   * above the fold; a page below it was not seen, so it still counts as never shown.
   */
  shownResults: 5,
  /** Largest click rank accepted (1-based): the Worker's largest `limit` (50). */
  maxRank: 50,
  /** Largest beacon body, in bytes: a query (≤ 256 characters, ≤ 3 bytes each, JSON-escaped) and a URL. Default 2,048. */
  maxEventBytes: 2_048,
  /** Longest URL a click may name, in characters. Default 1,024. */
  maxUrlLength: 1_024,
  /**
   * Milliseconds the Worker gathers searches and clicks before writing them as one D1 batch
   * (ANALYTICS_FLUSH_MS; range in ANALYTICS_RANGES). 0 writes each on its own, after its answer.
   * Default 1,000: a busy Worker writes once a second instead of once a search, so the writes do
   * not compete with the searches for the machine (`npm run bench:analytics`). The batch is written
   * inside the first gathered request's waitUntil, which the runtime keeps for 30 s after the
   * answer, so a window this short loses nothing an isolate shuts down on.
   */
  flushMs: 1_000,
  /**
   * Most searches and clicks gathered before the batch is written at once, whatever the window:
   * bounds the isolate's memory and the batch's JSON (a D1 value holds at most 2 MB; 200 events of
   * the longest query, 768 bytes, and five 1,024-character pages is 1.2 MB). Default 200.
   */
  maxBuffered: 200,
});

export const ANALYTICS_RANGES = Object.freeze({
  /** 1..500,000 rows: ~100 MB of D1 at the top, far inside a database's size limit. */
  maxRows: Object.freeze({ min: 1, max: 500_000 }),
  maxAgeDays: Object.freeze({ min: 1, max: 3_650 }),
  /** 0..10,000 ms: 10 s keeps the batch well inside waitUntil's 30 s. */
  flushMs: Object.freeze({ min: 0, max: 10_000 }),
});

export interface AnalyticsPolicy {
  maxRows: number;
  maxPageRows: number;
  maxAgeDays: number;
  redact: boolean;
  shownResults: number;
  flushMs: number;
  maxBuffered: number;
}

export interface AnalyticsVars {
  ANALYTICS_MAX_ROWS?: string;
  ANALYTICS_MAX_AGE_DAYS?: string;
  ANALYTICS_FLUSH_MS?: string;
  GAPS_REDACT?: string;
}

/** ANALYTICS_MAX_ROWS (both tables), ANALYTICS_MAX_AGE_DAYS, ANALYTICS_FLUSH_MS, GAPS_REDACT; what cannot be used is named in `warnings`. */
export function readAnalyticsPolicy(vars: AnalyticsVars, warnings: string[], defaults: AnalyticsPolicy = ANALYTICS_DEFAULTS): AnalyticsPolicy {
  const maxRows = wholeNumberVar('ANALYTICS_MAX_ROWS', vars.ANALYTICS_MAX_ROWS, ANALYTICS_RANGES.maxRows, defaults.maxRows, warnings);
  return {
    maxRows,
    maxPageRows: vars.ANALYTICS_MAX_ROWS?.trim() ? maxRows : defaults.maxPageRows,
    maxAgeDays: wholeNumberVar('ANALYTICS_MAX_AGE_DAYS', vars.ANALYTICS_MAX_AGE_DAYS, ANALYTICS_RANGES.maxAgeDays, defaults.maxAgeDays, warnings),
    redact: onOffVar('GAPS_REDACT', vars.GAPS_REDACT, defaults.redact, warnings),
    shownResults: defaults.shownResults,
    flushMs: wholeNumberVar('ANALYTICS_FLUSH_MS', vars.ANALYTICS_FLUSH_MS, ANALYTICS_RANGES.flushMs, defaults.flushMs, warnings),
    maxBuffered: defaults.maxBuffered,
  };
}

export type SearchOutcomeName = 'answer' | 'uncertain' | 'fallback';

/** One search, as analytics counts it. */
export interface SearchEvent {
  /** The normalised query (redacted when written). */
  query: string;
  lang: string;
  outcome: SearchOutcomeName;
  /** No result at all. */
  zeroResults: boolean;
  source: GapSource;
  /** The distinct pages (URL without its anchor) of the first shownResults results, best first. */
  shownPages: string[];
}

/** A page's URL without its anchor or query string: what "a page" is in the page counts. */
export function pageOfUrl(url: string): string {
  return url.replace(/[?#].*$/s, '');
}

/**
 * The event a search is, or null when it is not counted: a debug request is the owner inspecting,
 * and an empty query key counts nothing. Filtered searches count: they are readers' searches too.
 */
export function searchEventOf(
  request: { q: string; debug?: boolean },
  answered: { outcome: SearchOutcomeName; lang: string; resultUrls: readonly string[] },
  source: GapSource,
  shownResults: number = ANALYTICS_DEFAULTS.shownResults,
): SearchEvent | null {
  if (request.debug) return null;
  const query = normalizeQueryKey(request.q);
  if (!query) return null;
  const shownPages = [...new Set(answered.resultUrls.slice(0, shownResults).map(pageOfUrl))];
  return { query, lang: answered.lang, outcome: answered.outcome, zeroResults: answered.resultUrls.length === 0, source, shownPages };
}

/** What one search writes. */
export interface SearchWrite {
  day: string;
  keepSince: string;
  query: string;
  lang: string;
  answer: 0 | 1;
  uncertain: 0 | 1;
  fallback: 0 | 1;
  zero: 0 | 1;
  agent: 0 | 1;
  shownPages: string[];
}

export function searchWrite(event: SearchEvent, at: string, policy: AnalyticsPolicy): SearchWrite {
  const day = gapDay(at);
  const bit = (b: boolean): 0 | 1 => (b ? 1 : 0);
  return {
    day,
    keepSince: daysBefore(day, policy.maxAgeDays),
    query: policy.redact ? redactQuery(event.query) : event.query,
    lang: event.lang,
    answer: bit(event.outcome === 'answer'),
    uncertain: bit(event.outcome === 'uncertain'),
    fallback: bit(event.outcome === 'fallback'),
    zero: bit(event.zeroResults),
    agent: bit(event.source === 'agent'),
    shownPages: event.shownPages,
  };
}

/** A reader's click on a result, as the widget's beacon reports it. */
export interface ClickEvent {
  /** The normalised query the result answered. */
  query: string;
  /** The result's 1-based position in the list. */
  rank: number;
  /** The result's page (URL without anchor). */
  page: string;
  /** The index that answered, when the Worker has several. */
  index?: string;
}

const bad = (message: string) => new RecallBoxError('BAD_EVENT', message);

/**
 * A beacon's body (JSON, sent as text/plain: the one type sendBeacon may send cross-origin without
 * a preflight) → the click it reports, or BAD_EVENT naming what is wrong. `{"q": "…", "rank": 1,
 * "url": "/guide/#anchor", "index": "default"}`.
 */
export function parseClickEvent(text: string, limits = ANALYTICS_DEFAULTS): ClickEvent {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw bad('the event body is not JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw bad('the event body must be a JSON object like {"q": "…", "rank": 1, "url": "/page/"}.');
  const { q, rank, url, index } = body as Record<string, unknown>;
  const query = typeof q === 'string' ? normalizeQueryKey(q) : '';
  if (!query) throw bad('q must be the query the result answered.');
  if (typeof rank !== 'number' || !Number.isInteger(rank) || rank < 1 || rank > limits.maxRank) throw bad(`rank must be a whole number from 1 to ${limits.maxRank}.`);
  if (typeof url !== 'string' || url === '' || url.length > limits.maxUrlLength) throw bad(`url must be the result's URL (at most ${limits.maxUrlLength} characters).`);
  if (index !== undefined && typeof index !== 'string') throw bad('index must be a string.');
  return { query, rank, page: pageOfUrl(url), ...(index !== undefined && { index }) };
}

/** A site-relative page path from a result URL as the widget holds it: `/guide/` from `https://docs.example.com/guide/#x`. */
export function pagePath(page: string): string {
  try {
    return page.startsWith('/') ? page : new URL(page).pathname;
  } catch {
    return page;
  }
}

/** What one click writes. */
export interface ClickWrite {
  day: string;
  query: string;
  rank: number;
  page: string;
}

export function clickWrite(click: ClickEvent, page: string, at: string, policy: AnalyticsPolicy): ClickWrite {
  return { day: gapDay(at), query: policy.redact ? redactQuery(click.query) : click.query, rank: click.rank, page };
}

/** A (day, query) row's additions in one batch. */
export interface QueryDelta {
  day: string;
  query: string;
  /** The language of the row's last search. */
  lang: string;
  searches: number;
  answers: number;
  uncertain: number;
  fallbacks: number;
  /** Searches with no result at all. */
  zeroResults: number;
  agent: number;
}

/** A (day, page) row's additions in one batch. */
export interface PageDelta {
  day: string;
  page: string;
  shown: number;
  clicks: number;
}

/** A (day, query) row's clicks in one batch: added to the row only if it exists. */
export interface ClickDelta {
  day: string;
  query: string;
  clicks: number;
  rankSum: number;
}

/** What a batch of searches and clicks adds to the tables, each row once. */
export interface AnalyticsBatch {
  queries: QueryDelta[];
  pages: PageDelta[];
  clicks: ClickDelta[];
  /** Rows of days before this one are dropped: the newest search's age limit ('' with no search). */
  keepSince: string;
}

/**
 * Searches and clicks, in the order they happened → one batch: the counts per (day, query) and
 * (day, page) summed, so a batch writes each row once whatever it gathered. The searches are
 * written before the clicks, so a click on a search of the same batch finds its row.
 */
export function mergeWrites(searches: readonly SearchWrite[], clicks: readonly ClickWrite[]): AnalyticsBatch {
  const queries = new Map<string, QueryDelta>();
  const pages = new Map<string, PageDelta>();
  const clicked = new Map<string, ClickDelta>();
  // JSON of the pair: a key no day or text can make ambiguous.
  const key = (a: string, b: string) => JSON.stringify([a, b]);
  const page = (day: string, url: string) => {
    const k = key(day, url);
    const row = pages.get(k) ?? { day, page: url, shown: 0, clicks: 0 };
    pages.set(k, row);
    return row;
  };
  let keepSince = '';
  for (const w of searches) {
    const k = key(w.day, w.query);
    const row = queries.get(k) ?? { day: w.day, query: w.query, lang: w.lang, searches: 0, answers: 0, uncertain: 0, fallbacks: 0, zeroResults: 0, agent: 0 };
    row.lang = w.lang;
    row.searches += 1;
    row.answers += w.answer;
    row.uncertain += w.uncertain;
    row.fallbacks += w.fallback;
    row.zeroResults += w.zero;
    row.agent += w.agent;
    queries.set(k, row);
    for (const url of w.shownPages) page(w.day, url).shown += 1;
    if (w.keepSince > keepSince) keepSince = w.keepSince;
  }
  for (const c of clicks) {
    const k = key(c.day, c.query);
    const row = clicked.get(k) ?? { day: c.day, query: c.query, clicks: 0, rankSum: 0 };
    row.clicks += 1;
    row.rankSum += c.rank;
    clicked.set(k, row);
    page(c.day, c.page).clicks += 1;
  }
  return { queries: [...queries.values()], pages: [...pages.values()], clicks: [...clicked.values()], keepSince };
}

/** The response header /search answers with when analytics are on: the widget sends beacons only then. */
export const ANALYTICS_HEADER = 'X-Recall-Box-Analytics';

/** A period of the owners' page: from and to, UTC days inclusive. */
export interface Period {
  from: string;
  to: string;
}

export const PERIOD_DEFAULTS = Object.freeze({
  /** Days shown when no period is given. Default 30. */
  days: 30,
  /** Longest period one report reads. Default 366: a year, day by day, in one chart. */
  maxDays: 366,
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `from`/`to` (YYYY-MM-DD) of the report's query string; absent → the last PERIOD_DEFAULTS.days days to `today`. BAD_PERIOD otherwise. */
export function parsePeriod(from: string | undefined, to: string | undefined, today: string, defaults = PERIOD_DEFAULTS): Period {
  const end = to || today;
  const start = from || daysBefore(end, defaults.days - 1);
  for (const d of [start, end]) {
    if (!DAY.test(d) || Number.isNaN(Date.parse(`${d}T00:00:00Z`)) || gapDay(`${d}T00:00:00Z`) !== d) throw new RecallBoxError('BAD_PERIOD', 'from and to must be days (YYYY-MM-DD).');
  }
  if (start > end) throw new RecallBoxError('BAD_PERIOD', 'from must not be after to.');
  if (daysBefore(end, defaults.maxDays - 1) > start) throw new RecallBoxError('BAD_PERIOD', `a period is at most ${defaults.maxDays} days.`);
  return { from: start, to: end };
}
