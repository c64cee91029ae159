import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dequantize, quantizationErrorBound, quantize } from '../../../src/core/embed/quantize.ts';

function unit(v: Float32Array): Float64Array {
  const norm = Math.hypot(...v);
  return Float64Array.from(v, (x) => x / norm);
}

const vectors = fc
  .integer({ min: 1, max: 256 })
  .chain((dim) => fc.array(fc.float({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }), { minLength: dim, maxLength: dim }))
  .map((xs) => Float32Array.from(xs))
  .filter((v) => v.some((x) => x !== 0));

describe('quantize', () => {
  it('round-trips within the documented bound: cos ≥ √(1 − δ²) and ‖e‖ ≤ asin(δ)', () => {
    fc.assert(
      fc.property(vectors, (v) => {
        const x = unit(v);
        const back = dequantize(quantize(v));
        const maxAbs = Math.max(...x.map(Math.abs));
        const delta = quantizationErrorBound(v.length, maxAbs);
        let err = 0;
        let dotXY = 0;
        let normBack = 0;
        for (let j = 0; j < v.length; j++) {
          err += (back[j] - x[j]) ** 2;
          dotXY += back[j] * x[j];
          normBack += back[j] ** 2;
        }
        // 1e-6: float32 storage of the scale and of the dequantized components.
        expect(Math.sqrt(err)).toBeLessThanOrEqual(Math.asin(Math.min(1, delta)) + 1e-6);
        expect(dotXY / Math.sqrt(normBack)).toBeGreaterThanOrEqual(Math.sqrt(1 - Math.min(1, delta * delta)) - 1e-6);
      }),
      { numRuns: 300 },
    );
  });

  it('maps the largest component to ±127, is symmetric, and ignores the length', () => {
    const quantized = quantize(Float32Array.of(3, -4, 0));
    expect([...quantized.q]).toEqual([95, -127, 0]);
    // Dequantized: the direction at (about) unit length.
    expect(Math.hypot(...dequantize(quantized))).toBeCloseTo(1, 3);
    expect([...quantize(Float32Array.of(-3, 4, 0)).q]).toEqual([-95, 127, 0]);
    expect(quantize(Float32Array.of(30, -40, 0))).toEqual(quantize(Float32Array.of(3, -4, 0)));
  });

  it('quantizes the zero vector to zeros with scale 0', () => {
    const z = quantize(new Float32Array(8));
    expect(z.scale).toBe(0);
    expect([...z.q]).toEqual(new Array(8).fill(0));
    expect([...dequantize(z)]).toEqual(new Array(8).fill(0));
  });
});
