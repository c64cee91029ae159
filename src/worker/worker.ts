/// <reference path="../../wasm/wasm-modules.d.ts" />
/**
 * The Worker's runtime adapter: bindings → app. Both entry points (index.ts, the default, and
 * onnx.ts) are this factory with one capability more or less, so they cannot drift apart.
 */
import type { ExecutionContext, Hono } from 'hono';
import kernelModule from '../../wasm/build/vector-kernel.wasm';
import type { LoadedPack } from '../core/pack/load.ts';
import type { QueryEmbedder } from '../core/semantic.ts';
import { instantiateWasmKernel } from '../core/vector/wasm-kernel.ts';
import type { QuantizedVectors, VectorKernel } from '../core/vector/types.ts';
import { createApp } from './app.ts';
import { assetsPackSource, type AssetsFetcher } from './assets-source.ts';
import { readConfig, searchOptionsFor, type WorkerConfig, type WorkerVars } from './config.ts';
import { PackCache } from './pack-cache.ts';

/** Bindings and vars from wrangler.toml. */
export interface Env extends WorkerVars {
  ASSETS: AssetsFetcher;
}

/** What an entry point adds to the default Worker. */
export interface WorkerCapabilities {
  /** The query embedder for a pack, given the bindings; default: the static embedder in TypeScript. */
  queryEmbedder?: (pack: LoadedPack, env: Env, config: WorkerConfig) => QueryEmbedder;
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

  function appFor(env: Env): Hono {
    let app = apps.get(env);
    if (!app) {
      const config = readConfig(env);
      const embedderFor = capabilities.queryEmbedder;
      app = createApp({
        config,
        searchOptions: searchOptionsFor(config),
        getPack: () => packs.get(config.packPath, () => assetsPackSource(env.ASSETS, config.packPath)),
        packLoads: () => packs.loads,
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
