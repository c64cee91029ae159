/**
 * recall-box under Node: the Worker's app (src/worker/app.ts) on Hono's Node adapter, for hosts
 * without Cloudflare (any Node host, Docker) and for previewing one's own docs (`recall-box serve`).
 * A thin adapter, as src/worker/worker.ts is for workerd: the pack read from a folder, the answer
 * cache and, with ANALYTICS on, search analytics in the process's memory, no gap report and no
 * rate limiting (their bindings are Cloudflare's). Besides /search and /health it serves the widget, the highlight script and every
 * indexed page rendered from the pack (src/preview/), so a result opens where it points.
 */
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { RecallBoxError, instantiateWasmKernel, type QuantizedVectors, type VectorKernel } from '../core/index.ts';
import { fsPackSource } from '../indexer/fs-source.ts';
import { compileVectorKernel } from '../../wasm/node.ts';
import { createApp } from '../worker/app.ts';
import { readConfig, searchOptionsFor, type WorkerVars } from '../worker/config.ts';
import { PackCache, STORE_FAILURE_RETRY_MS } from '../worker/pack-cache.ts';
export { PAGE_LIST_PATH } from '../preview/routes.ts';
import { readDeadlineFor } from '../worker/sources/index.ts';
import { readAnalyticsPolicy, type AnalyticsVars } from '../protocol/analytics.ts';
import { memoryAnalyticsStore } from './memory-analytics.ts';

/** The package's public/ folder: the widget bundle and the highlight script `npm run build:widget` writes. */
export const PACKAGE_PUBLIC_DIR = fileURLToPath(new URL('../../public/', import.meta.url));

export interface NodeServerOptions {
  /** The pack folder (what `recall-box build --out` wrote). */
  packDir: string;
  /** Port to listen on; 0 picks a free one. Default 8787, the Worker's under `wrangler dev`. */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1: loopback only; `0.0.0.0` to serve others (Docker). */
  host?: string;
  /**
   * The Worker's vars (docs/configuration.md), as strings: the same settings mean the same answers.
   * Default: none set, except PREVIEW_PAGES on (a page opens where a result points).
   */
  vars?: WorkerVars & AnalyticsVars;
  /** Where the widget's files are read from. Default PACKAGE_PUBLIC_DIR. */
  publicDir?: string;
  /** Answer `/` with the preview's home page (the search box and every page). Default true. */
  home?: boolean;
  /** The name in the preview pages' bar. Default `recall-box preview`. */
  siteName?: string;
  /** The ADMIN_TOKEN guarding /admin and /admin/* (the Worker's secret). Default none: they refuse everyone. */
  adminToken?: string;
}

export const NODE_SERVER_DEFAULTS = Object.freeze({ port: 8787, host: '127.0.0.1', home: true });

/**
 * The files served beside the app, with the headers public/_headers gives them on Cloudflare: the
 * widget and the highlight script may be loaded by a docs site on another origin (module scripts are
 * fetched with CORS); the stylesheet is the preview pages' own.
 */
const STATIC_FILES: Readonly<Record<string, { file: string; type: string; crossOrigin: boolean }>> = Object.freeze({
  '/recall-box.js': { file: 'recall-box.js', type: 'text/javascript; charset=utf-8', crossOrigin: true },
  '/recall-box-highlight.js': { file: 'recall-box-highlight.js', type: 'text/javascript; charset=utf-8', crossOrigin: true },
  '/demo.css': { file: 'demo.css', type: 'text/css; charset=utf-8', crossOrigin: false },
});

/** A running server: its base URL (`http://127.0.0.1:8787`) and how to stop it. */
export interface RunningNodeServer {
  url: string;
  close(): Promise<void>;
}

async function wasmKernel(vectors: QuantizedVectors): Promise<VectorKernel> {
  const kernel = await instantiateWasmKernel(await compileVectorKernel());
  kernel.load(vectors);
  return kernel;
}

/** Reads the static files once: a missing widget is a broken install, said at start rather than on the first page. */
async function readStaticFiles(publicDir: string): Promise<Map<string, { body: Uint8Array<ArrayBuffer>; headers: Record<string, string> }>> {
  const files = new Map<string, { body: Uint8Array<ArrayBuffer>; headers: Record<string, string> }>();
  for (const [route, spec] of Object.entries(STATIC_FILES)) {
    const file = path.join(publicDir, spec.file);
    let body: Uint8Array<ArrayBuffer>;
    try {
      body = new Uint8Array(await readFile(file));
    } catch {
      throw new RecallBoxError('WIDGET_MISSING', `${file} is missing; build the widget first (npm run build:widget in the recall-box package).`);
    }
    files.set(route, {
      body,
      headers: { 'Content-Type': spec.type, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache', ...(spec.crossOrigin && { 'Access-Control-Allow-Origin': '*' }) },
    });
  }
  return files;
}

/**
 * The request handler: a static file, else the app. A function of a Request, so a test can call it
 * without a socket, and the socket's server (startNodeServer) is a few lines around it.
 */
export async function createNodeHandler(options: Omit<NodeServerOptions, 'port' | 'host'>): Promise<(request: Request) => Promise<Response>> {
  const files = await readStaticFiles(options.publicDir ?? PACKAGE_PUBLIC_DIR);
  const config = readConfig({ PREVIEW_PAGES: 'on', ...options.vars });
  // ANALYTICS on: counted in this process's memory (no D1 here), for the owners' page at /admin.
  const analytics = config.analytics ? memoryAnalyticsStore(readAnalyticsPolicy(options.vars ?? {}, config.warnings)) : null;
  if (analytics) config.warnings.push('ANALYTICS is on: searches and clicks are counted in memory and lost when the server stops.');
  for (const warning of config.warnings) console.warn(`recall-box: ${warning}`);
  const packs = new PackCache({ createKernel: wasmKernel });
  const dir = path.resolve(options.packDir);
  // One pack, whatever index a request names (INDEXES are the Worker's: it reads each from its own path).
  // A folder can change under the server (a rebuild): a failure is retried, as a KV or R2 store's is.
  const settings = { read: config.packRead, readDeadlineMs: readDeadlineFor(config) };
  const getPack = (_index: string, signal?: AbortSignal) => packs.get(`fs:${dir}`, () => fsPackSource(dir), STORE_FAILURE_RETRY_MS, settings, signal);
  const app = createApp({
    config,
    searchOptions: searchOptionsFor(config),
    getPack,
    packLoads: () => packs.loads,
    answerVariant: 'node',
    analytics,
    ...(options.adminToken !== undefined && { adminToken: options.adminToken }),
    preview: { home: options.home ?? NODE_SERVER_DEFAULTS.home, ...(options.siteName !== undefined && { siteName: options.siteName }) },
  });
  return async (request) => {
    const file = request.method === 'GET' || request.method === 'HEAD' ? files.get(new URL(request.url).pathname) : undefined;
    if (file) return new Response(request.method === 'HEAD' ? null : file.body, { headers: file.headers });
    return app.fetch(request);
  };
}

/** Starts the server; resolves once it listens. */
export async function startNodeServer(options: NodeServerOptions): Promise<RunningNodeServer> {
  const handler = await createNodeHandler(options);
  const host = options.host ?? NODE_SERVER_DEFAULTS.host;
  let server: ServerType;
  const address = await new Promise<AddressInfo>((resolve, reject) => {
    server = serve({ fetch: handler, port: options.port ?? NODE_SERVER_DEFAULTS.port, hostname: host }, resolve);
    server.once('error', reject);
  });
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        // A browser's kept-alive connection would hold the close open until it times out.
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
