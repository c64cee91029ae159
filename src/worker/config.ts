import { CONFIDENCE_MODES, type ConfidenceMode } from '../core/confidence/levels.ts';
import { DEFAULT_SEARCH_OPTIONS, type SearchOptions } from '../core/search-options.ts';

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
  /** The confidence verdict's settings a site owner sets (core/confidence.ts). */
  confidence: {
    /** From CONFIDENCE_MODE (`strict`/`relaxed`). Default strict: fall back rather than show a doubtful list. */
    mode: ConfidenceMode;
    /**
     * The fallback message per language tag. From FALLBACK_MESSAGE: a JSON object
     * (`{"en": "…", "ja": "…"}`) or one plain text for every language. Default: recall-box's own.
     */
    messages: Record<string, string>;
    /** A contact or issue link under the fallback. From FALLBACK_LINK (an https URL or a /path) and FALLBACK_LINK_TEXT (text or JSON per language). Default none. */
    link: { url: string; text: Record<string, string> } | null;
  };
  /** Settings that were set but not understood, and ignored: reported by /health so a typo is visible. */
  warnings: string[];
}

export const DEFAULT_WORKER_CONFIG: Readonly<WorkerConfig> = Object.freeze({
  allowedOrigins: ['*'],
  packPath: '/pack/',
  cacheMaxAge: 300,
  maxBodyBytes: 8192,
  pools: false,
  confidence: Object.freeze({ mode: 'strict' as const, messages: {}, link: null }),
  warnings: [],
});

export interface WorkerVars {
  ALLOWED_ORIGINS?: string;
  PACK_PATH?: string;
  CACHE_MAX_AGE?: string;
  MAX_BODY_BYTES?: string;
  POOLS?: string;
  CONFIDENCE_MODE?: string;
  FALLBACK_MESSAGE?: string;
  FALLBACK_LINK?: string;
  FALLBACK_LINK_TEXT?: string;
}

/** `{"en": "…"}` → itself; plain text → the same text for every language (`*`); JSON that is not an object of strings → null. */
function textsByLanguage(raw: string | undefined): Record<string, string> | null {
  const text = raw?.trim();
  if (!text) return {};
  if (!text.startsWith('{')) return { '*': text };
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const entries = Object.entries(value);
    if (!entries.every(([, v]) => typeof v === 'string' && v.trim() !== '')) return null;
    return Object.fromEntries(entries.map(([k, v]) => [k.toLowerCase().replace(/_/g, '-'), (v as string).trim()]));
  } catch {
    return null;
  }
}

/** The verdict's settings from the vars; what cannot be understood is ignored and named in `warnings`. */
function readConfidence(vars: WorkerVars, warnings: string[]): WorkerConfig['confidence'] {
  let mode: ConfidenceMode = DEFAULT_WORKER_CONFIG.confidence.mode;
  const rawMode = vars.CONFIDENCE_MODE?.trim().toLowerCase();
  if (rawMode) {
    if ((CONFIDENCE_MODES as readonly string[]).includes(rawMode)) mode = rawMode as ConfidenceMode;
    else warnings.push(`CONFIDENCE_MODE "${vars.CONFIDENCE_MODE}" is not one of ${CONFIDENCE_MODES.join(', ')}; using ${mode}.`);
  }
  let messages = textsByLanguage(vars.FALLBACK_MESSAGE);
  if (messages === null) {
    warnings.push('FALLBACK_MESSAGE is neither plain text nor a JSON object of texts by language; using the default messages.');
    messages = {};
  }
  let link: WorkerConfig['confidence']['link'] = null;
  const url = vars.FALLBACK_LINK?.trim();
  if (url) {
    if (/^https?:\/\/[^\s]+$/i.test(url) || /^\/(?!\/)[^\s]*$/.test(url)) {
      let text = textsByLanguage(vars.FALLBACK_LINK_TEXT);
      if (text === null) {
        warnings.push('FALLBACK_LINK_TEXT is neither plain text nor a JSON object of texts by language; using the default link text.');
        text = {};
      }
      link = { url, text };
    } else {
      warnings.push(`FALLBACK_LINK "${url}" is not an http(s) URL or a /path; no link is shown.`);
    }
  }
  return { mode, messages, link };
}

function positiveInt(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return raw !== undefined && raw !== '' && Number.isInteger(n) && n >= 0 ? n : fallback;
}

export function readConfig(vars: WorkerVars): WorkerConfig {
  const warnings: string[] = [];
  const confidence = readConfidence(vars, warnings);
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
    confidence,
    warnings,
  };
}

/** The search options a Worker with this configuration answers with. */
export function searchOptionsFor(config: WorkerConfig, defaults: SearchOptions = DEFAULT_SEARCH_OPTIONS): SearchOptions {
  return {
    ...defaults,
    pools: { ...defaults.pools, enabled: config.pools || defaults.pools.enabled },
    confidence: {
      ...defaults.confidence,
      mode: config.confidence.mode,
      fallback: { ...defaults.confidence.fallback, messages: config.confidence.messages, link: config.confidence.link },
    },
  };
}
