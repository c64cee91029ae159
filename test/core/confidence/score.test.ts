import { describe, expect, it } from 'vitest';
import { confidenceScore, DEFAULT_CONFIDENCE_MODEL, sigmoid, signalVector, type ConfidenceModel, type LogisticModel } from '../../../src/core/confidence/score.ts';
import { SIGNAL_NAMES, type ConfidenceSignals } from '../../../src/core/confidence/signals.ts';

const zeros = Object.fromEntries(SIGNAL_NAMES.map((n) => [n, 0])) as Record<(typeof SIGNAL_NAMES)[number], number>;
const signals = (over: Partial<ConfidenceSignals> = {}): ConfidenceSignals => ({ ...zeros, ...over });

describe('confidenceScore', () => {
  it('is σ(bias + Σ w·x) of the strategy’s model', () => {
    const lookup: LogisticModel = { bias: -1, weights: { ...zeros, topCosine: 2, coverage: 1 }, impute: zeros };
    const question: LogisticModel = { bias: 1, weights: zeros, impute: zeros };
    const model: ConfidenceModel = { lookup, question, overview: question };
    expect(confidenceScore(signals({ topCosine: 0.5, coverage: 1 }), 'lookup', model)).toBeCloseTo(sigmoid(-1 + 1 + 1));
    expect(confidenceScore(signals({ topCosine: 0.5, coverage: 1 }), 'question', model)).toBeCloseTo(sigmoid(1));
  });

  it('uses the model’s imputed value for a signal the query could not measure', () => {
    const m: LogisticModel = { bias: 0, weights: { ...zeros, topCosine: 4 }, impute: { ...zeros, topCosine: 0.25 } };
    const model: ConfidenceModel = { lookup: m, question: m, overview: m };
    expect(signalVector(signals({ topCosine: null }), m)[SIGNAL_NAMES.indexOf('topCosine')]).toBe(0.25);
    expect(confidenceScore(signals({ topCosine: null }), 'lookup', model)).toBeCloseTo(sigmoid(1));
  });

  it('the defaults rise with coverage of the query and fall when nothing matches', () => {
    const strong = signals({ relevant: 1, keywordStrength: 0.8, topCosine: 0.8, agreement: 1, coverage: 1, weightedCoverage: 1, evidence: 1, diversity: 0.34, pool: 1, known: 1, topPage: 0.9 });
    const weak = signals({ relevant: 0, keywordStrength: 0.1, topCosine: 0.3, agreement: 0, coverage: 0.3, weightedCoverage: 0.1, evidence: 0.3, diversity: 1, pool: 1, known: 1, topPage: 0.2 });
    for (const strategy of ['lookup', 'question', 'overview'] as const) {
      expect(confidenceScore(strong, strategy, DEFAULT_CONFIDENCE_MODEL)).toBeGreaterThan(0.6);
      expect(confidenceScore(weak, strategy, DEFAULT_CONFIDENCE_MODEL)).toBeLessThan(0.2);
    }
  });

  it('sigmoid is stable at the extremes', () => {
    expect(sigmoid(1000)).toBe(1);
    expect(sigmoid(-1000)).toBe(0);
    expect(sigmoid(0)).toBe(0.5);
  });
});
