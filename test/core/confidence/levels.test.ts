import { describe, expect, it } from 'vitest';
import { DEFAULT_LEVEL_OPTIONS, levelFor, outcomeFor, thresholdsFor } from '../../../src/core/confidence/levels.ts';

describe('levels', () => {
  it('strict mode uses the strategy’s thresholds', () => {
    for (const strategy of ['lookup', 'question', 'overview'] as const) {
      expect(thresholdsFor(DEFAULT_LEVEL_OPTIONS.byStrategy[strategy], 'strict')).toEqual(DEFAULT_LEVEL_OPTIONS.byStrategy[strategy]);
    }
  });

  it('the default thresholds are ordered: uncertain ≤ medium ≤ high', () => {
    for (const t of Object.values(DEFAULT_LEVEL_OPTIONS.byStrategy)) {
      expect(t.uncertain).toBeLessThanOrEqual(t.medium);
      expect(t.medium).toBeLessThanOrEqual(t.high);
    }
  });

  it('relaxed mode moves every level one band down: it answers what strict shows as uncertain', () => {
    const options = { byStrategy: { lookup: { high: 0.7, medium: 0.3, uncertain: 0.25 }, question: { high: 0.5, medium: 0.1, uncertain: 0.05 }, overview: { high: 0.9, medium: 0.6, uncertain: 0.5 } } };
    expect(thresholdsFor(options.byStrategy.overview, 'relaxed')).toEqual({ high: 0.6, medium: 0.5, uncertain: 0.5 });
    expect(thresholdsFor(options.byStrategy.question, 'relaxed')).toEqual({ high: 0.1, medium: 0.05, uncertain: 0.05 });
    // A score strict mode shows as uncertain is an answer in relaxed mode.
    const strict = thresholdsFor(options.byStrategy.lookup, 'strict');
    const relaxed = thresholdsFor(options.byStrategy.lookup, 'relaxed');
    expect([outcomeFor(0.27, strict, true), outcomeFor(0.27, relaxed, true)]).toEqual(['uncertain', 'answer']);
  });

  it('levels: high at or above high, medium at or above medium, else low', () => {
    const t = { high: 0.7, medium: 0.4, uncertain: 0.2 };
    expect([levelFor(0.7, t), levelFor(0.69, t), levelFor(0.4, t), levelFor(0.39, t)]).toEqual(['high', 'medium', 'medium', 'low']);
  });

  it('outcomes: answer from medium up, uncertain from uncertain up, else fallback; no results is always fallback', () => {
    const t = { high: 0.7, medium: 0.4, uncertain: 0.2 };
    expect([0.9, 0.4, 0.39, 0.2, 0.19].map((s) => outcomeFor(s, t, true))).toEqual(['answer', 'answer', 'uncertain', 'uncertain', 'fallback']);
    expect(outcomeFor(0.9, t, false)).toBe('fallback');
  });
});
