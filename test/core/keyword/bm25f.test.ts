import { describe, expect, it } from 'vitest';
import { fieldFactors, idf, saturate } from '../../../src/core/keyword/bm25f.ts';

describe('idf', () => {
  it('is positive and falls as a term gets commoner', () => {
    const values = [1, 10, 50, 99, 100].map((df) => idf(100, df));
    expect(values.every((v) => v > 0)).toBe(true);
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeLessThan(values[i - 1]);
  });
});

describe('fieldFactors', () => {
  it('gives a field of average length its plain weight, longer fields less, shorter more', () => {
    // Lengths 2, 4, 6: average 4.
    const f = fieldFactors([2, 4, 6], 3, 0.75);
    expect(f[1]).toBeCloseTo(3);
    expect(f[0]).toBeGreaterThan(3);
    expect(f[2]).toBeLessThan(3);
  });

  it('ignores length when b = 0', () => {
    expect([...fieldFactors([1, 10, 100], 2, 0)]).toEqual([2, 2, 2]);
  });

  it('averages over the documents that have the field, so a sparse field is not over-penalised', () => {
    // Two documents with a 1-term heading, eight without: average 1, not 0.2.
    const f = fieldFactors([1, 1, 0, 0, 0, 0, 0, 0, 0, 0], 2, 0.5);
    expect(f[0]).toBeCloseTo(2);
    expect(f[2]).toBe(0);
  });

  it('is finite for an all-empty field and for b = 1', () => {
    expect([...fieldFactors([0, 0], 1, 1)]).toEqual([0, 0]);
    expect([...fieldFactors([], 1, 0.75)]).toEqual([]);
    expect(fieldFactors([0, 5], 1, 1)[1]).toBeCloseTo(1);
  });
});

describe('saturate', () => {
  it('grows with frequency towards 1 and is 0 for no occurrence', () => {
    expect(saturate(0, 1.2)).toBe(0);
    const values = [1, 2, 4, 100].map((x) => saturate(x, 1.2));
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1]);
    expect(values[3]).toBeLessThan(1);
  });

  it('counts presence only when k1 = 0', () => {
    expect(saturate(1, 0)).toBe(1);
    expect(saturate(7, 0)).toBe(1);
  });
});
