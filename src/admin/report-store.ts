/**
 * What the owners' page reads from the analytics store, over a period: the rows the store returns
 * (src/worker/analytics.ts implements it on D1, src/server/memory-analytics.ts in memory), and the
 * zero counts both start sums from. Nothing of a storage, so the page's server side depends on none.
 */
import type { Period } from '../protocol/analytics.ts';

/** Searches and what became of them: a day's, or a query's over the period. */
export interface SearchCounts {
  searches: number;
  answers: number;
  uncertain: number;
  fallbacks: number;
  zeroResults: number;
  /** Of the searches, those an agent made (the MCP server's search_docs). */
  agent: number;
  clicks: number;
}

/** The counts of SearchCounts, in one order: what a sum over rows adds up. */
export const SEARCH_COUNT_KEYS = Object.freeze(['searches', 'answers', 'uncertain', 'fallbacks', 'zeroResults', 'agent', 'clicks'] as const);

/** No searches: where a sum of counts starts (a new object each call, to add into). */
export const noSearches = (): SearchCounts => ({ searches: 0, answers: 0, uncertain: 0, fallbacks: 0, zeroResults: 0, agent: 0, clicks: 0 });

/** One day's searches, all queries together. */
export interface DayRow extends SearchCounts {
  day: string;
}

/** One query over the period. */
export interface QueryRow extends SearchCounts {
  query: string;
  lang: string;
  /** Sum of the clicked ranks: clickRankSum / clicks is the mean clicked rank. */
  clickRankSum: number;
}

/** One page over the period. */
export interface PageRow {
  page: string;
  shown: number;
  clicks: number;
}

/** What one report reads, in one round trip to the store. */
export interface ReportRows {
  /** The days with searches, oldest first. */
  days: DayRow[];
  /** The most searched queries. */
  topQueries: QueryRow[];
  /** The queries most often not answered (uncertain or fallback), most first. */
  gapQueries: QueryRow[];
  /** Every page shown or clicked in the period, most clicked first. */
  pages: PageRow[];
}

export interface AnalyticsReader {
  /** days, topQueries(topLimit), gapQueries(gapLimit) and pages at once (one D1 batch: one round trip, one snapshot). */
  report(period: Period, topLimit: number, gapLimit: number): Promise<ReportRows>;
  /** The `limit` most searched queries (the CSV export). */
  topQueries(period: Period, limit: number): Promise<QueryRow[]>;
}
