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
});

export const ANALYTICS_RANGES = Object.freeze({
  /** 1..500,000 rows: ~100 MB of D1 at the top, far inside a database's size limit. */
  maxRows: Object.freeze({ min: 1, max: 500_000 }),
  maxAgeDays: Object.freeze({ min: 1, max: 3_650 }),
});

export interface AnalyticsPolicy {
  maxRows: number;
  maxPageRows: number;
  maxAgeDays: number;
  redact: boolean;
  shownResults: number;
}

export interface AnalyticsVars {
  ANALYTICS_MAX_ROWS?: string;
  ANALYTICS_MAX_AGE_DAYS?: string;
  GAPS_REDACT?: string;
}

/** ANALYTICS_MAX_ROWS (both tables), ANALYTICS_MAX_AGE_DAYS, GAPS_REDACT; what cannot be used is named in `warnings`. */
export function readAnalyticsPolicy(vars: AnalyticsVars, warnings: string[], defaults: AnalyticsPolicy = ANALYTICS_DEFAULTS): AnalyticsPolicy {
  const maxRows = wholeNumberVar('ANALYTICS_MAX_ROWS', vars.ANALYTICS_MAX_ROWS, ANALYTICS_RANGES.maxRows, defaults.maxRows, warnings);
  return {
    maxRows,
    maxPageRows: vars.ANALYTICS_MAX_ROWS?.trim() ? maxRows : defaults.maxPageRows,
    maxAgeDays: wholeNumberVar('ANALYTICS_MAX_AGE_DAYS', vars.ANALYTICS_MAX_AGE_DAYS, ANALYTICS_RANGES.maxAgeDays, defaults.maxAgeDays, warnings),
    redact: onOffVar('GAPS_REDACT', vars.GAPS_REDACT, defaults.redact, warnings),
    shownResults: defaults.shownResults,
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
