/**
 * Retrieval metrics over one query's ranked units and its judgements. Pure functions on plain data,
 * following trec_eval's definitions so figures compare with published ones:
 *
 * - a unit is relevant when its judged gain is > 0; unjudged units count as not relevant;
 * - `ranked` is the system's ranking already deduplicated by unit (see `unitRanking` in run.ts);
 * - a ranking shorter than the cutoff is simply scored as it is (missing ranks earn nothing);
 * - a query without any relevant unit has no defined recall, AP or nDCG: these functions return
 *   NaN for it and the runner leaves such queries out of every system's mean alike.
 */

/** Judged units of one query → gain (> 0 relevant). */
export type Judged = ReadonlyMap<string, number>;

/** Number of relevant (gain > 0) units among the judgements. */
export function relevantCount(judged: Judged): number {
  let n = 0;
  for (const gain of judged.values()) if (gain > 0) n++;
  return n;
}

/** DCG of gains in rank order, cut at k, with the standard log2(rank + 1) discount (rank 1-based). */
export function dcg(gains: readonly number[], k: number): number {
  let sum = 0;
  const n = Math.min(k, gains.length);
  for (let i = 0; i < n; i++) sum += gains[i]! / Math.log2(i + 2);
  return sum;
}

/**
 * nDCG@k. Gains as judged (graded collections keep their grades; binary ones are 0/1). The ideal
 * DCG ranks ALL judged gains of the query, not only the retrieved ones, so a system cannot score 1
 * by retrieving a single weakly relevant unit. NaN when the query has no relevant unit.
 */
export function ndcgAt(ranked: readonly string[], judged: Judged, k: number): number {
  const ideal = dcg([...judged.values()].filter((g) => g > 0).sort((a, b) => b - a), k);
  if (ideal === 0) return NaN;
  return dcg(ranked.map((unit) => positiveGain(judged, unit)), k) / ideal;
}

/**
 * Average precision cut at k (trec_eval's `map` with a cutoff): the sum of precision@rank at each
 * relevant unit within the top k, divided by the number of relevant units R (not min(R, k)), so
 * relevant units beyond the cutoff count as missed. NaN when R = 0.
 */
export function averagePrecisionAt(ranked: readonly string[], judged: Judged, k: number): number {
  const total = relevantCount(judged);
  if (total === 0) return NaN;
  let found = 0;
  let sum = 0;
  const n = Math.min(k, ranked.length);
  for (let i = 0; i < n; i++) {
    if (positiveGain(judged, ranked[i]!) > 0) {
      found++;
      sum += found / (i + 1);
    }
  }
  return sum / total;
}

/** Recall@k: relevant units within the top k over all relevant units. NaN when there are none. */
export function recallAt(ranked: readonly string[], judged: Judged, k: number): number {
  const total = relevantCount(judged);
  if (total === 0) return NaN;
  return relevantInTop(ranked, judged, k) / total;
}

/**
 * Precision@k: relevant units within the top k divided by k — by k even when fewer than k units
 * were returned, so returning less is not rewarded. Defined (0) for a query without relevant
 * units: that is what the confidence protocol needs for unanswerable queries.
 */
export function precisionAt(ranked: readonly string[], judged: Judged, k: number): number {
  return relevantInTop(ranked, judged, k) / k;
}

/** Reciprocal rank of the first relevant unit within the top k; 0 if none. NaN when there are none judged. */
export function reciprocalRankAt(ranked: readonly string[], judged: Judged, k: number): number {
  if (relevantCount(judged) === 0) return NaN;
  const rank = firstRelevantRank(ranked, judged);
  return rank !== null && rank <= k ? 1 / rank : 0;
}

/** 1-based rank of the first relevant unit in the whole ranking, or null. For failure analysis. */
export function firstRelevantRank(ranked: readonly string[], judged: Judged): number | null {
  const i = ranked.findIndex((unit) => positiveGain(judged, unit) > 0);
  return i < 0 ? null : i + 1;
}

function relevantInTop(ranked: readonly string[], judged: Judged, k: number): number {
  let found = 0;
  const n = Math.min(k, ranked.length);
  for (let i = 0; i < n; i++) if (positiveGain(judged, ranked[i]!) > 0) found++;
  return found;
}

/** Negative codes (e.g. Cranfield's −1 "not relevant") must not subtract from DCG. */
function positiveGain(judged: Judged, unit: string): number {
  return Math.max(0, judged.get(unit) ?? 0);
}

/**
 * Area under the ROC curve of `score` separating positives from negatives: the probability that a
 * random positive scores above a random negative, ties counted half (the Mann–Whitney U
 * statistic). NaN when either class is empty (the area is undefined, not 0.5).
 * O(n log n): ranks by sorting, ties given their average rank.
 */
export function auroc(samples: ReadonlyArray<{ score: number; positive: boolean }>): number {
  const positives = samples.filter((s) => s.positive).length;
  const negatives = samples.length - positives;
  if (positives === 0 || negatives === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a.score - b.score);
  let positiveRankSum = 0;
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j < sorted.length && sorted[j]!.score === sorted[i]!.score) j++;
    // Ranks i+1 … j share one score: each gets their mean, which is what counts a tie as half.
    const averageRank = (i + 1 + j) / 2;
    for (let t = i; t < j; t++) if (sorted[t]!.positive) positiveRankSum += averageRank;
    i = j;
  }
  const u = positiveRankSum - (positives * (positives + 1)) / 2;
  return u / (positives * negatives);
}

/**
 * The p-th percentile (0 ≤ p ≤ 100) with linear interpolation between closest ranks (R-7, NumPy's
 * default; the same definition as bench/stats.ts): p50 of an even sample is the mean of the middle
 * two. NaN for an empty sample.
 */
export function percentile(values: readonly number[], p: number): number {
  if (p < 0 || p > 100) throw new RangeError(`percentile ${p} is outside 0..100`);
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

/** Arithmetic mean; NaN for an empty sample. */
export function mean(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}
