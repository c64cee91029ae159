/**
 * Query-dependent route weights (issue 18): the vector route votes in proportion to what the
 * keyword route missed. A query whose concepts the keyword route's best hit holds all of is a
 * lookup the keyword route answers (a heading, a title, a finished name); a paraphrase with half
 * its words unmatched is what the vector route exists for. So the vector route's weight is scaled
 * by the share of the query's concepts that hit lacks — none when it holds them all, the full
 * weight when the keyword route found nothing.
 *
 * Measured against the equal RRF vote with the suite (`npm run eval -- --suite --systems
 * recall-box:keyword,recall-box:full,recall-box:equal-vote`; MRR@10 on the docs' query sets,
 * nDCG@10 on the collections): better on 13 of its 18 rows — Astro en headings 0.9606 → 0.9765,
 * headings as you type 0.8984 → 0.9278, headings with a typo 0.8746 → 0.9131, fresh reader
 * questions 0.8596 → 0.9071; Hono titles 0.9558 → 0.9759, reader questions 0.8230 → 0.8402 —
 * and worse on five: Astro's first reader questions 0.7517 → 0.7374, Astro titles as you type
 * 0.8659 → 0.8643, Hono titles with a typo 0.9056 → 0.9011, Cranfield 0.4060 → 0.3981 and CISI
 * 0.3697 → 0.3643, the last two still far above their keyword routes (0.3814, 0.3164). Macro
 * average 0.8423 → 0.8532. On by default; the verdict's defaults (confidence/score.ts), whose
 * signals read the fused results, are fitted under it.
 */
import type { RouteName } from './fuse.ts';

export interface RouteWeightingOptions {
  /**
   * Scale the vector route's fusion weight by the share of the query's concepts the keyword
   * route's best hit lacks (1 − its coverage). Default true; false gives the fixed weights of
   * fuse.ts (an equal vote, the default before issue 18).
   */
  byKeywordCoverage: boolean;
}

export const DEFAULT_ROUTE_WEIGHTING: Readonly<RouteWeightingOptions> = Object.freeze({ byKeywordCoverage: true });

/**
 * The fusion weights for one query. `keywordTopCoverage`: the share (0..1) of the query's concepts
 * the keyword route's best hit holds, 0 when it found nothing.
 */
export function routeWeights(base: Readonly<Record<RouteName, number>>, keywordTopCoverage: number, options: RouteWeightingOptions = DEFAULT_ROUTE_WEIGHTING): Record<RouteName, number> {
  if (!options.byKeywordCoverage) return { ...base };
  const missed = 1 - Math.min(1, Math.max(0, keywordTopCoverage));
  return { ...base, vector: base.vector * missed };
}
