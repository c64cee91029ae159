import { CONFIDENCE_MODES, DEFAULT_SEARCH_OPTIONS, GRAPH_BOOST_SEEDS_WHEN_ON, PACK_READ_MODES, type ConfidenceMode, type PackReadMode, type SearchOptions } from '../core/index.ts';
import { RATE_LIMIT_DEFAULTS, RATE_LIMIT_PERIODS } from './rate-limit.ts';
import { DEFAULT_INDEX_NAME, normalizePackPath, parseIndexes, type IndexEntry } from '../protocol/indexes.ts';
import { DEFAULT_RETRY_POLICY } from './sources/retry.ts';
import { onOffVar, wholeNumberVar } from '../protocol/vars.ts';

/**
 * Where packs are read from: Workers Static Assets (default), a KV namespace or an R2 bucket. A
 * pack bundled into the script (src/worker/bundled.ts) is read from there instead, whatever this says.
 */
export const PACK_SOURCES = ['assets', 'kv', 'r2'] as const;
export type PackSourceKind = (typeof PACK_SOURCES)[number];

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
   * The indexes this Worker serves, the default first. From INDEXES, a JSON object of name → path
   * (or name → {path, languages}); default: one index named `default` at packPath. Each is loaded
   * and cached on its own, so a broken one fails only the requests that choose it.
   */
  indexes: IndexEntry[];
  /**
   * Where every index's files are read from. From PACK_SOURCE (`assets`, `kv`, `r2`). Default
   * `assets`: needs no resource besides the Worker's own static assets. `kv` reads the PACK_KV
   * binding and `r2` the PACK_BUCKET binding, with each index's path as the key prefix. An index
   * whose pack is bundled into the script (src/worker/bundled.ts) is read from the script.
   */
  packSource: PackSourceKind;
  /**
   * How each index's section blocks and keyword partitions are read (core/pack/load.ts,
   * PackReadMode). From PACK_READ (`auto`, `lazy`, `whole`). Default `auto`: all at once when they
   * are few (a small site: no read per query, at no cost to the first), when queries need them
   * otherwise (memory stays bounded, and the first search reads only what it needs).
   */
  packRead: PackReadMode;
  /**
   * Seconds a browser or CDN may reuse a /search answer. From CACHE_MAX_AGE. Default 300: an answer
   * only changes when the pack does, and the ETag (which carries the buildId) revalidates it cheaply.
   */
  cacheMaxAge: number;
  /** Largest POST body accepted, in bytes. From MAX_BODY_BYTES. Default 8192: a query is ≤ 256 characters. */
  maxBodyBytes: number;
  /**
   * Longest one try of one pack read may take, in ms (sources/retry.ts: three tries, then 503
   * INDEX_UNAVAILABLE). From PACK_READ_TIMEOUT_MS, 50..60,000. Default 4,000 (DEFAULT_RETRY_POLICY).
   */
  packReadTimeoutMs: number;
  /**
   * Recall-pool quotas on. From POOLS (`on`/`off`). Default off: measured, they cost known-item
   * lookups on the Astro docs 0.05 nDCG@10 (docs/ranking.md, "After fusion"; docs/quality.md, ablation); a site whose listings crowd
   * its guides out can turn them on.
   */
  pools: boolean;
  /**
   * The link-graph boost on (core/rank/graph-boost.ts): candidates on pages the top 3 hits link
   * with rise among near-ties. From GRAPH_BOOST (`on`/`off`). Default off: measured, it lifted
   * related pages over the page asked for on the Hono docs and helped no collection (see
   * DEFAULT_GRAPH_BOOST_OPTIONS).
   */
  graphBoost: boolean;
  /**
   * The learned reranking of the best candidates (core/rank/rerank.ts). From RERANK (`on`/`off`).
   * Default: the search defaults' (on): held out on seven docs sites it raised readers' questions'
   * MRR@10 on every one (`npx tsx scripts/fit-reranker.ts --packs <dir>`); a site whose answers it
   * reorders for the worse can turn it off.
   */
  rerank: boolean;
  /**
   * Matching unfinished and misspelt words (core/search/matching.ts). From EXPANSION (`on`/`off`).
   * Default: the search defaults' (DEFAULT_SEARCH_OPTIONS.expansion.enabled).
   */
  expansion: boolean;
  /** The confidence verdict's settings a site owner sets (core/confidence/verdict.ts). */
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
  /**
   * Repeated /search answers served from the Cache API (src/worker/answer-cache.ts). From
   * EDGE_CACHE (`on`/`off`). Default on: an answer is a pure function of the pack and the request,
   * so a repeat costs a cache read instead of a search. Off also when CACHE_MAX_AGE is 0.
   */
  edgeCache: boolean;
  /**
   * Count unanswered queries in D1 (the content-gap report, src/worker/gaps.ts). From GAPS
   * (`on`/`off`). Default off: it needs a GAPS_DB binding and writes on every fallback.
   */
  gaps: boolean;
  /** Count searches and result clicks in D1 (GAPS_DB; src/worker/analytics.ts) for the owners' page. From ANALYTICS (`on`/`off`). Default off. */
  analytics: boolean;
  /** Where the owners' page's "new issue" links point (ISSUES_URL, an https URL such as a GitHub repository's /issues/new). Default none. */
  issuesUrl: string | null;
  /**
   * The window, in seconds, of the RATE_LIMITER binding's `simple.period` (10 or 60), sent as
   * Retry-After with a 429. From RATE_LIMIT_PERIOD. Default 60 (src/worker/rate-limit.ts).
   */
  rateLimitPeriod: number;
  /**
   * Every page an index holds served at its own URL, rendered from the pack (src/preview/): a
   * result followed on a deployment with no docs of its own (the demo, a preview) opens a page and
   * its heading instead of NOT_FOUND. From PREVIEW_PAGES (`on`/`off`). Default off: a Worker that
   * searches a real site must not publish a second, plainer copy of it.
   */
  previewPages: boolean;
  /**
   * GET /llms.txt, /llms-full.txt and every page's Markdown at its URL + `.md` (src/worker/llms-routes.ts),
   * for agents (https://llmstxt.org). From LLMS_TXT (`on`/`off`). Default on: they are the docs the
   * site publishes anyway, in the form agents read; a pack built before them answers NOT_FOUND.
   */
  llmsTxt: boolean;
  /** Settings that were set but not understood, and ignored: reported by /health so a typo is visible. */
  warnings: string[];
}

export const DEFAULT_WORKER_CONFIG: Readonly<WorkerConfig> = Object.freeze({
  allowedOrigins: ['*'],
  packPath: '/pack/',
  indexes: [{ name: DEFAULT_INDEX_NAME, path: '/pack/', languages: [] }],
  packSource: 'assets' as const,
  packRead: 'auto' as const,
  cacheMaxAge: 300,
  maxBodyBytes: 8192,
  packReadTimeoutMs: DEFAULT_RETRY_POLICY.attemptTimeoutMs,
  pools: false,
  graphBoost: false,
  rerank: DEFAULT_SEARCH_OPTIONS.rerank.enabled,
  expansion: DEFAULT_SEARCH_OPTIONS.expansion.enabled,
  edgeCache: true,
  gaps: false,
  analytics: false,
  issuesUrl: null,
  rateLimitPeriod: RATE_LIMIT_DEFAULTS.periodSeconds,
  previewPages: false,
  llmsTxt: true,
  confidence: Object.freeze({ mode: 'strict' as const, messages: {}, link: null }),
  warnings: [],
});

export interface WorkerVars {
  ALLOWED_ORIGINS?: string;
  PACK_PATH?: string;
  INDEXES?: string;
  PACK_SOURCE?: string;
  PACK_READ?: string;
  CACHE_MAX_AGE?: string;
  MAX_BODY_BYTES?: string;
  PACK_READ_TIMEOUT_MS?: string;
  POOLS?: string;
  GRAPH_BOOST?: string;
  RERANK?: string;
  EXPANSION?: string;
  CONFIDENCE_MODE?: string;
  FALLBACK_MESSAGE?: string;
  FALLBACK_LINK?: string;
  FALLBACK_LINK_TEXT?: string;
  EDGE_CACHE?: string;
  GAPS?: string;
  ANALYTICS?: string;
  ISSUES_URL?: string;
  RATE_LIMIT_PERIOD?: string;
  PREVIEW_PAGES?: string;
  LLMS_TXT?: string;
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

/** INDEXES when set and understood; else the single index at PACK_PATH (a bad list is named in `warnings`). */
function readIndexes(vars: WorkerVars, packPath: string, warnings: string[]): IndexEntry[] {
  const single = [{ name: DEFAULT_INDEX_NAME, path: packPath, languages: [] }];
  if (!vars.INDEXES?.trim()) return single;
  try {
    return parseIndexes(vars.INDEXES);
  } catch (e) {
    warnings.push(`${(e as Error).message}; serving the single index at PACK_PATH (${packPath}).`);
    return single;
  }
}

function readPackSource(vars: WorkerVars, warnings: string[]): PackSourceKind {
  const raw = vars.PACK_SOURCE?.trim().toLowerCase();
  if (!raw) return DEFAULT_WORKER_CONFIG.packSource;
  if ((PACK_SOURCES as readonly string[]).includes(raw)) return raw as PackSourceKind;
  warnings.push(`PACK_SOURCE "${vars.PACK_SOURCE}" is not one of ${PACK_SOURCES.join(', ')}; reading packs from assets.`);
  return DEFAULT_WORKER_CONFIG.packSource;
}

function readPackRead(vars: WorkerVars, warnings: string[]): PackReadMode {
  const raw = vars.PACK_READ?.trim().toLowerCase();
  if (!raw) return DEFAULT_WORKER_CONFIG.packRead;
  if ((PACK_READ_MODES as readonly string[]).includes(raw)) return raw as PackReadMode;
  warnings.push(`PACK_READ "${vars.PACK_READ}" is not one of ${PACK_READ_MODES.join(', ')}; reading packs ${DEFAULT_WORKER_CONFIG.packRead}.`);
  return DEFAULT_WORKER_CONFIG.packRead;
}


function readRateLimitPeriod(vars: WorkerVars, warnings: string[]): number {
  const raw = vars.RATE_LIMIT_PERIOD?.trim();
  if (!raw) return DEFAULT_WORKER_CONFIG.rateLimitPeriod;
  const n = Number(raw);
  if ((RATE_LIMIT_PERIODS as readonly number[]).includes(n)) return n;
  warnings.push(`RATE_LIMIT_PERIOD "${raw}" is not one of ${RATE_LIMIT_PERIODS.join(', ')}; using ${DEFAULT_WORKER_CONFIG.rateLimitPeriod}.`);
  return DEFAULT_WORKER_CONFIG.rateLimitPeriod;
}

/** ISSUES_URL when it is an https URL; otherwise none, named in `warnings`. */
function readIssuesUrl(vars: WorkerVars, warnings: string[]): string | null {
  const raw = vars.ISSUES_URL?.trim();
  if (!raw) return null;
  try {
    if (/^https:\/\/[^\s]+$/i.test(raw) && new URL(raw)) return raw;
  } catch {
    // Not a URL: named below.
  }
  warnings.push(`ISSUES_URL "${raw}" is not an https URL; the owners' page shows no issue links.`);
  return null;
}

/** Bounds of PACK_READ_TIMEOUT_MS: below 50 ms a healthy read can miss it; above a minute a reader has left. */
const PACK_READ_TIMEOUT_RANGE = { min: 50, max: 60_000 } as const;
/** Bounds of CACHE_MAX_AGE, in seconds: 0 (no caching) to a year, the longest HTTP caches honour. */
const CACHE_MAX_AGE_RANGE = { min: 0, max: 31_536_000 } as const;
/**
 * Bounds of MAX_BODY_BYTES: 512 holds the longest query (256 characters, up to 3 bytes each in
 * UTF-8, in JSON) with its options; 1 MiB is far past any search request, and what a Worker reads
 * into memory for one should stay small.
 */
const MAX_BODY_BYTES_RANGE = { min: 512, max: 1_048_576 } as const;

export function readConfig(vars: WorkerVars): WorkerConfig {
  const warnings: string[] = [];
  const confidence = readConfidence(vars, warnings);
  const origins = (vars.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o.length > 0);
  const packPath = normalizePackPath(vars.PACK_PATH?.trim() || DEFAULT_WORKER_CONFIG.packPath);
  return {
    allowedOrigins: origins.length > 0 ? origins : [...DEFAULT_WORKER_CONFIG.allowedOrigins],
    packPath,
    indexes: readIndexes(vars, packPath, warnings),
    packSource: readPackSource(vars, warnings),
    packRead: readPackRead(vars, warnings),
    cacheMaxAge: wholeNumberVar('CACHE_MAX_AGE', vars.CACHE_MAX_AGE, CACHE_MAX_AGE_RANGE, DEFAULT_WORKER_CONFIG.cacheMaxAge, warnings),
    maxBodyBytes: wholeNumberVar('MAX_BODY_BYTES', vars.MAX_BODY_BYTES, MAX_BODY_BYTES_RANGE, DEFAULT_WORKER_CONFIG.maxBodyBytes, warnings),
    packReadTimeoutMs: wholeNumberVar('PACK_READ_TIMEOUT_MS', vars.PACK_READ_TIMEOUT_MS, PACK_READ_TIMEOUT_RANGE, DEFAULT_WORKER_CONFIG.packReadTimeoutMs, warnings),
    pools: onOffVar('POOLS', vars.POOLS, DEFAULT_WORKER_CONFIG.pools, warnings),
    graphBoost: onOffVar('GRAPH_BOOST', vars.GRAPH_BOOST, DEFAULT_WORKER_CONFIG.graphBoost, warnings),
    rerank: onOffVar('RERANK', vars.RERANK, DEFAULT_WORKER_CONFIG.rerank, warnings),
    expansion: onOffVar('EXPANSION', vars.EXPANSION, DEFAULT_WORKER_CONFIG.expansion, warnings),
    edgeCache: onOffVar('EDGE_CACHE', vars.EDGE_CACHE, DEFAULT_WORKER_CONFIG.edgeCache, warnings),
    gaps: onOffVar('GAPS', vars.GAPS, DEFAULT_WORKER_CONFIG.gaps, warnings),
    analytics: onOffVar('ANALYTICS', vars.ANALYTICS, DEFAULT_WORKER_CONFIG.analytics, warnings),
    issuesUrl: readIssuesUrl(vars, warnings),
    rateLimitPeriod: readRateLimitPeriod(vars, warnings),
    previewPages: onOffVar('PREVIEW_PAGES', vars.PREVIEW_PAGES, DEFAULT_WORKER_CONFIG.previewPages, warnings),
    llmsTxt: onOffVar('LLMS_TXT', vars.LLMS_TXT, DEFAULT_WORKER_CONFIG.llmsTxt, warnings),
    confidence,
    warnings,
  };
}

/** The search options a Worker with this configuration answers with. */
export function searchOptionsFor(config: WorkerConfig, defaults: SearchOptions = DEFAULT_SEARCH_OPTIONS): SearchOptions {
  return {
    ...defaults,
    pools: { ...defaults.pools, enabled: config.pools || defaults.pools.enabled },
    graphBoost: config.graphBoost && defaults.graphBoost.seeds === 0 ? { ...defaults.graphBoost, seeds: GRAPH_BOOST_SEEDS_WHEN_ON } : defaults.graphBoost,
    rerank: { ...defaults.rerank, enabled: config.rerank },
    expansion: { ...defaults.expansion, enabled: config.expansion },
    confidence: {
      ...defaults.confidence,
      mode: config.confidence.mode,
      fallback: { ...defaults.confidence.fallback, messages: config.confidence.messages, link: config.confidence.link },
    },
  };
}
