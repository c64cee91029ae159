/**
 * Search analytics kept in the process's memory: the store `recall-box serve` uses with ANALYTICS
 * on, where there is no D1. The same rows, caps and reads as the D1 store (src/worker/analytics.ts;
 * test/support/analytics-store-suite.ts runs one suite against both), lost when the process stops.
 * Writes are gathered and merged as the Worker's are (mergeWrites), so a batch's rows and the
 * order rows are dropped in are the same.
 */
import type { DayRow, PageRow, QueryRow, ReportRows } from '../admin/report-store.ts';
import { ANALYTICS_DEFAULTS, clickWrite, mergeWrites, searchWrite, type AnalyticsBatch, type AnalyticsPolicy, type Period } from '../protocol/analytics.ts';
import type { AnalyticsStore } from '../worker/analytics.ts';

interface QueryRecord {
  day: string;
  query: string;
  lang: string;
  searches: number;
  answers: number;
  uncertain: number;
  fallbacks: number;
  zeroResults: number;
  agent: number;
  clicks: number;
  clickRankSum: number;
}

interface PageRecord {
  day: string;
  page: string;
  shown: number;
  clicks: number;
}

const key = (day: string, text: string) => JSON.stringify([day, text]);
const inPeriod = (p: Period) => (row: { day: string }) => row.day >= p.from && row.day <= p.to;
const COUNTS = ['searches', 'answers', 'uncertain', 'fallbacks', 'zeroResults', 'agent', 'clicks'] as const;

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
    const q = out.get(r.query) ?? { query: r.query, lang: '', searches: 0, answers: 0, uncertain: 0, fallbacks: 0, zeroResults: 0, agent: 0, clicks: 0, clickRankSum: 0 };
    // max(lang), as the D1 store reads it.
    if (r.lang > q.lang) q.lang = r.lang;
    for (const c of COUNTS) q[c] += r[c];
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
      const row = queries.get(k) ?? { day: d.day, query: d.query, lang: d.lang, searches: 0, answers: 0, uncertain: 0, fallbacks: 0, zeroResults: 0, agent: 0, clicks: 0, clickRankSum: 0 };
      row.lang = d.lang;
      row.searches += d.searches;
      row.answers += d.answers;
      row.uncertain += d.uncertain;
      row.fallbacks += d.fallbacks;
      row.zeroResults += d.zero;
      row.agent += d.agent;
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

  // Applied at once: there is no round trip to save, and a reader of the page sees every search.
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
        const d = days.get(r.day) ?? { day: r.day, searches: 0, answers: 0, uncertain: 0, fallbacks: 0, zeroResults: 0, agent: 0, clicks: 0 };
        for (const c of COUNTS) d[c] += r[c];
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
