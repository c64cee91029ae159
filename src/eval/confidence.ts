/**
 * The withheld-documents protocol: does a system's confidence tell answerable queries from
 * unanswerable ones?
 *
 * A fixed, seeded 30% of the units (documents; whole PAGES for docs datasets, since a unit is a
 * page there) is left out of the index. A query whose judged-relevant units are all withheld
 * cannot be answered — whatever the system returns for it is wrong — while a query with a relevant
 * unit still indexed can. An honest confidence is high on the first kind and low on the second.
 * Queries without any relevant judgement are neither and are left out, as everywhere in the harness.
 *
 * Pure functions: the runner (run.ts) indexes and searches; this module splits and scores.
 */
import { auroc, mean } from './metrics.ts';
import type { EvalDataset, EvalDoc } from './types.ts';
import { mulberry32 } from '../core/random.ts';

/**
 * Seed of the withholding PRNG. Any fixed value works; fixing it makes every run withhold the same
 * units, so figures compare across runs and commits. Changing it changes the figures.
 */
export const WITHHOLD_SEED = 20240601;

/**
 * Share of units withheld, in (0, 1). 0.3 leaves most of the collection indexed (answerable
 * queries stay typical) while making a useful number of queries unanswerable: on Cranfield, whose
 * queries have ~8 relevant documents each, only queries with few relevant documents lose them all.
 */
export const WITHHOLD_SHARE = 0.3;

/**
 * Confidence at or above which a system answers, in [0, 1]; default 0.5. Chosen on principle, not
 * tuned on any dataset: confidence is the system's estimate that it has an answer, and answering
 * when that is more likely than not is the neutral decision rule.
 */
export const DEFAULT_CONFIDENCE_THRESHOLD = 0.5;

/** Depth of the precision the protocol reports: 3, the results a reader looks at before giving up. */
export const PRECISION_DEPTH = 3;

/** Thresholds of the selective-answering table: 0, 0.1, …, 1 (0 answers everything). */
export const SELECTIVE_THRESHOLDS: readonly number[] = Array.from({ length: 11 }, (_, i) => i / 10);


/**
 * The withheld units: exactly round(share × n) of the n distinct units, chosen by a seeded
 * Fisher–Yates shuffle of the units in sorted order — so the choice depends only on the set of
 * units and the seed, not on the order files were read in.
 */
export function withheldUnits(units: Iterable<string>, share: number = WITHHOLD_SHARE, seed: number = WITHHOLD_SEED): Set<string> {
  if (!(share >= 0 && share <= 1)) throw new RangeError(`withheld share ${share} is outside 0..1`);
  const sorted = [...new Set(units)].sort();
  const random = mulberry32(seed);
  for (let i = sorted.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [sorted[i], sorted[j]] = [sorted[j]!, sorted[i]!];
  }
  return new Set(sorted.slice(0, Math.round(share * sorted.length)));
}

/** A dataset split for the protocol. */
export interface WithholdingSplit {
  /** Documents whose unit is kept: what the systems index. */
  indexedDocs: EvalDoc[];
  withheld: Set<string>;
  /** Number of distinct units in the dataset. */
  units: number;
  /** Query ids with a relevant unit still indexed. */
  answerable: string[];
  /** Query ids whose relevant units are all withheld (or were never in the collection). */
  unanswerable: string[];
}

export function splitForWithholding(dataset: EvalDataset, share: number = WITHHOLD_SHARE, seed: number = WITHHOLD_SEED): WithholdingSplit {
  const allUnits = new Set(dataset.docs.map((d) => dataset.unitOf(d.id)));
  const withheld = withheldUnits(allUnits, share, seed);
  const indexedDocs = dataset.docs.filter((d) => !withheld.has(dataset.unitOf(d.id)));
  const indexedUnits = new Set(indexedDocs.map((d) => dataset.unitOf(d.id)));
  const answerable: string[] = [];
  const unanswerable: string[] = [];
  for (const q of dataset.queries) {
    const relevant = [...(dataset.qrels.get(q.id) ?? [])].filter(([, gain]) => gain > 0).map(([unit]) => unit);
    if (relevant.length === 0) continue;
    (relevant.some((u) => indexedUnits.has(u)) ? answerable : unanswerable).push(q.id);
  }
  return { indexedDocs, withheld, units: allUnits.size, answerable, unanswerable };
}

/** One query of the withheld run, for one system. */
export interface ConfidenceSample {
  queryId: string;
  confidence: number;
  answerable: boolean;
  /** Precision@3 of the answer against the judgements (0 for an unanswerable query by construction). */
  precision: number;
}

export interface ConfidenceMetrics {
  threshold: number;
  /** AUROC of confidence for answerable (positive) vs unanswerable; ties half. NaN if a class is empty. */
  auroc: number;
  /** Share of answerable queries with confidence ≥ threshold. */
  answeredShare: number;
  /** Share of unanswerable queries with confidence ≥ threshold (answered although nothing could be right). */
  unanswerableAnsweredShare: number;
  /** Mean precision@3 over the queries answered at the threshold (both kinds); NaN if none. */
  precisionAnswered: number;
  /** Mean precision@3 over all queries, as if answering everything. */
  precisionAll: number;
  answerable: number;
  unanswerable: number;
}

export function confidenceMetrics(samples: readonly ConfidenceSample[], threshold: number = DEFAULT_CONFIDENCE_THRESHOLD): ConfidenceMetrics {
  const answerable = samples.filter((s) => s.answerable);
  const unanswerable = samples.filter((s) => !s.answerable);
  const answers = (s: ConfidenceSample) => s.confidence >= threshold;
  return {
    threshold,
    auroc: auroc(samples.map((s) => ({ score: s.confidence, positive: s.answerable }))),
    answeredShare: share(answerable, answers),
    unanswerableAnsweredShare: share(unanswerable, answers),
    precisionAnswered: mean(samples.filter(answers).map((s) => s.precision)),
    precisionAll: mean(samples.map((s) => s.precision)),
    answerable: answerable.length,
    unanswerable: unanswerable.length,
  };
}

/** One point of the selective-answering curve. */
export interface SelectivePoint {
  threshold: number;
  /** Share of all protocol queries answered (confidence ≥ threshold). */
  coverage: number;
  /** Mean precision@3 of the answered queries; null when none is answered. */
  precision: number | null;
}

/** Coverage vs precision@3 at each threshold: a system whose confidence is honest trades coverage for precision. */
export function selectiveCurve(samples: readonly ConfidenceSample[], thresholds: readonly number[] = SELECTIVE_THRESHOLDS): SelectivePoint[] {
  return thresholds.map((threshold) => {
    const answered = samples.filter((s) => s.confidence >= threshold);
    return {
      threshold,
      coverage: samples.length === 0 ? 0 : answered.length / samples.length,
      precision: answered.length === 0 ? null : mean(answered.map((s) => s.precision)),
    };
  });
}

/**
 * The curve at every distinct confidence value (plus the table's grid), for the plot: the grid
 * alone hides the shape when a system's confidences cluster between two grid thresholds.
 */
export function fullSelectiveCurve(samples: readonly ConfidenceSample[]): SelectivePoint[] {
  const thresholds = [...new Set([...SELECTIVE_THRESHOLDS, ...samples.map((s) => s.confidence)])].sort((a, b) => a - b);
  return selectiveCurve(samples, thresholds);
}

function share<T>(items: readonly T[], pick: (t: T) => boolean): number {
  return items.length === 0 ? NaN : items.filter(pick).length / items.length;
}
