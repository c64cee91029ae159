import type { ExecutionContext, Hono } from 'hono';
import { createApp } from './app.ts';
import { assetsPackSource, type AssetsFetcher } from './assets-source.ts';
import { readConfig, type WorkerVars } from './config.ts';
import { PackCache } from './pack-cache.ts';

/** Bindings and vars from wrangler.toml. */
export interface Env extends WorkerVars {
  ASSETS: AssetsFetcher;
}

// Isolate-scoped state: the pack cache and the app built for each env. Building them per request
// would re-import the index on every query; keying on the env object (the same one for every request
// of an isolate) keeps even the config parsing off the request path.
const packs = new PackCache();
const apps = new WeakMap<Env, Hono>();

function appFor(env: Env): Hono {
  let app = apps.get(env);
  if (!app) {
    const config = readConfig(env);
    app = createApp({
      config,
      getPack: () => packs.get(config.packPath, () => assetsPackSource(env.ASSETS, config.packPath)),
      packLoads: () => packs.loads,
    });
    apps.set(env, app);
  }
  return app;
}

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> {
    return appFor(env).fetch(request, env, ctx);
  },
};
