/**
 * The confidence score: a logistic model over the signals (signals.ts), one per query strategy,
 *
 *   score = σ(bias_s + Σ_i weight_s,i · signal_i),   σ(z) = 1 / (1 + e^−z),
 *
 * so a score reads as the estimated probability that the docs answer the query. A logistic model,
 * not a hand-made weighted mean, because that is what `recall-box calibrate` can fit (logistic
 * regression, calibration.ts) and what then means the same on every site: the weights a pack
 * carries replace these defaults, nothing else changes.
 *
 * One model per strategy because the signals mean different things for different queries,
 * measured: covering both words of a two-word lookup is nearly proof, covering eight of a
 * twelve-word question is routine. `scripts/confidence-defaults.ts` prints each dataset's AUROC
 * under the fit (the docs' reader-like queries 0.91–0.92, Cranfield's research questions 0.52 on
 * calibrate's split): signals that separate lookups say little about questions, so one set of
 * weights for both would be the lookups' weights.
 *
 * The score is a probability under the fit's even prior (calibration.ts `balanced`), on the
 * labelled queries' terms; what it takes to answer is read off the site's own unanswerable
 * queries (calibration.ts OPERATING_SHARES), because readers' questions score lower than the docs'
 * own words and readers' off-topic questions far lower than a withheld page's.
 */
import type { QueryStrategy } from '../analysis/query.ts';
import { SIGNAL_NAMES, type ConfidenceSignals, type SignalName } from './signals.ts';

export interface LogisticModel {
  /** Log-odds of an answer when every signal is 0. */
  bias: number;
  /** Log-odds each signal adds per unit (signals are in [0, 1]). */
  weights: Readonly<Record<SignalName, number>>;
  /**
   * The value a signal takes when the query cannot measure it (null): the fitted mean, so a
   * missing signal moves the score neither way.
   */
  impute: Readonly<Record<SignalName, number>>;
}

/** A model per query strategy. */
export type ConfidenceModel = Readonly<Record<QueryStrategy, Readonly<LogisticModel>>>;

const model = (bias: number, weights: Record<SignalName, number>, impute: Record<SignalName, number>): Readonly<LogisticModel> =>
  Object.freeze({ bias, weights: Object.freeze(weights), impute: Object.freeze(impute) });

/**
 * The model used when a pack carries no calibration: `recall-box calibrate`'s fit (logistic
 * regression, L2 0.01, weights a reason is decided on kept ≥ 0) on three datasets pooled — the
 * Hono and Astro docs with their reader-like queries (titles, headings, headings as questions,
 * sentences of the prose; datasets/reader-queries.ts) and Cranfield (aerodynamics abstracts, long
 * research questions) — under the default per-query route weights (rank/route-weights.ts) —
 * rounded to two decimals, so no single site's quirks decide it. Its
 * thresholds are levels.ts DEFAULT_THRESHOLDS. Reproduce, with the transfer table (each site's own
 * fit judged on the other's held-out reader questions):
 * `npx tsx scripts/confidence-defaults.ts ../shared/corpora/hono-docs/docs ../shared/corpora/astro-docs/en ../shared/datasets/cranfield --held-out …` (see the script).
 *
 * Reading the weights: a strong keyword match for the query's length (`keywordStrength`) and
 * covering its concepts, rare ones most (`coverage`, `weightedCoverage`), raise confidence most;
 * top results scattered over pages (`diversity`) lower it. A weight of 0 on a signal a reason reads
 * (evidence, pool) is the bound the fit is held to: unconstrained, the fit gave them small negative
 * weights next to the correlated coverage signals, which would have made NO_EVIDENCE or WEAK_POOL
 * raise the score they say they lower (issue 17).
 */
export const DEFAULT_CONFIDENCE_MODEL: ConfidenceModel = Object.freeze({
  // 222 answerable / 93 unanswerable; own model
  lookup: model(
    -4.88,
    { relevant: 0.08, keywordStrength: 1.85, topCosine: 1.01, margin: 0.23, agreement: 0.78, coverage: 1.39, weightedCoverage: 1.58, evidence: 0, diversity: -0.75, pool: 0.51 },
    { relevant: 0.83, keywordStrength: 0.5, topCosine: 0.78, margin: 0.16, agreement: 0.78, coverage: 0.94, weightedCoverage: 0.93, evidence: 1, diversity: 0.8, pool: 0.91 },
  ),
  // 597 answerable / 278 unanswerable; own model
  question: model(
    -4.22,
    { relevant: 0.1, keywordStrength: 1.55, topCosine: 0.61, margin: 0.76, agreement: 0.61, coverage: 1.58, weightedCoverage: 1.78, evidence: 0, diversity: -0.54, pool: 0 },
    { relevant: 0.84, keywordStrength: 0.56, topCosine: 0.76, margin: 0.23, agreement: 0.72, coverage: 0.87, weightedCoverage: 0.85, evidence: 0.99, diversity: 0.85, pool: 0.91 },
  ),
  // 20 answerable / 9 unanswerable; pooled model
  overview: model(
    -4.14,
    { relevant: 0.08, keywordStrength: 1.65, topCosine: 0.7, margin: 0.61, agreement: 0.63, coverage: 1.49, weightedCoverage: 1.68, evidence: 0, diversity: -0.65, pool: 0.01 },
    { relevant: 0.83, keywordStrength: 0.54, topCosine: 0.77, margin: 0.21, agreement: 0.74, coverage: 0.89, weightedCoverage: 0.88, evidence: 0.99, diversity: 0.83, pool: 0.91 },
  ),
});

/** The signal vector a model reads: nulls replaced by the model's imputed values, in SIGNAL_NAMES order. */
export function signalVector(signals: ConfidenceSignals, logistic: Pick<LogisticModel, 'impute'>): number[] {
  return SIGNAL_NAMES.map((name) => signals[name] ?? logistic.impute[name]);
}

export function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

/** Decimals a score is reported with; levels and outcomes are decided on the reported score. */
const SCORE_DECIMALS = 4;

/** A score as the verdict reports it (and decides on it), so a reader can redo the comparison. */
export function roundScore(score: number): number {
  return Math.round(score * 10 ** SCORE_DECIMALS) / 10 ** SCORE_DECIMALS;
}

/** The score in [0, 1] of a query of the given strategy. */
export function confidenceScore(signals: ConfidenceSignals, strategy: QueryStrategy, models: ConfidenceModel = DEFAULT_CONFIDENCE_MODEL): number {
  const logistic = models[strategy];
  const x = signalVector(signals, logistic);
  let z = logistic.bias;
  SIGNAL_NAMES.forEach((name, i) => {
    z += logistic.weights[name] * x[i]!;
  });
  return sigmoid(z);
}
