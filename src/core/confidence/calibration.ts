/**
 * Calibration as the Worker applies it: what a pack's `confidence.json` holds (a fitted confidence
 * model per query strategy, and its thresholds), and reading it back, checked, for the pack loader.
 * Fitting it is build-side: indexer/confidence/, run by `recall-box calibrate` (cli/calibrate.ts).
 */
import { RecallBoxError } from '../errors.ts';
import { isRecord } from '../is-record.ts';
import { QUERY_STRATEGIES, type QueryStrategy } from '../analysis/query.ts';
import { SIGNAL_NAMES, type SignalName } from './signals.ts';
import type { ConfidenceModel, LogisticModel } from './score.ts';
import type { LevelThresholds } from './levels.ts';

/** Shares of a site's unanswerable reader questions the verdict may answer, and answer or show as uncertain. */
export interface QuestionRates {
  /** Range 0..1. Default 0.05: issue 17's bound on unanswerable questions answered. */
  answer: number;
  /** Range `answer`..1. Default 0.2: its bound on those answered or shown under the uncertain notice (5% + 15%). */
  show: number;
}

/** What a pack's `confidence.json` holds: a model per strategy, the thresholds, and where they came from. */
export interface CalibrationFile {
  /** The signal names the weights follow, in order: a Worker computing other signals refuses the file. */
  signals: string[];
  models: Record<QueryStrategy, LogisticModel>;
  /** The thresholds every strategy's score is read by (fitThresholds); absent in files of older versions (the defaults apply). */
  thresholds?: LevelThresholds;
  /** Provenance, for the reader of the file: not used to score. */
  fittedOn: {
    datasets: string[];
    l2: number;
    createdAt: string;
    /** Per strategy: its queries, and whether its model is its own fit, the pooled one, or the defaults (thresholds placed on questions). */
    byStrategy: Record<QueryStrategy, { answerable: number; unanswerable: number; model: 'own' | 'pooled' | 'defaults' }>;
    /** For thresholds placed on the site's own questions (questionThresholds): the files and the rates. */
    questions?: { files: string[]; rates: QuestionRates };
  };
}

/** A finite number: what every weight, impute and threshold of a calibration file must be. */
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The thresholds a parsed `confidence.json` carries, checked: null for a file of an older version
 * that has none (the defaults apply), INDEX_CORRUPT unless 0 ≤ uncertain ≤ medium ≤ high ≤ 1.
 */
export function thresholdsFromCalibration(value: unknown): LevelThresholds | null {
  if (!isRecord(value) || value.thresholds === undefined) return null;
  const t = isRecord(value.thresholds) ? value.thresholds : {};
  const [uncertain, medium, high] = [t.uncertain, t.medium, t.high];
  if (!finite(uncertain) || !finite(medium) || !finite(high) || !(0 <= uncertain && uncertain <= medium && medium <= high && high <= 1)) {
    throw corrupt('has thresholds that are not numbers with 0 ≤ uncertain ≤ medium ≤ high ≤ 1.');
  }
  return { high, medium, uncertain };
}

/** What a calibration gives the verdict: its model and, when the file has them, its thresholds. */
export interface Calibration {
  model: ConfidenceModel;
  thresholds: LevelThresholds | null;
}

/** A parsed `confidence.json`, checked (modelFromCalibration, thresholdsFromCalibration). */
export function calibrationFromFile(value: unknown): Calibration {
  return { model: modelFromCalibration(value), thresholds: thresholdsFromCalibration(value) };
}

function corrupt(message: string): RecallBoxError {
  return new RecallBoxError('INDEX_CORRUPT', `confidence.json ${message}`);
}

/**
 * Check a parsed `confidence.json` and return the model it carries. A file fitted on another set
 * of signals (an older or newer recall-box) is refused rather than misread: its weights would be
 * applied to the wrong numbers.
 */
export function modelFromCalibration(value: unknown): ConfidenceModel {
  if (!isRecord(value)) throw corrupt('is not an object.');
  const { signals, models } = value;
  if (!Array.isArray(signals) || signals.join(',') !== SIGNAL_NAMES.join(',')) {
    throw new RecallBoxError(
      'INDEX_VERSION_MISMATCH',
      `confidence.json was fitted on the signals [${Array.isArray(signals) ? signals.join(', ') : '?'}], this version computes [${SIGNAL_NAMES.join(', ')}]. Re-run \`recall-box calibrate\`.`,
    );
  }
  if (!isRecord(models)) throw corrupt('has no models.');
  const pick = (record: Record<string, unknown>) => Object.freeze(Object.fromEntries(SIGNAL_NAMES.map((s) => [s, record[s] as number]))) as Record<SignalName, number>;
  const out = {} as Record<QueryStrategy, LogisticModel>;
  for (const strategy of QUERY_STRATEGIES) {
    const m = models[strategy];
    if (!isRecord(m) || !finite(m.bias)) throw corrupt(`has no model with a finite bias for "${strategy}" queries.`);
    for (const field of ['weights', 'impute'] as const) {
      const record = m[field];
      if (!isRecord(record) || !SIGNAL_NAMES.every((name) => finite(record[name]))) throw corrupt(`has no finite ${field} for every signal in the "${strategy}" model.`);
    }
    out[strategy] = Object.freeze({ bias: m.bias, weights: pick(m.weights as Record<string, unknown>), impute: pick(m.impute as Record<string, unknown>) });
  }
  return Object.freeze(out);
}
