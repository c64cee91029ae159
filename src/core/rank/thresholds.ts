/**
 * Per-route score thresholds, with diagnostics. The two routes' scores mean different things: a
 * keyword (BM25F) score only compares hits of one query, so its threshold is relative to the
 * query's top score; a vector score is a cosine, comparable across queries, so its threshold is
 * absolute. The diagnostics carry the scale so nobody reads "passed a relative threshold" as
 * "relevant": the best hit of a query about nothing in the docs still has relative score 1.
 */
import { RecallBoxError } from '../errors.ts';
import type { RouteHit, RouteName } from './fuse.ts';

/** `relative`: score ÷ the top score of the same list. `absolute`: the score as it is. */
export type ScoreScale = 'relative' | 'absolute';

export interface Threshold {
  /** Lowest score kept (inclusive), on `scale`. */
  min: number;
  scale: ScoreScale;
}

export interface ThresholdDiagnostics {
  scale: ScoreScale;
  min: number;
  /** Hits at or above the threshold. */
  kept: number;
  /** Hits below it (kept + dropped = hits given). */
  dropped: number;
  /** Highest raw score of the hits given, before thresholding; null for no hits. */
  topScore: number | null;
}

export interface ThresholdResult {
  /** The kept hits, in their input order. */
  hits: RouteHit[];
  diagnostics: ThresholdDiagnostics;
}

/**
 * The threshold of each route when the caller names none. Both are deliberately loose, cutting only
 * the tail that is almost never useful. Figures: `npx tsx scripts/pipeline-sweep.ts
 * ../shared/datasets/cranfield` with the stages after fusion off (see the vector threshold).
 */
export const DEFAULT_THRESHOLDS: Readonly<Record<RouteName, Readonly<Threshold>>> = Object.freeze({
  /**
   * Keyword: relative, range [0, 1]. Default 0.1: keeps hits scoring at least a tenth of the best
   * one. Below that a hit typically matches only a common query term while the best hits match the
   * rare ones; 0 keeps everything, 1 keeps only hits tied with the best. Neutral on Cranfield's
   * fused ranking (0, 0.1 and 0.2 all 0.4054): it shortens lists, it does not reorder.
   */
  keyword: Object.freeze({ min: 0.1, scale: 'relative' as const }),
  /**
   * Vector: absolute cosine, range [-1, 1]. Default 0.4, measured with the default static model
   * (`scripts/vector-threshold.ts`, and `scripts/pipeline-sweep.ts` with the stages after fusion
   * off: `--variant 'v={"mmr":{"enabled":false},"graphBoost":{"seeds":0},"thresholds":{"vector":
   * {"min":0.3,"scale":"absolute"}}}'`, and so on for each value): the highest value that
   * costs Cranfield nothing (hybrid nDCG@10 0.4038 at 0.3, 0.4054 at 0.4, 0.4020 at 0.45, 0.3947
   * at 0.5: its relevant abstracts sit at modest cosines), while known-item queries on the Astro
   * and Hono docs have a top-1 cosine of 0.70 / 0.55 at their 5th percentile. It is not what
   * separates answerable from unanswerable queries: off-topic English questions reach 0.6 median
   * on a static model — that is the confidence verdict's job. Cosine distributions are model-
   * dependent: re-measure when the embedding model changes.
   */
  vector: Object.freeze({ min: 0.4, scale: 'absolute' as const }),
});

/**
 * Keeps the hits whose score, on the threshold's scale, is ≥ `min`, in their input order. Under
 * `relative`, a score is divided by the list's top score; a list whose top score is not positive
 * has nothing to be relative to (BM25F never scores a real match ≤ 0), so all its hits are dropped.
 * A NaN score is never kept. Throws RecallBoxError('INVALID_OPTIONS', …) when `min` is not finite
 * or a relative `min` is outside [0, 1].
 */
export function applyThreshold(hits: readonly RouteHit[], threshold: Threshold): ThresholdResult {
  const { min, scale } = threshold;
  if (!Number.isFinite(min) || (scale === 'relative' && (min < 0 || min > 1))) {
    const range = scale === 'relative' ? 'in [0, 1]' : 'finite';
    throw new RecallBoxError('INVALID_OPTIONS', `threshold: a ${scale} min must be ${range}, got ${min}.`);
  }
  const topScore = hits.length === 0 ? null : topOf(hits);
  const kept = hits.filter((hit) => passes(hit.score, min, scale, topScore));
  return {
    hits: kept,
    diagnostics: { scale, min, kept: kept.length, dropped: hits.length - kept.length, topScore },
  };
}

function passes(score: number, min: number, scale: ScoreScale, topScore: number | null): boolean {
  if (scale === 'absolute') return score >= min;
  if (topScore === null || !(topScore > 0)) return false;
  return score / topScore >= min;
}

/**
 * The maximum, not the first hit's score: the input is meant to be in rank order, but the
 * threshold must not silently depend on it. NaN scores are ignored; all-NaN gives NaN.
 */
function topOf(hits: readonly RouteHit[]): number {
  let top = Number.NaN;
  for (const { score } of hits) if (!(score <= top)) top = Number.isNaN(score) ? top : score;
  return top;
}
