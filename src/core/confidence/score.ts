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
 * twelve-word question is routine. `scripts/confidence-defaults.ts` prints each collection's AUROC
 * under the fit (Cranfield's questions 0.54 on calibrate's split, the docs' lookups 0.92–0.96):
 * signals that separate lookups say little about questions, so one set of weights for both would
 * be the lookups' weights.
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
 * regression, L2 0.01) on three collections pooled — Cranfield (aerodynamics abstracts, long
 * questions) and the Astro and Hono docs (title and heading known-item queries) — rounded to two
 * decimals, so no single collection's quirks decide it. Reproduce:
 * `npx tsx scripts/confidence-defaults.ts ../shared/datasets/cranfield ../shared/corpora/astro-docs/en ../shared/corpora/hono-docs/docs`
 * (prints the fit and each collection's AUROC under it).
 *
 * Reading the weights: a strong keyword match for the query's length (`keywordStrength`) and
 * covering its concepts, rare ones most (`coverage`, `weightedCoverage`), raise confidence most;
 * top results scattered over pages (`diversity`) lower it. Small negative weights (margin,
 * evidence, pool) are what the fit found next to the others, not evidence that they hurt.
 */
export const DEFAULT_CONFIDENCE_MODEL: ConfidenceModel = Object.freeze({
  // 189 answerable / 439 unanswerable; own model
  lookup: model(
    -5.17,
    { relevant: 0.68, keywordStrength: 1.83, topCosine: 1.17, margin: -0.17, agreement: 0.49, coverage: 1.99, weightedCoverage: 2.01, evidence: 0.01, diversity: -0.84, pool: -0.31 },
    { relevant: 0.78, keywordStrength: 0.41, topCosine: 0.73, margin: 0.15, agreement: 0.79, coverage: 0.75, weightedCoverage: 0.73, evidence: 0.99, diversity: 0.81, pool: 0.94 },
  ),
  // 230 answerable / 295 unanswerable; own model
  question: model(
    -2.91,
    { relevant: 0.24, keywordStrength: 1.65, topCosine: 0.8, margin: -0.46, agreement: 0.61, coverage: 1.1, weightedCoverage: 1.28, evidence: -0.34, diversity: -0.2, pool: -0.44 },
    { relevant: 0.85, keywordStrength: 0.5, topCosine: 0.73, margin: 0.13, agreement: 0.68, coverage: 0.74, weightedCoverage: 0.71, evidence: 0.97, diversity: 0.83, pool: 0.88 },
  ),
  // 12 answerable / 30 unanswerable; pooled model
  overview: model(
    -3.58,
    { relevant: 0.62, keywordStrength: 1.97, topCosine: 0.93, margin: -0.41, agreement: 0.33, coverage: 1.32, weightedCoverage: 1.37, evidence: -0.25, diversity: -0.48, pool: -0.35 },
    { relevant: 0.8, keywordStrength: 0.45, topCosine: 0.73, margin: 0.14, agreement: 0.74, coverage: 0.76, weightedCoverage: 0.73, evidence: 0.98, diversity: 0.82, pool: 0.91 },
  ),
});

/** The signal vector a model reads: nulls replaced by the model's imputed values, in SIGNAL_NAMES order. */
export function signalVector(signals: ConfidenceSignals, logistic: Pick<LogisticModel, 'impute'>): number[] {
  return SIGNAL_NAMES.map((name) => signals[name] ?? logistic.impute[name]);
}

export function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
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
