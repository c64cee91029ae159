import { describe, expect, it } from 'vitest';
import { dot, embedReference } from '../../../src/core/embed/reference.ts';
import { codeOf } from '../../support/errors.ts';

// E: 3 rows of dimension 2.
const E = Float32Array.of(1, 0, 0, 1, 3, 4);

describe('embedReference', () => {
  it('gathers, sums weighted and L2-normalises', () => {
    expect([...embedReference(E, 2, Int32Array.of(0, 1), Float32Array.of(3, 4))]).toEqual([0.6, 0.8].map(Math.fround));
    expect([...embedReference(E, 2, Int32Array.of(2), Float32Array.of(0.5))]).toEqual([0.6, 0.8].map(Math.fround));
    const v = embedReference(E, 2, Int32Array.of(0, 2), Float32Array.of(1, 1));
    expect(dot(v, v)).toBeCloseTo(1, 6);
  });

  it('embeds no tokens (or tokens that cancel) to the zero vector, not NaN', () => {
    expect([...embedReference(E, 2, new Int32Array(0), new Float32Array(0))]).toEqual([0, 0]);
    expect([...embedReference(E, 2, Int32Array.of(0, 0), Float32Array.of(1, -1))]).toEqual([0, 0]);
  });

  it('refuses ids outside E and mismatched inputs', () => {
    expect(codeOf(() => embedReference(E, 2, Int32Array.of(3), Float32Array.of(1)))).toBe('EMBED_FAILED');
    expect(codeOf(() => embedReference(E, 2, Int32Array.of(-1), Float32Array.of(1)))).toBe('EMBED_FAILED');
    expect(codeOf(() => embedReference(E, 2, Int32Array.of(0), Float32Array.of(1, 2)))).toBe('EMBED_FAILED');
  });
});
