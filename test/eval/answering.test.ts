import { describe, expect, it } from 'vitest';
import { HIDDEN_DEPTH, answering, outcomeOf, type AnswerableDecision, type Decision } from '../../src/eval/answering.ts';
import type { AnswerOutcome } from '../../src/eval/types.ts';

/** An answer to an answerable query: its outcome and the rank of its first relevant unit. */
const shownAs = (outcome: AnswerOutcome, firstRelevantRank: number | null, confidence?: number): AnswerableDecision => ({ outcome, firstRelevantRank, confidence });
/** An answer from a system that reports only whether it answers (before `uncertain` existed). */
const older = (answered: boolean, firstRelevantRank: number | null): AnswerableDecision => ({ answered, firstRelevantRank, confidence: undefined });

describe('outcomeOf', () => {
  it('takes the system’s outcome, else reads `answered` as answer or fallback, else none', () => {
    expect(outcomeOf({ outcome: 'uncertain' })).toBe('uncertain');
    expect(outcomeOf({ answered: false, outcome: 'uncertain' })).toBe('uncertain');
    expect(outcomeOf({ answered: true })).toBe('answer');
    expect(outcomeOf({ answered: false })).toBe('fallback');
    expect(outcomeOf({})).toBeUndefined();
  });
});

describe('answering', () => {
  it('splits answerable and unanswerable queries by outcome, and counts shown and hidden pages in the top 3', () => {
    const unanswerable: Decision[] = [
      { outcome: 'answer', confidence: 0.8 },
      { outcome: 'uncertain', confidence: 0.4 },
      { outcome: 'uncertain', confidence: 0.2 },
      { outcome: 'fallback', confidence: 0.05 },
    ];
    const result = answering(
      [
        shownAs('answer', 1, 0.9), // answered, shown
        shownAs('uncertain', 2, 0.6), // shown under the notice: not hidden
        shownAs('uncertain', 5, 0.5), // shown, but the page is below the top 3
        shownAs('fallback', 3, 0.3), // hidden
        shownAs('fallback', null, 0.1), // nothing relevant returned: neither
      ],
      unanswerable,
    );
    // Pairs answerable > unanswerable: 0.9 → 4, 0.6 → 3, 0.5 → 3, 0.3 → 2, 0.1 → 1; 13 of 20.
    expect(result).toEqual({
      answered: 1 / 5,
      uncertain: 2 / 5,
      shownInTop: 2 / 5,
      hiddenInTop: 1 / 5,
      unanswerableAnswered: 1 / 4,
      unanswerableUncertain: 2 / 4,
      auroc: 13 / 20,
      unanswerable: 4,
    });
  });

  it('counts an uncertain answer with the page in the top 3 as shown, not hidden', () => {
    expect(answering([shownAs('uncertain', HIDDEN_DEPTH)], [])).toMatchObject({ answered: 0, uncertain: 1, shownInTop: 1, hiddenInTop: 0 });
    expect(answering([shownAs('uncertain', HIDDEN_DEPTH + 1)], [])).toMatchObject({ uncertain: 1, shownInTop: 0, hiddenInTop: 0 });
    expect(answering([shownAs('fallback', HIDDEN_DEPTH)], [])).toMatchObject({ uncertain: 0, shownInTop: 0, hiddenInTop: 1 });
  });

  it('reads a system without outcome as answering or showing the fallback, never uncertain', () => {
    const result = answering(
      [older(true, 2), older(false, 1), older(false, null), older(true, 7)],
      [{ answered: true, confidence: undefined }, { answered: false, confidence: undefined }],
    );
    expect(result).toEqual({
      answered: 2 / 4,
      uncertain: 0,
      shownInTop: 1 / 4,
      hiddenInTop: 1 / 4,
      unanswerableAnswered: 1 / 2,
      unanswerableUncertain: 0,
      auroc: null, // no confidence
      unanswerable: 2,
    });
  });

  it('leaves the unanswerable shares null when none were asked, and is null for a system that does not decide', () => {
    expect(answering([shownAs('answer', 1, 0.9)], [])).toMatchObject({ unanswerableAnswered: null, unanswerableUncertain: null, auroc: null, unanswerable: 0 });
    expect(answering([shownAs('answer', 1), { firstRelevantRank: 1, confidence: undefined }], [])).toBeNull();
    expect(answering([], [])).toBeNull();
  });
});
