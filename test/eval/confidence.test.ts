import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONFIDENCE_THRESHOLD,
  SELECTIVE_THRESHOLDS,
  confidenceMetrics,
  fullSelectiveCurve,
  selectiveCurve,
  type ConfidenceSample,
} from '../../src/eval/confidence.ts';

describe('confidenceMetrics', () => {
  const samples: ConfidenceSample[] = [
    { queryId: '1', confidence: 0.9, answerable: true, precision: 2 / 3 },
    { queryId: '2', confidence: 0.6, answerable: true, precision: 1 / 3 },
    { queryId: '3', confidence: 0.2, answerable: true, precision: 1 / 3 },
    { queryId: '4', confidence: 0.7, answerable: false, precision: 0 },
    { queryId: '5', confidence: 0.1, answerable: false, precision: 0 },
  ];

  it('computes AUROC, answered shares and precision@3 at the default threshold 0.5', () => {
    expect(DEFAULT_CONFIDENCE_THRESHOLD).toBe(0.5);
    const m = confidenceMetrics(samples);
    // Positive/negative pairs: 0.9 beats both, 0.6 beats 0.1 only, 0.2 beats 0.1 only → 4 / 6.
    expect(m.auroc).toBeCloseTo(4 / 6, 12);
    expect(m.answeredShare).toBeCloseTo(2 / 3, 12);
    expect(m.unanswerableAnsweredShare).toBe(0.5);
    // Answered: 1, 2, 4 → (2/3 + 1/3 + 0) / 3.
    expect(m.precisionAnswered).toBeCloseTo(1 / 3, 12);
    expect(m.precisionAll).toBeCloseTo((2 / 3 + 1 / 3 + 1 / 3) / 5, 12);
    expect([m.answerable, m.unanswerable]).toEqual([3, 2]);
  });

  it('answers at confidence equal to the threshold', () => {
    expect(confidenceMetrics(samples, 0.6).answeredShare).toBeCloseTo(2 / 3, 12);
  });

  it('gives NaN precision when nothing is answered, NaN AUROC when a class is empty', () => {
    const m = confidenceMetrics(samples.filter((s) => s.answerable), 0.95);
    expect(m.precisionAnswered).toBeNaN();
    expect(m.auroc).toBeNaN();
    expect(m.unanswerableAnsweredShare).toBeNaN();
  });
});

describe('selectiveCurve', () => {
  const samples: ConfidenceSample[] = [
    { queryId: '1', confidence: 0.95, answerable: true, precision: 1 },
    { queryId: '2', confidence: 0.55, answerable: true, precision: 1 / 3 },
    { queryId: '3', confidence: 0.15, answerable: false, precision: 0 },
  ];

  it('gives coverage and precision@3 per threshold on the 0…1 grid', () => {
    const curve = selectiveCurve(samples);
    expect(curve.map((p) => p.threshold)).toEqual(SELECTIVE_THRESHOLDS);
    expect(curve[0]).toEqual({ threshold: 0, coverage: 1, precision: (1 + 1 / 3) / 3 });
    expect(curve[5]).toEqual({ threshold: 0.5, coverage: 2 / 3, precision: (1 + 1 / 3) / 2 });
    expect(curve[9]).toEqual({ threshold: 0.9, coverage: 1 / 3, precision: 1 });
    expect(curve[10]).toEqual({ threshold: 1, coverage: 0, precision: null });
  });

  it('the full curve adds every distinct confidence as a threshold', () => {
    const thresholds = fullSelectiveCurve(samples).map((p) => p.threshold);
    expect(thresholds).toEqual(expect.arrayContaining([0.15, 0.55, 0.95, 0, 1]));
    expect(thresholds).toEqual([...thresholds].sort((a, b) => a - b));
  });
});
