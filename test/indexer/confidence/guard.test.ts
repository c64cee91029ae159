/**
 * What a calibration must not lower (indexer/confidence/guard.ts): precision (answered → page in
 * the top 3) and recall (first result right → answered), on all the questions and on each half.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { guardedBar, holdsOnHalves, lowersNeither, precisionRecall, type GuardedQuestion } from '../../../src/indexer/confidence/guard.ts';
import type { ConfidenceOutcome } from '../../../src/core/confidence/levels.ts';

const q = (rank: number | null, answerable = true): GuardedQuestion => ({ answerable, rank });

describe('precisionRecall', () => {
  it('reads precision off the answered questions and recall off those whose first result is right', () => {
    const qs = [q(1), q(2), q(5), q(null, false), q(1)];
    const outcomes: ConfidenceOutcome[] = ['answer', 'answer', 'answer', 'answer', 'uncertain'];
    // Answered: ranks 1, 2 (right), 5 (wrong), an unanswerable one (wrong) → 2 of 4.
    // First right: two, one answered → 1 of 2.
    expect(precisionRecall(qs, outcomes)).toEqual({ precision: 0.5, recall: 0.5 });
    expect(precisionRecall(qs, qs.map(() => 'fallback'))).toEqual({ precision: null, recall: 0 });
  });
});

describe('lowersNeither and holdsOnHalves', () => {
  it('holds only when neither figure falls; an unmeasurable figure after a measurable one falls', () => {
    expect(lowersNeither({ precision: 0.9, recall: 0.5 }, { precision: 0.9, recall: 0.6 })).toBe(true);
    expect(lowersNeither({ precision: 0.9, recall: 0.5 }, { precision: 0.89, recall: 0.9 })).toBe(false);
    expect(lowersNeither({ precision: 0.9, recall: 0.5 }, { precision: null, recall: 0.5 })).toBe(false);
    expect(lowersNeither({ precision: null, recall: null }, { precision: null, recall: null })).toBe(true);
  });

  it('asks each half too: a change that helps one half and costs the other does not hold', () => {
    // Even questions: answering the wrong one (rank 9) costs precision; odd ones gain recall.
    const qs = [q(1), q(1), q(9), q(1)];
    const before: ConfidenceOutcome[] = ['answer', 'uncertain', 'uncertain', 'uncertain'];
    const after: ConfidenceOutcome[] = ['answer', 'answer', 'answer', 'answer'];
    // On all four: precision 1 → 0.75 falls already; a change that only adds right answers holds.
    expect(holdsOnHalves(qs, before, after)).toBe(false);
    expect(holdsOnHalves(qs, before, ['answer', 'answer', 'uncertain', 'answer'])).toBe(true);
  });
});

describe('guardedBar', () => {
  /** Questions with scores: right ones score high, wrong ones in between. */
  const qs = [q(1), q(1), q(4), q(1), q(null, false), q(1)];
  const scores = [0.9, 0.8, 0.55, 0.5, 0.45, 0.3];
  const decide = (bar: number): ConfidenceOutcome[] => scores.map((s) => (s >= bar ? 'answer' : 'uncertain'));

  it('moves the bar towards the wanted one only as far as precision and recall hold', () => {
    // From 0.85 down: 0.8 adds a right answer (holds); 0.55 adds a wrong one (precision falls) and
    // every lower bar keeps it answered, so 0.8 is as far as the bar goes.
    expect(guardedBar(qs, scores, 0.2, 0.85, decide)).toBe(0.8);
    // Wanting the reference gives it; wanting a stricter bar moves up only while recall holds: at
    // 0.95 nothing is answered, at 0.9 the same questions as at 0.85 are.
    expect(guardedBar(qs, scores, 0.85, 0.85, decide)).toBe(0.85);
    expect(guardedBar(qs, scores, 0.95, 0.85, decide)).toBe(0.9);
    // From 0.75 (two right answered), 0.9 would drop one: the bar stops at 0.8, where both still are.
    expect(guardedBar(qs, scores, 0.95, 0.75, decide)).toBe(0.8);
  });

  it('never returns a bar whose outcomes lower either figure of the reference\'s', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ rank: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }), score: fc.double({ min: 0, max: 1, noNaN: true }) }), { minLength: 1, maxLength: 30 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (items, wanted, reference) => {
          const questions = items.map((i) => q(i.rank, i.rank !== null));
          const sc = items.map((i) => i.score);
          const dec = (bar: number): ConfidenceOutcome[] => sc.map((s) => (s >= bar ? 'answer' : 'fallback'));
          const bar = guardedBar(questions, sc, wanted, reference, dec);
          expect(lowersNeither(precisionRecall(questions, dec(reference)), precisionRecall(questions, dec(bar)))).toBe(true);
        },
      ),
    );
  });
});
