/**
 * The confidence verdict of one search: does the pack answer this query, how sure is it, and why.
 *
 *   signals (confidence/signals.ts) → score (confidence/score.ts, the pack's calibrated model or
 *   the defaults) → level by the strategy's thresholds and the mode (confidence/levels.ts) →
 *   reasons (confidence/reasons.ts) in the reader's language → fallback when it should not answer.
 *
 * Pure: search.ts gathers the inputs from its routes and results and attaches the verdict to
 * every outcome, so Node, workerd and the browser judge a query identically.
 */
import { DEFAULT_FALLBACK_OPTIONS, fallbackFor, type Fallback, type FallbackOptions } from './fallback.ts';
import { DEFAULT_LEVEL_OPTIONS, levelFor, thresholdsFor, type ConfidenceLevel, type ConfidenceMode, type LevelOptions, type LevelThresholds } from './levels.ts';
import { messageLang } from './messages.ts';
import { DEFAULT_REASON_OPTIONS, reasonsFor, type ConfidenceReason, type ReasonOptions } from './reasons.ts';
import { confidenceScore, DEFAULT_CONFIDENCE_MODEL, type ConfidenceModel } from './score.ts';
import { computeSignals, DEFAULT_SIGNAL_OPTIONS, relevantCount, type ConfidenceSignals, type SignalInput, type SignalOptions } from './signals.ts';
import type { QueryStrategy } from '../analysis/query.ts';

export interface ConfidenceOptions {
  /** The mode of a request that names none (`confidence=strict|relaxed`). Default `strict`. */
  mode: ConfidenceMode;
  signals: SignalOptions;
  levels: LevelOptions;
  reasons: ReasonOptions;
  fallback: FallbackOptions;
}

export const DEFAULT_CONFIDENCE_OPTIONS: Readonly<ConfidenceOptions> = Object.freeze({
  mode: 'strict' as const,
  signals: DEFAULT_SIGNAL_OPTIONS,
  levels: DEFAULT_LEVEL_OPTIONS,
  reasons: DEFAULT_REASON_OPTIONS,
  fallback: DEFAULT_FALLBACK_OPTIONS,
});

export interface ConfidenceVerdict {
  /** Estimated probability that the docs answer the query, in [0, 1]. */
  score: number;
  level: ConfidenceLevel;
  /** `level !== 'low'`: show the results as an answer; otherwise show the fallback. */
  shouldAnswer: boolean;
  strategy: QueryStrategy;
  mode: ConfidenceMode;
  /** The thresholds the level was decided by (the strategy's, lowered in relaxed mode). */
  thresholds: LevelThresholds;
  /** Whether the score comes from the pack's calibration (`recall-box calibrate`) or the defaults. */
  calibrated: boolean;
  reasons: ConfidenceReason[];
  signals: ConfidenceSignals;
}

export interface JudgeInput extends SignalInput {
  strategy: QueryStrategy;
  /** The request's language tag, else the query's: chooses the messages. */
  lang: string;
  mode: ConfidenceMode;
  /** The query's words (as typed) whose concepts the top result lacks. */
  missingWords: string[];
  /** The query's words the index knows, when it lacks some of them (the fallback's query suggestion); else null. */
  knownWords: string[] | null;
  /** The closest candidates' pages, best first. */
  pages: ReadonlyArray<{ title: string; url: string }>;
}

export interface Judgement {
  confidence: ConfidenceVerdict;
  /** Present when `shouldAnswer` is false. */
  fallback: Fallback | null;
}

const SCORE_DECIMALS = 4;
const round = (x: number) => Math.round(x * 10 ** SCORE_DECIMALS) / 10 ** SCORE_DECIMALS;

export function judgeConfidence(
  input: JudgeInput,
  model: { model: ConfidenceModel; calibrated: boolean } = { model: DEFAULT_CONFIDENCE_MODEL, calibrated: false },
  options: ConfidenceOptions = DEFAULT_CONFIDENCE_OPTIONS,
): Judgement {
  const signals = computeSignals(input, options.signals);
  const score = input.concepts.length === 0 || input.results.length === 0 ? 0 : confidenceScore(signals, input.strategy, model.model);
  const thresholds = thresholdsFor(input.strategy, input.mode, options.levels);
  // Decided on the score as reported, so a reader of the response can redo the comparison.
  const level = levelFor(round(score), thresholds);
  const lang = messageLang(input.lang);
  const reasons = reasonsFor(
    signals,
    {
      results: input.results.length,
      concepts: input.concepts.length,
      relevantCount: relevantCount(input),
      topCosine: input.vector.ran ? (input.vector.topScore ?? 0) : null,
      vectorRan: input.vector.ran,
      missingWords: input.missingWords,
    },
    lang,
    options.reasons,
  );
  const roundedSignals = Object.fromEntries(Object.entries(signals).map(([k, v]) => [k, v === null ? null : round(v)])) as ConfidenceSignals;
  const confidence: ConfidenceVerdict = {
    score: round(score),
    level,
    shouldAnswer: level !== 'low',
    strategy: input.strategy,
    mode: input.mode,
    thresholds,
    calibrated: model.calibrated,
    reasons,
    signals: roundedSignals,
  };
  const fallback = confidence.shouldAnswer
    ? null
    : fallbackFor({ lang: input.lang, messageLang: lang, knownWords: input.knownWords, pages: input.pages }, options.fallback);
  return { confidence, fallback };
}
