/**
 * What the owners' page reads from the analytics store, over a period: the rows the store returns
 * (src/worker/analytics.ts implements it on D1). Types only, so the page's server side depends on
 * no storage.
 */
import type { Period } from '../protocol/analytics.ts';

/** One day's searches, all queries together. */
export interface DayRow {
  day: string;
  searches: number;
  answers: number;
  uncertain: number;
  fallbacks: number;
  zeroResults: number;
  agent: number;
  clicks: number;
}

/** One query over the period. */
export interface QueryRow {
  query: string;
  lang: string;
  searches: number;
  answers: number;
  uncertain: number;
  fallbacks: number;
  zeroResults: number;
  agent: number;
  clicks: number;
  /** Sum of the clicked ranks: clickRankSum / clicks is the mean clicked rank. */
  clickRankSum: number;
}

/** One page over the period. */
export interface PageRow {
  page: string;
  shown: number;
  clicks: number;
}

export interface AnalyticsReader {
  days(period: Period): Promise<DayRow[]>;
  /** The `limit` most searched queries. */
  topQueries(period: Period, limit: number): Promise<QueryRow[]>;
  /** The `limit` queries most often not answered (uncertain or fallback), most first. */
  gapQueries(period: Period, limit: number): Promise<QueryRow[]>;
  /** Every page shown or clicked in the period. */
  pages(period: Period): Promise<PageRow[]>;
}
