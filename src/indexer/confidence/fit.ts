/**
 * Fitting the confidence model: a logistic regression per query strategy on labelled queries, and
 * its thresholds, into the pack file core/confidence/calibration.ts reads back (`confidence.json`).
 * Build-side and pure: `recall-box calibrate` (cli/calibrate.ts) gathers the labelled signals; the
 * Worker only applies what this fits.
 */
import { QUERY_STRATEGIES, type QueryStrategy } from '../../core/analysis/query.ts';
import { REASON_SIGNALS } from '../../core/confidence/reasons.ts';
import { SIGNAL_NAMES, type SignalName } from '../../core/confidence/signals.ts';
import { DEFAULT_CONFIDENCE_MODEL, signalVector, type LogisticModel } from '../../core/confidence/score.ts';
import type { CalibrationFile } from '../../core/confidence/calibration.ts';
import { DEFAULT_FIT_OPTIONS, fitLogisticNonNegative, type FitOptions } from './logistic.ts';
import { matchThresholds, type ThresholdRule } from './thresholds.ts';
import type { CalibrationSample } from './sample.ts';

/**
 * Fewest queries of EACH class (answerable, unanswerable) a strategy needs for a model of its own;
 * with fewer it gets the model fitted on all strategies pooled. Default 15: below that a
 * ten-weight fit follows the few queries it has rather than the strategy.
 */
export const MIN_CLASS_PER_STRATEGY = 15;

/** Mean of each signal over the samples that measured it: the value a missing signal is imputed with. */
function imputeValues(samples: readonly CalibrationSample[], fallback: Readonly<Record<SignalName, number>>): Record<SignalName, number> {
  return Object.fromEntries(
    SIGNAL_NAMES.map((name) => {
      const measured = samples.map((s) => s.signals[name]).filter((v): v is number => v !== null);
      return [name, measured.length === 0 ? fallback[name] : measured.reduce((a, b) => a + b, 0) / measured.length];
    }),
  ) as Record<SignalName, number>;
}

/**
 * Least |weight| a signal needs for its missing value to be fitted (fitOne): below it the signal
 * barely moves the score, and what its absence is worth (β / weight) would be a huge number.
 */
const MIN_WEIGHT_FOR_IMPUTE = 0.2;

/**
 * One logistic model. A signal some queries cannot measure gets a "missing" indicator column, and
 * its impute value is what the fit finds its absence worth: with weight w on the signal and β on
 * the indicator, a missing value scores as w · (mean + β / w). Not the mean alone, because why a
 * signal is missing says something: `diversity` with fewer than two results, `margin` without a
 * keyword hit, `topCosine` and `agreement` when the keyword route's best hit held every concept
 * and the vector route was not needed (search.ts keywordAnswered) — the easy queries. (In the
 * defaults' fit topCosine and agreement end at the bound 0, so only diversity's and margin's
 * imputes moved, and the held-out figures barely: one question of the first four sets.)
 */
function fitOne(samples: readonly CalibrationSample[], fallbackImpute: Readonly<Record<SignalName, number>>, options: FitOptions): LogisticModel {
  const mean = imputeValues(samples, fallbackImpute);
  let partial = SIGNAL_NAMES.filter((n) => samples.some((s) => s.signals[n] === null) && samples.some((s) => s.signals[n] !== null));
  for (;;) {
    const fit = fitLogisticNonNegative(
      samples.map((s) => ({ x: [...signalVector(s.signals, { impute: mean }), ...partial.map((n) => (s.signals[n] === null ? 1 : 0))], answerable: s.answerable })),
      [...SIGNAL_NAMES.map((n) => REASON_SIGNALS.includes(n)), ...partial.map(() => false)],
      options,
    );
    const weights = Object.fromEntries(SIGNAL_NAMES.map((n, i) => [n, fit.weights[i]!])) as Record<SignalName, number>;
    // A signal too weak to carry its absence's worth: its indicator goes, the mean stands in, refit.
    const weak = partial.filter((n) => Math.abs(weights[n]) < MIN_WEIGHT_FOR_IMPUTE);
    if (weak.length > 0) {
      partial = partial.filter((n) => !weak.includes(n));
      continue;
    }
    const impute = { ...mean };
    partial.forEach((n, k) => (impute[n] = mean[n] + fit.weights[SIGNAL_NAMES.length + k]! / weights[n]));
    return { bias: fit.bias, weights, impute };
  }
}

/**
 * Fits the confidence model: one logistic regression on every sample (the pooled model), then one
 * per strategy that has MIN_CLASS_PER_STRATEGY queries of each class; the others use the pooled one.
 * Then its thresholds, by `thresholdsBy`: by default matchThresholds (a site's calibration keeps
 * the defaults' operating point on its own queries); the defaults themselves were placed by
 * fitThresholds at OPERATING_SHARES (scripts/confidence-defaults.ts).
 */
export function fitCalibration(
  samples: readonly CalibrationSample[],
  provenance: { datasets: string[]; createdAt: string },
  options: FitOptions = DEFAULT_FIT_OPTIONS,
  thresholdsBy: ThresholdRule = matchThresholds,
  fallbackImpute: Readonly<Record<SignalName, number>> = DEFAULT_CONFIDENCE_MODEL.question.impute,
): CalibrationFile {
  const pooled = fitOne(samples, fallbackImpute, options);
  const models = {} as Record<QueryStrategy, LogisticModel>;
  const byStrategy = {} as CalibrationFile['fittedOn']['byStrategy'];
  for (const strategy of QUERY_STRATEGIES) {
    const own = samples.filter((s) => s.strategy === strategy);
    const answerable = own.filter((s) => s.answerable).length;
    const enough = answerable >= MIN_CLASS_PER_STRATEGY && own.length - answerable >= MIN_CLASS_PER_STRATEGY;
    models[strategy] = enough ? fitOne(own, pooled.impute, options) : pooled;
    byStrategy[strategy] = { answerable, unanswerable: own.length - answerable, model: enough ? 'own' : 'pooled' };
  }
  const thresholds = thresholdsBy(samples, models);
  return { signals: [...SIGNAL_NAMES], models, thresholds, fittedOn: { ...provenance, l2: options.l2, byStrategy } };
}
