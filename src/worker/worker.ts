/// <reference path="../../wasm/wasm-modules.d.ts" />
/**
 * The Worker's runtime adapter: bindings → app. Both entry points (index.ts, the default, and
 * onnx.ts) are this factory with one capability more or less, so they cannot drift apart.
 */
import type { ExecutionContext, Hono } from 'hono';
import kernelModule from '../../wasm/build/vector-kernel.wasm';
import { instantiateWasmKernel, type LoadedPack, type QuantizedVectors, type QueryEmbedder, type VectorKernel } from '../core/index.ts';
import { createApp } from './app.ts';
import type { AssetsFetcher } from './sources/assets.ts';
import { readConfig, searchOptionsFor, type WorkerConfig, type WorkerVars } from './config.ts';
import type { KvReader } from './sources/kv.ts';
import { bundledFilesOf, packSourceFor, readDeadlineFor } from './sources/index.ts';
import type { BundledPacks } from './sources/bundled.ts';
import { PackCache, STORE_FAILURE_RETRY_MS } from './pack-cache.ts';
import type { AnswerCache } from './answer-cache.ts';
import { gapStoreFor, type D1Like } from './gaps.ts';
import type { GapVars } from '../protocol/gaps.ts';
import type { AnalyticsVars } from '../protocol/analytics.ts';
import { analyticsStoreFor } from './analytics.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { R2Reader } from './sources/r2.ts';

/** Bindings and vars from wrangler.toml. */
export interface Env extends WorkerVars, GapVars, AnalyticsVars {
  ASSETS: AssetsFetcher;
  /** KV namespace holding packs, read when PACK_SOURCE = "kv". */
  PACK_KV?: KvReader;
  /** R2 bucket holding packs, read when PACK_SOURCE = "r2". */
  PACK_BUCKET?: R2Reader;
  /** Rate Limiting binding ([[ratelimits]]): per-client limits on /search and /admin/*; absent: none. */
  RATE_LIMITER?: RateLimiter;
  /** D1 database of the content-gap report (migrations/), written when GAPS = "on". */
  GAPS_DB?: D1Like;
  /** Secret (`wrangler secret put ADMIN_TOKEN`) guarding GET /admin/gaps; unset: the route refuses everyone. */
  ADMIN_TOKEN?: string;
}

/** A logger that says each message once and then not again: a warning per isolate, not per request or env. */
function oncePerMessage(log: (message: string) => void): (message: string) => void {
  const said = new Set<string>();
  return (message) => {
    if (said.has(message)) return;
    said.add(message);
    log(message);
  };
}

/** The data centre's cache (caches.default), where the runtime has one. */
function defaultCache(): AnswerCache | null {
  return (globalThis as { caches?: { default?: AnswerCache } }).caches?.default ?? null;
}

/** What an entry point adds to the default Worker. */
export interface WorkerCapabilities {
  /**
   * Which entry this is (`default`, `onnx`): part of the answer cache's key, since entries with
   * other embedders can answer the same request differently and may share a zone's cache.
   */
  variant?: string;
  /**
   * The query embedder for a pack, given the bindings (the pack's own files, model.onnx included,
   * are read from `pack.source`); default: the static embedder in TypeScript.
   */
  queryEmbedder?: (pack: LoadedPack, env: Env, config: WorkerConfig) => QueryEmbedder;
  /**
   * Packs bundled into the script (bundled.ts, from the map `recall-box bundle` writes), by pack
   * path: an index at one of them is read from the script, the others from PACK_SOURCE.
   */
  bundledPacks?: BundledPacks;
}

/**
 * The section vectors go into the WASM kernel, imported pre-compiled (workerd cannot compile
 * WebAssembly from bytes): 21× the TypeScript kernel's throughput in `npm run bench`.
 */
async function wasmKernel(vectors: QuantizedVectors): Promise<VectorKernel> {
  const kernel = await instantiateWasmKernel(kernelModule);
  kernel.load(vectors);
  return kernel;
}

export interface RecallBoxWorker {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response>;
}

export function createWorker(capabilities: WorkerCapabilities = {}): RecallBoxWorker {
  // Isolate-scoped state: the pack cache and the app built for each env. Building them per request
  // would re-import the index on every query; keying on the env object (the same one for every
  // request of an isolate) keeps even the config parsing off the request path.
  const packs = new PackCache({ createKernel: wasmKernel });
  const apps = new WeakMap<Env, Hono>();
  // Each configuration warning logged once per isolate, not once per env or request: the log (wrangler
  // tail) is where an owner sees them; /health shows them only to the admin token's holder.
  const warnOnce = oncePerMessage((message) => console.warn(message));

  function appFor(env: Env): Hono {
    let app = apps.get(env);
    if (!app) {
      const config = readConfig(env);
      const sources = { ...env, bundled: capabilities.bundledPacks };
      const gaps = gapStoreFor(config.gaps, env, config.warnings);
      const analytics = analyticsStoreFor(config.analytics, env, config.warnings);
      for (const warning of config.warnings) warnOnce(`recall-box: ${warning}`);
      const embedderFor = capabilities.queryEmbedder;
      // Each index's pack, worked out once per env rather than on every request: where it is read
      // from (the cache key) and how its failures are retried.
      const packOf = new Map(
        config.indexes.map((index) => {
          // Assets and the script cannot change within a deployment, a KV/R2 store can: its failures are retried.
          const bundled = bundledFilesOf(sources, index.path) !== null;
          const retry = config.packSource === 'assets' || bundled ? Infinity : STORE_FAILURE_RETRY_MS;
          const key = `${bundled ? 'script' : config.packSource}:${index.path}`;
          // PACK_READ (default auto): a large pack's blocks and partitions are read when queries need
          // them — what keeps a large site inside an isolate's 128 MB; a small one's all at once.
          const settings = { read: config.packRead, readDeadlineMs: readDeadlineFor(config) };
          return [index.name, (signal?: AbortSignal) => packs.get(key, () => packSourceFor(sources, config, index.path), retry, settings, signal)] as const;
        }),
      );
      const defaultPack = packOf.get(config.indexes[0]!.name)!;
      app = createApp({
        config,
        searchOptions: searchOptionsFor(config),
        getPack: (name, signal) => (packOf.get(name) ?? defaultPack)(signal),
        packLoads: () => packs.loads,
        rateLimiter: env.RATE_LIMITER ?? null,
        answerCache: defaultCache(),
        answerVariant: capabilities.variant ?? 'default',
        gaps,
        analytics,
        adminToken: env.ADMIN_TOKEN,
        ...(embedderFor && { queryEmbedder: (pack: LoadedPack) => embedderFor(pack, env, config) }),
      });
      apps.set(env, app);
    }
    return app;
  }

  return {
    fetch(request, env, ctx) {
      return appFor(env).fetch(request, env, ctx);
    },
  };
}
