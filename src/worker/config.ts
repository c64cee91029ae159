/**
 * The Worker's settings, read from `[vars]` in wrangler.toml. Every value has a default, so a
 * Worker deployed with no vars at all works.
 */
export interface WorkerConfig {
  /** Origins allowed to call /search from a browser: ['*'] for any. From ALLOWED_ORIGINS (comma-separated). */
  allowedOrigins: string[];
  /** Path under the static assets where the pack lives. From PACK_PATH. Default '/pack/'. */
  packPath: string;
  /**
   * Seconds a browser or CDN may reuse a /search answer. From CACHE_MAX_AGE. Default 300: an answer
   * only changes when the pack does, and the ETag (which carries the buildId) revalidates it cheaply.
   */
  cacheMaxAge: number;
  /** Largest POST body accepted, in bytes. From MAX_BODY_BYTES. Default 8192: a query is ≤ 256 characters. */
  maxBodyBytes: number;
  /**
   * Recall-pool quotas on. From POOLS (`on`/`off`). Default off: measured, they cost known-item
   * lookups on the Astro docs 0.05 nDCG@10 (README, "After fusion"); a site whose listings crowd
   * its guides out can turn them on.
   */
  pools: boolean;
}

export const DEFAULT_WORKER_CONFIG: Readonly<WorkerConfig> = Object.freeze({
  allowedOrigins: ['*'],
  packPath: '/pack/',
  cacheMaxAge: 300,
  maxBodyBytes: 8192,
  pools: false,
});

export interface WorkerVars {
  ALLOWED_ORIGINS?: string;
  PACK_PATH?: string;
  CACHE_MAX_AGE?: string;
  MAX_BODY_BYTES?: string;
  POOLS?: string;
}

function positiveInt(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return raw !== undefined && raw !== '' && Number.isInteger(n) && n >= 0 ? n : fallback;
}

export function readConfig(vars: WorkerVars): WorkerConfig {
  const origins = (vars.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o.length > 0);
  let packPath = vars.PACK_PATH?.trim() || DEFAULT_WORKER_CONFIG.packPath;
  if (!packPath.startsWith('/')) packPath = `/${packPath}`;
  if (!packPath.endsWith('/')) packPath = `${packPath}/`;
  return {
    allowedOrigins: origins.length > 0 ? origins : [...DEFAULT_WORKER_CONFIG.allowedOrigins],
    packPath,
    cacheMaxAge: positiveInt(vars.CACHE_MAX_AGE, DEFAULT_WORKER_CONFIG.cacheMaxAge),
    maxBodyBytes: positiveInt(vars.MAX_BODY_BYTES, DEFAULT_WORKER_CONFIG.maxBodyBytes),
    pools: vars.POOLS === undefined || vars.POOLS.trim() === '' ? DEFAULT_WORKER_CONFIG.pools : vars.POOLS.trim().toLowerCase() === 'on',
  };
}
