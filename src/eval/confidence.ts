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
 * Share of the judged queries whose relevant units are withheld, in (0, 1). Default 0.3: enough
 * unanswerable queries for a stable AUROC, while most of the collection stays indexed (on
 * Cranfield the answers of 30% of the queries are ~40% of the abstracts) so answerable queries
 * stay typical. Other queries that shared all their relevant units with chosen ones become
 * unanswerable too; the split counts them as such.
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
 * A seeded sample: exactly round(share × n) of the n distinct items, chosen by a Fisher–Yates
 * shuffle of the items in sorted order — so the choice depends only on the set and the seed, not on
 * the order files were read in.
 */
export function seededSample(items: Iterable<string>, share: number = WITHHOLD_SHARE, seed: number = WITHHOLD_SEED): Set<string> {
  if (!(share >= 0 && share <= 1)) throw new RangeError(`withheld share ${share} is outside 0..1`);
  const sorted = [...new Set(items)].sort();
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
  /** The queries whose relevant units were withheld. */
  chosen: Set<string>;
  /** Query ids whose relevant units are all still indexed. */
  answerable: string[];
  /** Query ids that lost some but not all of their relevant units: in neither class. */
  partial: string[];
  /** Query ids whose relevant units are all withheld (or were never in the collection). */
  unanswerable: string[];
}

export function splitForWithholding(dataset: EvalDataset, share: number = WITHHOLD_SHARE, seed: number = WITHHOLD_SEED): WithholdingSplit {
  const allUnits = new Set(dataset.docs.map((d) => dataset.unitOf(d.id)));
  const relevantOf = new Map<string, string[]>();
  for (const q of dataset.queries) {
    const relevant = [...(dataset.qrels.get(q.id) ?? [])].filter(([, gain]) => gain > 0).map(([unit]) => unit);
    if (relevant.length > 0) relevantOf.set(q.id, relevant);
  }
  const chosen = seededSample(relevantOf.keys(), share, seed);
  const withheld = new Set([...chosen].flatMap((id) => relevantOf.get(id)!).filter((u) => allUnits.has(u)));
  const indexedDocs = dataset.docs.filter((d) => !withheld.has(dataset.unitOf(d.id)));
  const indexedUnits = new Set(indexedDocs.map((d) => dataset.unitOf(d.id)));
  const answerable: string[] = [];
  const partial: string[] = [];
  const unanswerable: string[] = [];
  for (const q of dataset.queries) {
    const relevant = relevantOf.get(q.id);
    if (relevant === undefined) continue;
    const kept = relevant.filter((u) => indexedUnits.has(u)).length;
    (kept === relevant.length ? answerable : kept === 0 ? unanswerable : partial).push(q.id);
  }
  return { indexedDocs, withheld, units: allUnits.size, chosen, answerable, partial, unanswerable };
}

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
