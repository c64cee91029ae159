import type { ExecutionContext, Hono } from 'hono';
import { createApp } from './app.ts';
import { assetsPackSource, type AssetsFetcher } from './assets-source.ts';
import { readConfig, type WorkerVars } from './config.ts';
import { PackCache } from './pack-cache.ts';

/** Bindings and vars from wrangler.toml. */
export interface Env extends WorkerVars {
  ASSETS: AssetsFetcher;
}

// Isolate-scoped state: the pack cache and the app built for each distinct configuration. Building
// them per request would re-import the index on every query.
const packs = new PackCache();
const apps = new Map<string, Hono>();

function appFor(env: Env): Hono {
  const config = readConfig(env);
  const key = JSON.stringify(config);
  let app = apps.get(key);
  if (!app) {
    app = createApp({
      config,
      getPack: () => packs.get(config.packPath, () => assetsPackSource(env.ASSETS, config.packPath)),
      packLoads: () => packs.loads,
    });
    apps.set(key, app);
  }
  return app;
}

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> {
    return appFor(env).fetch(request, env, ctx);
  },
};
