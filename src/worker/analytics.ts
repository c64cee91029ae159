/**
 * Search analytics' store on D1 (GAPS_DB, migrations/0004_analytics.sql): a search and a click each
 * one batch (one transaction), written after the answer (ctx.waitUntil); the owners' page reads it
 * (src/admin/). What is counted and kept is src/protocol/analytics.ts.
 */
import type { AnalyticsReader, QueryRow, ReportRows } from '../admin/report-store.ts';
import { ANALYTICS_DEFAULTS, clickWrite, readAnalyticsPolicy, searchWrite, type AnalyticsPolicy, type AnalyticsVars, type ClickEvent, type SearchEvent } from '../protocol/analytics.ts';
import type { D1Like, D1StatementLike } from './gaps.ts';

export interface AnalyticsStore extends AnalyticsReader {
  /** Count one search at `at` (ISO 8601; only its UTC day is kept). */
  recordSearch(event: SearchEvent, at: string): Promise<void>;
  /** Count one click on `page` (a page of the pack) at `at`. */
  recordClick(click: ClickEvent, page: string, at: string): Promise<void>;
}

// A search is one batch, as a gap is (src/worker/gaps.ts): the query's day row upserted; the pages
// it showed upserted in one statement; rows older than the age cap dropped (a range of the primary
// key, which starts with the day); each table cut to its cap, the least searched (shown) and oldest
// first — a flood of made-up queries is a flood of rows searched once today: it pushes out rows
// searched once, never a query asked twice. Row counts come from analytics_size (triggers).
const RECORD_SEARCH_SQL = `INSERT INTO analytics_queries (day, query, lang, searches, answers, uncertain, fallbacks, zero_results, agent)
VALUES (?1, ?2, ?3, 1, ?4, ?5, ?6, ?7, ?8)
ON CONFLICT (day, query) DO UPDATE SET lang = excluded.lang, searches = searches + 1, answers = answers + excluded.answers,
uncertain = uncertain + excluded.uncertain, fallbacks = fallbacks + excluded.fallbacks, zero_results = zero_results + excluded.zero_results, agent = agent + excluded.agent`;
const shownSql = (n: number) =>
  `INSERT INTO analytics_pages (day, page, shown) VALUES ${Array.from({ length: n }, (_, i) => `(?1, ?${i + 2}, 1)`).join(', ')}
ON CONFLICT (day, page) DO UPDATE SET shown = shown + 1`;
const PRUNE_OLD_QUERIES_SQL = `DELETE FROM analytics_queries WHERE day < ?1`;
const PRUNE_OLD_PAGES_SQL = `DELETE FROM analytics_pages WHERE day < ?1`;
const pruneExcessSql = (table: string, order: string, name: string) => `DELETE FROM ${table} WHERE rowid IN (
  SELECT rowid FROM ${table} ORDER BY ${order}, rowid
  LIMIT max(0, coalesce((SELECT rows FROM analytics_size WHERE name = '${name}'), (SELECT count(*) FROM ${table})) - ?1))`;
const PRUNE_EXCESS_QUERIES_SQL = pruneExcessSql('analytics_queries', 'searches, day', 'queries');
const PRUNE_EXCESS_PAGES_SQL = pruneExcessSql('analytics_pages', 'shown, day', 'pages');
// A click adds to its query's row of the day, if there is one: a beacon cannot make up a query row.
const CLICK_QUERY_SQL = `UPDATE analytics_queries SET clicks = clicks + 1, click_rank_sum = click_rank_sum + ?3 WHERE day = ?1 AND query = ?2`;
const CLICK_PAGE_SQL = `INSERT INTO analytics_pages (day, page, clicks) VALUES (?1, ?2, 1) ON CONFLICT (day, page) DO UPDATE SET clicks = clicks + 1`;

const DAYS_SQL = `SELECT day, sum(searches) AS searches, sum(answers) AS answers, sum(uncertain) AS uncertain, sum(fallbacks) AS fallbacks,
sum(zero_results) AS zeroResults, sum(agent) AS agent, sum(clicks) AS clicks
FROM analytics_queries WHERE day BETWEEN ?1 AND ?2 GROUP BY day ORDER BY day`;
const QUERY_COLUMNS = `query, max(lang) AS lang, sum(searches) AS searches, sum(answers) AS answers, sum(uncertain) AS uncertain, sum(fallbacks) AS fallbacks,
sum(zero_results) AS zeroResults, sum(agent) AS agent, sum(clicks) AS clicks, sum(click_rank_sum) AS clickRankSum`;
const TOP_QUERIES_SQL = `SELECT ${QUERY_COLUMNS} FROM analytics_queries WHERE day BETWEEN ?1 AND ?2 GROUP BY query ORDER BY searches DESC, query LIMIT ?3`;
const GAP_QUERIES_SQL = `SELECT ${QUERY_COLUMNS} FROM analytics_queries WHERE day BETWEEN ?1 AND ?2 AND (uncertain + fallbacks) > 0
GROUP BY query ORDER BY (sum(uncertain) + sum(fallbacks)) DESC, query LIMIT ?3`;
const PAGES_SQL = `SELECT page, sum(shown) AS shown, sum(clicks) AS clicks FROM analytics_pages WHERE day BETWEEN ?1 AND ?2 GROUP BY page ORDER BY clicks DESC, shown DESC`;

const numbers = <T extends object>(row: T): T =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'string' || v === null ? (v ?? '') : Number(v)])) as T;

/** The analytics store on a D1 database with migrations/ applied, keeping what `policy` says. */
export function d1AnalyticsStore(db: D1Like, policy: AnalyticsPolicy = ANALYTICS_DEFAULTS): AnalyticsStore {
  const all = async <T extends object>(sql: string, ...values: unknown[]) => (await db.prepare(sql).bind(...values).all<T>()).results.map(numbers);
  return {
    async recordSearch(event, at) {
      const w = searchWrite(event, at, policy);
      const statements: D1StatementLike[] = [db.prepare(RECORD_SEARCH_SQL).bind(w.day, w.query, w.lang, w.answer, w.uncertain, w.fallback, w.zero, w.agent)];
      if (w.shownPages.length > 0) statements.push(db.prepare(shownSql(w.shownPages.length)).bind(w.day, ...w.shownPages));
      statements.push(
        db.prepare(PRUNE_OLD_QUERIES_SQL).bind(w.keepSince),
        db.prepare(PRUNE_OLD_PAGES_SQL).bind(w.keepSince),
        db.prepare(PRUNE_EXCESS_QUERIES_SQL).bind(policy.maxRows),
        db.prepare(PRUNE_EXCESS_PAGES_SQL).bind(policy.maxPageRows),
      );
      await db.batch(statements);
    },
    async recordClick(click, page, at) {
      const w = clickWrite(click, page, at, policy);
      await db.batch([
        db.prepare(CLICK_QUERY_SQL).bind(w.day, w.query, w.rank),
        db.prepare(CLICK_PAGE_SQL).bind(w.day, w.page),
        db.prepare(PRUNE_EXCESS_PAGES_SQL).bind(policy.maxPageRows),
      ]);
    },
    async report(p, topLimit, gapLimit) {
      const results = (await db.batch([
        db.prepare(DAYS_SQL).bind(p.from, p.to),
        db.prepare(TOP_QUERIES_SQL).bind(p.from, p.to, topLimit),
        db.prepare(GAP_QUERIES_SQL).bind(p.from, p.to, gapLimit),
        db.prepare(PAGES_SQL).bind(p.from, p.to),
      ])) as Array<{ results: object[] }>;
      const [days, topQueries, gapQueries, pages] = results.map((r) => r.results.map(numbers));
      return { days, topQueries, gapQueries, pages } as ReportRows;
    },
    topQueries: (p, limit) => all<QueryRow>(TOP_QUERIES_SQL, p.from, p.to, limit),
  };
}

/** Why the log and /health name analytics without a rate limiter. */
export const ANALYTICS_WITHOUT_RATE_LIMITER =
  'ANALYTICS is on but the Worker has no RATE_LIMITER binding: any one client can flood /events and the analytics tables (up to ANALYTICS_MAX_ROWS rows). Bind a rate limiter ([[ratelimits]] in wrangler.toml; docs/deploying.md#rate-limiting).';

/** The store of a Worker with ANALYTICS `on` and these bindings (the gap report's database), or null when off; setup problems go to `warnings`. */
export function analyticsStoreFor(on: boolean, env: AnalyticsVars & { GAPS_DB?: D1Like; RATE_LIMITER?: unknown }, warnings: string[]): AnalyticsStore | null {
  if (!on) return null;
  if (!env.GAPS_DB) {
    warnings.push('ANALYTICS is on but the Worker has no GAPS_DB binding (d1_databases in wrangler.toml); nothing is counted.');
    return null;
  }
  const policy = readAnalyticsPolicy(env, warnings);
  if (!env.RATE_LIMITER) warnings.push(ANALYTICS_WITHOUT_RATE_LIMITER);
  return d1AnalyticsStore(env.GAPS_DB, policy);
}
