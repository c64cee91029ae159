import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INT8_LIMIT, quantizeQuery, quantizeVectors } from '../../../src/core/vector/index.ts';

const vector = fc.float32Array({ minLength: 1, maxLength: 300, noNaN: true, noDefaultInfinity: true });

function norm(v: ArrayLike<number>, scale = 1): number {
  let sum = 0;
  for (let j = 0; j < v.length; j++) sum += (v[j] * scale) ** 2;
  return Math.sqrt(sum);
}

describe('quantizeQuery / quantizeVectors', () => {
  it('maps the largest component to ±127, stays in ±127, and is symmetric', () => {
    fc.assert(
      fc.property(vector, (v) => {
        const { values, scale } = quantizeQuery(v);
        const negated = quantizeQuery(v.map((x) => -x));
        expect([...negated.values].map((x) => -x + 0)).toEqual([...values].map((x) => x + 0));
        expect(negated.scale).toBe(scale);
        if (v.every((x) => x === 0)) {
          expect(scale).toBe(0);
          return;
        }
        expect(Math.max(...[...values].map(Math.abs))).toBe(INT8_LIMIT);
        expect(values.every((x) => x >= -INT8_LIMIT && x <= INT8_LIMIT)).toBe(true);
      }),
    );
  });

  it('stores a float32 scale that makes the dequantized vector unit length', () => {
    fc.assert(
      fc.property(vector, (v) => {
        const { values, scale } = quantizeQuery(v);
        if (scale === 0) return;
        expect(Math.fround(scale)).toBe(scale);
        expect(norm(values, scale)).toBeCloseTo(1, 6);
      }),
    );
  });

  it('reconstructs the normalised vector within half a step per component', () => {
    fc.assert(
      fc.property(vector, (v) => {
        const { values, scale } = quantizeQuery(v);
        const n = norm(v);
        if (n === 0 || !Number.isFinite(n)) return;
        const maxAbs = Math.max(...[...v].map(Math.abs)) / n;
        // Half a rounding step (max|x̂|/127), plus the ≤ 0.2% by which the norm-exact scale differs.
        const bound = maxAbs / INT8_LIMIT / 2 + 0.002 * maxAbs;
        v.forEach((x, j) => expect(Math.abs(values[j] * scale - x / n)).toBeLessThanOrEqual(bound));
      }),
    );
  });

  it('ignores the vector’s length', () => {
    const v = Float32Array.of(0.3, -0.2, 0.9, 0);
    expect(quantizeQuery(v.map((x) => x * 1000))).toEqual(quantizeQuery(v));
  });

  it('lays vectors out row-major with one scale each, zero vectors as zeros with scale 0', () => {
    const q = quantizeVectors([Float32Array.of(1, 0, -1), Float32Array.of(0, 0, 0), Float32Array.of(0, 2, 0)]);
    expect(q.dim).toBe(3);
    expect(q.count).toBe(3);
    expect([...q.data]).toEqual([127, 0, -127, 0, 0, 0, 0, 127, 0]);
    expect([...q.scales]).toEqual([Math.fround(1 / Math.sqrt(2 * 127 * 127)), 0, Math.fround(1 / 127)]);
  });

  it('needs a dimension for no vectors and rejects mixed lengths, bad dims and non-finite components', () => {
    expect(quantizeVectors([], 8)).toEqual({ dim: 8, count: 0, data: new Int8Array(0), scales: new Float32Array(0) });
    expect(() => quantizeVectors([])).toThrow(RangeError);
    expect(() => quantizeVectors([new Float32Array(3), new Float32Array(4)])).toThrow(/vector 1 has 4 components/);
    expect(() => quantizeVectors([new Float32Array(0)])).toThrow(/dim/);
    expect(() => quantizeVectors([Float32Array.of(1, Infinity)])).toThrow(RangeError);
    expect(() => quantizeQuery(Float32Array.of(NaN))).toThrow(RangeError);
  });
});
