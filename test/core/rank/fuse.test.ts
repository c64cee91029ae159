import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRecallBoxError } from '../../../src/core/errors.ts';
import { DEFAULT_FUSE_OPTIONS, fuseRanks, type FusedHit, type RouteHit, type RouteName } from '../../../src/core/rank/fuse.ts';

/** Hits in rank order from ids, with made-up scores (fusion must not read them). */
const hits = (...ids: number[]): RouteHit[] => ids.map((id, i) => ({ id, score: 100 - i }));
const ids = (fused: FusedHit[]): number[] => fused.map((h) => h.id);

describe('fuseRanks: examples', () => {
  it('defaults to k = 60 and weight 1 per route', () => {
    expect(DEFAULT_FUSE_OPTIONS).toEqual({ k: 60, weights: { keyword: 1, vector: 1 } });
  });

  it('ranks a hit found by both routes above hits found by one', () => {
    const fused = fuseRanks({ keyword: hits(1, 2), vector: hits(2, 3) });
    expect(ids(fused)).toEqual([
      2, // 1/62 + 1/61: both routes found it
      1, // 1/61: keyword rank 1
      3, // 1/62: vector rank 2
    ]);
    expect(fused.map((h) => h.match)).toEqual(['hybrid', 'keyword', 'vector']);
    expect(fused[0].score).toBeCloseTo(1 / 62 + 1 / 61, 15);
  });

  it('ignores raw scores: a huge BM25F score does not beat a small cosine at the same rank', () => {
    // Both are rank 1 of their route, so they tie on fused score whatever the raw scales.
    const fused = fuseRanks({ keyword: [{ id: 7, score: 1000 }], vector: [{ id: 3, score: 0.01 }] });
    expect(ids(fused)).toEqual([
      3, // tie 1/61, smaller id first
      7, // tie 1/61
    ]);
    expect(fused[0].score).toBe(fused[1].score);
  });

  it('keeps every route rank and raw score of a hit', () => {
    const fused = fuseRanks({
      keyword: [{ id: 4, score: 12.5 }, { id: 9, score: 3 }],
      vector: [{ id: 9, score: 0.8 }],
    });
    expect(fused.find((h) => h.id === 9)).toEqual({
      id: 9,
      score: 1 / 62 + 1 / 61,
      ranks: { keyword: 2, vector: 1 },
      scores: { keyword: 3, vector: 0.8 },
      match: 'hybrid',
    });
  });

  it('counts a duplicate id within one route once, at its best rank, without shifting later ranks', () => {
    // A route repeating itself must not earn a hit double credit; ranks stay positions as given.
    const fused = fuseRanks({ keyword: [{ id: 5, score: 9 }, { id: 5, score: 1 }, { id: 8, score: 0.5 }] });
    expect(fused).toEqual([
      // position 1: id 5 once, rank 1, with the score of its first listing
      { id: 5, score: 1 / 61, ranks: { keyword: 1 }, scores: { keyword: 9 }, match: 'keyword' },
      // position 2: id 8 keeps rank 3 (its position), not 2
      { id: 8, score: 1 / 63, ranks: { keyword: 3 }, scores: { keyword: 0.5 }, match: 'keyword' },
    ]);
  });

  it('skips a route weighted 0 or below: no score, no rank, no hybrid', () => {
    for (const vector of [0, -1]) {
      const fused = fuseRanks({ keyword: hits(1), vector: hits(1, 2) }, { weights: { vector } });
      expect(fused).toEqual([{ id: 1, score: 1 / 61, ranks: { keyword: 1 }, scores: { keyword: 100 }, match: 'keyword' }]);
    }
  });

  it('skips an empty or missing route: a hit found by one route stays single-route', () => {
    expect(fuseRanks({ keyword: hits(1), vector: [] })[0].match).toBe('keyword');
    expect(fuseRanks({ vector: hits(1) })[0].match).toBe('vector');
    expect(fuseRanks({})).toEqual([]);
  });

  it('lets a heavier route win a tie of ranks', () => {
    const fused = fuseRanks({ keyword: hits(1), vector: hits(2) }, { weights: { keyword: 2 } });
    expect(ids(fused)).toEqual([
      1, // 2/61: keyword counts double
      2, // 1/61
    ]);
  });

  it('uses k to damp rank 1: small k favours a single top hit, the default favours agreement', () => {
    const routes = { keyword: hits(1, 9, 2), vector: hits(8, 7, 2) };
    expect(ids(fuseRanks(routes, { k: 0 })).slice(0, 3)).toEqual([
      1, // 1/1 = 1: keyword rank 1
      8, // 1/1 = 1: vector rank 1 (tie, larger id)
      2, // 1/3 + 1/3 ≈ 0.67: both routes, rank 3
    ]);
    expect(ids(fuseRanks(routes)).slice(0, 3)).toEqual([
      2, // 2/63 ≈ 0.0317: both routes, rank 3
      1, // 1/61 ≈ 0.0164: keyword rank 1
      8, // 1/61: vector rank 1 (tie, larger id)
    ]);
  });

  it('rejects a negative or non-finite k and a non-finite weight with INVALID_OPTIONS', () => {
    for (const options of [{ k: -1 }, { k: Number.NaN }, { k: Infinity }, { weights: { vector: Number.NaN } }]) {
      let error: unknown;
      try {
        fuseRanks({ keyword: hits(1) }, options);
      } catch (e) {
        error = e;
      }
      expect(isRecallBoxError(error) && error.code).toBe('INVALID_OPTIONS');
    }
  });

  it('rejects an id that is not a safe integer, since ties are broken by id', () => {
    expect(() => fuseRanks({ keyword: [{ id: 1.5, score: 1 }] })).toThrow(RangeError);
    expect(() => fuseRanks({ keyword: [{ id: Number.NaN, score: 1 }] })).toThrow(RangeError);
  });
});

// Properties. Ids from a small range so routes overlap and lists hold duplicates.
const routeHits = fc.array(fc.record({ id: fc.integer({ min: 0, max: 15 }), score: fc.double({ noNaN: true }) }), {
  maxLength: 12,
});
const routes = fc.record({ keyword: routeHits, vector: routeHits });
const weight = fc.oneof(fc.constant(0), fc.double({ min: -2, max: 5, noNaN: true }));
const options = fc.record({
  k: fc.oneof(fc.constant(60), fc.double({ min: 0, max: 200, noNaN: true })),
  weights: fc.record({ keyword: weight, vector: weight }),
});
const routeName = fc.constantFrom<RouteName>('keyword', 'vector');
const other = (route: RouteName): RouteName => (route === 'keyword' ? 'vector' : 'keyword');

describe('fuseRanks: properties', () => {
  it('is deterministic, also when the routes record is built in the other key order', () => {
    fc.assert(
      fc.property(routes, options, (r, o) => {
        const once = fuseRanks(r, o);
        expect(fuseRanks(r, o)).toEqual(once);
        expect(fuseRanks({ vector: r.vector, keyword: r.keyword }, o)).toEqual(once);
      }),
    );
  });

  it('sorts by fused score descending, ties by id ascending, each id once', () => {
    fc.assert(
      fc.property(routes, options, (r, o) => {
        const fused = fuseRanks(r, o);
        expect(new Set(ids(fused)).size).toBe(fused.length);
        for (let i = 1; i < fused.length; i++) {
          const [a, b] = [fused[i - 1], fused[i]];
          expect(a.score > b.score || (a.score === b.score && a.id < b.id)).toBe(true);
        }
      }),
    );
  });

  it('outputs exactly the ids of the routes with positive weight', () => {
    fc.assert(
      fc.property(routes, options, (r, o) => {
        const expected = new Set<number>();
        for (const route of ['keyword', 'vector'] as const) {
          if (o.weights[route] > 0) for (const h of r[route]) expected.add(h.id);
        }
        expect(new Set(ids(fuseRanks(r, o)))).toEqual(expected);
      }),
    );
  });

  it('counts a duplicate once at its best rank: appending repeats of listed ids changes nothing', () => {
    fc.assert(
      fc.property(routes, options, routeName, fc.array(fc.nat(), { maxLength: 5 }), (r, o, route, picks) => {
        const list = r[route];
        fc.pre(list.length > 0);
        const repeats = picks.map((p) => ({ id: list[p % list.length].id, score: -1 }));
        const fused = fuseRanks(r, o);
        expect(fuseRanks({ ...r, [route]: [...list, ...repeats] }, o)).toEqual(fused);
        for (const h of fused) {
          const rank = h.ranks[route];
          if (rank !== undefined) expect(rank).toBe(list.findIndex((x) => x.id === h.id) + 1);
        }
      }),
    );
  });

  it('changes nothing when a route is empty or weighted ≤ 0, compared with leaving it out', () => {
    fc.assert(
      fc.property(routes, options, routeName, fc.double({ min: -3, max: 0, noNaN: true }), (r, o, route, off) => {
        const kept = other(route);
        const alone = fuseRanks({ [kept]: r[kept] }, o);
        expect(fuseRanks({ ...r, [route]: [] }, o)).toEqual(alone);
        expect(fuseRanks(r, { ...o, weights: { ...o.weights, [route]: off } })).toEqual(alone);
      }),
    );
  });

  it('raising a route weight never lowers the fused score of a hit it found, nor lets a hit it did not find overtake it', () => {
    // Not "never lowers its rank": another hit the route ranks higher gains more and may pass it.
    fc.assert(
      fc.property(routes, options, routeName, fc.double({ min: 0, max: 5, noNaN: true }), (r, o, route, raise) => {
        const before = fuseRanks(r, o);
        const after = fuseRanks(r, { ...o, weights: { ...o.weights, [route]: o.weights[route] + raise } });
        const position = (list: FusedHit[], id: number) => list.findIndex((h) => h.id === id);
        for (const h of before.filter((x) => x.ranks[route] !== undefined)) {
          const raised = after[position(after, h.id)];
          expect(raised.score).toBeGreaterThanOrEqual(h.score);
          for (const g of before.filter((x) => x.ranks[route] === undefined && position(before, x.id) > position(before, h.id))) {
            expect(position(after, g.id)).toBeGreaterThan(position(after, h.id));
          }
        }
      }),
    );
  });
});
