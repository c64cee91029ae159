/**
 * The content-gap report's runtime side: unanswered queries counted in a D1 database (GAPS_DB,
 * schema in migrations/) and listed by GET /admin/gaps to a holder of the ADMIN_TOKEN secret. What
 * a gap is, what of it is stored, and the list's limits are pure (src/protocol/gaps.ts).
 */
import type { Context, Hono } from 'hono';
import { RecallBoxError } from '../core/index.ts';
import { GAPS_DEFAULTS, gapWrite, parseGapsLimit, readGapPolicy, type Gap, type GapPolicy, type GapRow, type GapVars } from '../protocol/gaps.ts';
import { errorResponse } from '../protocol/errors.ts';
import { bearerOf, tokenMatches } from '../admin/auth.ts';

/** The D1 binding, as much of it as the report uses. */
export interface D1Like {
  prepare(query: string): D1StatementLike;
  /** Runs the statements in order as one transaction: all of them or none. */
  batch(statements: D1StatementLike[]): Promise<unknown[]>;
}
export interface D1StatementLike {
  bind(...values: unknown[]): D1StatementLike;
  run(): Promise<unknown>;
  all<T = Record<string, unknown>>(): Promise<{ results: T[] }>;
}

/** Where gaps are counted. */
export interface GapStore {
  /** Count one occurrence of `gap` at `at` (ISO 8601; only its UTC day is kept). */
  record(gap: Gap, at: string): Promise<void>;
  /** The `limit` most frequent gaps, most frequent (then most recent) first. */
  top(limit: number): Promise<GapRow[]>;
}

// One occurrence is one D1 batch, a transaction, so the table is never seen over its cap, and
// concurrent Workers never lose a count (D1 runs one writer at a time):
//   1. the upsert: a new row, or one more on the query's row;
//   2. rows last seen before the age cap's day are dropped (an index range on last_seen: it reads
//      only the rows it drops);
//   3. while the table is over its row cap, the least useful rows are dropped: the fewest
//      occurrences, then the longest unseen, then the earliest recorded (the lowest rowid). A flood
//      of distinct queries is a flood of rows seen once today: it can push out other rows seen once,
//      never a query asked twice, and a new query still gets in and has its chance to be asked again.
// The row count comes from gaps_size, kept by triggers (migrations/0002_gaps_bounds.sql), not from
// count(*), which reads every row: with the indexes of 0002, one occurrence reads a handful of rows
// whatever the table's size (test/worker/gaps-bounds.test.ts measures it).
// agent_count (migrations/0003_gaps_agents.sql): how many of the occurrences an agent asked.
const RECORD_SQL = `INSERT INTO gaps (query, lang, count, agent_count, first_seen, last_seen) VALUES (?1, ?2, 1, ?4, ?3, ?3)
ON CONFLICT (query) DO UPDATE SET count = count + 1, agent_count = agent_count + excluded.agent_count, lang = excluded.lang, last_seen = excluded.last_seen`;
const PRUNE_OLD_SQL = `DELETE FROM gaps WHERE last_seen < ?1`;
// max(0, …): a negative LIMIT means none in SQLite. coalesce: were the gaps_size row ever missing,
// the cap would still hold, by counting (slowly) instead.
const PRUNE_EXCESS_SQL = `DELETE FROM gaps WHERE rowid IN (
  SELECT rowid FROM gaps ORDER BY count, last_seen, rowid
  LIMIT max(0, coalesce((SELECT rows FROM gaps_size WHERE id = 1), (SELECT count(*) FROM gaps)) - ?1))`;
const TOP_SQL = `SELECT query, lang, count, agent_count AS agentCount, first_seen AS firstSeen, last_seen AS lastSeen FROM gaps
ORDER BY count DESC, last_seen DESC LIMIT ?1`;

/** The gap store on a D1 database with migrations/ applied, keeping what `policy` says (default GAPS_DEFAULTS). */
export function d1GapStore(db: D1Like, policy: GapPolicy = GAPS_DEFAULTS): GapStore {
  return {
    async record(gap, at) {
      const write = gapWrite(gap, at, policy);
      await db.batch([
        db.prepare(RECORD_SQL).bind(write.query, write.lang, write.day, write.agent),
        db.prepare(PRUNE_OLD_SQL).bind(write.keepSince),
        db.prepare(PRUNE_EXCESS_SQL).bind(policy.maxRows),
      ]);
    },
    async top(limit) {
      const { results } = await db.prepare(TOP_SQL).bind(limit).all<GapRow>();
      return results.map((r) => ({ query: r.query, lang: r.lang, count: Number(r.count), agentCount: Number(r.agentCount), firstSeen: r.firstSeen, lastSeen: r.lastSeen }));
    },
  };
}

/** The bindings and vars the gap report is configured by (the Worker's Env has them all). */
export interface GapBindings extends GapVars {
  GAPS_DB?: D1Like;
  RATE_LIMITER?: unknown;
}

/** Why /health and the log name a report without a rate limiter. */
export const GAPS_WITHOUT_RATE_LIMITER =
  'GAPS is on but the Worker has no RATE_LIMITER binding: any one client can fill the gap table (up to GAPS_MAX_ROWS rows) with queries of its own. Bind a rate limiter ([[ratelimits]] in wrangler.toml; docs/deploying.md#rate-limiting).';

/**
 * The gap store of a Worker with GAPS `on` and these bindings, or null when the report is off.
 * What is wrong with the setup goes to `warnings` (the configuration's warnings, which the Worker
 * logs and shows the admin token's holder): GAPS on without a database, settings it cannot use,
 * and a report without a rate limiter.
 */
export function gapStoreFor(on: boolean, env: GapBindings, warnings: string[]): GapStore | null {
  if (!on) return null;
  if (!env.GAPS_DB) {
    warnings.push('GAPS is on but the Worker has no GAPS_DB binding (d1_databases in wrangler.toml); no gaps are counted.');
    return null;
  }
  const policy = readGapPolicy(env, warnings);
  if (!env.RATE_LIMITER) {
    warnings.push(GAPS_WITHOUT_RATE_LIMITER);
  }
  return d1GapStore(env.GAPS_DB, policy);
}

/**
 * Whether an `Authorization: Bearer <token>` header carries `expected`, in constant time: both are
 * hashed first, so the comparison runs over 32 bytes whatever was sent, and neither the token's
 * length nor a matching prefix shows in the timing. No expected token (the secret is unset) matches
 * nothing.
 */
export async function bearerMatches(header: string | undefined, expected: string | undefined): Promise<boolean> {
  return tokenMatches(bearerOf(header) ?? '', expected);
}

export interface AdminDeps {
  /** The ADMIN_TOKEN secret; unset → every admin request is refused. */
  adminToken?: string;
  /** The gap store; null when the report is off (GAPS not "on", or no GAPS_DB binding). */
  gaps: GapStore | null;
}

/**
 * The one 401, whatever was wrong (no header, another scheme, a wrong token, no token configured):
 * a caller learns nothing about which.
 */
export function unauthorized(c: Context) {
  const { status, body } = errorResponse('UNAUTHORIZED', 'this route needs a valid admin token (Authorization: Bearer …).');
  return c.json(body, status as 401, {
    'WWW-Authenticate': 'Bearer',
    'Cache-Control': 'no-store',
  });
}

/** GET /admin/gaps?limit=: the most frequent unanswered queries, to a holder of the admin token. */
export function registerAdminRoutes(app: Hono, deps: AdminDeps): void {
  app.get('/admin/gaps', async (c) => {
    // Authentication first: nothing about the report (on or off, a bad limit) is told to a stranger.
    if (!(await bearerMatches(c.req.header('authorization'), deps.adminToken))) return unauthorized(c);
    if (!deps.gaps) throw new RecallBoxError('GAPS_DISABLED', 'the content-gap report is off: set GAPS = "on" and bind a D1 database as GAPS_DB.');
    const limit = parseGapsLimit(c.req.query('limit'));
    let gaps: GapRow[];
    try {
      gaps = await deps.gaps.top(limit);
    } catch (e) {
      console.error(`recall-box: reading the gap report failed: ${e instanceof Error ? e.message : String(e)}`);
      throw new RecallBoxError('GAPS_UNAVAILABLE', 'the content-gap report could not be read; try again later.');
    }
    return c.json({ gaps, limit }, 200, { 'Cache-Control': 'no-store' });
  });
}
