/**
 * The content-gap report's runtime side: unanswered queries counted in a D1 database (GAPS_DB,
 * schema in migrations/0001_gaps.sql) and listed by GET /admin/gaps to a holder of the ADMIN_TOKEN
 * secret. What a gap is, and the list's limits, are pure (src/protocol/gaps.ts).
 */
import type { Context, Hono } from 'hono';
import { RecallBoxError } from '../core/index.ts';
import { parseGapsLimit, type Gap, type GapRow } from '../protocol/gaps.ts';
import { errorResponse } from '../protocol/errors.ts';

/** The D1 binding, as much of it as the report uses. */
export interface D1Like {
  prepare(query: string): D1StatementLike;
}
export interface D1StatementLike {
  bind(...values: unknown[]): D1StatementLike;
  run(): Promise<unknown>;
  all<T = Record<string, unknown>>(): Promise<{ results: T[] }>;
}

/** Where gaps are counted. */
export interface GapStore {
  /** Count one occurrence of `gap` at `at` (ISO 8601). */
  record(gap: Gap, at: string): Promise<void>;
  /** The `limit` most frequent gaps, most frequent (then most recent) first. */
  top(limit: number): Promise<GapRow[]>;
}

// One statement per occurrence: an upsert, atomic in D1, so concurrent Workers never lose a count.
const RECORD_SQL = `INSERT INTO gaps (query, lang, count, first_seen, last_seen) VALUES (?1, ?2, 1, ?3, ?3)
ON CONFLICT (query) DO UPDATE SET count = count + 1, lang = excluded.lang, last_seen = excluded.last_seen`;
const TOP_SQL = `SELECT query, lang, count, first_seen AS firstSeen, last_seen AS lastSeen FROM gaps
ORDER BY count DESC, last_seen DESC LIMIT ?1`;

export function d1GapStore(db: D1Like): GapStore {
  return {
    async record(gap, at) {
      await db.prepare(RECORD_SQL).bind(gap.query, gap.lang, at).run();
    },
    async top(limit) {
      const { results } = await db.prepare(TOP_SQL).bind(limit).all<GapRow>();
      return results.map((r) => ({ query: r.query, lang: r.lang, count: Number(r.count), firstSeen: r.firstSeen, lastSeen: r.lastSeen }));
    },
  };
}

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/**
 * Whether an `Authorization: Bearer <token>` header carries `expected`, in constant time: both are
 * hashed first, so the comparison runs over 32 bytes whatever was sent, and neither the token's
 * length nor a matching prefix shows in the timing. No expected token (the secret is unset) matches
 * nothing.
 */
export async function bearerMatches(header: string | undefined, expected: string | undefined): Promise<boolean> {
  const presented = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1] ?? '';
  const [a, b] = await Promise.all([sha256(presented), sha256(expected ?? '')]);
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0 && presented !== '' && (expected ?? '') !== '';
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
function unauthorized(c: Context) {
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
