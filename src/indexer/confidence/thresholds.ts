/**
 * Placing the verdict's level thresholds for a fitted model: on the labelled samples, at
 * OPERATING_SHARES of the site's own unanswerable queries (fitThresholds) or at a reference
 * verdict's operating point (matchThresholds), or on a site's own reader questions
 * (questionThresholds). Build-side: `recall-box calibrate` and scripts/confidence-defaults.ts
 * place them; the Worker reads them back from `confidence.json` (core/confidence/calibration.ts).
 */
import { RecallBoxError } from '../../core/errors.ts';
import { confidenceScore, DEFAULT_CONFIDENCE_MODEL, roundScore, SCORE_STEP, type ConfidenceModel } from '../../core/confidence/score.ts';
import { DEFAULT_THRESHOLDS, type LevelThresholds } from '../../core/confidence/levels.ts';
import type { QuestionRates } from '../../core/confidence/calibration.ts';
import type { CalibrationSample } from './sample.ts';

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

/** QuestionRates' defaults (the type is the stored file's, core/confidence/calibration.ts). */
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
 * docs alone predicted by how much (docs/quality.md, Confidence).
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
