/**
 * The withheld-documents protocol: does a system's confidence tell answerable queries from
 * unanswerable ones?
 *
 * A seeded 30% of the judged queries is chosen, and every unit judged relevant to any of them
 * (documents; whole PAGES for docs datasets, since a unit is a page there) is left out of the
 * index. A query whose judged-relevant units are all withheld cannot be answered — whatever the
 * system returns for it is wrong — while a query whose relevant units are all still indexed can.
 * An honest confidence is high on the second kind and low on the first. Two kinds of query are
 * left out: those without any relevant judgement (as everywhere in the harness), and those that
 * lost SOME of their relevant units to the chosen queries — neither answerable as judged (most of
 * their answers may be gone) nor unanswerable, their label would be a coin toss.
 *
 * Why withhold by query, not a random 30% of units: on Cranfield, whose queries have ~8 relevant
 * abstracts each, a random 30% of the abstracts left only 4 of 225 queries unanswerable, so one
 * query moved AUROC by 0.25. Withholding the answers of chosen queries gives both classes a
 * useful size on any collection, and on docs with one relevant page per query it is the same as
 * withholding pages.
 *
 * Pure functions: the split is src/datasets/withhold.ts (calibrate uses it too); the runner
 * (run.ts) indexes and searches; this module scores.
 */
import { auroc, mean } from './metrics.ts';

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


/** One query of the withheld run, for one system. */
export interface ConfidenceSample {
  queryId: string;
  confidence: number;
  /**
   * The system's own decision to answer, when it makes one (recall-box's `shouldAnswer`, whose
   * threshold depends on the query's strategy); absent: confidence ≥ the protocol's threshold.
   */
  answered?: boolean;
  answerable: boolean;
  /** The signals behind the confidence, when the system reports them. */
  signals?: Readonly<Record<string, number | null>>;
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
  const answers = (s: ConfidenceSample) => s.answered ?? s.confidence >= threshold;
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

/** AUROC of each signal alone, over the samples that measured it (non-null): which signals separate the classes. */
export function signalAuroc(samples: readonly ConfidenceSample[]): Record<string, number> {
  const names = new Set(samples.flatMap((s) => Object.keys(s.signals ?? {})));
  const out: Record<string, number> = {};
  for (const name of names) {
    const measured = samples.filter((s) => s.signals?.[name] !== null && s.signals?.[name] !== undefined);
    out[name] = auroc(measured.map((s) => ({ score: s.signals![name]!, positive: s.answerable })));
  }
  return out;
}
