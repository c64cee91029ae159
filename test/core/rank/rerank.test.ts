import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FusedHit } from '../../../src/core/rank/fuse.ts';
import { DEFAULT_RERANK_OPTIONS, RERANK_FEATURES, rerank, rerankFeatures, topPageProbability, type KeywordFacts, type RerankInput, type RerankWeights } from '../../../src/core/rank/rerank.ts';

const hit = (id: number, score: number): FusedHit => ({ id, score, ranks: { keyword: id + 1 }, scores: { keyword: score }, match: 'keyword' });
const only = (feature: (typeof RERANK_FEATURES)[number], weight = 1): RerankWeights =>
  Object.fromEntries(RERANK_FEATURES.map((f) => [f, f === feature ? weight : 0])) as RerankWeights;
const facts = (score: number, coverage: number, named = 0): KeywordFacts => ({ score, coverage, named });

/** Three candidates: 0 and 1 on /a/ (a page of 8 sections), 2 on /b/ (1 section); 1 holds the whole query in its heading. */
const input: RerankInput = {
  hits: [hit(0, 0.03), hit(1, 0.02), hit(2, 0.015)],
  keyword: new Map([
    [0, facts(10, 0.5)],
    [1, facts(8, 1, 1)],
    [2, facts(4, 0.5)],
  ]),
  pageOf: (id) => (id === 2 ? '/b/' : '/a/'),
  pageSizeOf: (id) => (id === 2 ? 1 : 8),
  sectionsPerPage: 4.5,
  named: false,
};
const column = (rows: number[][], f: (typeof RERANK_FEATURES)[number]) => rows.map((r) => r[RERANK_FEATURES.indexOf(f)]);

describe('rerankFeatures', () => {
  it('computes each feature of the window as documented', () => {
    const rows = rerankFeatures(input, 30);
    expect(rows).toHaveLength(3);
    expect(column(rows, 'fusedReciprocalRank')).toEqual([1, 1 / 2, 1 / 3]);
    expect(column(rows, 'fusedShare')).toEqual([1, 0.02 / 0.03, 0.015 / 0.03]);
    expect(column(rows, 'keywordShare')).toEqual([1, 0.8, 0.4]);
    expect(column(rows, 'coverage')).toEqual([0.5, 1, 0.5]);
    expect(column(rows, 'named')).toEqual([0, 1, 0]);
    expect(column(rows, 'pageSections')).toEqual([Math.log(8), Math.log(8), 0]);
    expect(column(rows, 'pageCandidates')).toEqual([Math.log(2), Math.log(2), 0]);
    expect(column(rows, 'pageBestKeyword')).toEqual([1, 1, 0.4]);
  });

  it('reads only the window, and gives 0 to what the keyword route did not find', () => {
    const rows = rerankFeatures({ ...input, keyword: new Map([[0, facts(10, 0.5)]]) }, 2);
    expect(rows).toHaveLength(2);
    expect(column(rows, 'coverage')).toEqual([0.5, 0]);
    expect(column(rows, 'keywordShare')).toEqual([1, 0]);
    // Only two of the window's candidates: both on /a/.
    expect(column(rows, 'pageCandidates')).toEqual([Math.log(2), Math.log(2)]);
  });
});

describe('rerank', () => {
  it('puts the section whose naming fields hold the whole query first when the model weighs that', () => {
    const { hits, moved } = rerank(input, { ...DEFAULT_RERANK_OPTIONS, weights: only('named', 3) });
    expect(hits.map((h) => h.id)).toEqual([
      1, // the only one whose title or heading holds every concept: 3 against 0
      0, // ties keep the fused order
      2,
    ]);
    expect(moved).toBe(2);
    // Each position keeps the score it had: the model moves the hits, not the scale.
    expect(hits.map((h) => h.score)).toEqual([0.03, 0.02, 0.015]);
  });

  it('penalises long pages when the model does: the one-section page rises', () => {
    const { hits } = rerank(input, { ...DEFAULT_RERANK_OPTIONS, weights: only('pageSections', -1) });
    expect(hits.map((h) => h.id)).toEqual([2, 0, 1]);
  });

  it('reorders only the window; the rest follow in their order', () => {
    const many: RerankInput = { ...input, hits: [...input.hits, hit(3, 0.01), hit(4, 0.005)], keyword: new Map([...input.keyword, [4, facts(9, 1)]]) };
    const { hits } = rerank(many, { ...DEFAULT_RERANK_OPTIONS, window: 3, weights: only('coverage', 2) });
    expect(hits.map((h) => h.id)).toEqual([
      1, // coverage 1 in the window
      0, // 0.5, ties in fused order
      2,
      3, // outside the window: 4's coverage 1 does not lift it
      4,
    ]);
  });

  it('changes nothing on a pack of one-section documents (an abstract is its own page), where the model does not hold', () => {
    const collection = { ...input, sectionsPerPage: 1 };
    expect(rerank(collection, { ...DEFAULT_RERANK_OPTIONS, weights: only('named', 3) }).hits).toEqual(input.hits);
    expect(rerank(collection, { ...DEFAULT_RERANK_OPTIONS, minSectionsPerPage: 0, weights: only('named', 3) }).hits.map((h) => h.id)).toEqual([1, 0, 2]);
  });

  it('leaves a query that names a section in the fused order (keepNamed), and reorders it with keepNamed off', () => {
    const named = { ...input, named: true };
    const weights = only('pageSections', -1);
    expect(rerank(named, { ...DEFAULT_RERANK_OPTIONS, weights }).hits).toEqual(input.hits);
    expect(rerank(named, { ...DEFAULT_RERANK_OPTIONS, keepNamed: false, weights }).hits.map((h) => h.id)).toEqual([2, 0, 1]);
  });

  it('changes nothing when off, or for a single candidate', () => {
    expect(rerank(input, { ...DEFAULT_RERANK_OPTIONS, enabled: false }).hits).toEqual(input.hits);
    const one = { ...input, hits: [hit(0, 0.03)] };
    expect(rerank(one, DEFAULT_RERANK_OPTIONS).hits).toEqual(one.hits);
  });

  it('returns the same candidates, scores falling, whatever the weights (property)', () => {
    const weights = fc.record(Object.fromEntries(RERANK_FEATURES.map((f) => [f, fc.double({ min: -20, max: 20, noNaN: true })]))) as fc.Arbitrary<RerankWeights>;
    const lists = fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { minLength: 0, maxLength: 50 });
    fc.assert(
      fc.property(lists, weights, fc.integer({ min: 1, max: 40 }), (ids, w, window) => {
        const hits = ids.map((id, i) => hit(id, 1 / (60 + i)));
        const keyword = new Map(ids.filter((id) => id % 2 === 0).map((id) => [id, facts(id + 1, (id % 5) / 4, (id % 3) / 2)]));
        const out = rerank({ hits, keyword, pageOf: (id) => `/p${id % 4}/`, pageSizeOf: (id) => (id % 4) + 1, sectionsPerPage: 3, named: false }, { ...DEFAULT_RERANK_OPTIONS, window, weights: w }).hits;
        expect(out.map((h) => h.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
        for (let i = 1; i < out.length; i++) expect(out[i]!.score).toBeLessThanOrEqual(out[i - 1]!.score);
        for (const h of out) expect(Number.isFinite(h.score)).toBe(true);
      }),
    );
  });
});

describe('the default model', () => {
  // Two candidates alike but in one feature, the second in fusion's order: the default model's
  // fitted weights must lift it for what makes an answer, and not for what does not.
  const pair = (second: Partial<KeywordFacts>, sizes: [number, number] = [4, 4]): RerankInput => ({
    hits: [hit(0, 0.02), hit(1, 0.0199)],
    keyword: new Map([
      [0, facts(10, 0.5, 0.5)],
      [1, { ...facts(10, 0.5, 0.5), ...second }],
    ]),
    pageOf: (id) => `/p${id}/`,
    pageSizeOf: (id) => sizes[id]!,
    sectionsPerPage: 4,
    named: false,
  });
  const first = (i: RerankInput) => rerank(i, DEFAULT_RERANK_OPTIONS).hits[0]!.id;

  it('puts first the candidate that holds more of the query, or more of it in its title or heading', () => {
    expect(first(pair({ coverage: 1 }))).toBe(1);
    expect(first(pair({ named: 1 }))).toBe(1);
  });

  it('puts first the candidate on the shorter page, all else alike', () => {
    expect(first(pair({}, [20, 2]))).toBe(1);
    expect(first(pair({}, [2, 20]))).toBe(0);
  });
});

describe('topPageProbability', () => {
  it('is the softmax mass of the top candidate\'s page', () => {
    // Scores 2, 1, 0 on pages a, a, b: (e² + e) / (e² + e + 1).
    const e = Math.E;
    expect(topPageProbability([2, 1, 0], ['a', 'a', 'b'], 0)).toBeCloseTo((e * e + e) / (e * e + e + 1));
    expect(topPageProbability([0, 0], ['a', 'b'], 0)).toBeCloseTo(0.5);
  });

  it('is a probability whatever the scores, and grows as the top page pulls away', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -50, max: 50, noNaN: true }), { minLength: 2, maxLength: 30 }), (scores) => {
        const pages = scores.map((_, i) => `p${i % 3}`);
        const top = scores.indexOf(Math.max(...scores));
        const p = topPageProbability(scores, pages, top);
        expect(p).toBeGreaterThan(0);
        expect(p).toBeLessThanOrEqual(1);
        const apart = scores.map((s, i) => (i === top ? s + 5 : s));
        expect(topPageProbability(apart, pages, top)).toBeGreaterThanOrEqual(p - 1e-12);
      }),
    );
  });
});
