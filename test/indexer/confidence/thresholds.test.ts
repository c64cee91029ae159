import { describe, expect, it } from 'vitest';
import { signals } from '../../support/confidence-signals.ts';
import fc from 'fast-check';
import { DEFAULT_QUESTION_RATES, fitThresholds, matchThresholds, MIN_UNANSWERABLE_QUESTIONS, questionThresholds } from '../../../src/indexer/confidence/thresholds.ts';
import type { CalibrationSample } from '../../../src/indexer/confidence/sample.ts';
import { confidenceScore, roundScore, SCORE_STEP, sigmoid, type ConfidenceModel } from '../../../src/core/confidence/score.ts';
import { DEFAULT_THRESHOLDS, outcomeFor } from '../../../src/core/confidence/levels.ts';
import { isRecallBoxError } from '../../../src/core/errors.ts';


describe('fitThresholds: the scores shares of the unanswerable queries reach', () => {
  // Ten unanswerable queries scoring 0.1 … 1.0 under a model that reads topCosine alone.
  const model = { bias: 0, weights: signals(() => 0) as Record<string, number>, impute: signals(() => 0) as Record<string, number> };
  const only = { ...model, weights: { ...model.weights, topCosine: 1 } };
  const models = { lookup: only, question: only, overview: only } as never;
  const negatives: CalibrationSample[] = Array.from({ length: 10 }, (_, i) => ({ strategy: 'lookup', answerable: false, signals: signals((n) => (n === 'topCosine' ? (i + 1) / 10 : 0)) }));
  const scoreOf = (x: number) => Math.round(sigmoid(x) * 1e4) / 1e4;

  it('ranks the negatives: high ≥ medium ≥ uncertain, each reached by its share', () => {
    const t = fitThresholds(negatives, models, { high: 0.2, medium: 0.5, uncertain: 0.7 });
    // Descending 1.0, 0.9, …: 20% reach the 3rd highest's score (0.8), half the 6th (0.5), 70% the 8th (0.3).
    expect(t).toEqual({ high: scoreOf(0.8), medium: scoreOf(0.5), uncertain: scoreOf(0.3) });
  });

  it('ignores answerable queries and refuses a set with no unanswerable one', () => {
    const answerable = negatives.map((s) => ({ ...s, answerable: true }));
    expect(fitThresholds([...negatives, ...answerable], models, { high: 0.2, medium: 0.5, uncertain: 0.7 }).medium).toBe(scoreOf(0.5));
    expect(() => fitThresholds(answerable, models)).toThrow(/unanswerable/);
  });

  it('reads the thresholds off the site’s own negatives, not the off-topic questions fitted beside them', () => {
    const offTopic: CalibrationSample[] = Array.from({ length: 30 }, () => ({ strategy: 'lookup', answerable: false, offTopic: true, signals: signals(() => 0) }));
    const shares = { high: 0.2, medium: 0.5, uncertain: 0.7 };
    expect(fitThresholds([...negatives, ...offTopic], models, shares)).toEqual(fitThresholds(negatives, models, shares));
  });
});

describe('matchThresholds: the reference verdict’s operating point on the site’s own negatives', () => {
  const zero = signals(() => 0) as Record<string, number>;
  // A model reading one signal with weight w and bias b, for every strategy.
  const reading = (name: string, w: number, b: number): ConfidenceModel => {
    const m = { bias: b, weights: { ...zero, [name]: w }, impute: zero } as never;
    return { lookup: m, question: m, overview: m };
  };
  const reference = { model: reading('topCosine', 4, -2), thresholds: { high: 0.8, medium: 0.5, uncertain: 0.3 } };
  const reached = (samples: CalibrationSample[], model: ConfidenceModel, bar: number) =>
    samples.filter((s) => !s.answerable && !s.offTopic && roundScore(confidenceScore(s.signals, s.strategy, model)) >= bar).length;

  it('answers, calls high and shows as uncertain as many of them as the reference does, whatever the new model (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.boolean()), { minLength: 1, maxLength: 40 }),
        fc.double({ min: 0.5, max: 8, noNaN: true }),
        (rows, w) => {
          const samples: CalibrationSample[] = rows.map(([cosine, coverage, offTopic]) => ({ strategy: 'lookup', answerable: false, ...(offTopic && { offTopic: true }), signals: signals((n) => (n === 'topCosine' ? cosine : n === 'coverage' ? coverage : 0)) }));
          fc.pre(samples.some((s) => !s.offTopic));
          const model = reading('coverage', w, -w / 2);
          const t = matchThresholds(samples, model, reference);
          expect(t.uncertain).toBeLessThanOrEqual(t.medium);
          expect(t.medium).toBeLessThanOrEqual(t.high);
          // Ties under the new model can only add negatives at the bar, never drop them.
          for (const level of ['high', 'medium', 'uncertain'] as const) {
            expect(reached(samples, model, t[level])).toBeGreaterThanOrEqual(reached(samples, reference.model, reference.thresholds[level]));
          }
          // Without ties, exactly as many.
          const scores = samples.filter((s) => !s.offTopic).map((s) => roundScore(confidenceScore(s.signals, s.strategy, model)));
          if (new Set(scores).size === scores.length) {
            for (const level of ['high', 'medium', 'uncertain'] as const) expect(reached(samples, model, t[level])).toBe(reached(samples, reference.model, reference.thresholds[level]));
          }
        },
      ),
    );
  });

  it('puts the bar above every negative when the reference answers none of them', () => {
    const samples: CalibrationSample[] = [0.1, 0.2].map((c) => ({ strategy: 'lookup', answerable: false, signals: signals((n) => (n === 'topCosine' || n === 'coverage' ? c : 0)) }));
    const model = reading('coverage', 4, 0);
    const t = matchThresholds(samples, model, reference);
    expect(reached(samples, model, t.medium)).toBe(0);
    expect(() => matchThresholds([{ ...samples[0]!, offTopic: true }], model, reference)).toThrow(/unanswerable/);
  });
});

describe('questionThresholds: the bars a site\'s own unanswerable questions set', () => {
  // Scores as the verdict reports them (four decimals), some tied, as real questions' are; below 1,
  // which no bar (at most 1) can keep out.
  const scoresArb = fc.array(fc.integer({ min: 0, max: 39 }).map((n) => n / 40), { minLength: MIN_UNANSWERABLE_QUESTIONS, maxLength: 80 });
  const ratesArb = fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })).map(([a, b]) => ({ answer: Math.min(a, b), show: Math.max(a, b) }));
  const reaching = (scores: readonly number[], bar: number) => scores.filter((s) => roundScore(s) >= bar).length;

  it('answers at most the answer rate of them and shows at most the show rate, with the lowest bars that do', () => {
    fc.assert(
      fc.property(scoresArb, ratesArb, (scores, rates) => {
        const t = questionThresholds(scores, rates);
        expect(reaching(scores, t.medium)).toBeLessThanOrEqual(Math.floor(rates.answer * scores.length));
        expect(reaching(scores, t.uncertain)).toBeLessThanOrEqual(Math.floor(rates.show * scores.length));
        // One step lower would let more through than the rate allows: the bar is not higher than it must be.
        if (t.medium > 0) expect(reaching(scores, roundScore(t.medium - SCORE_STEP))).toBeGreaterThan(Math.floor(rates.answer * scores.length));
        expect(0 <= t.uncertain && t.uncertain <= t.medium && t.medium <= t.high && t.high <= 1).toBe(true);
      }),
    );
  });

  it('reads outcomes as the verdict does: of 20 questions, the one scoring highest may be answered at 5%, the next not', () => {
    const scores = Array.from({ length: 20 }, (_, i) => (i + 1) / 100); // 0.01 … 0.20
    const t = questionThresholds(scores, DEFAULT_QUESTION_RATES);
    const outcomes = scores.map((s) => outcomeFor(s, t, true));
    expect(outcomes.filter((o) => o === 'answer')).toHaveLength(1); // 0.20
    expect(outcomes.filter((o) => o !== 'fallback')).toHaveLength(4); // 20% of 20
    expect(t.high).toBe(DEFAULT_THRESHOLDS.high);
  });

  it('answers none when ties at the top would take it past the rate', () => {
    const scores = [...Array(3).fill(0.9), ...Array(37).fill(0.1)]; // 3 tied > 5% of 40 (2)
    const t = questionThresholds(scores, DEFAULT_QUESTION_RATES);
    expect(reaching(scores, t.medium)).toBe(0);
    expect(t.medium).toBe(roundScore(0.9 + SCORE_STEP));
  });

  it('refuses too few questions or rates out of order, with CALIBRATION_FAILED', () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return isRecallBoxError(e) ? e.code : 'other';
      }
      return 'none';
    };
    expect(code(() => questionThresholds(Array(MIN_UNANSWERABLE_QUESTIONS - 1).fill(0.1)))).toBe('CALIBRATION_FAILED');
    expect(code(() => questionThresholds(Array(40).fill(0.1), { answer: 0.3, show: 0.2 }))).toBe('CALIBRATION_FAILED');
    expect(code(() => questionThresholds(Array(40).fill(0.1), { answer: Number.NaN, show: 0.2 }))).toBe('CALIBRATION_FAILED');
  });
});
