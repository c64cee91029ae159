/**
 * The confidence verdict of one search: does the pack answer this query, how sure is it, and why.
 *
 *   signals (confidence/signals.ts) → score (confidence/score.ts, the pack's calibrated model or
 *   the defaults) → level and outcome by the strategy's thresholds and the mode
 *   (confidence/levels.ts) → reasons (confidence/reasons.ts) in the reader's language → the
 *   fallback, with its cause, when the outcome is `fallback`.
 *
 * Pure: search.ts gathers the inputs from its routes and results and attaches the verdict to
 * every outcome, so Node, workerd and the browser judge a query identically.
 */
import { DEFAULT_FALLBACK_OPTIONS, fallbackFor, type Fallback, type FallbackOptions } from './fallback.ts';
import { DEFAULT_LEVEL_OPTIONS, levelFor, outcomeFor, thresholdsFor, type ConfidenceLevel, type ConfidenceMode, type ConfidenceOutcome, type LevelOptions, type LevelThresholds } from './levels.ts';
import { messageLang } from './messages.ts';
import { DEFAULT_REASON_OPTIONS, reasonsFor, type ConfidenceReason, type ReasonOptions } from './reasons.ts';
import { confidenceScore, DEFAULT_CONFIDENCE_MODEL, roundScore, type ConfidenceModel } from './score.ts';
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
  /**
   * What to show: `answer` (the results), `uncertain` (the results, under a notice that they may
   * not answer the question) or `fallback` (the response's `fallback` instead of the results).
   */
  outcome: ConfidenceOutcome;
  /** `outcome === 'answer'` (`level !== 'low'`): the results are an answer. */
  shouldAnswer: boolean;
  strategy: QueryStrategy;
  mode: ConfidenceMode;
  /** The thresholds the level and outcome were decided by (the calibration's or the strategy's, one band down in relaxed mode). */
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
  /** The query's words (as typed) the index does not hold at all, nor any completion or correction of them. */
  unknownWords: string[];
  /** The closest candidates' pages, best first. */
  pages: ReadonlyArray<{ title: string; url: string }>;
  /** A filtered search with no results whose query matches sections the filters exclude (the `filtered` fallback). */
  filteredOut?: boolean;
  /** The vector route was not run because the keyword route's best hit held every concept (search.ts keywordAnswered). */
  vectorNotNeeded?: boolean;
  /**
   * No sentence of the top result answers the query (present/answer.ts): an `answer` outcome
   * becomes `uncertain` — the results, under the notice — whatever the score. A verdict that
   * answers must have the answer to show.
   */
  noAnswer?: boolean;
}

export interface Judgement {
  confidence: ConfidenceVerdict;
  /** Present exactly when the outcome is `fallback`. */
  fallback: Fallback | null;
}

/**
 * The reported score and the outcome a model and thresholds give a query's signals: a query with
 * no results or no searchable words (`searchable` false) scores 0 and falls back. The verdict's one
 * rule, also for what re-decides stored signals (scripts/confidence-defaults.ts).
 */
export function decide(
  signals: ConfidenceSignals,
  strategy: QueryStrategy,
  model: ConfidenceModel,
  thresholds: LevelThresholds,
  searchable: boolean,
): { score: number; level: ConfidenceLevel; outcome: ConfidenceOutcome } {
  // Decided on the score as reported, so a reader of the response can redo the comparison.
  const score = searchable ? roundScore(confidenceScore(signals, strategy, model)) : 0;
  return { score, level: levelFor(score, thresholds), outcome: outcomeFor(score, thresholds, searchable) };
}

export function judgeConfidence(
  input: JudgeInput,
  model: { model: ConfidenceModel; calibrated: boolean; thresholds?: LevelThresholds | null } = { model: DEFAULT_CONFIDENCE_MODEL, calibrated: false },
  options: ConfidenceOptions = DEFAULT_CONFIDENCE_OPTIONS,
): Judgement {
  const signals = computeSignals(input, options.signals);
  // A calibration's thresholds were fitted with its model (indexer/confidence/thresholds.ts): they replace the defaults.
  const thresholds = thresholdsFor(model.thresholds ?? options.levels.byStrategy[input.strategy], input.mode);
  const decided = decide(signals, input.strategy, model.model, thresholds, input.results.length > 0 && input.concepts.length > 0);
  const demoted = decided.outcome === 'answer' && input.noAnswer === true;
  const { score } = decided;
  // Demoted, the level is the one `uncertain` has everywhere else (levels.ts), so the two never disagree.
  const level = demoted ? 'low' : decided.level;
  const outcome = demoted ? 'uncertain' : decided.outcome;
  const lang = messageLang(input.lang);
  const reasons = reasonsFor(
    signals,
    {
      results: input.results.length,
      concepts: input.concepts.length,
      relevantCount: relevantCount(input),
      topCosine: input.vector.ran ? (input.vector.topScore ?? 0) : null,
      vectorRan: input.vector.ran,
      ...(input.vectorNotNeeded && { vectorNotNeeded: true }),
      missingWords: input.missingWords,
      ...(input.noAnswer && input.results.length > 0 && { noAnswer: true }),
    },
    lang,
    options.reasons,
    model.model[input.strategy].weights,
  );
  const roundedSignals = Object.fromEntries(Object.entries(signals).map(([k, v]) => [k, v === null ? null : roundScore(v)])) as ConfidenceSignals;
  const confidence: ConfidenceVerdict = {
    score,
    level,
    outcome,
    shouldAnswer: outcome === 'answer',
    strategy: input.strategy,
    mode: input.mode,
    thresholds,
    calibrated: model.calibrated,
    reasons,
    signals: roundedSignals,
  };
  const fallback =
    outcome === 'fallback'
      ? fallbackFor(
          {
            lang: input.lang,
            messageLang: lang,
            knownWords: input.knownWords,
            unknownWords: input.unknownWords,
            hasResults: input.results.length > 0,
            pages: input.pages,
            ...(input.filteredOut && { filteredOut: true }),
          },
          options.fallback,
        )
      : null;
  return { confidence, fallback };
}
