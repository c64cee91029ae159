/**
 * What a search is asked: a validated request (the protocol layer parses one from a client's input,
 * src/protocol/request.ts) and the languages it allows in a pack.
 */
import { RecallBoxError } from '../errors.ts';
import { coveredLanguages } from '../analysis/lang.ts';
import type { ConfidenceMode } from '../confidence/levels.ts';
import type { Lang } from '../types.ts';

/** A validated search request. */
export interface SearchRequest {
  /** The query, trimmed, 1..maxQueryLength characters. */
  q: string;
  limit: number;
  /** Normalised language tag the request asked for, or null for "any language". */
  lang: Lang | null;
  /** `debug=1`: answer with the pipeline's decisions too (SearchOutcome.debug). */
  debug?: boolean;
  /** `confidence=strict|relaxed`: the verdict's mode for this request; absent: the Worker's default. */
  confidence?: ConfidenceMode;
  /** `index=<name>`: which of the Worker's indexes to search; absent: chosen by lang, else the default. */
  index?: string;
  /**
   * The reader typed white space after the last word (`q` is trimmed, so only this keeps it): the
   * word is finished, and is not completed as a word still being typed (matching.ts). Absent: a
   * query ending in a letter or digit may still be mid-word.
   */
  lastWordFinished?: boolean;
  /**
   * `exact=1`: every word matched only as typed, neither completed nor corrected — the reader chose
   * "Search instead for …" over a correction. Absent: as SearchOptions.expansion says.
   */
  exact?: boolean;
  /**
   * `filter.<facet>=<value>`: only sections with that value of each named facet (filters.ts), one
   * value per facet, values normalised (trimmed). Absent: no filter.
   */
  filters?: Record<string, string>;
  /** `facets=1`: answer with the facet counts (filters.ts) though no filter is set. A filtered request always has them. */
  facets?: boolean;
}

/**
 * The pack languages a request's `lang` covers: the exact tag, or every tag of its base language
 * (`zh` finds `zh-cn`). UNKNOWN_LANGUAGE when the pack has none of them.
 */
export function resolveLanguages(lang: Lang, packLanguages: readonly Lang[]): Lang[] {
  const matches = coveredLanguages(lang, packLanguages);
  if (matches.length === 0) {
    throw new RecallBoxError(
      'UNKNOWN_LANGUAGE',
      `the index has no pages in "${lang}"; known languages: ${packLanguages.join(', ')}.`,
    );
  }
  return matches;
}
