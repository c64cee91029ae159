/**
 * Why the verdict is what it is, as reasons a reader (and a site's analytics) can act on. Each
 * reason is decided by a named threshold on a signal or a plain fact of the search; they explain
 * the score, they do not compute it (score.ts does), so a fitted model and the reasons never
 * contradict each other in kind: a reason that `lowers` always names something that pulls down.
 */
import type { ConfidenceSignals, SignalName } from './signals.ts';
import { reasonMessage, type MessageLang, type ReasonCode, type ReasonParams } from './messages.ts';

export interface ConfidenceReason {
  code: ReasonCode;
  message: string;
  /** Whether this fact pulls confidence up or down, or only qualifies it. */
  effect: 'raises' | 'lowers' | 'neutral';
}

export interface ReasonOptions {
  /**
   * Fewer sections than this above the route thresholds gives FEW_RELEVANT. Integer ≥ 1. Default 2:
   * one lone match is as likely a stray word as an answer.
   */
  fewRelevant: number;
  /**
   * A best cosine below this gives LOW_TOP_SCORE. Range −1..1. Default 0.5: with the static model,
   * known-item queries' best cosine is ≥ 0.55 in 95 of 100 (Astro and Hono docs,
   * scripts/vector-threshold.ts), so below 0.5 the closest text is not about the query.
   */
  lowCosine: number;
  /** A best cosine at or above this gives STRONG_MATCH. Range −1..1. Default 0.75: near-paraphrase territory. */
  strongCosine: number;
  /** Route agreement at or above this gives ROUTES_AGREE. Range 0..1. Default 2/3: two of the top three pages shared. */
  routesAgree: number;
  /** Share of the top results with an excerpt below which NO_EVIDENCE applies. Range 0..1. Default 0 exclusive: none has one. */
  minEvidence: number;
  /** A top hit's pool prior below this gives WEAK_POOL. Range 0..1. Default 1: anything but knowledge and reference. */
  weakPool: number;
}

export const DEFAULT_REASON_OPTIONS: Readonly<ReasonOptions> = Object.freeze({
  fewRelevant: 2,
  lowCosine: 0.5,
  strongCosine: 0.75,
  routesAgree: 2 / 3,
  minEvidence: 0,
  weakPool: 1,
});

/**
 * The signal each reason is decided on: the reason's condition is that signal being low (a
 * lowering reason) or high (a raising one). A model's weight on each must be ≥ 0
 * (indexer/confidence/fit.ts fits them so), or a reader would be told that something lowered the
 * score that in fact raised it.
 */
export const REASON_SIGNAL: Readonly<Partial<Record<ReasonCode, readonly SignalName[]>>> = Object.freeze({
  FEW_RELEVANT: ['relevant'],
  LOW_TOP_SCORE: ['topCosine'],
  STRONG_MATCH: ['topCosine'],
  ROUTES_DISAGREE: ['agreement'],
  ROUTES_AGREE: ['agreement'],
  CONCEPTS_MISSING: ['coverage', 'weightedCoverage'],
  ALL_CONCEPTS_FOUND: ['coverage', 'weightedCoverage'],
  NO_EVIDENCE: ['evidence'],
  WEAK_POOL: ['pool'],
});

/** The signals some reason is decided on: their weights are kept ≥ 0. */
export const REASON_SIGNALS: readonly SignalName[] = [...new Set(Object.values(REASON_SIGNAL).flat())] as SignalName[];

/** The facts the reasons read besides the signals. */
export interface ReasonFacts {
  results: number;
  concepts: number;
  /** Sections that passed an absolute bar (signals.ts relevantCount: the vector route's threshold when it ran). */
  relevantCount: number;
  /** The vector route's best cosine, null when it did not run. */
  topCosine: number | null;
  vectorRan: boolean;
  /**
   * The vector route did not run because the keyword route's best hit held every concept (search.ts
   * keywordAnswered): nothing was missing for it to find, so KEYWORD_ONLY is not reported.
   */
  vectorNotNeeded?: boolean;
  /** The query's words (as typed) whose concepts the top result lacks. */
  missingWords: string[];
  /** No sentence of the top result answers the query (present/answer.ts): the verdict does not answer. */
  noAnswer?: boolean;
}

/**
 * The reasons, lowering ones first (they are what a reader needs to see), each in the message
 * language. With `weights` (the model in force, for the query's strategy), a reason decided on
 * signals the model gives no weight is reported as `neutral`: it describes the search, it moved
 * nothing (the defaults weigh `pool` 0 for questions, score.ts).
 */
export function reasonsFor(
  signals: ConfidenceSignals,
  facts: ReasonFacts,
  lang: MessageLang,
  options: ReasonOptions = DEFAULT_REASON_OPTIONS,
  weights?: Readonly<Record<SignalName, number>>,
): ConfidenceReason[] {
  const out: ConfidenceReason[] = [];
  const weighed = (code: ReasonCode) => weights === undefined || (REASON_SIGNAL[code] ?? []).length === 0 || REASON_SIGNAL[code]!.some((name) => weights[name] > 0);
  const add = (code: ReasonCode, effect: ConfidenceReason['effect'], params: ReasonParams = {}) =>
    out.push({ code, message: reasonMessage(code, lang, params), effect: weighed(code) ? effect : 'neutral' });
  const similarity = facts.topCosine === null ? undefined : Math.round(facts.topCosine * 100) / 100;

  if (facts.concepts === 0) add('NO_CONCEPTS', 'lowers');
  if (facts.results === 0) add('NO_RESULTS', 'lowers');
  else {
    if (facts.relevantCount < options.fewRelevant) add('FEW_RELEVANT', 'lowers', { count: facts.relevantCount });
    if (facts.missingWords.length > 0) add('CONCEPTS_MISSING', 'lowers', { missing: facts.missingWords });
    if (signals.evidence !== null && signals.evidence <= options.minEvidence) add('NO_EVIDENCE', 'lowers');
    if (facts.noAnswer) add('NO_ANSWER', 'lowers');
    if (signals.pool !== null && signals.pool < options.weakPool) add('WEAK_POOL', 'lowers');
  }
  if (facts.topCosine !== null && facts.topCosine < options.lowCosine) add('LOW_TOP_SCORE', 'lowers', { similarity });
  if (signals.agreement !== null && signals.agreement === 0 && facts.results > 0) add('ROUTES_DISAGREE', 'lowers');
  if (!facts.vectorRan && !facts.vectorNotNeeded && facts.concepts > 0) add('KEYWORD_ONLY', 'neutral');
  if (facts.results > 0 && facts.concepts > 0 && facts.missingWords.length === 0) add('ALL_CONCEPTS_FOUND', 'raises');
  if (signals.agreement !== null && signals.agreement >= options.routesAgree) add('ROUTES_AGREE', 'raises');
  if (facts.topCosine !== null && facts.topCosine >= options.strongCosine) add('STRONG_MATCH', 'raises', { similarity });
  return out;
}
