/**
 * Search analytics kept in the process's memory: the store `recall-box serve` uses with ANALYTICS
 * on, where there is no D1. The same rows, caps and reads as the D1 store (src/worker/analytics.ts;
 * test/support/analytics-store-suite.ts runs one suite against both), lost when the process stops.
 * Each search or click is merged by the Worker's own rules (mergeWrites) and applied at once: there
 * is no round trip to save by gathering them.
 */
import { SEARCH_COUNT_KEYS, noSearches, type DayRow, type PageRow, type QueryRow, type ReportRows } from '../admin/report-store.ts';
import { ANALYTICS_DEFAULTS, clickWrite, mergeWrites, searchWrite, type AnalyticsBatch, type AnalyticsPolicy, type PageDelta, type Period } from '../protocol/analytics.ts';
import type { AnalyticsStore } from '../worker/analytics.ts';

/** A row of the query table: a query's counts on one day, as analytics_queries holds them. */
type QueryRecord = QueryRow & { day: string };
/** A row of the page table (analytics_pages): a page's counts on one day. */
type PageRecord = PageDelta;

/** Of a query row's counts, those a batch's QueryDelta adds (clicks come with the batch's clicks). */
const DELTA_KEYS = SEARCH_COUNT_KEYS.filter((k) => k !== 'clicks') as ReadonlyArray<Exclude<(typeof SEARCH_COUNT_KEYS)[number], 'clicks'>>;

const key = (day: string, text: string) => JSON.stringify([day, text]);
const inPeriod = (p: Period) => (row: { day: string }) => row.day >= p.from && row.day <= p.to;

/**
 * Cuts `rows` to `cap`, dropping first the row `weight` ranks lowest, then the oldest day, then the
 * first inserted — the D1 store's ORDER BY weight, day, rowid (a Map keeps insertion order). One
 * scan per row dropped: a write adds at most a few rows past the cap, and sorting 50,000 rows on
 * every search of a flood would make each cost milliseconds.
 */
function cutTo<T extends { day: string }>(rows: Map<string, T>, cap: number, weight: (row: T) => number): void {
  while (rows.size > cap) {
    let victim: [string, T] | null = null;
    for (const entry of rows) {
      // Strictly lower only: among equals the first inserted stays the victim.
      if (!victim || weight(entry[1]) < weight(victim[1]) || (weight(entry[1]) === weight(victim[1]) && entry[1].day < victim[1].day)) victim = entry;
    }
    rows.delete(victim![0]);
  }
}

/** Each query's rows of the period summed, as the D1 store's GROUP BY query. */
function byQuery(rows: QueryRecord[]): QueryRow[] {
  const out = new Map<string, QueryRow>();
  for (const r of rows) {
    const q = out.get(r.query) ?? { query: r.query, lang: '', ...noSearches(), clickRankSum: 0 };
    // max(lang), as the D1 store reads it.
    if (r.lang > q.lang) q.lang = r.lang;
    for (const c of SEARCH_COUNT_KEYS) q[c] += r[c];
    q.clickRankSum += r.clickRankSum;
    out.set(r.query, q);
  }
  return [...out.values()];
}

const byQueryText = (a: QueryRow, b: QueryRow) => (a.query < b.query ? -1 : a.query > b.query ? 1 : 0);

/** The analytics store in memory, keeping what `policy` says. */
export function memoryAnalyticsStore(policy: AnalyticsPolicy = ANALYTICS_DEFAULTS): AnalyticsStore {
  const queries = new Map<string, QueryRecord>();
  const pages = new Map<string, PageRecord>();

  const apply = (batch: AnalyticsBatch) => {
    for (const d of batch.queries) {
      const k = key(d.day, d.query);
      const row = queries.get(k) ?? { day: d.day, query: d.query, lang: d.lang, ...noSearches(), clickRankSum: 0 };
      row.lang = d.lang;
      for (const c of DELTA_KEYS) row[c] += d[c];
      queries.set(k, row);
    }
    for (const d of batch.pages) {
      const k = key(d.day, d.page);
      const row = pages.get(k) ?? { day: d.day, page: d.page, shown: 0, clicks: 0 };
      row.shown += d.shown;
      row.clicks += d.clicks;
      pages.set(k, row);
    }
    // A click counts on its query's row only where the row exists: a beacon cannot make one up.
    for (const d of batch.clicks) {
      const row = queries.get(key(d.day, d.query));
      if (!row) continue;
      row.clicks += d.clicks;
      row.clickRankSum += d.rankSum;
    }
    if (batch.keepSince) {
      for (const table of [queries, pages] as Array<Map<string, { day: string }>>) {
        for (const [k, row] of table) if (row.day < batch.keepSince) table.delete(k);
      }
    }
    cutTo(queries, policy.maxRows, (r) => r.searches);
    cutTo(pages, policy.maxPageRows, (r) => r.shown);
  };

  const topQueries = (p: Period, limit: number) =>
    byQuery([...queries.values()].filter(inPeriod(p)))
      .sort((a, b) => b.searches - a.searches || byQueryText(a, b))
      .slice(0, limit);

  return {
    async recordSearch(event, at) {
      apply(mergeWrites([searchWrite(event, at, policy)], []));
    },
    async recordClick(click, page, at) {
      apply(mergeWrites([], [clickWrite(click, page, at, policy)]));
    },
    async report(p, topLimit, gapLimit): Promise<ReportRows> {
      const rows = [...queries.values()].filter(inPeriod(p));
      const days = new Map<string, DayRow>();
      for (const r of rows) {
        const d = days.get(r.day) ?? { day: r.day, ...noSearches() };
        for (const c of SEARCH_COUNT_KEYS) d[c] += r[c];
        days.set(r.day, d);
      }
      const gapQueries = byQuery(rows.filter((r) => r.uncertain + r.fallbacks > 0))
        .sort((a, b) => b.uncertain + b.fallbacks - (a.uncertain + a.fallbacks) || byQueryText(a, b))
        .slice(0, gapLimit);
      const pageRows = new Map<string, PageRow>();
      for (const r of [...pages.values()].filter(inPeriod(p))) {
        const row = pageRows.get(r.page) ?? { page: r.page, shown: 0, clicks: 0 };
        row.shown += r.shown;
        row.clicks += r.clicks;
        pageRows.set(r.page, row);
      }
      return {
        days: [...days.values()].sort((a, b) => (a.day < b.day ? -1 : 1)),
        topQueries: topQueries(p, topLimit),
        gapQueries,
        pages: [...pageRows.values()].sort((a, b) => b.clicks - a.clicks || b.shown - a.shown),
      };
    },
    topQueries: async (p, limit) => topQueries(p, limit),
  };
}
