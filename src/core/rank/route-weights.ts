/**
 * Query-dependent route weights (issue 18): the vector route votes in proportion to what the
 * keyword route missed. A query whose concepts the keyword route's best hit holds all of is a
 * lookup the keyword route answers (a heading, a title, a finished name); a paraphrase with half
 * its words unmatched is what the vector route exists for. So the vector route's weight is scaled
 * by the share of the query's concepts that hit lacks — none when it holds them all, the full
 * weight when the keyword route found nothing.
 *
 * Measured against the equal RRF vote (MRR@10 on docs query sets: `VARIANTS='[["adaptive",
 * {"routeWeighting":{"byKeywordCoverage":true}}]]' npx tsx scripts/options-sweep.ts <docs> <sets…>`
 * over each site's title, heading, as-you-type, typo and reader-question sets; nDCG@10 on the
 * collections: `npx tsx scripts/pipeline-sweep.ts ../shared/datasets/cranfield ../shared/datasets/cisi
 * --variant adaptive='{"routeWeighting":{"byKeywordCoverage":true}}'`): better on 13 of 16 sets — Astro en headings 0.9606 →
 * 0.9765, headings as you type 0.8981 → 0.9276, headings with a typo 0.8740 → 0.9126, fresh reader
 * questions 0.8596 → 0.9071; Hono titles 0.9558 → 0.9759, reader questions 0.8216 → 0.8402 — and
 * worse on Astro's first reader questions (0.7491 → 0.7333), Hono's titles with a typo (0.9041 →
 * 0.8995), Cranfield (0.4060 → 0.3981) and CISI (0.3697 → 0.3643), which stay far above the
 * keyword route (0.3805, 0.3170). Macro average +0.012. On by default; the verdict's defaults
 * (confidence/score.ts), whose signals read the fused results, are fitted under it.
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
