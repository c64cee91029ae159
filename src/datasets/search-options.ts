import { DEFAULT_SEARCH_OPTIONS, type SearchOptions } from '../core/index.ts';

/**
 * The Worker's options with two request bounds raised; the defaults themselves are not changed and
 * every ranking setting stays as deployed.
 *
 * - `maxLimit`/`candidateLimit` ≥ k: the harness needs up to 100 ranked hits (MAP@100, Recall@100)
 *   where the Worker serves at most 50.
 * - `maxQueryLength` ≥ the query's length: the cap guards the Worker's CPU against abuse; it is not
 *   part of ranking. Kept, it would score test queries longer than 256 characters (3 of Cranfield's
 *   225) as unanswered and measure the guard instead of the ranking, which every peer is spared.
 */
export function evalSearchOptions(k: number, query = ''): SearchOptions {
  const d = DEFAULT_SEARCH_OPTIONS;
  return {
    ...d,
    maxLimit: Math.max(d.maxLimit, k),
    candidateLimit: Math.max(d.candidateLimit, k),
    // Counted in code points after trimming, as parseSearchRequest counts.
    maxQueryLength: Math.max(d.maxQueryLength, [...query.trim()].length),
  };
}
