import { describe, expect, it } from 'vitest';
import { DEFAULT_LEVEL_OPTIONS, levelFor, thresholdsFor } from '../../../src/core/confidence/levels.ts';

describe('levels', () => {
  it('strict mode uses the strategy’s thresholds', () => {
    for (const strategy of ['lookup', 'question', 'overview'] as const) {
      expect(thresholdsFor(strategy, 'strict')).toEqual(DEFAULT_LEVEL_OPTIONS.byStrategy[strategy]);
    }
  });

  it('relaxed mode lowers each threshold by relaxedBy, never below the floor nor above strict', () => {
    const options = { byStrategy: { lookup: { high: 0.7, medium: 0.3 }, question: { high: 0.5, medium: 0.1 }, overview: { high: 0.9, medium: 0.6 } }, relaxedBy: 0.15, floor: 0.2 };
    expect(thresholdsFor('overview', 'relaxed', options)).toEqual({ high: 0.75, medium: 0.45 });
    expect(thresholdsFor('lookup', 'relaxed', options).medium).toBe(0.2); // 0.15 would be under the floor
    expect(thresholdsFor('question', 'relaxed', options).medium).toBe(0.1); // already under the floor: kept, not raised
  });

  it('levels: high at or above high, medium at or above medium, else low', () => {
    const t = { high: 0.7, medium: 0.4 };
    expect([levelFor(0.7, t), levelFor(0.69, t), levelFor(0.4, t), levelFor(0.39, t)]).toEqual(['high', 'medium', 'medium', 'low']);
  });
});
