/**
 * Query-dependent route weights (issue 18): the vector route votes by what the keyword route
 * missed. A query whose concepts the keyword route's best hit holds all of is a lookup the keyword
 * route answers (a heading, a title, a finished name); a paraphrase with half its words unmatched
 * is what the vector route exists for. So the vector route's weight is scaled by the share of the
 * query's concepts that hit lacks, squared — none when it holds them all, a quarter when it lacks
 * half, the full weight when the keyword route found nothing. At no weight the route is not run
 * at all (search/search.ts keywordAnswered: the query is not embedded, a lazily read pack's
 * vectors stay unread), which changed no row of the suite.
 *
 * Why squared, not in proportion: a hit that lacks one concept of four is usually the answer in
 * other words (the missing word is a paraphrase or a filler the docs do not use), and the vector
 * route — trained on the docs alone — then mostly reorders the keyword route's near-ties. Measured
 * with the suite (`npm run eval -- --suite --systems recall-box:keyword,recall-box:full,recall-box:linear-vote`;
 * MRR@10 on the docs' query sets, nDCG@10 on the collections): the weight in proportion
 * (`recall-box:linear-vote`) ranks Astro's fresh reader questions below the keyword route (0.9071
 * against 0.9303; squared 0.9304) and Hono's fresh ones at 0.8885 (keyword 0.8906, squared
 * 0.8906); the equal vote, when it was the default, left six rows below it (docs/quality.md's "How the
 * default got here"). Squared costs Cranfield 0.3981 → 0.3939 and CISI 0.3615 → 0.3551, both
 * still far above their keyword routes (0.3814, 0.3164): long questions lack many concepts and
 * keep most of the vote. Macro-average over the 18 rows: 0.8655 squared,
 * 0.8644 in proportion, keyword route 0.7906. On by default. The verdict's defaults
 * (confidence/score.ts), whose signals read the fused results, were fitted under the proportional
 * vote; fitted again under the squared one (scripts/confidence-defaults.ts) they answer the same
 * shares of the held-out reader questions, so they stay.
 */
import type { RouteName } from './fuse.ts';
import { RecallBoxError } from '../errors.ts';

export interface RouteWeightingOptions {
  /**
   * Scale the vector route's fusion weight by the share of the query's concepts the keyword
   * route's best hit lacks (1 − its coverage). Default true; false gives the fixed weights of
   * fuse.ts (an equal vote, the default before issue 18).
   */
  byKeywordCoverage: boolean;
  /**
   * The missed share is raised to this power before it scales the vector weight. Range finite
   * ≥ 0 (0: the vector route votes fully whenever the keyword route missed anything). Default 2
   * (see above); 1 scales in proportion.
   */
  exponent: number;
}

export const DEFAULT_ROUTE_WEIGHTING: Readonly<RouteWeightingOptions> = Object.freeze({ byKeywordCoverage: true, exponent: 2 });

/**
 * The fusion weights for one query. `keywordTopCoverage`: the share (0..1) of the query's concepts
 * the keyword route's best hit holds, 0 when it found nothing. Throws `INVALID_OPTIONS` for an
 * exponent that is not a finite number ≥ 0.
 */
export function routeWeights(base: Readonly<Record<RouteName, number>>, keywordTopCoverage: number, options: RouteWeightingOptions = DEFAULT_ROUTE_WEIGHTING): Record<RouteName, number> {
  if (!options.byKeywordCoverage) return { ...base };
  if (!Number.isFinite(options.exponent) || options.exponent < 0) {
    throw new RecallBoxError('INVALID_OPTIONS', `route weighting: exponent must be a finite number ≥ 0, got ${options.exponent}.`);
  }
  const missed = 1 - Math.min(1, Math.max(0, keywordTopCoverage));
  // 0 ** 0 is 1 in JavaScript: a full hit must still silence the vector route under exponent 0.
  const scale = missed === 0 ? 0 : missed ** options.exponent;
  return { ...base, vector: base.vector * scale };
}
