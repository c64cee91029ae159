import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { RecallBoxError } from '../core/errors.ts';
import type { LoadedPack } from '../core/pack/load.ts';
import { fnv1a, normalizeQueryKey } from '../core/query-key.ts';
import { parseSearchRequest, type RawSearchRequest, type SearchRequest } from '../core/request.ts';
import { queryVectorFor, searchPack } from '../core/search.ts';
import type { QueryEmbedder } from '../core/semantic.ts';
import { DEFAULT_SEARCH_OPTIONS, type SearchOptions } from '../core/search-options.ts';
import type { WorkerConfig } from './config.ts';
import { toErrorResponse } from './errors.ts';

/**
 * What the HTTP layer needs from its runtime, passed in at this seam (Hono's pattern): the app
 * itself never knows whether packs come from static assets, a folder or a test fixture.
 */
export interface AppDeps {
  config: WorkerConfig;
  /** The pack to serve; memoised by the caller so it is loaded once per isolate. */
  getPack: () => Promise<LoadedPack>;
  /** How many times this isolate has loaded a pack: reported by /health to make caching visible. */
  packLoads: () => number;
  searchOptions?: SearchOptions;
  /**
   * How this Worker embeds a query for the pack's model. Default: the static embedder in plain
   * TypeScript (core/semantic.ts); the ONNX configuration passes onnxruntime-web (src/worker/onnx.ts).
   */
  queryEmbedder?: (pack: LoadedPack) => QueryEmbedder;
  /** Clock for tookMs. In workerd it does not advance during CPU work; see the README. */
  now?: () => number;
}

function etagFor(buildId: string, req: SearchRequest): string {
  return `W/"${buildId}-${fnv1a(`${normalizeQueryKey(req.q)}\u0000${req.limit}\u0000${req.lang ?? ''}\u0000${req.debug ? 'debug' : ''}\u0000${req.confidence ?? ''}`)}"`;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => t.trim() === etag || t.trim() === '*');
}

async function readJsonBody(c: Context, maxBytes: number): Promise<RawSearchRequest> {
  const declared = Number(c.req.header('content-length') ?? NaN);
  if (declared > maxBytes) throw new RecallBoxError('BODY_TOO_LARGE', `the request body is over ${maxBytes} bytes.`);
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new RecallBoxError('UNSUPPORTED_MEDIA_TYPE', 'POST /search takes a JSON body (Content-Type: application/json).');
  }
  const text = await c.req.text();
  // Checked again after reading: Content-Length may be absent (chunked) or wrong.
  if (new TextEncoder().encode(text).length > maxBytes) {
    throw new RecallBoxError('BODY_TOO_LARGE', `the request body is over ${maxBytes} bytes.`);
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

export function createApp(deps: AppDeps): Hono {
  const { config } = deps;
  const options = deps.searchOptions ?? DEFAULT_SEARCH_OPTIONS;
  const now = deps.now ?? (() => Date.now());
  const app = new Hono();

  app.use(
    '*',
    cors({
      origin: config.allowedOrigins.includes('*') ? '*' : config.allowedOrigins,
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      allowHeaders: ['Content-Type', 'If-None-Match'],
      exposeHeaders: ['ETag'],
      maxAge: 86400,
    }),
  );

  const search = async (c: Context, raw: RawSearchRequest) => {
    const started = now();
    const request = parseSearchRequest(raw, options);
    const pack = await deps.getPack();
    const etag = etagFor(pack.manifest.buildId, request);
    // A debug answer explains one request; caches should not hand it to anyone else.
    const headers = { ETag: etag, 'Cache-Control': request.debug ? 'no-store' : `public, max-age=${config.cacheMaxAge}` };
    if (etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
    const searchOptions = request.debug ? { ...options, debug: true } : options;
    const query = await queryVectorFor(pack, request, searchOptions, deps.queryEmbedder?.(pack));
    const outcome = searchPack(pack, request, searchOptions, query);
    return c.json(
      {
        query: request.q,
        buildId: pack.manifest.buildId,
        lang: outcome.queryLang,
        results: outcome.results,
        confidence: outcome.confidence,
        fallback: outcome.fallback,
        warnings: outcome.warnings,
        tookMs: now() - started,
        ...(outcome.debug && { debug: { ...outcome.debug, thresholds: outcome.routes } }),
      },
      200,
      headers,
    );
  };

  app.get('/search', (c) =>
    search(c, { q: c.req.query('q'), limit: c.req.query('limit'), lang: c.req.query('lang'), debug: c.req.query('debug'), confidence: c.req.query('confidence') }),
  );
  app.post('/search', async (c) => search(c, await readJsonBody(c, config.maxBodyBytes)));
  app.all('/search', () => {
    throw new RecallBoxError('METHOD_NOT_ALLOWED', '/search answers GET and POST.');
  });

  app.get('/health', async (c) => {
    const pack = await deps.getPack();
    const m = pack.manifest;
    return c.json(
      {
        status: 'ok',
        buildId: m.buildId,
        formatVersion: m.formatVersion,
        createdAt: m.createdAt,
        counts: m.counts,
        languages: m.languages,
        model: m.model,
        confidence: { calibrated: pack.confidence.calibrated, mode: options.confidence.mode },
        configWarnings: config.warnings,
        isolate: { packLoads: deps.packLoads() },
      },
      200,
      { 'Cache-Control': 'no-store' },
    );
  });

  const fail = (c: Context, e: unknown) => {
    const { status, body } = toErrorResponse(e);
    return c.json(body, status as 400, { 'Cache-Control': 'no-store' });
  };
  app.notFound((c) => fail(c, new RecallBoxError('NOT_FOUND', 'no such route; try GET /search?q=… or GET /health.')));
  app.onError((e, c) => fail(c, e));
  return app;
}
