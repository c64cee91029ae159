/**
 * Every tunable of a query, in one place with its meaning, range and default. The Worker reads
 * these defaults; the evaluation harness overrides them to compare configurations.
 */
export interface SearchOptions {
  /**
   * Results returned when the request names no `limit`. Range 1..maxLimit. Default 10: what fits a
   * search dropdown without scrolling, and what nDCG@10 measures.
   */
  defaultLimit: number;
  /**
   * Largest `limit` a request may ask for. Default 50: beyond that a reader is not served by a
   * longer list and the Worker spends CPU on snippets nobody sees.
   */
  maxLimit: number;
  /**
   * Longest query accepted, in characters after trimming. Default 256: a docs question fits in
   * far less, and bounding it bounds the analyzer's work per request.
   */
  maxQueryLength: number;
  /**
   * Keyword candidates ranked before the language filter and the cut to `limit`. Range ≥ maxLimit.
   * Default 200: enough that filtering a multi-language pack to one language still leaves a full page.
   */
  candidateLimit: number;
  /**
   * Target snippet length in characters. Range 40..1000. Default 180: about two lines of a
   * dropdown, long enough to show a match with its context.
   */
  snippetLength: number;
}

export const DEFAULT_SEARCH_OPTIONS: Readonly<SearchOptions> = Object.freeze({
  defaultLimit: 10,
  maxLimit: 50,
  maxQueryLength: 256,
  candidateLimit: 200,
  snippetLength: 180,
});
