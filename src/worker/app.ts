import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { DEFAULT_SEARCH_OPTIONS, RecallBoxError, fnv1aHex, pageSections, isRecallBoxError, search, untilAnswered, type LoadedPack, type QueryEmbedder, type SearchOptions, type SearchOutcome } from '../core/index.ts';
import { selectIndex } from '../protocol/indexes.ts';
import { searchRequestKey } from '../protocol/query-key.ts';
import { gapOf, type Gap, type GapSource } from '../protocol/gaps.ts';
import { filtersFromQuery, isOn, parseSearchRequest, type RawSearchRequest, type SearchRequest } from '../protocol/request.ts';
import { decodeQueryString } from '../protocol/query-string.ts';
import { searchResponseBody } from '../protocol/response.ts';
import type { WorkerConfig } from './config.ts';
import { toErrorResponse } from '../protocol/errors.ts';
import { AnswerCaches, AnswerMemory, CACHE_STATUS_HEADER, type AnswerCache, type CachedAnswer, type KeptAnswerSource, type RequestAnswerCaches } from './answer-cache.ts';
import { readBodyCapped } from './body.ts';
import { bearerMatches, registerAdminRoutes, type GapStore } from './gaps.ts';
import { rateLimit, type RateLimiter } from './rate-limit.ts';
import { securityHeaders } from './security-headers.ts';
import { etagMatches } from './etag.ts';
import { deepHealth } from './deep-health.ts';
import { registerPreviewRoutes, type PreviewRouteOptions } from '../preview/routes.ts';
import { registerMcpRoute } from './mcp-route.ts';
import type { SearchResponse } from '../protocol/response.ts';
import { registerLlmsRoutes } from './llms-routes.ts';
import { ANALYTICS_HEADER } from '../protocol/analytics.ts';
import type { AnalyticsStore } from './analytics.ts';
import { analyticsHeaders, answeredOfBody, countSearch, registerEventRoute } from './events.ts';
import { registerAdminPage } from '../admin/routes.ts';
import { gapLookupOf } from '../admin/report.ts';

/**
 * What the HTTP layer needs from its runtime, passed in at this seam (Hono's pattern): the app
 * itself never knows whether packs come from static assets, a folder or a test fixture.
 */
export interface AppDeps {
  config: WorkerConfig;
  /**
   * The pack of the named index (one of config.indexes); memoised by the caller per index, so each
   * is loaded once per isolate and a broken one fails only the requests that choose it. `signal`:
   * the asking request's end (core codec/kept-loads.ts), aborted when its answer is made.
   */
  getPack: (index: string, signal?: AbortSignal) => Promise<LoadedPack>;
  /** How many times this isolate has loaded a pack: reported by /health to make caching visible. */
  packLoads: () => number;
  searchOptions?: SearchOptions;
  /**
   * How this Worker embeds a query for the pack's model. Default: the static embedder in plain
   * TypeScript (core/embed/semantic.ts); the ONNX configuration passes onnxruntime-web (src/worker/onnx.ts).
   */
  queryEmbedder?: (pack: LoadedPack) => QueryEmbedder;
  /** Clock for tookMs. In workerd it does not advance during CPU work; see docs/performance.md. */
  now?: () => number;
  /** The Rate Limiting binding (RATE_LIMITER) limiting /search and /admin/* per client; absent: no limiting. */
  rateLimiter?: RateLimiter | null;
  /** The Cache API (caches.default) for repeated /search answers; absent or config.edgeCache off: every query is searched. */
  answerCache?: AnswerCache | null;
  /** Which Worker entry answers (its embedder): part of the cache key. Default `default`. */
  answerVariant?: string;
  /** Where unanswered queries are counted (GAPS = "on" and a GAPS_DB binding); absent: not counted. */
  gaps?: GapStore | null;
  /** Where searches and clicks are counted (ANALYTICS = "on" and a GAPS_DB binding); absent: not counted. */
  analytics?: AnalyticsStore | null;
  /** The ADMIN_TOKEN secret guarding /admin/*; absent: every admin request is refused. */
  adminToken?: string;
  /** How preview pages (config.previewPages) look and whether `/` lists them; default: the demo's assets, `/` left to the site. */
  preview?: Omit<PreviewRouteOptions, 'packs'>;
}

/** A search request ready to answer: parsed, its index chosen, its pack read, and when it started. */
interface OpenedSearch {
  request: SearchRequest;
  index: string;
  pack: LoadedPack;
  started: number;
}

/** An answer's body as sent (its JSON text), where it came from, and the body itself when this request made it. */
interface AnswerBody {
  text: string;
  from: string;
  body?: SearchResponse;
}

/** The MCP server's name and version (initialize): the version of its tools and their output, raised when either changes. */
const MCP_SERVER_INFO = Object.freeze({ name: 'recall-box', version: '1.0.0' });

function etagFor(buildId: string, req: SearchRequest): string {
  return `W/"${buildId}-${fnv1aHex(searchRequestKey(req))}"`;
}

/**
 * Work done after the answer is sent (ctx.waitUntil): caching it, counting a gap. A failure is
 * logged and never reaches the reader. Without an execution context (app.request in a test) the
 * task still runs, unawaited.
 */
function afterResponse(c: Context, task: Promise<unknown>, what: string): void {
  const guarded = task.catch((e: unknown) => console.error(`recall-box: ${what} failed: ${e instanceof Error ? e.message : String(e)}`));
  try {
    c.executionCtx.waitUntil(guarded);
  } catch {
    // No ExecutionContext: nothing to extend.
  }
}

/**
 * Logs an error recall-box did not expect (anything but a RecallBoxError) as one line a `wrangler
 * tail` shows: the request's id (Cloudflare's `cf-ray`, else a new one), method and path (no query
 * string), the error's name, message and stack — with the query's text (`query`, from the query
 * string or a POST body), where it appears in them, replaced by `<query>`. Returns the id.
 */
function logUnexpected(c: Context, e: unknown, query: string | undefined): string {
  const url = new URL(c.req.url);
  const requestId = c.req.header('cf-ray') ?? crypto.randomUUID();
  const text = e instanceof Error ? `${e.name}: ${e.message}\n${e.stack ?? ''}` : String(e);
  const scrubbed = query ? text.split(query).join('<query>') : text;
  console.error(`recall-box: unexpected error, request ${requestId}: ${c.req.method} ${url.pathname}: ${scrubbed}`);
  return requestId;
}

/**
 * `application/json`, with parameters (`; charset=utf-8`) or none: exactly JSON. Not a type that
 * merely starts so (`application/json-patch+json` is a patch document, not a search request).
 */
const JSON_MEDIA_TYPE = /^\s*application\/json\s*(;|$)/i;

async function readJsonBody(c: Context, maxBytes: number): Promise<RawSearchRequest> {
  // Read first, with a cap (Content-Length may be absent, chunked, or wrong), so that every answer
  // below comes after the body: one sent while the client still sends resets its connection.
  const text = await readBodyCapped(c.req.raw, maxBytes);
  const type = c.req.header('content-type') ?? '';
  if (!JSON_MEDIA_TYPE.test(type)) {
    throw new RecallBoxError('UNSUPPORTED_MEDIA_TYPE', 'POST /search takes a JSON body (Content-Type: application/json).');
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new RecallBoxError('BAD_REQUEST', 'the request body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new RecallBoxError('BAD_REQUEST', 'the request body must be a JSON object like {"q": "…"}.');
  }
  return body as RawSearchRequest;
}

/**
 * One index's line in /health: its build, where it is read from (`assets:/pack/`, `script:/pack/`
 * for a pack bundled into the Worker), or the code and message it fails with.
 */
function indexHealth(result: PromiseSettledResult<LoadedPack>) {
  if (result.status === 'rejected') return { status: 'error', ...toErrorResponse(result.reason).body.error };
  const m = result.value.manifest;
  return { status: 'ok', buildId: m.buildId, languages: m.languages, counts: m.counts, read: result.value.read, source: result.value.source.label };
}

export function createApp(deps: AppDeps): Hono {
  const { config } = deps;
  const options = deps.searchOptions ?? DEFAULT_SEARCH_OPTIONS;
  const now = deps.now ?? (() => Date.now());
  const app = new Hono();
  const indexNames = config.indexes.map((i) => i.name);
  // The Worker's search settings (vars) in the cache key: a redeploy with other settings and the
  // same pack must not be answered from the old settings' cache.
  const settingsKey = `${deps.answerVariant ?? 'default'}-${fnv1aHex(JSON.stringify(options))}`;
  const answerCaches =
    config.edgeCache && config.cacheMaxAge > 0 ? new AnswerCaches(deps.answerCache ?? null, new AnswerMemory(), config.cacheMaxAge) : null;
  // Each /search request's query, for the log line of an unexpected error (logUnexpected), which must not show it.
  const queryOf = new WeakMap<Context, string>();
  // Each index's pack, the default first: where a page is looked up by its URL (the preview, MCP's read tools).
  const packGetters = config.indexes.map((i) => (signal?: AbortSignal) => deps.getPack(i.name, signal));
  const countGap = (c: Context, gap: Gap | null) => {
    if (gap && deps.gaps) afterResponse(c, deps.gaps.record(gap, new Date().toISOString()), 'counting a content gap');
  };

  app.use('*', securityHeaders());
  app.use(
    '*',
    cors({
      origin: config.allowedOrigins.includes('*') ? '*' : config.allowedOrigins,
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      // mcp-protocol-version: what an MCP client in a browser sends with every request after initialize.
      allowHeaders: ['Content-Type', 'If-None-Match', 'Mcp-Protocol-Version'],
      exposeHeaders: ['ETag', 'Retry-After', CACHE_STATUS_HEADER, ANALYTICS_HEADER],
      maxAge: 86400,
    }),
  );
  if (deps.rateLimiter) {
    // After CORS, so a preflight is never counted; before everything that costs (the cache, the search).
    const limited = rateLimit(deps.rateLimiter, { periodSeconds: config.rateLimitPeriod });
    app.use('/search', limited);
    app.use('/admin/*', limited);
    app.use('/mcp', limited);
    app.use('/events', limited);
  }

  const answer = (c: Context, raw: RawSearchRequest) => untilAnswered((requestEnd) => answerWithin(c, raw, requestEnd));

  /**
   * One /search request in three parts: conditional (its ETag: a client that has this answer gets
   * 304), then its body (bodyFor). `requestEnd` is aborted by the caller once the answer is made.
   */
  const answerWithin = async (c: Context, raw: RawSearchRequest, requestEnd: AbortController) => {
    const at = await opened(c, raw, requestEnd);
    const { headers, notModified } = conditional(c, at.pack, at.request);
    if (notModified) return notModified;
    const { text, from } = await bodyFor(c, at, requestEnd, 'reader');
    return c.body(text, 200, { ...headers, 'Content-Type': 'application/json', [CACHE_STATUS_HEADER]: from, ...analyticsHeaders(deps.analytics) });
  };

  /** A request parsed, its index chosen and its pack read: what /search and the MCP server's search_docs start from. */
  const opened = async (c: Context, raw: RawSearchRequest, requestEnd: AbortController): Promise<OpenedSearch> => {
    const started = now();
    if (typeof raw.q === 'string' && raw.q !== '') queryOf.set(c, raw.q);
    const request = parseSearchRequest(raw, options, indexNames);
    const index = selectIndex(config.indexes, request);
    const pack = await deps.getPack(index.name, requestEnd.signal);
    return { request, index: index.name, pack, started };
  };

  /**
   * The answer's body (the JSON text), and where it came from: an answer the isolate's memory or
   * the Cache API kept, else the search, and what is kept of it. Its gap counted as `source` asked it.
   */
  const bodyFor = async (c: Context, at: OpenedSearch, requestEnd: AbortController, source: GapSource): Promise<AnswerBody> => {
    const { request, pack } = at;
    // Debug answers explain one request: no cache hands them to anyone else.
    const caches = request.debug || !answerCaches ? null : answerCaches.forRequest(c.req.url, { buildId: pack.manifest.buildId, index: at.index, settings: settingsKey, request: searchRequestKey(request) }, pack);
    const fromCache = (answer: CachedAnswer, from: KeptAnswerSource) => {
      // A kept answer is counted as a gap as the search that stored it was.
      countGap(c, answer.gapLang === null ? null : gapOf(request, { confidence: { shouldAnswer: false }, queryLang: answer.gapLang }, source));
      countSearch(c, deps.analytics, afterResponse, request, () => answeredOfBody(answer.body), source);
      return { text: answer.body, from };
    };
    const remembered = caches?.remembered();
    if (remembered) return fromCache(remembered, 'memory');
    // The Cache API is asked while the search reads the pack, not before it: a miss (every new
    // query) then costs the longer of the two, not both. A hit ends the request, which stops the
    // search at its next read.
    const asking = caches?.ask() ?? null;
    const searchOptions = request.debug ? { ...options, debug: true } : options;
    const run = () => search(pack, request, searchOptions, deps.queryEmbedder?.(pack), requestEnd.signal);
    const searching = caches ? caches.search(run) : run();
    if (asking) {
      // Not awaited when the cache answers: its rejection (the abort, or a failure) is handled here.
      searching.catch(() => undefined);
      const hit = await asking;
      if (hit) {
        requestEnd.abort();
        return fromCache(hit, 'hit');
      }
    }
    return searched(c, { ...at, caches }, await searching, source);
  };

  /** The answer's ETag and caching headers, and a 304 when the client's If-None-Match names it. */
  const conditional = (c: Context, pack: LoadedPack, request: SearchRequest) => {
    const etag = etagFor(pack.manifest.buildId, request);
    // A debug answer explains one request; caches should not hand it to anyone else.
    const headers = { ETag: etag, 'Cache-Control': request.debug ? 'no-store' : `public, max-age=${config.cacheMaxAge}` };
    const notModified = etagMatches(c.req.header('if-none-match'), etag) ? c.body(null, 304, headers) : null;
    return { headers, notModified };
  };

  /**
   * A searched answer: its gap counted, its body serialised — once, for the reader and the caches:
   * cloning the Response instead would tee its body stream and decode the copy back into a string —
   * and kept by the caches (the Cache API's put after the response).
   */
  const searched = (c: Context, at: OpenedSearch & { caches: RequestAnswerCaches | null }, outcome: SearchOutcome, source: GapSource): AnswerBody => {
    const gap = gapOf(at.request, outcome, source);
    countGap(c, gap);
    countSearch(c, deps.analytics, afterResponse, at.request, () => ({ outcome: outcome.confidence.outcome, lang: outcome.queryLang, resultUrls: outcome.results.map((r) => r.url) }), source);
    const body = searchResponseBody({ request: at.request, index: at.index, pack: at.pack, outcome, tookMs: now() - at.started });
    const text = JSON.stringify(body);
    const put = at.caches && at.caches.keep(text, gap);
    if (put) afterResponse(c, put, 'caching an answer');
    return { text, body, from: at.caches ? 'miss' : 'bypass' };
  };

  app.get('/search', (c) => {
    const query = decodeQueryString(new URL(c.req.url).search);
    return answer(c, {
      q: query.get('q'),
      limit: query.get('limit'),
      lang: query.get('lang'),
      debug: query.get('debug'),
      confidence: query.get('confidence'),
      index: query.get('index'),
      exact: query.get('exact'),
      filters: filtersFromQuery(query),
      facets: query.get('facets'),
    });
  });
  app.post('/search', async (c) => answer(c, await readJsonBody(c, config.maxBodyBytes)));
  app.all('/search', () => {
    throw new RecallBoxError('METHOD_NOT_ALLOWED', '/search answers GET and POST.');
  });

  app.get('/health', async (c) => {
    if (isOn(c.req.query('deep'))) return deepHealth(c, { indexes: config.indexes, getPack: deps.getPack, adminToken: deps.adminToken, configWarnings: config.warnings });
    // Every index is checked; the top-level fields describe the default (first) one, as with a
    // single index. A broken default answers 503 with its code; a broken other index leaves the
    // answer 200 with status "degraded", the failure under `indexes`.
    const settled = await untilAnswered((requestEnd) => Promise.allSettled(config.indexes.map((i) => deps.getPack(i.name, requestEnd.signal))));
    const indexes = Object.fromEntries(settled.map((r, i) => [config.indexes[i]!.name, indexHealth(r)]));
    const first = settled[0]!;
    if (first.status === 'rejected') {
      const { status, body } = toErrorResponse(first.reason);
      return c.json({ ...body, indexes }, status as 503, { 'Cache-Control': 'no-store' });
    }
    const pack = first.value;
    const m = pack.manifest;
    return c.json(
      {
        status: settled.every((r) => r.status === 'fulfilled') ? 'ok' : 'degraded',
        buildId: m.buildId,
        formatVersion: m.formatVersion,
        createdAt: m.createdAt,
        counts: m.counts,
        languages: m.languages,
        model: m.model,
        confidence: { calibrated: pack.confidence.calibrated, mode: options.confidence.mode, ...(pack.confidence.warning && { warning: pack.confidence.warning }) },
        // What the vars got wrong is the owner's business: logged (createApp), and shown here only
        // to a holder of the admin token (a reader learns nothing of the deployment from it).
        ...((await bearerMatches(c.req.header('authorization'), deps.adminToken)) && { configWarnings: config.warnings }),
        isolate: { packLoads: deps.packLoads() },
        indexes,
      },
      200,
      { 'Cache-Control': 'no-store' },
    );
  });

  registerAdminRoutes(app, { adminToken: deps.adminToken, gaps: deps.gaps ?? null });
  // An index's pack, for routes that do not pass a request's end on (its reads dropped when it is read).
  const packNamed = (name: string) => untilAnswered((requestEnd) => deps.getPack(name, requestEnd.signal));
  registerEventRoute(app, { analytics: deps.analytics ?? null, indexes: indexNames, getPack: packNamed, after: afterResponse });
  registerAdminPage(app, {
    adminToken: deps.adminToken,
    analytics: deps.analytics ?? null,
    issuesUrl: config.issuesUrl,
    pages: async () => [...pageSections(await packNamed(indexNames[0]!)).keys()],
    // A gap's query searched now, as /search would (no cache, nothing counted).
    lookup: (q) =>
      untilAnswered(async (requestEnd) => {
        const pack = await deps.getPack(indexNames[0]!, requestEnd.signal);
        return gapLookupOf(q, await search(pack, parseSearchRequest({ q }, options, indexNames), options, deps.queryEmbedder?.(pack), requestEnd.signal));
      }),
  });
  registerMcpRoute(app, {
    info: MCP_SERVER_INFO,
    packs: packGetters,
    // The /search answer, from its caches, its gap counted as an agent's.
    search: (c, raw) =>
      untilAnswered(async (requestEnd) => {
        const answered = await bodyFor(c, await opened(c, raw, requestEnd), requestEnd, 'agent');
        // A kept answer is only its text; a fresh one is used as it was made, not parsed back.
        return answered.body ?? (JSON.parse(answered.text) as SearchResponse);
      }),
    logUnexpected: (c, e) => logUnexpected(c, e, queryOf.get(c)),
  });
  registerLlmsRoutes(app, { config, packs: packGetters });
  // Last: a page is whatever path no route above answers.
  if (config.previewPages) registerPreviewRoutes(app, { packs: packGetters, ...deps.preview });

  const fail = (c: Context, e: unknown) => {
    // An error nobody anticipated is a bug: logged with what finds it again (issue 48), never with
    // the reader's query; the reader gets INTERNAL and the id of the log line.
    const requestId = isRecallBoxError(e) ? undefined : logUnexpected(c, e, queryOf.get(c));
    const { status, body } = toErrorResponse(e, requestId);
    return c.json(body, status as 400, { 'Cache-Control': 'no-store' });
  };
  app.notFound((c) => fail(c, new RecallBoxError('NOT_FOUND', 'no such route; try GET /search?q=… or GET /health.')));
  app.onError((e, c) => fail(c, e));
  return app;
}
