import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRecallBoxError } from '../../../src/core/errors.ts';
import {
  DEFAULT_MMR_OPTIONS,
  normaliseRelevance,
  selectMmr,
  type MmrCandidate,
} from '../../../src/core/rank/mmr.ts';
import { termSetJaccard, termSetOf } from '../../../src/core/rank/term-set.ts';

const candidate = (id: number, pageUrl: string, relevance: number, tokens: string[]): MmrCandidate => ({
  id,
  pageUrl,
  relevance,
  terms: termSetOf(tokens),
});

const expectInvalidOptions = (run: () => unknown): void => {
  try {
    run();
  } catch (e) {
    expect(isRecallBoxError(e) && e.code === 'INVALID_OPTIONS').toBe(true);
    return;
  }
  throw new Error('expected RecallBoxError INVALID_OPTIONS');
};

describe('selectMmr: examples', () => {
  it('defaults to lambda 0.9 (measured: 0.7 cost Cranfield 0.011 nDCG@10) and at most 2 sections per page', () => {
    expect(DEFAULT_MMR_OPTIONS).toEqual({ lambda: 0.9, perPageCap: 2 });
  });

  it('demotes a near-duplicate below a less relevant distinct section at lambda 0.7', () => {
    const candidates = [
      candidate(1, '/deploy/', 10, ['deploy', 'worker', 'wrangler', 'config', 'toml']),
      // Shares 4 of 6 distinct terms with 1: Jaccard 4/6.
      candidate(2, '/v4/deploy/', 9, ['deploy', 'worker', 'wrangler', 'config', 'secret']),
      candidate(3, '/cache/', 7, ['cach', 'etag', 'header']),
    ];
    const result = selectMmr(candidates, 3, { lambda: 0.7 });
    expect(result.selected).toEqual([
      1, // 0.7 · 10/10 = 0.7: nothing selected yet, so pure relevance
      3, // 0.7 · 0.7 − 0.3 · 0 = 0.49 beats 2's 0.7 · 0.9 − 0.3 · 4/6 = 0.43
      2, // 0.43: the only one left (Jaccard to 3 is 0, so its max stays 4/6)
    ]);
    expect(result.decisions[1].mmr).toBeCloseTo(0.49, 12);
    expect(result.decisions[2]).toEqual({
      id: 2,
      mmr: expect.closeTo(0.7 * 0.9 - 0.3 * (4 / 6), 12),
      relevance: 0.9,
      maxSimilarity: 4 / 6,
    });
    // Without the redundancy term the order is plain relevance.
    expect(selectMmr(candidates, 3, { lambda: 1 }).selected).toEqual([
      1, // relevance 10
      2, // relevance 9
      3, // relevance 7
    ]);
  });

  it('skips a third section of one page and fills the slot from another page', () => {
    const candidates = [
      candidate(1, '/routing/', 10, ['rout']),
      candidate(2, '/routing/', 9, ['param']),
      candidate(3, '/routing/', 8, ['redirect']),
      candidate(4, '/config/', 1, ['config']),
    ];
    const result = selectMmr(candidates, 3, { lambda: 0.7 });
    expect(result.selected).toEqual([
      1, // 0.7
      2, // 0.63
      4, // 0.07: 3 (0.56) won the step but /routing/ already had 2 sections
    ]);
    expect(result.decisions.map((d) => [d.id, d.skipped])).toEqual([
      [1, undefined],
      [2, undefined],
      [3, 'page-cap'],
      [4, undefined],
    ]);
  });

  it('breaks ties by earlier input position, not by id', () => {
    const candidates = [candidate(9, '/a/', 5, ['x']), candidate(2, '/b/', 5, ['y']), candidate(5, '/c/', 5, ['z'])];
    expect(selectMmr(candidates, 3, { lambda: 0.7 }).selected).toEqual([
      9, // first in the input
      2, // second
      5, // third
    ]);
  });

  it('returns nothing for limit 0 or no candidates', () => {
    expect(selectMmr([candidate(1, '/a/', 1, ['x'])], 0)).toEqual({ selected: [], decisions: [] });
    expect(selectMmr([], 5)).toEqual({ selected: [], decisions: [] });
  });

  it('rejects lambda outside [0, 1] and a cap that is not an integer ≥ 1 as INVALID_OPTIONS', () => {
    for (const lambda of [-0.1, 1.1, Number.NaN]) expectInvalidOptions(() => selectMmr([], 1, { lambda }));
    for (const perPageCap of [0, 1.5, -1, Number.POSITIVE_INFINITY]) {
      expectInvalidOptions(() => selectMmr([], 1, { perPageCap }));
    }
  });

  it('rejects caller bugs with RangeError: bad limit, repeated id, non-finite relevance', () => {
    const ok = candidate(1, '/a/', 1, []);
    expect(() => selectMmr([ok], -1)).toThrow(RangeError);
    expect(() => selectMmr([ok], 1.5)).toThrow(RangeError);
    expect(() => selectMmr([ok, candidate(1, '/b/', 1, [])], 1)).toThrow(RangeError);
    expect(() => selectMmr([candidate(2, '/a/', Number.NaN, [])], 1)).toThrow(RangeError);
  });
});

describe('normaliseRelevance', () => {
  it('scales relevance so the top candidate is 1 and ratios are kept', () => {
    expect(normaliseRelevance([0.04, 0.02, 0.01])).toEqual([1, 0.5, 0.25]);
    expect(normaliseRelevance([0, 0])).toEqual([0, 0]);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const PAGES = ['/a/', '/b/', '/c/', '/d/'];
const TERMS = ['a', 'b', 'c', 'd', 'e', 'f'];

const candidatesArb = (relevance: fc.Arbitrary<number>): fc.Arbitrary<MmrCandidate[]> =>
  fc
    .uniqueArray(
      fc.record({
        id: fc.integer({ min: 0, max: 1000 }),
        pageUrl: fc.constantFrom(...PAGES),
        relevance,
        tokens: fc.uniqueArray(fc.constantFrom(...TERMS), { maxLength: TERMS.length }),
      }),
      { selector: (c) => c.id, maxLength: 15 },
    )
    .map((cs) => cs.map(({ tokens, ...c }) => ({ ...c, terms: termSetOf(tokens) })));

const anyRelevance = fc.double({ min: -1e6, max: 1e6, noNaN: true });
const lambdaArb = fc.double({ min: 0, max: 1, noNaN: true });
const capArb = fc.integer({ min: 1, max: 3 });
const limitArb = fc.integer({ min: 0, max: 16 });

/** How many candidates the cap lets through at most: per page, min(cap, sections on the page). */
function allowedByCap(candidates: MmrCandidate[], cap: number): number {
  const perPage = new Map<string, number>();
  for (const c of candidates) perPage.set(c.pageUrl, (perPage.get(c.pageUrl) ?? 0) + 1);
  return [...perPage.values()].reduce((sum, n) => sum + Math.min(cap, n), 0);
}

/**
 * The eager greedy MMR selectMmr computed before it became lazy (every remaining candidate's
 * similarity updated after every pick): the reference the lazy one must match exactly.
 */
function eagerMmr(candidates: readonly MmrCandidate[], limit: number, lambda: number, perPageCap: number) {
  const relevance = normaliseRelevance(candidates.map((c) => c.relevance));
  const maxSimilarity = candidates.map(() => 0);
  const remaining = new Set(candidates.map((_, i) => i));
  const perPage = new Map<string, number>();
  const selected: number[] = [];
  const decisions: Array<{ id: number; mmr: number; relevance: number; maxSimilarity: number; skipped?: 'page-cap' }> = [];
  const score = (i: number) => lambda * relevance[i]! - (1 - lambda) * maxSimilarity[i]!;
  while (selected.length < limit && remaining.size > 0) {
    let best = -1;
    let bestScore = -Infinity;
    for (const i of remaining) {
      const s = score(i);
      if (best === -1 || s > bestScore) [best, bestScore] = [i, s];
    }
    remaining.delete(best);
    const winner = candidates[best]!;
    const decision = { id: winner.id, mmr: bestScore, relevance: relevance[best]!, maxSimilarity: maxSimilarity[best]! };
    const onPage = perPage.get(winner.pageUrl) ?? 0;
    if (onPage >= perPageCap) {
      decisions.push({ ...decision, skipped: 'page-cap' });
      continue;
    }
    decisions.push(decision);
    selected.push(winner.id);
    perPage.set(winner.pageUrl, onPage + 1);
    for (const i of remaining) maxSimilarity[i] = Math.max(maxSimilarity[i]!, termSetJaccard(candidates[i]!.terms, winner.terms));
  }
  return { selected, decisions };
}

describe('selectMmr: properties', () => {
  it('makes exactly the eager greedy selection and decisions, though it compares fewer pairs', () => {
    // Small integer relevances tie often, where the tie rule matters most.
    const relevances = fc.oneof(anyRelevance, fc.integer({ min: 0, max: 4 }));
    fc.assert(
      fc.property(candidatesArb(relevances), limitArb, lambdaArb, capArb, (candidates, limit, lambda, perPageCap) => {
        expect(selectMmr(candidates, limit, { lambda, perPageCap })).toEqual(eagerMmr(candidates, limit, lambda, perPageCap));
      }),
      { numRuns: 2000 },
    );
  });

  it('selects distinct candidates, never more than the cap per page, min(limit, allowed) in all', () => {
    fc.assert(
      fc.property(candidatesArb(anyRelevance), limitArb, lambdaArb, capArb, (candidates, limit, lambda, perPageCap) => {
        const { selected } = selectMmr(candidates, limit, { lambda, perPageCap });
        const byId = new Map(candidates.map((c) => [c.id, c]));
        expect(selected.every((id) => byId.has(id))).toBe(true);
        expect(new Set(selected).size).toBe(selected.length);
        const perPage = new Map<string, number>();
        for (const id of selected) {
          const page = byId.get(id)!.pageUrl;
          perPage.set(page, (perPage.get(page) ?? 0) + 1);
        }
        expect([...perPage.values()].every((n) => n <= perPageCap)).toBe(true);
        expect(selected.length).toBe(Math.min(limit, allowedByCap(candidates, perPageCap)));
      }),
    );
  });

  it('is deterministic: equal inputs (even freshly built ones) give equal results', () => {
    fc.assert(
      fc.property(candidatesArb(anyRelevance), limitArb, lambdaArb, capArb, (candidates, limit, lambda, perPageCap) => {
        const copy = candidates.map((c) => ({ ...c, terms: c.terms.slice() }));
        expect(selectMmr(copy, limit, { lambda, perPageCap })).toEqual(
          selectMmr(candidates, limit, { lambda, perPageCap }),
        );
      }),
    );
  });

  it('with lambda 1 selects in pure relevance order (ties by input position), subject to the cap', () => {
    // Small integer relevances: frequent ties, and distinct values stay distinct after scaling.
    fc.assert(
      fc.property(candidatesArb(fc.integer({ min: 0, max: 20 })), limitArb, capArb, (candidates, limit, perPageCap) => {
        const byRelevance = candidates
          .map((c, position) => ({ c, position }))
          .sort((x, y) => y.c.relevance - x.c.relevance || x.position - y.position);
        const perPage = new Map<string, number>();
        const expected: number[] = [];
        for (const { c } of byRelevance) {
          if (expected.length === limit) break;
          const n = perPage.get(c.pageUrl) ?? 0;
          if (n >= perPageCap) continue;
          perPage.set(c.pageUrl, n + 1);
          expected.push(c.id);
        }
        expect(selectMmr(candidates, limit, { lambda: 1, perPageCap }).selected).toEqual(expected);
      }),
    );
  });

  it('selects with a smaller limit exactly the first selections of a larger one (search asks for only the results it shows)', () => {
    fc.assert(
      fc.property(candidatesArb(anyRelevance), limitArb, lambdaArb, capArb, (candidates, limit, lambda, perPageCap) => {
        const all = selectMmr(candidates, candidates.length, { lambda, perPageCap }).selected;
        expect(selectMmr(candidates, limit, { lambda, perPageCap }).selected).toEqual(all.slice(0, limit));
      }),
    );
  });

  it('records a decision for every selection, in selection order, and only page-cap skips besides', () => {
    fc.assert(
      fc.property(candidatesArb(anyRelevance), limitArb, lambdaArb, capArb, (candidates, limit, lambda, perPageCap) => {
        const { selected, decisions } = selectMmr(candidates, limit, { lambda, perPageCap });
        expect(decisions.filter((d) => d.skipped === undefined).map((d) => d.id)).toEqual(selected);
        expect(decisions.every((d) => d.skipped === undefined || d.skipped === 'page-cap')).toBe(true);
      }),
    );
  });
});
