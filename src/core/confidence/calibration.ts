/**
 * Calibration: fitting the confidence model's weights to labelled queries (logistic regression per
 * query strategy), and the pack file that carries them (`confidence.json`). Pure: `recall-box
 * calibrate` (cli/calibrate.ts) gathers the labelled signals, and the pack loader reads the file back.
 */
import { RecallBoxError } from '../errors.ts';
import { isRecord } from '../is-record.ts';
import { QUERY_STRATEGIES, type QueryStrategy } from '../analysis/query.ts';
import { SIGNAL_NAMES, type ConfidenceSignals, type SignalName } from './signals.ts';
import { confidenceScore, DEFAULT_CONFIDENCE_MODEL, roundScore, SCORE_STEP, sigmoid, type ConfidenceModel, type LogisticModel } from './score.ts';
import { DEFAULT_THRESHOLDS, type LevelThresholds } from './levels.ts';

/** One labelled query: its signal vector (SIGNAL_NAMES order, nulls imputed) and whether the docs answer it. */
export interface LabelledSignals {
  x: readonly number[];
  answerable: boolean;
}

export interface FitOptions {
  /**
   * L2 penalty on the weights (not the bias), as λ in −log-likelihood/n + λ/2 · |w|². Range ≥ 0.
   * Default 0.01: enough to keep weights finite when a signal separates the training queries
   * perfectly (the unpenalised optimum is then at infinity), small next to the data's pull.
   */
  l2: number;
  /** Newton steps. Integer ≥ 1. Default 50: the problem is convex and 10-dimensional; it converges in ~10. */
  iterations: number;
  /**
   * Weigh each class to half the total, so the fitted bias assumes an even prior instead of the
   * labelled queries' class balance. Default true: the protocol's balance is an artefact of how
   * many answers it withheld (on the Astro docs 30% of the queries' pages left 70% of the heading
   * queries unanswerable, because pages hold many headings), and baking it into the bias made a
   * perfect heading match on a small site score 0.39. A live site's readers ask mostly answerable
   * questions; an even prior is the neutral, slightly cautious middle.
   */
  balanced: boolean;
}

export const DEFAULT_L2 = 0.01;
export const DEFAULT_FIT_OPTIONS: Readonly<FitOptions> = Object.freeze({ l2: DEFAULT_L2, iterations: 50, balanced: true });

/**
 * Logistic regression by Newton's method (IRLS) with an L2 penalty. Deterministic: no random
 * start, no sampling, so the same queries give the same weights on every machine.
 */
export function fitLogistic(samples: readonly LabelledSignals[], options: FitOptions = DEFAULT_FIT_OPTIONS): { bias: number; weights: number[] } {
  if (samples.length === 0) throw new RecallBoxError('CALIBRATION_FAILED', 'no labelled queries to fit the confidence model on.');
  const positives = samples.filter((s) => s.answerable).length;
  if (positives === 0 || positives === samples.length) {
    throw new RecallBoxError('CALIBRATION_FAILED', `the labelled queries are all ${positives === 0 ? 'unanswerable' : 'answerable'}: a model needs both kinds.`);
  }
  const d = samples[0]!.x.length;
  const n = samples.length;
  // Per-sample weight: n / (2 · class size) when balanced, so each class weighs n/2 in total.
  const weightOf = (answerable: boolean) => (options.balanced ? n / (2 * (answerable ? positives : n - positives)) : 1);
  // θ = [bias, w_1 … w_d]; rows are [1, x].
  const theta = new Array<number>(d + 1).fill(0);
  for (let step = 0; step < options.iterations; step++) {
    const gradient = new Array<number>(d + 1).fill(0);
    const hessian = Array.from({ length: d + 1 }, () => new Array<number>(d + 1).fill(0));
    for (const s of samples) {
      const row = [1, ...s.x];
      const p = sigmoid(row.reduce((z, v, j) => z + v * theta[j]!, 0));
      const w = weightOf(s.answerable);
      const error = w * (p - (s.answerable ? 1 : 0));
      const curvature = w * p * (1 - p);
      for (let j = 0; j <= d; j++) {
        gradient[j]! += (error * row[j]!) / n;
        for (let k = 0; k <= d; k++) hessian[j]![k]! += (curvature * row[j]! * row[k]!) / n;
      }
    }
    for (let j = 1; j <= d; j++) {
      gradient[j]! += options.l2 * theta[j]!;
      hessian[j]![j]! += options.l2;
    }
    // A tiny ridge on the bias too, so a constant signal column cannot make the system singular.
    hessian[0]![0]! += 1e-9;
    const delta = solve(hessian, gradient);
    let moved = 0;
    for (let j = 0; j <= d; j++) {
      theta[j]! -= delta[j]!;
      moved = Math.max(moved, Math.abs(delta[j]!));
    }
    if (moved < 1e-10) break;
  }
  return { bias: theta[0]!, weights: theta.slice(1) };
}

/**
 * Logistic regression with some weights constrained to be ≥ 0 (the signals reasons are decided on,
 * reasons.ts REASON_SIGNALS), by an active set: fit; while a constrained weight is negative, pin
 * the most negative one at 0 (drop its column) and refit. Deterministic, and exact for a convex
 * problem whose constrained optimum has those weights at the bound — what a correlated signal
 * with a small negative fitted weight (evidence next to coverage) does.
 */
export function fitLogisticNonNegative(samples: readonly LabelledSignals[], nonNegative: readonly boolean[], options: FitOptions = DEFAULT_FIT_OPTIONS): { bias: number; weights: number[] } {
  const d = samples[0]?.x.length ?? 0;
  const pinned = new Set<number>();
  for (;;) {
    const free = Array.from({ length: d }, (_, j) => j).filter((j) => !pinned.has(j));
    const fit = fitLogistic(samples.map((s) => ({ x: free.map((j) => s.x[j]!), answerable: s.answerable })), options);
    const weights = new Array<number>(d).fill(0);
    free.forEach((j, i) => (weights[j] = fit.weights[i]!));
    let worst = -1;
    for (const j of free) if (nonNegative[j] && weights[j]! < 0 && (worst < 0 || weights[j]! < weights[worst]!)) worst = j;
    if (worst < 0) return { bias: fit.bias, weights };
    pinned.add(worst);
  }
}

/** Solves A·x = b by Gaussian elimination with partial pivoting (A small, symmetric positive definite). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]!;
    if (Math.abs(p) < 1e-300) throw new RecallBoxError('CALIBRATION_FAILED', 'the signals are degenerate (singular system); no model can be fitted.');
    for (let r = col + 1; r < n; r++) {
      const f = m[r]![col]! / p;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r]![n]!;
    for (let c = r + 1; c < n; c++) s -= m[r]![c]! * x[c]!;
    x[r] = s / m[r]![r]!;
  }
  return x;
}

/** A query's signals, strategy and label, for fitting. */
export interface CalibrationSample {
  signals: ConfidenceSignals;
  strategy: QueryStrategy;
  answerable: boolean;
  /**
   * An unanswerable query from outside the site (datasets/off-topic-queries.ts): the model is
   * fitted on it, so it learns what words the docs never mention say, but the thresholds are not
   * read off it (fitThresholds), since off-topic questions score far below the site's own hard
   * negatives and would pull every threshold down with them.
   */
  offTopic?: boolean;
}

/**
 * The operating point, as the share of the labelled UNANSWERABLE queries that reach each level:
 * a threshold is the score that share of them reaches. Read off the site's own queries, not set as
 * a probability, because a probability does not transfer: the labelled unanswerable queries are a
 * withheld page's own headings and sentences, far closer to the docs than what readers ask that
 * the docs do not answer, and the answerable ones are the docs' own words, easier than readers'
 * paraphrases. A share of the site's own hard negatives means the same on every site.
 *
 * - `high` 0.2: a fifth of the withheld pages' queries look this answerable — a match this strong
 *   is rarely a neighbouring page's.
 * - `medium` 0.55 (answer): a little over half of them — the queries of a page that is not there
 *   still match its neighbours, while readers' off-topic questions fall far below.
 * - `uncertain` 0.75: the closest matches are shown under a notice down to where three quarters
 *   of them reach.
 *
 * Chosen with the help of the first and the fresh reader question sets (bench/queries and
 * bench/queries/fresh, said there): the shares that answer the most of their answerable questions
 * while at most 5% of their unanswerable ones, the four sets summed, get an answer (0.5 / 0.7
 * answer 64.5% of the answerable and 2.7% of the unanswerable, 0.55 / 0.75 72.6% and 4.8%,
 * 0.6 / 0.8 too many, 8.1%, of the unanswerable: scripts/confidence-defaults.ts with those sets'
 * --held-out and --shares 0.5/0.7 --shares 0.6/0.8).
 * Checked on the sets in bench/queries/fresh2, which no choice saw: `npm run eval` (the command
 * in its README) answered 63.7% / 87.5% (Hono / Astro) of their answerable questions, up from
 * 60.0% / 80.0% under the previous model and shares, with none of their unanswerable ones (after
 * the later refit with generic words left out, 62.5% / 87.5%).
 */
export const OPERATING_SHARES: Readonly<Record<keyof LevelThresholds, number>> = Object.freeze({ high: 0.2, medium: 0.55, uncertain: 0.75 });

/** The score a share of the scores reaches (at or above it), rounded as the verdict reports scores. */
function reachedBy(scoresDescending: readonly number[], share: number): number {
  const at = Math.min(scoresDescending.length - 1, Math.floor(share * scoresDescending.length));
  return roundScore(scoresDescending[at]!);
}

/**
 * The thresholds at which OPERATING_SHARES of the site's own unanswerable samples (not the
 * off-topic ones, CalibrationSample.offTopic) reach each level under the model.
 */
export function fitThresholds(samples: readonly CalibrationSample[], model: ConfidenceModel, shares: Readonly<Record<keyof LevelThresholds, number>> = OPERATING_SHARES): LevelThresholds {
  const negatives = samples.filter((s) => !s.answerable && !s.offTopic).map((s) => confidenceScore(s.signals, s.strategy, model));
  if (negatives.length === 0) throw new RecallBoxError('CALIBRATION_FAILED', 'no unanswerable queries to set the thresholds on.');
  negatives.sort((a, b) => b - a);
  return { high: reachedBy(negatives, shares.high), medium: reachedBy(negatives, shares.medium), uncertain: reachedBy(negatives, shares.uncertain) };
}

/** How a calibration places its thresholds, given its samples and the models fitted on them. */
export type ThresholdRule = (samples: readonly CalibrationSample[], models: ConfidenceModel) => LevelThresholds;

/**
 * The thresholds at which a fitted model answers (and calls high, and shows as uncertain) as many
 * of the site's own unanswerable queries — the withheld pages', not the off-topic ones — as the
 * `reference` verdict does (by default the defaults: DEFAULT_CONFIDENCE_MODEL at levels.ts
 * DEFAULT_THRESHOLDS). `recall-box calibrate`'s rule: a calibration then answers more of the site's
 * answerable queries than the defaults exactly when it orders the site's queries better, the
 * promise issue 17 asks of it ("never fewer at the same unanswerable rate"). Fixed shares
 * (fitThresholds) did not keep it: where neighbouring pages nearly answer a withheld page's queries
 * (Astro's many deploy guides), half of those queries score high, and a site's own fit put its
 * bar far above the defaults' (measured: Astro's own fit answered 62.5% of the second fresh
 * Astro questions, the defaults 87.5%, both with none of the unanswerable; scripts/confidence-defaults.ts).
 */
export function matchThresholds(
  samples: readonly CalibrationSample[],
  models: ConfidenceModel,
  reference: { model: ConfidenceModel; thresholds: Readonly<LevelThresholds> } = { model: DEFAULT_CONFIDENCE_MODEL, thresholds: DEFAULT_THRESHOLDS },
): LevelThresholds {
  const own = samples.filter((s) => !s.answerable && !s.offTopic);
  if (own.length === 0) throw new RecallBoxError('CALIBRATION_FAILED', 'no unanswerable queries to set the thresholds on.');
  const before = own.map((s) => roundScore(confidenceScore(s.signals, s.strategy, reference.model)));
  const after = own.map((s) => roundScore(confidenceScore(s.signals, s.strategy, models))).sort((a, b) => b - a);
  // As many reach the new bar as reached the reference's: the score of the last of them; with none, just above the highest.
  const bar = (level: keyof LevelThresholds) => {
    const reached = before.filter((score) => score >= reference.thresholds[level]).length;
    return reached === 0 ? Math.min(1, roundScore(after[0]! + SCORE_STEP)) : after[reached - 1]!;
  };
  return { high: bar('high'), medium: bar('medium'), uncertain: bar('uncertain') };
}

/** Shares of a site's unanswerable reader questions the verdict may answer, and answer or show as uncertain. */
export interface QuestionRates {
  /** Range 0..1. Default 0.05: issue 17's bound on unanswerable questions answered. */
  answer: number;
  /** Range `answer`..1. Default 0.2: its bound on those answered or shown under the uncertain notice (5% + 15%). */
  show: number;
}

export const DEFAULT_QUESTION_RATES: Readonly<QuestionRates> = Object.freeze({ answer: 0.05, show: 0.2 });

/**
 * Fewest unanswerable questions questionThresholds places thresholds on. 20: at the default 5%,
 * the first number of them whose 5% is a whole question; with fewer, one question more or less moves
 * the bar by more than the rate itself.
 */
export const MIN_UNANSWERABLE_QUESTIONS = 20;

/**
 * Thresholds placed on a site's own reader questions that the docs do not answer, by their scores
 * (as the verdict reports them: 0 for a question with no results): `medium`, the lowest at which at
 * most `rates.answer` of them are answered; `uncertain`, the lowest at which at most `rates.show`
 * are answered or shown as uncertain; `high` the reference's, or `medium` when that is higher. (A
 * question scoring 1, which no bar can exceed, is answered whatever the rate.)
 * What `recall-box calibrate --questions` stores with the default model. Why the site's own
 * questions and not calibrate's made-up ones: a site's readers' unanswerable questions score
 * differently from site to site (on the reader question sets of bench/queries, the score that
 * keeps 5% of them answered is about half as high on Hono as on Astro), and nothing made from the
 * docs alone predicted by how much (README, Confidence).
 * CALIBRATION_FAILED with fewer than MIN_UNANSWERABLE_QUESTIONS scores or rates out of range.
 */
export function questionThresholds(
  unanswerableScores: readonly number[],
  rates: Readonly<QuestionRates> = DEFAULT_QUESTION_RATES,
  reference: Readonly<LevelThresholds> = DEFAULT_THRESHOLDS,
): LevelThresholds {
  if (!(rates.answer >= 0 && rates.answer <= rates.show && rates.show <= 1)) {
    throw new RecallBoxError('CALIBRATION_FAILED', `question rates must satisfy 0 ≤ answer ≤ show ≤ 1, got answer ${rates.answer}, show ${rates.show}.`);
  }
  if (unanswerableScores.length < MIN_UNANSWERABLE_QUESTIONS) {
    throw new RecallBoxError(
      'CALIBRATION_FAILED',
      `thresholds need at least ${MIN_UNANSWERABLE_QUESTIONS} questions the docs do not answer ({"query": "…", "unanswerable": true}), got ${unanswerableScores.length}.`,
    );
  }
  const medium = barAtRate(unanswerableScores, rates.answer);
  return { high: Math.max(medium, reference.high), medium, uncertain: Math.min(medium, barAtRate(unanswerableScores, rates.show)) };
}

/**
 * The lowest bar (a reported score, ≤ 1) that at most `rate` of `unanswerableScores` reach, read as
 * the verdict reads them (rounded, a score at the bar reaches it): one step above the first score
 * that must not reach it, 0 when all may. What questionThresholds places each level at, and what
 * scripts/confidence-defaults.ts shares across sites.
 */
export function barAtRate(unanswerableScores: readonly number[], rate: number): number {
  const scores = unanswerableScores.map(roundScore).sort((a, b) => b - a);
  const allowed = Math.floor(rate * scores.length);
  return allowed >= scores.length ? 0 : Math.min(1, roundScore(scores[allowed]! + SCORE_STEP));
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
