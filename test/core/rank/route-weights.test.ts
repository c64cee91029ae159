import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_ROUTE_WEIGHTING, routeWeights } from '../../../src/core/rank/route-weights.ts';

describe('routeWeights', () => {
  const base = { keyword: 1, vector: 1 };
  const on = { byKeywordCoverage: true, exponent: 1 };
  const squared = { byKeywordCoverage: true, exponent: 2 };

  it('off: the fixed weights, whatever the coverage', () => {
    expect(routeWeights(base, 1, { byKeywordCoverage: false, exponent: 2 })).toEqual(base);
    expect(routeWeights(base, 0.3, { byKeywordCoverage: false, exponent: 2 })).toEqual(base);
    expect(DEFAULT_ROUTE_WEIGHTING.byKeywordCoverage).toBe(true);
  });

  it('on, exponent 1: the vector route votes in proportion to what the keyword route missed', () => {
    expect(routeWeights(base, 1, on)).toEqual({ keyword: 1, vector: 0 }); // a lookup it answers whole
    expect(routeWeights(base, 0.5, on)).toEqual({ keyword: 1, vector: 0.5 });
    expect(routeWeights(base, 0, on)).toEqual({ keyword: 1, vector: 1 }); // it found nothing
    expect(routeWeights({ keyword: 2, vector: 0.8 }, 0.75, on)).toEqual({ keyword: 2, vector: 0.2 });
  });

  it('the default squares the missed share: a partial miss gets a small vote, a total miss the whole', () => {
    expect(DEFAULT_ROUTE_WEIGHTING).toEqual(squared);
    expect(routeWeights(base, 0.75)).toEqual({ keyword: 1, vector: 0.0625 }); // one concept of four missed
    expect(routeWeights(base, 0.5)).toEqual({ keyword: 1, vector: 0.25 });
    expect(routeWeights(base, 0)).toEqual({ keyword: 1, vector: 1 });
    expect(routeWeights(base, 1)).toEqual({ keyword: 1, vector: 0 });
  });

  it('exponent 0 votes fully on any miss, and none on a full hit', () => {
    const zero = { byKeywordCoverage: true, exponent: 0 };
    expect(routeWeights(base, 0.9, zero)).toEqual({ keyword: 1, vector: 1 });
    expect(routeWeights(base, 1, zero)).toEqual({ keyword: 1, vector: 0 });
  });

  it('refuses an exponent that is not a finite number ≥ 0', () => {
    for (const exponent of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => routeWeights(base, 0.5, { byKeywordCoverage: true, exponent })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
    }
  });

  it('a larger exponent never raises the vector weight (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 4, noNaN: true }), fc.double({ min: 0, max: 4, noNaN: true }), (coverage, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        return routeWeights(base, coverage, { byKeywordCoverage: true, exponent: hi }).vector <= routeWeights(base, coverage, { byKeywordCoverage: true, exponent: lo }).vector;
      }),
    );
  });

  it('never raises the vector weight nor touches the keyword weight (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1, max: 2, noNaN: true }), fc.double({ min: 0, max: 5, noNaN: true }), (coverage, vector) => {
        return [on, squared].every((options) => {
          const w = routeWeights({ keyword: 1, vector }, coverage, options);
          return w.keyword === 1 && w.vector >= 0 && w.vector <= vector;
        });
      }),
    );
  });
});
