import { describe, expect, it } from 'vitest';
import { computeSignals, DEFAULT_SIGNAL_OPTIONS, relevantCount, SIGNAL_NAMES, type ResultSummary, type RouteSummary, type SignalInput } from '../../../src/core/confidence/signals.ts';

const hits = (...pages: Array<[string, number]>): RouteSummary['hits'] => pages.map(([page, score], i) => ({ id: i, page, score }));
const result = (page: string, over: Partial<ResultSummary> = {}): ResultSummary => ({ page, pool: 'knowledge', coverage: 1, found: [], hasExcerpt: true, ...over });

function input(over: Partial<SignalInput> = {}): SignalInput {
  return {
    concepts: ['rout', 'param'],
    conceptIdf: [1, 3],
    conceptDf: [400, 40],
    conceptGeneric: [false, false],
    maxIdf: 6,
    sectionCount: 1000,
    keyword: { ran: true, hits: hits(['/a/', 12], ['/b/', 6], ['/c/', 3]), topScore: 12 },
    vector: { ran: true, hits: hits(['/a/', 0.8], ['/c/', 0.6], ['/d/', 0.5]), topScore: 0.8 },
    results: [result('/a/', { found: ['rout', 'param'] }), result('/b/'), result('/a/')],
    ...over,
  };
}

describe('computeSignals', () => {
  it('reports every signal, each in [0, 1] or null', () => {
    const s = computeSignals(input());
    expect(Object.keys(s)).toEqual([...SIGNAL_NAMES]);
    for (const v of Object.values(s)) if (v !== null) expect(v >= 0 && v <= 1).toBe(true);
  });

  it('known is 1 when the docs mention every concept, 0 when they lack any, whatever the share', () => {
    expect(computeSignals(input()).known).toBe(1);
    // One unknown concept of two, or of six: the docs are about something else either way.
    expect(computeSignals(input({ conceptDf: [400, 0] })).known).toBe(0);
    const six = ['a', 'b', 'c', 'd', 'e', 'f'];
    expect(computeSignals(input({ concepts: six, conceptIdf: six.map(() => 2), conceptDf: [9, 9, 9, 9, 9, 0], conceptGeneric: six.map(() => false) })).known).toBe(0);
    expect(computeSignals(input({ concepts: [], conceptIdf: [], conceptDf: [], conceptGeneric: [] })).known).toBe(0);
    // A generic English word the docs never use (`though`) says nothing: it is not counted.
    expect(computeSignals(input({ conceptDf: [400, 0], conceptGeneric: [false, true] })).known).toBe(1);
    expect(computeSignals(input({ conceptDf: [0, 40], conceptGeneric: [false, true] })).known).toBe(0);
  });

  it('relevant counts the vector route’s kept hits (its threshold is absolute), else the keyword route’s', () => {
    expect(computeSignals(input()).relevant).toBeCloseTo(3 / DEFAULT_SIGNAL_OPTIONS.relevantSaturation);
    const keywordOnly = input({ vector: { ran: false, hits: [], topScore: null } });
    expect(computeSignals(keywordOnly).relevant).toBeCloseTo(3 / DEFAULT_SIGNAL_OPTIONS.relevantSaturation);
    // A 100-section site saturates at 3 (3% of its sections), not 10.
    expect(computeSignals(input({ sectionCount: 100 })).relevant).toBe(1);
    const many = input({ vector: { ran: true, hits: hits(...Array.from({ length: 30 }, (_, i) => [`/p${i}/`, 0.5] as [string, number])), topScore: 0.5 } });
    expect(computeSignals(many).relevant).toBe(1);
  });

  it('keywordStrength is the best BM25F score per √concept as a share of the most one concept adds', () => {
    // 12 / √2 / 6 = 1.414 → clamped to 1; 6 / √2 / 6 = 0.707
    expect(computeSignals(input()).keywordStrength).toBe(1);
    expect(computeSignals(input({ keyword: { ran: true, hits: hits(['/a/', 6]), topScore: 6 } })).keywordStrength).toBeCloseTo(1 / Math.SQRT2);
    expect(computeSignals(input({ keyword: { ran: true, hits: [], topScore: null } })).keywordStrength).toBe(0);
    expect(computeSignals(input({ keyword: { ran: false, hits: [], topScore: null } })).keywordStrength).toBeNull();
  });

  it('topCosine is the vector route’s best cosine before its threshold; null when the route did not run', () => {
    expect(computeSignals(input()).topCosine).toBeCloseTo(0.8);
    expect(computeSignals(input({ vector: { ran: true, hits: [], topScore: 0.3 } })).topCosine).toBeCloseTo(0.3);
    expect(computeSignals(input({ vector: { ran: true, hits: [], topScore: -0.2 } })).topCosine).toBe(0);
    expect(computeSignals(input({ vector: { ran: false, hits: [], topScore: null } })).topCosine).toBeNull();
  });

  it('margin is (s1 − s2) / s1 of the keyword route; 1 for a lone hit; null without hits', () => {
    expect(computeSignals(input()).margin).toBeCloseTo(0.5);
    expect(computeSignals(input({ keyword: { ran: true, hits: hits(['/a/', 4]), topScore: 4 } })).margin).toBe(1);
    expect(computeSignals(input({ keyword: { ran: true, hits: [], topScore: null } })).margin).toBeNull();
  });

  it('agreement is the share of top pages both routes hold; null unless both ran', () => {
    // keyword top 3 pages {a, b, c}, vector {a, c, d}: 2 shared of 3
    expect(computeSignals(input()).agreement).toBeCloseTo(2 / 3);
    expect(computeSignals(input({ vector: { ran: true, hits: hits(['/x/', 0.5]), topScore: 0.5 } })).agreement).toBe(0);
    expect(computeSignals(input({ vector: { ran: false, hits: [], topScore: null } })).agreement).toBeNull();
  });

  it('coverage is the top result’s; weightedCoverage weighs each concept by its IDF', () => {
    const partly = input({ results: [result('/a/', { coverage: 0.5, found: ['rout'] })] });
    expect(computeSignals(partly).coverage).toBe(0.5);
    // found rout (idf 1) of rout + param (idf 1 + 3): 1/4
    expect(computeSignals(partly).weightedCoverage).toBeCloseTo(0.25);
    const rare = input({ results: [result('/a/', { coverage: 0.5, found: ['param'] })] });
    expect(computeSignals(rare).weightedCoverage).toBeCloseTo(0.75);
  });

  it('evidence is the share of the top results with an excerpt; diversity their distinct pages; pool the top hit’s prior', () => {
    const s = computeSignals(input({ results: [result('/a/'), result('/b/', { hasExcerpt: false }), result('/a/', { pool: 'negative' })] }));
    expect(s.evidence).toBeCloseTo(2 / 3);
    expect(s.diversity).toBeCloseTo(2 / 3);
    expect(s.pool).toBe(1);
    const single = computeSignals(input({ results: [result('/a/', { pool: 'index' })] }));
    expect(single.diversity).toBeNull();
    expect(single.pool).toBe(0.5);
  });

  it('without results: coverage, weightedCoverage and evidence 0, pool null', () => {
    const s = computeSignals(input({ results: [] }));
    expect([s.coverage, s.weightedCoverage, s.evidence, s.pool]).toEqual([0, 0, 0, null]);
  });
});

describe('relevantCount', () => {
  it('counts the vector route\'s kept hits when it ran (an absolute bar), else the keyword route\'s', () => {
    const many = hits(['/a/', 9], ['/b/', 8], ['/c/', 7], ['/d/', 6]);
    expect(relevantCount(input({ keyword: { ran: true, hits: many, topScore: 9 }, vector: { ran: true, hits: hits(['/a/', 0.7]), topScore: 0.7 } }))).toBe(1);
    expect(relevantCount(input({ keyword: { ran: true, hits: many, topScore: 9 }, vector: { ran: false, hits: [], topScore: null } }))).toBe(4);
  });
});
