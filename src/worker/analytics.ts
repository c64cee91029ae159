/**
 * Search analytics' store on D1 (GAPS_DB, migrations/0004_analytics.sql): searches and clicks
 * gathered for ANALYTICS_FLUSH_MS (gather-writes.ts), then written as one batch (one transaction),
 * after the answers (ctx.waitUntil); the owners' page reads it (src/admin/). What is counted and
 * kept is src/protocol/analytics.ts.
 */
import type { AnalyticsReader, QueryRow, ReportRows } from '../admin/report-store.ts';
import {
  ANALYTICS_DEFAULTS,
  clickWrite,
  mergeWrites,
  readAnalyticsPolicy,
  searchWrite,
  type AnalyticsBatch,
  type AnalyticsPolicy,
  type AnalyticsVars,
  type ClickEvent,
  type ClickWrite,
  type SearchEvent,
  type SearchWrite,
} from '../protocol/analytics.ts';
import { gatherWrites } from './gather-writes.ts';
import type { D1Like, D1StatementLike } from './gaps.ts';

export interface AnalyticsStore extends AnalyticsReader {
  /** Count one search at `at` (ISO 8601; only its UTC day is kept); settles when it is written. */
  recordSearch(event: SearchEvent, at: string): Promise<void>;
  /** Count one click on `page` (a page of the pack) at `at`; settles when it is written. */
  recordClick(click: ClickEvent, page: string, at: string): Promise<void>;
}

// A batch is one D1 batch, as a gap is (src/worker/gaps.ts), whatever it gathered: the rows passed
// as one JSON value each (json_each), since a D1 statement binds at most 100 values. The queries'
// day rows upserted; the pages' rows (shown, clicked) upserted; the clicks added to their queries'
// rows where they exist (a beacon cannot make up a query row); rows older than the age cap dropped
// (a range of the primary key, which starts with the day); each table cut to its cap, the least
// searched (shown) and oldest first — a flood of made-up queries is a flood of rows searched once
// today: it pushes out rows searched once, never a query asked twice. Row counts come from
// analytics_size (triggers). `WHERE true` keeps SQLite from reading ON CONFLICT as a join's ON.
const field = (name: string) => `json_extract(j.value, '$.${name}')`;
const UPSERT_QUERIES_SQL = `INSERT INTO analytics_queries (day, query, lang, searches, answers, uncertain, fallbacks, zero_results, agent)
SELECT ${['day', 'query', 'lang', 'searches', 'answers', 'uncertain', 'fallbacks', 'zeroResults', 'agent'].map(field).join(', ')} FROM json_each(?1) AS j WHERE true
ON CONFLICT (day, query) DO UPDATE SET lang = excluded.lang, searches = searches + excluded.searches, answers = answers + excluded.answers,
uncertain = uncertain + excluded.uncertain, fallbacks = fallbacks + excluded.fallbacks, zero_results = zero_results + excluded.zero_results, agent = agent + excluded.agent`;
const UPSERT_PAGES_SQL = `INSERT INTO analytics_pages (day, page, shown, clicks)
SELECT ${['day', 'page', 'shown', 'clicks'].map(field).join(', ')} FROM json_each(?1) AS j WHERE true
ON CONFLICT (day, page) DO UPDATE SET shown = shown + excluded.shown, clicks = clicks + excluded.clicks`;
const ADD_CLICKS_SQL = `UPDATE analytics_queries SET clicks = analytics_queries.clicks + c.n, click_rank_sum = analytics_queries.click_rank_sum + c.rank_sum
FROM (SELECT ${field('day')} AS d, ${field('query')} AS q, ${field('clicks')} AS n, ${field('rankSum')} AS rank_sum FROM json_each(?1) AS j) AS c
WHERE analytics_queries.day = c.d AND analytics_queries.query = c.q`;
const PRUNE_OLD_QUERIES_SQL = `DELETE FROM analytics_queries WHERE day < ?1`;
const PRUNE_OLD_PAGES_SQL = `DELETE FROM analytics_pages WHERE day < ?1`;
const pruneExcessSql = (table: string, order: string, name: string) => `DELETE FROM ${table} WHERE rowid IN (
  SELECT rowid FROM ${table} ORDER BY ${order}, rowid
  LIMIT max(0, coalesce((SELECT rows FROM analytics_size WHERE name = '${name}'), (SELECT count(*) FROM ${table})) - ?1))`;
const PRUNE_EXCESS_QUERIES_SQL = pruneExcessSql('analytics_queries', 'searches, day', 'queries');
const PRUNE_EXCESS_PAGES_SQL = pruneExcessSql('analytics_pages', 'shown, day', 'pages');

/** A batch's statements, in the order they must run. */
function batchStatements(db: D1Like, batch: AnalyticsBatch, policy: AnalyticsPolicy): D1StatementLike[] {
  const statements: D1StatementLike[] = [];
  if (batch.queries.length > 0) statements.push(db.prepare(UPSERT_QUERIES_SQL).bind(JSON.stringify(batch.queries)));
  if (batch.pages.length > 0) statements.push(db.prepare(UPSERT_PAGES_SQL).bind(JSON.stringify(batch.pages)));
  if (batch.clicks.length > 0) statements.push(db.prepare(ADD_CLICKS_SQL).bind(JSON.stringify(batch.clicks)));
  if (batch.keepSince) statements.push(db.prepare(PRUNE_OLD_QUERIES_SQL).bind(batch.keepSince), db.prepare(PRUNE_OLD_PAGES_SQL).bind(batch.keepSince));
  if (batch.queries.length > 0) statements.push(db.prepare(PRUNE_EXCESS_QUERIES_SQL).bind(policy.maxRows));
  statements.push(db.prepare(PRUNE_EXCESS_PAGES_SQL).bind(policy.maxPageRows));
  return statements;
}

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
  type Write = { search: SearchWrite } | { click: ClickWrite };
  const writes = gatherWrites<Write>(
    async (items) => {
      const batch = mergeWrites(
        items.flatMap((w) => ('search' in w ? [w.search] : [])),
        items.flatMap((w) => ('click' in w ? [w.click] : [])),
      );
      await db.batch(batchStatements(db, batch, policy));
    },
    { windowMs: policy.flushMs, max: policy.maxBuffered },
  );
  return {
    recordSearch: (event, at) => writes.add({ search: searchWrite(event, at, policy) }),
    recordClick: (click, page, at) => writes.add({ click: clickWrite(click, page, at, policy) }),
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
