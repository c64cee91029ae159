/**
 * The owners' page (issue 53), served by the Worker (and by `recall-box serve`, the same app):
 * GET /admin (the page, or the login form), POST /admin/login and /admin/logout, the page's script
 * and style as files (its CSP allows no inline script), and its data: GET /admin/api/report and
 * /admin/api/queries.csv and gaps.csv. Everything but the static files needs the admin token: the bearer header
 * or the session cookie the login form sets (auth.ts).
 */
import type { Context, Hono } from 'hono';
import { RecallBoxError } from '../core/index.ts';
import { errorResponse } from '../protocol/errors.ts';
import { gapDay } from '../protocol/gaps.ts';
import { parsePeriod, type Period } from '../protocol/analytics.ts';
import { SESSION_DEFAULTS, bearerOf, cookieOf, sessionCookie, sessionValid, sessionValue, tokenMatches } from './auth.ts';
import { loginHtml, pageHtml, PAGE_CSP } from './page-html.ts';
import { ADMIN_CSS, ADMIN_JS } from './static-files.ts';
import type { AnalyticsReader } from './report-store.ts';
import { REPORT_DEFAULTS, fillDays, gapsCsv, groupGaps, issueLink, neverShown, queriesCsv, querySummary, totalsOf, writingHint, type AdminReport, type GapLookup } from './report.ts';

export interface AdminPageDeps {
  /** The ADMIN_TOKEN secret; unset → every request but the static files is refused. */
  adminToken?: string;
  /** The analytics store; null when ANALYTICS is off (the page says so). */
  analytics: AnalyticsReader | null;
  /** Where a gap's "new issue" link points (ISSUES_URL); null: no links. */
  issuesUrl: string | null;
  /** A gap's query searched on the default index now: its nearest section and the verdict's cause. */
  lookup: (query: string) => Promise<GapLookup>;
  /** Every page of the default index (URL without anchor), in pack order. */
  pages: () => Promise<string[]>;
  /** Clock (ms since the epoch); default Date.now. */
  now?: () => number;
}

/** Largest login form body read, in bytes: a token is a few dozen characters. */
const MAX_LOGIN_BYTES = 1_024;

/** At most `maxBytes` of a form body, as text: the rest is never read (a login body past it is no token of ours). */
async function formText(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < maxBytes) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  await reader.cancel().catch(() => undefined);
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return new TextDecoder().decode(bytes.subarray(0, maxBytes));
}

const NO_STORE = { 'Cache-Control': 'no-store' };

function unauthorizedJson(c: Context) {
  const { status, body } = errorResponse('UNAUTHORIZED', 'this route needs a valid admin token (Authorization: Bearer …, or the /admin login).');
  return c.json(body, status as 401, { 'WWW-Authenticate': 'Bearer', ...NO_STORE });
}

function html(c: Context, text: string, status: 200 | 401) {
  return c.body(text, status, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': PAGE_CSP, ...NO_STORE });
}

/**
 * How the isolate keeps gap lookups: a gap's nearest section changes only with the pack, and the
 * page is reloaded, its period changed, far more often than the docs are deployed. Kept 5 minutes
 * (a new pack shows within that), at most 500 queries (REPORT_DEFAULTS.gapQueries).
 */
export const LOOKUP_MEMO = Object.freeze({ ttlMs: 5 * 60_000, entries: 500 });

/** `lookup` remembered per query for LOOKUP_MEMO.ttlMs. */
function rememberedLookups(lookup: AdminPageDeps['lookup'], now: () => number): AdminPageDeps['lookup'] {
  // Insertion order is age order: the oldest entry goes first when the memo is full. Only settled
  // lookups are kept: a promise another request started may never settle in this one (a Worker's
  // I/O is bound to its request; see core codec/kept-loads.ts).
  const kept = new Map<string, { at: number; result: GapLookup }>();
  return async (query) => {
    const hit = kept.get(query);
    if (hit && now() - hit.at < LOOKUP_MEMO.ttlMs) return hit.result;
    const result = await lookup(query);
    kept.delete(query);
    if (kept.size >= LOOKUP_MEMO.entries) kept.delete(kept.keys().next().value!);
    kept.set(query, { at: now(), result });
    return result;
  };
}

export function registerAdminPage(app: Hono, deps: AdminPageDeps): void {
  const now = deps.now ?? (() => Date.now());
  const lookup = rememberedLookups(deps.lookup, now);
  const nowSeconds = () => Math.floor(now() / 1000);

  const authorized = async (c: Context): Promise<boolean> => {
    const bearer = bearerOf(c.req.header('authorization'));
    if (bearer !== undefined) return tokenMatches(bearer, deps.adminToken);
    return sessionValid(cookieOf(c.req.header('cookie'), SESSION_DEFAULTS.cookie), deps.adminToken, nowSeconds());
  };

  const asset = (body: string, type: string) => (c: Context) =>
    c.body(body, 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=3600' });
  app.get('/admin/assets/admin.js', asset(ADMIN_JS, 'text/javascript; charset=utf-8'));
  app.get('/admin/assets/admin.css', asset(ADMIN_CSS, 'text/css; charset=utf-8'));

  app.get('/admin', async (c) => {
    if (!(await authorized(c))) return html(c, loginHtml(null), 401);
    // The default period's report comes with the page; when it cannot be read, the page asks
    // /admin/api/report itself, which says why (ANALYTICS_DISABLED, ANALYTICS_UNAVAILABLE).
    const report = deps.analytics ? await buildReport(deps.analytics, parsePeriod(undefined, undefined, gapDay(new Date(now()))), { ...deps, lookup }).catch(() => undefined) : undefined;
    return html(c, pageHtml(report), 200);
  });

  app.post('/admin/login', async (c) => {
    const text = await formText(c.req.raw, MAX_LOGIN_BYTES);
    const token = new URLSearchParams(text).get('token') ?? '';
    if (!(await tokenMatches(token, deps.adminToken))) return html(c, loginHtml('That is not the admin token.'), 401);
    const value = await sessionValue(deps.adminToken!, nowSeconds() + SESSION_DEFAULTS.maxAgeSeconds);
    return c.body(null, 303, { Location: '/admin', 'Set-Cookie': sessionCookie(value, SESSION_DEFAULTS.maxAgeSeconds), ...NO_STORE });
  });
  app.post('/admin/logout', (c) => c.body(null, 303, { Location: '/admin', 'Set-Cookie': sessionCookie('', 0), ...NO_STORE }));

  /** The period asked for, once the caller is known and analytics are on. */
  const opened = async (c: Context): Promise<{ store: AnalyticsReader; period: Period } | Response> => {
    if (!(await authorized(c))) return unauthorizedJson(c);
    if (!deps.analytics) throw new RecallBoxError('ANALYTICS_DISABLED', 'search analytics are off: set ANALYTICS = "on" and bind a D1 database as GAPS_DB.');
    return { store: deps.analytics, period: parsePeriod(c.req.query('from'), c.req.query('to'), gapDay(new Date(now()))) };
  };

  const reading = async <T>(work: Promise<T>): Promise<T> => {
    try {
      return await work;
    } catch (e) {
      if (e instanceof RecallBoxError) throw e;
      console.error(`recall-box: reading analytics failed: ${e instanceof Error ? e.message : String(e)}`);
      throw new RecallBoxError('ANALYTICS_UNAVAILABLE', 'the analytics could not be read; try again later.');
    }
  };

  app.get('/admin/api/report', async (c) => {
    const at = await opened(c);
    if (at instanceof Response) return at;
    const report = await reading(buildReport(at.store, at.period, { ...deps, lookup }));
    return c.json(report, 200, NO_STORE);
  });

  const csv = (c: Context, text: string, what: string, p: Period) =>
    c.body(text, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="recall-box-${what}-${p.from}-${p.to}.csv"`,
      ...NO_STORE,
    });

  app.get('/admin/api/queries.csv', async (c) => {
    const at = await opened(c);
    if (at instanceof Response) return at;
    return csv(c, queriesCsv(await reading(at.store.topQueries(at.period, REPORT_DEFAULTS.gapQueries * 20))), 'queries', at.period);
  });

  app.get('/admin/api/gaps.csv', async (c) => {
    const at = await opened(c);
    if (at instanceof Response) return at;
    return csv(c, gapsCsv((await reading(buildReport(at.store, at.period, { ...deps, lookup }))).gaps), 'gaps', at.period);
  });
}

/** The report of a period: the store read in parallel, the top gap groups searched on the pack. */
export async function buildReport(store: AnalyticsReader, period: Period, deps: Pick<AdminPageDeps, 'lookup' | 'pages' | 'issuesUrl'>, limits = REPORT_DEFAULTS): Promise<AdminReport> {
  const [{ days: dayRows, topQueries: top, gapQueries: gapRows, pages: pageRows }, allPages] = await Promise.all([
    store.report(period, limits.topQueries, limits.gapQueries),
    deps.pages().catch(() => [] as string[]),
  ]);
  const days = fillDays(period, dayRows);
  const groups = groupGaps(gapRows).slice(0, limits.gapGroups);
  const lookups = await Promise.all(groups.slice(0, limits.gapLookups).map((g) => deps.lookup(g.queries[0]!).catch(() => null)));
  const gaps = groups.map((g, i) => {
    const lookup = lookups[i] ?? null;
    const hint = lookup ? writingHint(g.queries[0]!, lookup) : null;
    return { ...g, lookup, hint, issueUrl: issueLink(deps.issuesUrl, g, hint, period) };
  });
  const never = neverShown(allPages, pageRows);
  return {
    period,
    totals: totalsOf(days),
    days,
    topQueries: top.map(querySummary),
    gaps,
    pages: {
      total: allPages.length,
      topClicked: pageRows.filter((p) => p.clicks > 0).slice(0, limits.topPages),
      neverShown: never.slice(0, limits.neverShown),
      neverShownCount: never.length,
    },
  };
}
