/**
 * The confidence score: a logistic model over the signals (signals.ts), one per query strategy,
 *
 *   score = σ(bias_s + Σ_i weight_s,i · signal_i),   σ(z) = 1 / (1 + e^−z),
 *
 * so a score reads as the estimated probability that the docs answer the query. A logistic model,
 * not a hand-made weighted mean, because that is what `recall-box calibrate` can fit (logistic
 * regression, indexer/confidence/logistic.ts) and what then means the same on every site: the
 * weights a pack carries replace these defaults, nothing else changes.
 *
 * One model per strategy because the signals mean different things for different queries,
 * measured: covering both words of a two-word lookup is nearly proof, covering eight of a
 * twelve-word question is routine. `scripts/confidence-defaults.ts` prints each dataset's AUROC
 * under the fit (the docs' reader-like queries 0.94–0.95, Cranfield's research questions 0.71 on
 * calibrate's split): signals that separate lookups say little about questions, so one set of
 * weights for both would be the lookups' weights.
 *
 * The score is a probability under the fit's even prior (indexer/confidence/logistic.ts
 * `balanced`), on the labelled queries' terms; what it takes to answer is read off the site's own
 * unanswerable queries (indexer/confidence/thresholds.ts: OPERATING_SHARES for the defaults; a
 * site's calibration keeps the defaults' operating point, matchThresholds), because readers'
 * questions score lower than the docs' own words and readers' off-topic questions far lower than
 * a withheld page's.
 */
import type { QueryStrategy } from '../analysis/query.ts';
import { SIGNAL_NAMES, type ConfidenceSignals, type SignalName } from './signals.ts';

export interface LogisticModel {
  /** Log-odds of an answer when every signal is 0. */
  bias: number;
  /** Log-odds each signal adds per unit (signals are in [0, 1]). */
  weights: Readonly<Record<SignalName, number>>;
  /**
   * The value a signal takes when the query cannot measure it (null): what the fit found its
   * absence worth (indexer/confidence/fit.ts fitOne), else the mean of the queries that measured
   * it, so a missing signal moves the score neither way. May lie outside [0, 1].
   */
  impute: Readonly<Record<SignalName, number>>;
}

/** A model per query strategy. */
export type ConfidenceModel = Readonly<Record<QueryStrategy, Readonly<LogisticModel>>>;

const model = (bias: number, weights: Record<SignalName, number>, impute: Record<SignalName, number>): Readonly<LogisticModel> =>
  Object.freeze({ bias, weights: Object.freeze(weights), impute: Object.freeze(impute) });

/**
 * The model used when a pack carries no calibration (issue 50): fitted to what the reader gets —
 * the label is "the answer's page is among the first 3 results", an unanswerable question never
 * is — on the readers' questions of seven docs sites (npm CLI, undici, semantic-release, pino,
 * eslint-plugin-jest, and Astro's and Hono's first and fresh sets; bench/queries), by
 * `recall-box calibrate`'s fit (fit.ts: logistic regression, L2 0.01, weights a reason is decided
 * on kept ≥ 0), each site ranked by the reranker fitted without it. Its thresholds are levels.ts
 * DEFAULT_THRESHOLDS, placed on the same questions (src/eval/verdict-fit.ts). Fitted so, every
 * site's figures are judged with the model fitted on the other six:
 * `npx tsx scripts/fit-verdict.ts --packs <dir> --write` writes this constant and prints that table.
 *
 * Reading the weights: the reranker's probability that the first page is right (`topPage`), a
 * strong keyword match for the query's length (`keywordStrength`), covering its concepts, rare
 * ones most, and no word the docs never mention (`known`) raise confidence most. The previous
 * defaults, fitted on whether the docs hold an answer at all (Hono's and Astro's made-up
 * reader-like queries and Cranfield), answered many questions whose first results were wrong: the
 * fallback hid a right page in the top 3 for 1.8–20.3% of the questions of these sites
 * (`npx tsx scripts/verdict-table.ts --packs <dir>` at be783ae, the script copied in), where the
 * model fitted on the other sites does for 0.4–9.8% (scripts/fit-verdict.ts, held out).
 */
export const DEFAULT_CONFIDENCE_MODEL: ConfidenceModel = Object.freeze({
  // 63 right in the top 3 / 58 not
  lookup: model(
    -5.68,
    { relevant: 0, keywordStrength: 1.37, topCosine: 0.46, margin: 0.7, agreement: 0.95, coverage: 1, weightedCoverage: 1.36, evidence: 0.42, diversity: 0.3, pool: 0.05, known: 2.08, topPage: 0.9 },
    { relevant: 0.76, keywordStrength: 0.47, topCosine: 1.29, margin: 0.21, agreement: 1.01, coverage: 0.68, weightedCoverage: 0.61, evidence: 0.94, diversity: 0.93, pool: 0.99, known: 0.5, topPage: 0.27 },
  ),
  // 1005 right in the top 3 / 509 not
  question: model(
    -4.21,
    { relevant: 0.16, keywordStrength: 1.31, topCosine: 0.39, margin: 0.51, agreement: 0.44, coverage: 0.98, weightedCoverage: 1.07, evidence: 0.21, diversity: -0.39, pool: 0, known: 1.15, topPage: 1.54 },
    { relevant: 0.72, keywordStrength: 0.43, topCosine: 0.41, margin: 0.15, agreement: 0.55, coverage: 0.66, weightedCoverage: 0.6, evidence: 0.97, diversity: 1.02, pool: 0.97, known: 0.74, topPage: 0.68 },
  ),
  // 0 right in the top 3 / 0 not
  overview: model(
    -4.32,
    { relevant: 0.14, keywordStrength: 1.32, topCosine: 0.38, margin: 0.51, agreement: 0.48, coverage: 0.98, weightedCoverage: 1.09, evidence: 0.24, diversity: -0.35, pool: 0, known: 1.24, topPage: 1.5 },
    { relevant: 0.72, keywordStrength: 0.43, topCosine: 0.47, margin: 0.16, agreement: 0.62, coverage: 0.66, weightedCoverage: 0.6, evidence: 0.97, diversity: 0.99, pool: 0.97, known: 0.72, topPage: 0.66 },
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

/** The smallest difference between two reported scores. */
export const SCORE_STEP = 10 ** -SCORE_DECIMALS;

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
