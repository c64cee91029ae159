/**
 * Options of ingest (docs folder → pages → sections) and their one set of defaults.
 */
import { DEFAULT_PATH_LANGS, normalizeLang } from '../../core/analysis/lang.ts';
import { RecallBoxError } from '../../core/errors.ts';
import { MAX_EXAMINED_CHARS } from '../../core/present/snippet.ts';
import { validateFacetNames } from '../../core/pack/facets.ts';
import type { Lang, Page, SkippedFile } from '../../core/types.ts';

export type HeadingDepth = 1 | 2 | 3 | 4 | 5 | 6;

export interface IngestOptions {
  /**
   * URL path the docs are served under; every page URL starts with it. Any path, normalised to
   * start and end with '/' (`docs` → `/docs/`). Default '/'.
   */
  baseUrl: string;
  /**
   * Deepest heading that starts its own section, 1–6. Content under deeper headings (and their
   * heading text) belongs to the enclosing section. Default 3: h2/h3 sections are the size of an
   * answer; h4+ sections are usually a few lines that read better with their parent's context.
   */
  maxHeadingDepth: HeadingDepth;
  /**
   * Language tags recognised as a first path segment (`zh-cn/guides/x.md` → 'zh-cn').
   * Default DEFAULT_PATH_LANGS from core/analysis/lang.ts.
   */
  langs: readonly string[];
  /** Language of pages whose path and front matter name none. Any language tag; default 'en'. */
  defaultLang: Lang;
  /**
   * Most characters of text and code one section holds; a longer one is cut into parts at
   * paragraph boundaries (split-large.ts), with a warning naming the file. Integer ≥ 1024. Default
   * 32 768, what presentation examines per section (core/present/snippet.ts MAX_EXAMINED_CHARS),
   * so every part is shown and evidenced whole; the longest real section measured is 17,608
   * characters (Astro en docs; the build summary prints it), so only generated or hostile pages are cut.
   */
  maxSectionChars: number;
  /**
   * Largest Markdown/MDX file, in characters, read by the Markdown/MDX parser; a larger one is read
   * line by line (headings, fenced code, paragraphs; large-markdown.ts) with a LARGE_FILE warning
   * naming it. Integer ≥ 1. Default 1 MiB (1,048,576): the parser's time and memory grow with the
   * file (large-markdown.ts gives the build of a 20 MiB page), and the largest page of the Astro
   * and Hono docs is far below it, so only generated or hostile files are read by lines.
   */
  maxParseChars: number;
  /**
   * Front matter fields that become facets a search can be filtered by and counted by
   * (`--facet tags --facet version`; core/pack/facets.ts): each page's values of each field are
   * stored for its sections. Names as the front matter writes them: 1–32 letters, digits, `_` or
   * `-`, starting with a letter, at most MAX_FACETS (8), never `pool` or `lang` (built in: every
   * pack has them). Default none.
   */
  facets: readonly string[];
  /**
   * Read doc files whose real path (links resolved) lies outside the docs folder. Default false:
   * they are skipped as OUTSIDE_DOCS_ROOT (files.ts ReadDocOptions says why).
   */
  followExternalSymlinks: boolean;
}

/** Least maxSectionChars: below a few paragraphs, parts stop reading as answers. */
const MIN_SECTION_CHARS = 1024;

export const DEFAULT_INGEST_OPTIONS: IngestOptions = {
  baseUrl: '/',
  maxHeadingDepth: 3,
  langs: DEFAULT_PATH_LANGS,
  defaultLang: 'en',
  maxSectionChars: MAX_EXAMINED_CHARS,
  maxParseChars: 1024 * 1024,
  facets: [],
  followExternalSymlinks: false,
};

export interface IngestResult {
  /** Indexed pages, in sorted path order. */
  pages: Page[];
  /** Supported files that were not indexed, with the reason. */
  skipped: SkippedFile[];
  /** Files indexed with a change the owner should know of (`SECTION_SPLIT`, `LARGE_FILE`, `FACET_VALUES_DROPPED`), same shape as `skipped`. */
  warnings: SkippedFile[];
  /** Number of supported doc files found (pages + skipped). */
  files: number;
  /**
   * The site's name, where the pages say it: the name every built page's `<title>` ends with
   * (`Routing | Astro Docs` → `Astro Docs`, built-site.ts commonTitleSuffix), which titles llms.txt.
   * Absent for a docs folder, and for built titles without one.
   */
  siteName?: string;
}

/** Merge user options over the defaults and validate them (throws RecallBoxError('INVALID_OPTIONS')). */
export function resolveIngestOptions(options: Partial<IngestOptions> = {}): IngestOptions {
  const merged: IngestOptions = { ...DEFAULT_INGEST_OPTIONS, ...stripUndefined(options) };
  if (!Number.isInteger(merged.maxSectionChars) || merged.maxSectionChars < MIN_SECTION_CHARS) {
    throw new RecallBoxError('INVALID_OPTIONS', `maxSectionChars must be an integer ≥ ${MIN_SECTION_CHARS}, got ${String(merged.maxSectionChars)}`);
  }
  if (!Number.isInteger(merged.maxParseChars) || merged.maxParseChars < 1) {
    throw new RecallBoxError('INVALID_OPTIONS', `maxParseChars must be an integer ≥ 1, got ${String(merged.maxParseChars)}`);
  }
  const depth = merged.maxHeadingDepth;
  if (!Number.isInteger(depth) || depth < 1 || depth > 6) {
    throw new RecallBoxError('INVALID_OPTIONS', `maxHeadingDepth must be an integer 1–6, got ${String(depth)}`);
  }
  let defaultLang: Lang;
  try {
    defaultLang = normalizeLang(merged.defaultLang);
  } catch {
    throw new RecallBoxError('INVALID_OPTIONS', `defaultLang "${merged.defaultLang}" is not a language tag`);
  }
  if (!Array.isArray(merged.facets)) throw new RecallBoxError('INVALID_OPTIONS', 'facets must be a list of front matter field names');
  return { ...merged, baseUrl: normalizeBaseUrl(merged.baseUrl), defaultLang, facets: validateFacetNames(merged.facets) };
}

/** `''` → `/`, `docs` → `/docs/`, `/docs` → `/docs/`; backslashes become slashes. */
export function normalizeBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.trim().replace(/\\/g, '/');
  if (trimmed.includes('://') || trimmed.startsWith('//')) {
    throw new RecallBoxError(
      'INVALID_OPTIONS',
      `baseUrl must be a path such as "/docs/", not a full URL: "${baseUrl}"`,
    );
  }
  const segments = trimmed.split('/').filter((s) => s.length > 0);
  return segments.length === 0 ? '/' : `/${segments.join('/')}/`;
}

/** `{ a: undefined }` must not override a default, which a plain spread would do. */
function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
