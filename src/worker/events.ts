/**
 * Search analytics in the Worker: every /search (and MCP search_docs) counted after its answer,
 * the header that tells the widget analytics are on, and POST /events, the widget's click beacon.
 * The rules are src/protocol/analytics.ts; the store src/worker/analytics.ts.
 */
import type { Context, Hono } from 'hono';
import { RecallBoxError, pageAt, pageSections, type LoadedPack } from '../core/index.ts';
import { ANALYTICS_DEFAULTS, ANALYTICS_HEADER, pagePath, parseClickEvent, searchEventOf, type SearchOutcomeName } from '../protocol/analytics.ts';
import type { GapSource } from '../protocol/gaps.ts';
import type { AnalyticsStore } from './analytics.ts';
import { readBodyCapped } from './body.ts';

/** Work after the answer (app.ts afterResponse). */
type After = (c: Context, task: Promise<unknown>, what: string) => void;

/** What a search answered, as analytics reads it: from the outcome, or from a kept answer's body. */
export interface Answered {
  outcome: SearchOutcomeName;
  lang: string;
  resultUrls: readonly string[];
}

/** A kept answer's body → what it answered (parsed after the response, so a cache hit costs the reader nothing). */
export function answeredOfBody(body: string): Answered {
  const parsed = JSON.parse(body) as { confidence: { outcome: SearchOutcomeName }; lang: string; results: Array<{ url: string }> };
  return { outcome: parsed.confidence.outcome, lang: parsed.lang, resultUrls: parsed.results.map((r) => r.url) };
}

/** The headers /search answers with when analytics are on: the widget sends its beacon only then. */
export const analyticsHeaders = (store: AnalyticsStore | null | undefined): Record<string, string> => (store ? { [ANALYTICS_HEADER]: 'on' } : {});

/** Counts one search after the answer; `answered` is called inside the task (a kept body is parsed there). */
export function countSearch(c: Context, store: AnalyticsStore | null | undefined, after: After, request: { q: string; debug?: boolean }, answered: () => Answered, source: GapSource): void {
  if (!store || request.debug) return;
  // Started on a later turn of the event loop, not as a microtask: a microtask would run (the
  // redaction, the statements, a local D1's SQL under wrangler dev) before the answer leaves.
  const task = new Promise((resolve) => setTimeout(resolve, 0)).then(() => {
    const event = searchEventOf(request, answered(), source);
    return event && store.recordSearch(event, new Date().toISOString());
  });
  after(c, task, 'counting a search');
}

/** Media types a beacon may have: text/plain (what sendBeacon sends cross-origin without a preflight) or JSON. */
const EVENT_MEDIA_TYPE = /^\s*(text\/plain|application\/json)\s*(;|$)/i;

export interface EventRouteDeps {
  analytics: AnalyticsStore | null;
  /** The index names, the default first. */
  indexes: readonly string[];
  getPack: (index: string, signal?: AbortSignal) => Promise<LoadedPack>;
  after: After;
}

/** The page of the pack a clicked URL names (as stored, or by its path, with or without its trailing slash), or null. */
function pageIn(pack: LoadedPack, page: string): string | null {
  const pages = pageSections(pack);
  return pages.has(page) ? page : pageAt(pages, pagePath(page));
}

/** POST /events: one click, 204 when counted (after the response). */
export function registerEventRoute(app: Hono, deps: EventRouteDeps): void {
  app.post('/events', async (c) => {
    // The body first (capped), so every answer comes after it (a reset otherwise; see body.ts).
    const text = await readBodyCapped(c.req.raw, ANALYTICS_DEFAULTS.maxEventBytes);
    if (!deps.analytics) throw new RecallBoxError('ANALYTICS_DISABLED', 'search analytics are off on this Worker.');
    if (!EVENT_MEDIA_TYPE.test(c.req.header('content-type') ?? '')) throw new RecallBoxError('UNSUPPORTED_MEDIA_TYPE', 'POST /events takes text/plain or application/json holding a JSON object.');
    const click = parseClickEvent(text);
    const index = click.index || deps.indexes[0]!;
    if (!deps.indexes.includes(index)) throw new RecallBoxError('BAD_EVENT', 'index names no index of this Worker.');
    const page = pageIn(await deps.getPack(index), click.page);
    if (!page) throw new RecallBoxError('BAD_EVENT', 'url is not a page of the index.');
    deps.after(c, deps.analytics.recordClick(click, page, new Date().toISOString()), 'counting a click');
    return c.body(null, 204, { 'Cache-Control': 'no-store' });
  });
  app.all('/events', () => {
    throw new RecallBoxError('METHOD_NOT_ALLOWED', '/events answers POST.');
  });
}
