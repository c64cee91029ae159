import { describe, expect, it } from 'vitest';
import { cardHolds, verdictFigures } from '../../src/eval/verdict-figures.ts';
import { operatingThresholds, type VerdictSample } from '../../src/eval/verdict-fit.ts';
import { SIGNAL_NAMES } from '../../src/core/confidence/signals.ts';
import type { ConfidenceModel, LogisticModel } from '../../src/core/confidence/score.ts';

describe('verdictFigures', () => {
  it('judges the verdict against where the answer\'s page stands', () => {
    const f = verdictFigures(
      [
        { outcome: 'answer', firstRightRank: 1, label: 'npm access set', card: 'Run `npm access set status=public`.' },
        { outcome: 'answer', firstRightRank: 5 },
        { outcome: 'fallback', firstRightRank: 2 },
        { outcome: 'uncertain', firstRightRank: 1 },
      ],
      ['answer', 'fallback', 'uncertain', 'fallback'],
    );
    // Answered: ranks 1 and 5 → precision ½; first right: two, one answered → recall ½;
    // a fallback with the page at 2 → hidden ¼; one of four unanswerable answered.
    expect(f).toMatchObject({ answered: 0.5, precision: 0.5, recall: 0.5, hidden: 0.25, unanswerableAnswered: 0.25, cardHolds: 1, cardShown: 0.5 });
  });

  it('finds a label in a card by its words, not its punctuation, and whole words only', () => {
    expect(cardHolds('Run `npm access set status=public` once.', 'npm access set status=public')).toBe(true);
    expect(cardHolds('Run npm accessibility checks.', 'npm access')).toBe(false);
  });
});

describe('operatingThresholds', () => {
  /** A model scoring σ(8·(topPage − ½)): the score is the topPage signal's. */
  const zeros = Object.fromEntries(SIGNAL_NAMES.map((n) => [n, 0])) as LogisticModel['weights'];
  const m: LogisticModel = { bias: -4, weights: { ...zeros, topPage: 8 }, impute: zeros };
  const model: ConfidenceModel = { lookup: m, question: m, overview: m };
  const sample = (topPage: number, rank: number | null, hasAnswer = true): VerdictSample => ({
    signals: { ...Object.fromEntries(SIGNAL_NAMES.map((n) => [n, 0])), topPage } as VerdictSample['signals'],
    strategy: 'question',
    hasAnswer,
    firstRightRank: rank,
    answerable: hasAnswer && rank !== null && rank <= 3,
    sentence: true,
    searchable: true,
  });

  it('places the answer bar where precision and the unanswerable bound hold, and the fallback bar below the right answers', () => {
    // Right answers score high, a wrong one and an unanswerable one in the middle.
    const samples = [sample(0.95, 1), sample(0.9, 1), sample(0.8, 1), sample(0.6, 7), sample(0.55, null, false), sample(0.3, 2), sample(0.1, null)];
    const t = operatingThresholds(samples, model, { precision: 0.95, unanswerable: 0.05, highPrecision: 0.97, highUnanswerable: 0.03, hidden: 0 });
    // Answering from σ(8·0.3) = 0.92 up is all right; lower would answer the rank-7 one.
    expect(t.medium).toBeCloseTo(1 / (1 + Math.exp(-8 * 0.3)), 3);
    // No fallback may hide the rank-2 question at 0.3: the fallback bar is at or below its score.
    expect(t.uncertain).toBeLessThanOrEqual(1 / (1 + Math.exp(-8 * -0.2)) + 1e-4);
    expect(t.high).toBeGreaterThanOrEqual(t.medium);
  });
});
