/**
 * What a deciding system's answers cost on answerable queries and protect on unanswerable ones.
 *
 * A deciding system (recall-box's pipeline: its verdict's `outcome`) shows each query one of three
 * ways: the hits as an answer, the hits under a notice that they may not answer the question
 * (`uncertain`), or a fallback message instead of them. The reader sees the hits in the first two,
 * so a relevant page near the top is lost only in the third: that is the cost worth counting.
 *
 * Pure: run.ts hands over each answer's outcome and the rank of its first relevant unit.
 */
import { auroc, mean } from './metrics.ts';
import type { AnswerOutcome } from './types.ts';

/** Every outcome, for checking what a system reports at run time (a peer is plain JavaScript underneath). */
export const ANSWER_OUTCOMES: readonly AnswerOutcome[] = ['answer', 'uncertain', 'fallback'];

/** "Right page hidden" or "shown": a relevant unit this high is what the reader would have clicked. */
export const HIDDEN_DEPTH = 3;

/** What the figures read of one answer (a RankedAnswer is one). */
export interface Decision {
  answered?: boolean;
  outcome?: AnswerOutcome;
  confidence: number | undefined;
}

/** An answer to an answerable query, with the 1-based rank of its first relevant unit (null if none). */
export interface AnswerableDecision extends Decision {
  firstRelevantRank: number | null;
}

/** What a deciding system's answers cost and protect (SystemResult.answering). */
export interface Answering {
  /** Share of the scored (answerable) queries given `answer`. */
  answered: number;
  /** Share of them given `uncertain`: the hits shown under the notice. */
  uncertain: number;
  /** Share of them whose hits were shown (`answer` or `uncertain`) with a relevant unit in the top HIDDEN_DEPTH. */
  shownInTop: number;
  /** Share of them given `fallback` although a relevant unit was in the top HIDDEN_DEPTH. */
  hiddenInTop: number;
  /** Share of the dataset's unanswerable queries given `answer` anyway; null when it has none. */
  unanswerableAnswered: number | null;
  /** Share of the unanswerable queries given `uncertain`; null when it has none. */
  unanswerableUncertain: number | null;
  /** AUROC of the confidence separating the answerable from the unanswerable queries; null without both. */
  auroc: number | null;
  /** How many unanswerable queries were asked. */
  unanswerable: number;
}

/**
 * The outcome of one answer: the system's own, else read from `answered` — a system that decides
 * only whether to answer (before `uncertain` existed) shows its hits or the fallback. Undefined
 * for a system that makes no decision.
 */
export function outcomeOf(decision: Pick<Decision, 'answered' | 'outcome'>): AnswerOutcome | undefined {
  if (decision.outcome !== undefined) return decision.outcome;
  if (decision.answered === undefined) return undefined;
  return decision.answered ? 'answer' : 'fallback';
}

/** Whether the reader sees the hits. */
function shown(outcome: AnswerOutcome | undefined): boolean {
  return outcome === 'answer' || outcome === 'uncertain';
}

function share<T>(items: readonly T[], counts: (item: T) => boolean): number {
  return mean(items.map((item) => (counts(item) ? 1 : 0)));
}

/**
 * The answering figures of one system, or null when it does not decide on every answerable query
 * (a peer always shows its list: there is nothing to count).
 */
export function answering(answerable: readonly AnswerableDecision[], unanswerable: readonly Decision[]): Answering | null {
  if (answerable.length === 0 || answerable.some((a) => outcomeOf(a) === undefined)) return null;
  const inTop = (a: AnswerableDecision) => (a.firstRelevantRank ?? Infinity) <= HIDDEN_DEPTH;
  const asked = unanswerable.length > 0;
  const scored = [...answerable.map((a) => ({ a, positive: true })), ...unanswerable.map((a) => ({ a, positive: false }))];
  const separable = asked && scored.every(({ a }) => a.confidence !== undefined);
  return {
    answered: share(answerable, (a) => outcomeOf(a) === 'answer'),
    uncertain: share(answerable, (a) => outcomeOf(a) === 'uncertain'),
    shownInTop: share(answerable, (a) => shown(outcomeOf(a)) && inTop(a)),
    hiddenInTop: share(answerable, (a) => outcomeOf(a) === 'fallback' && inTop(a)),
    unanswerableAnswered: asked ? share(unanswerable, (a) => outcomeOf(a) === 'answer') : null,
    unanswerableUncertain: asked ? share(unanswerable, (a) => outcomeOf(a) === 'uncertain') : null,
    auroc: separable ? auroc(scored.map(({ a, positive }) => ({ score: a.confidence!, positive }))) : null,
    unanswerable: unanswerable.length,
  };
}
