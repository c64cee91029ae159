import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_ROUTE_WEIGHTING, routeWeights } from '../../../src/core/rank/route-weights.ts';

describe('routeWeights', () => {
  const base = { keyword: 1, vector: 1 };
  const on = { byKeywordCoverage: true };

  it('off: the fixed weights, whatever the coverage', () => {
    expect(routeWeights(base, 1, { byKeywordCoverage: false })).toEqual(base);
    expect(routeWeights(base, 0.3, { byKeywordCoverage: false })).toEqual(base);
    expect(DEFAULT_ROUTE_WEIGHTING.byKeywordCoverage).toBe(true);
  });

  it('on: the vector route votes by what the keyword route missed', () => {
    expect(routeWeights(base, 1, on)).toEqual({ keyword: 1, vector: 0 }); // a lookup it answers whole
    expect(routeWeights(base, 0.5, on)).toEqual({ keyword: 1, vector: 0.5 });
    expect(routeWeights(base, 0, on)).toEqual({ keyword: 1, vector: 1 }); // it found nothing
    expect(routeWeights({ keyword: 2, vector: 0.8 }, 0.75, on)).toEqual({ keyword: 2, vector: 0.2 });
  });

  it('never raises the vector weight nor touches the keyword weight (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1, max: 2, noNaN: true }), fc.double({ min: 0, max: 5, noNaN: true }), (coverage, vector) => {
        const w = routeWeights({ keyword: 1, vector }, coverage, on);
        return w.keyword === 1 && w.vector >= 0 && w.vector <= vector;
      }),
    );
  });
});
