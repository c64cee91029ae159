/**
 * Request parsing: what a client sent (query string or JSON body) → a validated SearchRequest, or a
 * RecallBoxError with the code the client sees. Pure, runtime-agnostic.
 */
import {
  CONFIDENCE_MODES,
  FACET_NAME,
  MAX_FACET_VALUE_CHARS,
  MAX_FILTERS,
  RecallBoxError,
  isRecord,
  normalizeFacetValue,
  normalizeLang,
  quoteInput,
  type ConfidenceMode,
  type Lang,
  type SearchOptions,
  type SearchRequest,
} from '../core/index.ts';
import { unknownIndex } from './indexes.ts';
import { parseLimit } from './limit.ts';

export type { SearchRequest };

/** What a client sent, from a query string (strings) or a JSON body (any JSON values). */
export interface RawSearchRequest {
  q?: unknown;
  limit?: unknown;
  lang?: unknown;
  debug?: unknown;
  confidence?: unknown;
  index?: unknown;
  exact?: unknown;
  /** `{facet: value}`: a JSON body's `filters`, or the query string's `filter.<facet>` parameters gathered (filtersFromQuery). */
  filters?: unknown;
  facets?: unknown;
}

/** The query string's filter parameters: `filter.<facet>=<value>`, the first of each name (as every parameter). */
export const FILTER_PARAM_PREFIX = 'filter.';

/** The `filter.<facet>` parameters of a decoded query string as a `filters` object; undefined when there are none. */
export function filtersFromQuery(params: ReadonlyMap<string, string>): Record<string, string> | undefined {
  let filters: Record<string, string> | undefined;
  for (const [name, value] of params) {
    if (!name.startsWith(FILTER_PARAM_PREFIX)) continue;
    // A null-prototype object: a parameter named `filter.__proto__` is then a name like any other (and refused as one).
    filters ??= Object.create(null) as Record<string, string>;
    filters[name.slice(FILTER_PARAM_PREFIX.length)] = value;
  }
  return filters;
}

/**
 * Validate what does not need the index: done before the pack is touched, so a bad request costs
 * nothing and cannot be confused with an index problem. `indexes`: the names of the Worker's
 * indexes, which an `index` parameter must be one of (UNKNOWN_INDEX otherwise); without the list,
 * `index` is not accepted at all (a caller with one pack has nothing to choose).
 */
export function parseSearchRequest(raw: RawSearchRequest, options: SearchOptions, indexes: readonly string[] = []): SearchRequest {
  if (raw.q !== undefined && typeof raw.q !== 'string') {
    throw new RecallBoxError('QUERY_EMPTY', 'q must be a string.');
  }
  const text = searchableText(raw.q ?? '');
  const q = text.trim();
  if (q.length === 0) throw new RecallBoxError('QUERY_EMPTY', 'the query q is empty.');
  // Counted in code points, so a CJK or emoji query is measured as a reader sees it.
  const length = [...q].length;
  if (length > options.maxQueryLength) {
    throw new RecallBoxError('QUERY_TOO_LONG', `the query has ${length} characters; at most ${options.maxQueryLength} are accepted.`);
  }
  const limit = parseLimit(raw.limit, options.defaultLimit, options.maxLimit);
  let lang: Lang | null = null;
  if (raw.lang !== undefined && raw.lang !== null && raw.lang !== '') {
    if (typeof raw.lang !== 'string') throw new RecallBoxError('UNKNOWN_LANGUAGE', 'lang must be a string.');
    lang = normalizeLang(raw.lang);
  }
  const debug = isOn(raw.debug);
  const request: SearchRequest = { q, limit, lang };
  if (debug) request.debug = true;
  if (isOn(raw.exact)) request.exact = true;
  if (/\s$/u.test(text)) request.lastWordFinished = true;
  if (raw.confidence !== undefined && raw.confidence !== null && raw.confidence !== '') {
    if (typeof raw.confidence !== 'string' || !(CONFIDENCE_MODES as readonly string[]).includes(raw.confidence)) {
      throw new RecallBoxError('BAD_CONFIDENCE_MODE', `confidence must be one of ${CONFIDENCE_MODES.join(', ')}.`);
    }
    request.confidence = raw.confidence as ConfidenceMode;
  }
  if (raw.index !== undefined && raw.index !== null && raw.index !== '') {
    if (typeof raw.index !== 'string') throw new RecallBoxError('BAD_REQUEST', 'index must be a string naming one index.');
    if (!indexes.includes(raw.index)) throw unknownIndex(raw.index, indexes);
    request.index = raw.index;
  }
  const filters = parseFilters(raw.filters);
  if (filters) request.filters = filters;
  if (isOn(raw.facets)) request.facets = true;
  return request;
}

/**
 * `filters`: an object of facet name → one string value (null, absent or `{}`: no filter). A name
 * that cannot be a facet's is UNKNOWN_FACET here; whether the index has the facet is checked
 * against the pack (core/search/filters.ts). A value is normalised as the build stores values
 * (white space collapsed, trimmed); an empty one sets no filter; a value that is not a string, or
 * longer than any stored value can be, is BAD_REQUEST, as are more than MAX_FILTERS filters.
 */
function parseFilters(raw: unknown): Record<string, string> | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!isRecord(raw)) throw new RecallBoxError('BAD_REQUEST', 'filters must be an object of facet name → value, like {"pool": "reference"}.');
  const names = Object.keys(raw);
  if (names.length > MAX_FILTERS) throw new RecallBoxError('BAD_REQUEST', `at most ${MAX_FILTERS} filters are accepted, one per facet; got ${names.length}.`);
  const filters: Record<string, string> = {};
  for (const name of names.sort()) {
    if (!FACET_NAME.test(name)) throw new RecallBoxError('UNKNOWN_FACET', `there is no facet ${quoteInput(name)}: a facet is pool, lang, or a front matter field configured at build.`);
    const value = raw[name];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') throw new RecallBoxError('BAD_REQUEST', `the filter on ${quoteInput(name)} must be a string value (one per facet).`);
    const text = normalizeFacetValue(value);
    if (text === '') continue;
    if ([...text].length > MAX_FACET_VALUE_CHARS) {
      throw new RecallBoxError('BAD_REQUEST', `the filter on ${quoteInput(name)} is longer than ${MAX_FACET_VALUE_CHARS} characters, which no facet value is: ${quoteInput(text)}.`);
    }
    filters[name] = name === 'lang' ? filterLang(text) : text;
  }
  return Object.keys(filters).length > 0 ? filters : undefined;
}

/** A `lang` filter as a tag (`EN` → `en`), so one language is one cache key; a value that is no tag stays as sent, matching nothing. */
function filterLang(value: string): string {
  try {
    return normalizeLang(value);
  } catch {
    return value;
  }
}

/**
 * Characters no docs page is searched for: control characters (NUL, escapes; tabs and line breaks
 * are white space either way) and lone surrogates (half of a UTF-16 pair, which a JSON body can
 * carry as "\ud800" and no text can contain). Each becomes a space, so a query of nothing else is
 * QUERY_EMPTY rather than a search for nothing, and "a\u0000b" stays two words as a reader sees them.
 */
const UNSEARCHABLE = /[\p{Cc}\p{Cs}]/gu;

function searchableText(q: string): string {
  return q.replace(UNSEARCHABLE, ' ');
}

/** A flag as a query string (`1`, `true`) or a JSON body (`true`, `1`) turns it on; anything else leaves it off. */
export function isOn(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}
