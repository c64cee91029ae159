/**
 * Request parsing: what a client sent (query string or JSON body) → a validated SearchRequest, or a
 * RecallBoxError with the code the client sees. Pure, runtime-agnostic.
 */
import { CONFIDENCE_MODES, RecallBoxError, normalizeLang, type ConfidenceMode, type Lang, type SearchOptions, type SearchRequest } from '../core/index.ts';
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
  return request;
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
