/**
 * What the confidence model is fitted on: one labelled query, with the signals the Worker's own
 * pipeline computed for it. The model fit (fit.ts), the threshold rules (thresholds.ts), the
 * calibration's check (guard.ts, cli/calibrate.ts) and the default verdict's fit
 * (src/eval/verdict-fit.ts) share it, and decide a query's outcome from it one way (outcomeUnder).
 */
import {
  confidenceScore,
  outcomeFor,
  roundScore,
  type ConfidenceModel,
  type ConfidenceOutcome,
  type ConfidenceSignals,
  type LevelThresholds,
  type QueryStrategy,
  type SearchOptions,
  type SearchOutcome,
} from '../../core/index.ts';
import type { GuardedQuestion } from './guard.ts';

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

/** A labelled query as calibration fits on it and checks a fit on it (indexer/confidence/guard.ts). */
export interface LabelledQuery extends CalibrationSample, GuardedQuestion {
  /** Whether the search had results and searchable words: the verdict's precondition (verdict.ts decide). */
  searchable: boolean;
  /** Whether an `answer` outcome may stand: the search found an answer sentence, or the query needs none (search.ts). */
  sentence: boolean;
}

/** Every threshold 0: the verdict answers whatever has results, so the search computes its answer sentence; the score does not depend on the thresholds. */
export function openVerdict(options: SearchOptions): SearchOptions {
  const open = { high: 0, medium: 0, uncertain: 0 };
  return { ...options, confidence: { ...options.confidence, levels: { byStrategy: { question: open, lookup: open, overview: open } } } };
}

/** What the verdict decides a query on, from a search under openVerdict. */
export function verdictInputs(out: SearchOutcome): VerdictInputs {
  return {
    signals: out.confidence.signals,
    strategy: out.confidence.strategy,
    searchable: out.results.length > 0 && !out.confidence.reasons.some((r) => r.code === 'NO_CONCEPTS'),
    sentence: out.answer !== null || out.confidence.strategy !== 'question',
  };
}

/** What the verdict decides a query on. */
export type VerdictInputs = Pick<LabelledQuery, 'signals' | 'strategy' | 'searchable' | 'sentence'>;

/** The score the verdict reports for a query under `model` (verdict.ts decide: 0 when not searchable). */
export function verdictScore(q: VerdictInputs, model: ConfidenceModel): number {
  return q.searchable ? roundScore(confidenceScore(q.signals, q.strategy, model)) : 0;
}

/** The outcome the verdict gives a labelled query under a model and thresholds (verdict.ts: decide, then an answer needs its sentence). */
export function outcomeUnder(q: VerdictInputs, model: ConfidenceModel, thresholds: LevelThresholds): ConfidenceOutcome {
  const outcome = outcomeFor(verdictScore(q, model), thresholds, q.searchable);
  return outcome === 'answer' && !q.sentence ? 'uncertain' : outcome;
}
