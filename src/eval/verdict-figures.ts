/**
 * The verdict judged against the ranking (issue 50): a verdict cannot honestly answer a question
 * the ranking gets wrong, so its figures are read beside where the answer's page stands.
 *
 * - precision: of the answerable questions given `answer`, the share whose right page is in the
 *   top HIDDEN_DEPTH — what a reader trusting the card gets;
 * - recall: of the answerable questions whose FIRST result is right, the share given `answer`;
 * - hidden: the share of answerable questions given `fallback` although the right page was in the
 *   top HIDDEN_DEPTH (the reader was shown nothing they could have used);
 * - unanswerable answered: the share of unanswerable questions given `answer`;
 * - card: of the answered questions with a labelled answer string, the share whose answer card's
 *   text holds it (normalised: letters and digits only, lower case).
 *
 * Pure: scripts/verdict-table.ts runs the search and hands each question's outcome here.
 */
import { HIDDEN_DEPTH } from './answering.ts';
import type { AnswerOutcome } from './types.ts';

/** One answerable question as the search answered it. */
export interface AnswerableVerdict {
  outcome: AnswerOutcome;
  /** 1-based rank of the first result on the answer's page; null when none of the results is. */
  firstRightRank: number | null;
  /** The labelled answer string, when the question has one. */
  label?: string;
  /** The answer card's text, when the search gave one. */
  card?: string | null;
}

export interface VerdictFigures {
  answerable: number;
  unanswerable: number;
  /** Share of answerable questions given `answer`. */
  answered: number;
  precision: number | null;
  recall: number | null;
  hidden: number;
  unanswerableAnswered: number | null;
  /** Share of answered questions with a label whose card holds it; null when none has a label. */
  cardHolds: number | null;
  /** Share of answered questions that got a card at all. */
  cardShown: number | null;
}

/** Letters and digits only, lower case, one space between runs: how a label is looked for in a card. */
export function normaliseForMatch(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** Whether `card` holds `label` (both normalised). */
export function cardHolds(card: string, label: string): boolean {
  const l = normaliseForMatch(label);
  return l !== '' && ` ${normaliseForMatch(card)} `.includes(` ${l} `);
}

const share = (n: number, d: number): number | null => (d === 0 ? null : n / d);

export function verdictFigures(answerable: readonly AnswerableVerdict[], unanswerable: readonly AnswerOutcome[]): VerdictFigures {
  const inTop = (a: AnswerableVerdict) => a.firstRightRank !== null && a.firstRightRank <= HIDDEN_DEPTH;
  const answered = answerable.filter((a) => a.outcome === 'answer');
  const firstRight = answerable.filter((a) => a.firstRightRank === 1);
  const labelled = answered.filter((a) => a.label !== undefined);
  return {
    answerable: answerable.length,
    unanswerable: unanswerable.length,
    answered: share(answered.length, answerable.length) ?? 0,
    precision: share(answered.filter(inTop).length, answered.length),
    recall: share(firstRight.filter((a) => a.outcome === 'answer').length, firstRight.length),
    hidden: share(answerable.filter((a) => a.outcome === 'fallback' && inTop(a)).length, answerable.length) ?? 0,
    unanswerableAnswered: share(unanswerable.filter((o) => o === 'answer').length, unanswerable.length),
    cardHolds: share(labelled.filter((a) => typeof a.card === 'string' && cardHolds(a.card, a.label!)).length, labelled.length),
    cardShown: share(answered.filter((a) => typeof a.card === 'string').length, answered.length),
  };
}
