import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_FIT_OPTIONS, fitLogistic, fitLogisticNonNegative } from '../../../src/indexer/confidence/logistic.ts';
import { sigmoid } from '../../../src/core/confidence/score.ts';
import { mulberry32 } from '../../../src/core/random.ts';

/** Samples drawn from a known logistic model: y ~ Bernoulli(σ(b + w·x)). */
function drawn(n: number, bias: number, weights: number[], seed: number) {
  const random = mulberry32(seed);
  return Array.from({ length: n }, () => {
    const x = weights.map(() => random());
    const p = sigmoid(bias + x.reduce((z, v, i) => z + v * weights[i]!, 0));
    return { x, answerable: random() < p };
  });
}

describe('fitLogistic', () => {
  it('recovers the weights of the model that generated the labels', () => {
    const fit = fitLogistic(drawn(20000, -2, [4, -3, 0], 1), { l2: 0, iterations: 50, balanced: false });
    expect(fit.bias).toBeCloseTo(-2, 0);
    expect(fit.weights[0]).toBeCloseTo(4, 0);
    expect(fit.weights[1]).toBeCloseTo(-3, 0);
    expect(Math.abs(fit.weights[2]!)).toBeLessThan(0.3);
  });

  it('stays finite when a signal separates the classes perfectly (the L2 penalty)', () => {
    const samples = Array.from({ length: 40 }, (_, i) => ({ x: [i < 20 ? 0 : 1], answerable: i >= 20 }));
    const fit = fitLogistic(samples);
    expect(Number.isFinite(fit.weights[0])).toBe(true);
    expect(fit.weights[0]).toBeGreaterThan(1);
  });

  it('is deterministic and never fits its data worse than the constant model (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.boolean()), { minLength: 4, maxLength: 60 }), (rows) => {
        const samples = rows.map(([a, b, y]) => ({ x: [a, b], answerable: y }));
        const positives = samples.filter((s) => s.answerable).length;
        if (positives === 0 || positives === samples.length) return;
        const options = { ...DEFAULT_FIT_OPTIONS, balanced: false };
        const fit = fitLogistic(samples, options);
        expect(fitLogistic(samples, options)).toEqual(fit);
        const logLoss = (p: (x: number[]) => number) => samples.reduce((l, s) => l - Math.log(Math.max(1e-12, s.answerable ? p(s.x) : 1 - p(s.x))), 0);
        const base = positives / samples.length;
        const fitted = logLoss((x) => sigmoid(fit.bias + x[0]! * fit.weights[0]! + x[1]! * fit.weights[1]!));
        // The constant model is w = 0 (no penalty), so the penalised optimum's log-loss cannot exceed it.
        expect(fitted).toBeLessThanOrEqual(logLoss(() => base) + 1e-6);
      }),
      { numRuns: 60 },
    );
  });

  it('balanced: the bias assumes an even prior, not the labelled queries’ class balance', () => {
    // x says nothing; one in ten queries is answerable.
    const samples = Array.from({ length: 1300 }, (_, i) => ({ x: [Math.floor(i / 10) % 13 / 12], answerable: i % 10 === 0 }));
    const prior = fitLogistic(samples, { ...DEFAULT_FIT_OPTIONS, balanced: false });
    expect(prior.bias + prior.weights[0]! * 0.5).toBeCloseTo(Math.log(1 / 9), 1);
    const balanced = fitLogistic(samples);
    expect(balanced.bias + balanced.weights[0]! * 0.5).toBeCloseTo(0, 1);
  });

  it('refuses data with one class only', () => {
    expect(() => fitLogistic([{ x: [1], answerable: true }])).toThrow(/CALIBRATION_FAILED|answerable/);
  });
});

describe('fitLogisticNonNegative', () => {
  it('pins a constrained weight the data pulls negative at 0, and refits the others', () => {
    // Labels from weights [2, −1.5, 1]: the second would fit negative.
    const samples = drawn(3000, -1, [2, -1.5, 1], 5);
    const free = fitLogistic(samples);
    expect(free.weights[1]).toBeLessThan(-0.5);
    const held = fitLogisticNonNegative(samples, [true, true, false]);
    expect(held.weights[1]).toBe(0);
    expect(held.weights[0]).toBeGreaterThan(1);
    // An unconstrained weight may stay negative.
    const loose = fitLogisticNonNegative(drawn(3000, 0, [1, 1, -2], 6), [true, true, false]);
    expect(loose.weights[2]).toBeLessThan(-0.5);
  });

  it('equals the plain fit when no constrained weight comes out negative', () => {
    const samples = drawn(2000, -1, [1.5, 0.5, 1], 8);
    expect(fitLogisticNonNegative(samples, [true, true, true])).toEqual(fitLogistic(samples));
  });
});
