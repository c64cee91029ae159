import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  auroc,
  averagePrecisionAt,
  dcg,
  firstRelevantRank,
  mean,
  ndcgAt,
  percentile,
  precisionAt,
  recallAt,
  reciprocalRankAt,
  relevantCount,
} from '../../src/eval/metrics.ts';

const judged = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe('dcg', () => {
  it('discounts by log2(rank + 1) and cuts at k', () => {
    // 3/log2(2) + 2/log2(3) + 0 + 1/log2(5)
    expect(dcg([3, 2, 0, 1], 10)).toBeCloseTo(3 + 2 / Math.log2(3) + 1 / Math.log2(5), 12);
    expect(dcg([3, 2, 0, 1], 2)).toBeCloseTo(3 + 2 / Math.log2(3), 12);
    expect(dcg([], 10)).toBe(0);
  });
});

describe('ndcgAt', () => {
  it('graded: hand-computed case, ideal from ALL judged gains (not only retrieved ones)', () => {
    const j = judged({ a: 3, b: 2, c: 1, x: 0 });
    // Retrieved: b (2), x (0), a (3). DCG = 2 + 0 + 3/2 = 3.5.
    // Ideal: 3, 2, 1 → 3 + 2/log2(3) + 1/2.
    const ideal = 3 + 2 / Math.log2(3) + 0.5;
    expect(ndcgAt(['b', 'x', 'a'], j, 10)).toBeCloseTo(3.5 / ideal, 12);
  });

  it('binary: one relevant at rank 2 of 1 relevant', () => {
    expect(ndcgAt(['x', 'a'], judged({ a: 1 }), 10)).toBeCloseTo(1 / Math.log2(3), 12);
  });

  it('is 1 for the ideal ranking and 0 for a ranking without relevant units', () => {
    const j = judged({ a: 4, b: 1 });
    expect(ndcgAt(['a', 'b'], j, 10)).toBe(1);
    expect(ndcgAt(['x', 'y'], j, 10)).toBe(0);
    expect(ndcgAt([], j, 10)).toBe(0);
  });

  it('the ideal is also cut at k (a perfect top 2 with 3 relevant scores 1 at k=2)', () => {
    expect(ndcgAt(['a', 'b'], judged({ a: 1, b: 1, c: 1 }), 2)).toBe(1);
  });

  it('ignores negative judged codes instead of subtracting them', () => {
    expect(ndcgAt(['n', 'a'], judged({ a: 1, n: -1 }), 10)).toBeCloseTo(1 / Math.log2(3), 12);
  });

  it('is NaN for a query without relevant units', () => {
    expect(ndcgAt(['a'], judged({}), 10)).toBeNaN();
    expect(ndcgAt(['a'], judged({ a: 0, b: -1 }), 10)).toBeNaN();
  });

  it('stays within [0, 1] (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { maxLength: 8 }),
        fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), fc.integer({ min: -1, max: 4 })),
        (ranking, gains) => {
          const ranked = [...new Set(ranking)];
          const value = ndcgAt(ranked, new Map(Object.entries(gains)), 3);
          return Number.isNaN(value) ? relevantCount(new Map(Object.entries(gains))) === 0 : value >= 0 && value <= 1 + 1e-12;
        },
      ),
    );
  });
});

describe('averagePrecisionAt', () => {
  it('divides by all relevant units R, not by those retrieved', () => {
    // Relevant a, b, c; ranking a (1/1), x, b (2/3); c not retrieved. AP = (1 + 2/3) / 3.
    expect(averagePrecisionAt(['a', 'x', 'b'], judged({ a: 1, b: 1, c: 1 }), 100)).toBeCloseTo((1 + 2 / 3) / 3, 12);
  });

  it('counts relevant units beyond the cutoff as missed', () => {
    expect(averagePrecisionAt(['x', 'a'], judged({ a: 1 }), 1)).toBe(0);
    expect(averagePrecisionAt(['x', 'a'], judged({ a: 1 }), 2)).toBe(0.5);
  });

  it('treats graded gains as relevant/not (gain > 0)', () => {
    expect(averagePrecisionAt(['a', 'b'], judged({ a: 3, b: 0 }), 100)).toBe(1);
  });

  it('is NaN without relevant units, 0 for an empty ranking', () => {
    expect(averagePrecisionAt(['a'], judged({ a: 0 }), 100)).toBeNaN();
    expect(averagePrecisionAt([], judged({ a: 1 }), 100)).toBe(0);
  });
});

describe('recallAt', () => {
  it('relevant retrieved within k over all relevant', () => {
    const j = judged({ a: 2, b: 1, c: 1, d: 0 });
    expect(recallAt(['a', 'd', 'b', 'c'], j, 3)).toBeCloseTo(2 / 3, 12);
    expect(recallAt(['a', 'd', 'b', 'c'], j, 100)).toBe(1);
  });

  it('fewer results than k are scored as they are', () => {
    expect(recallAt(['a'], judged({ a: 1, b: 1 }), 100)).toBe(0.5);
  });

  it('is NaN without relevant units', () => {
    expect(recallAt(['a'], judged({}), 100)).toBeNaN();
  });
});

describe('reciprocalRankAt and firstRelevantRank', () => {
  it('1 / rank of the first relevant unit within k, else 0', () => {
    const j = judged({ c: 1, d: 3 });
    expect(reciprocalRankAt(['a', 'b', 'c', 'd'], j, 10)).toBeCloseTo(1 / 3, 12);
    expect(reciprocalRankAt(['a', 'b', 'c', 'd'], j, 2)).toBe(0);
    expect(firstRelevantRank(['a', 'b', 'c'], j)).toBe(3);
    expect(firstRelevantRank(['a'], j)).toBeNull();
  });

  it('is NaN without relevant units', () => {
    expect(reciprocalRankAt(['a'], judged({ a: 0 }), 10)).toBeNaN();
  });
});

describe('precisionAt', () => {
  it('divides by k even when fewer results came back', () => {
    expect(precisionAt(['a'], judged({ a: 1 }), 3)).toBeCloseTo(1 / 3, 12);
    expect(precisionAt(['a', 'x', 'b', 'c'], judged({ a: 1, b: 1, c: 1 }), 3)).toBeCloseTo(2 / 3, 12);
  });

  it('is 0 (not NaN) for a query without relevant units: an unanswerable query answered is wrong', () => {
    expect(precisionAt(['a', 'b', 'c'], judged({}), 3)).toBe(0);
  });
});

describe('auroc', () => {
  const s = (score: number, positive: boolean) => ({ score, positive });

  it('is 1 for a perfect separation and 0 for a perfectly wrong one', () => {
    expect(auroc([s(0.9, true), s(0.8, true), s(0.1, false)])).toBe(1);
    expect(auroc([s(0.1, true), s(0.9, false), s(0.8, false)])).toBe(0);
  });

  it('counts ties half', () => {
    expect(auroc([s(0.5, true), s(0.5, false)])).toBe(0.5);
    // Pairs: (0.9 vs 0.5) win, (0.9 vs 0.2) win, (0.5 vs 0.5) tie, (0.5 vs 0.2) win → 3.5 / 4.
    expect(auroc([s(0.9, true), s(0.5, true), s(0.5, false), s(0.2, false)])).toBe(3.5 / 4);
  });

  it('known small case: 2 positives, 3 negatives', () => {
    // Positives 0.8, 0.4; negatives 0.6, 0.3, 0.1. Wins: 0.8 beats all 3; 0.4 beats 0.3, 0.1 → 5 / 6.
    expect(auroc([s(0.8, true), s(0.4, true), s(0.6, false), s(0.3, false), s(0.1, false)])).toBeCloseTo(5 / 6, 12);
  });

  it('is NaN when a class is empty', () => {
    expect(auroc([s(1, true)])).toBeNaN();
    expect(auroc([s(1, false)])).toBeNaN();
    expect(auroc([])).toBeNaN();
  });

  it('equals the pairwise definition (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ score: fc.integer({ min: 0, max: 5 }).map((n) => n / 5), positive: fc.boolean() }), { maxLength: 30 }), (samples) => {
        const pos = samples.filter((x) => x.positive);
        const neg = samples.filter((x) => !x.positive);
        const value = auroc(samples);
        if (pos.length === 0 || neg.length === 0) return Number.isNaN(value);
        let wins = 0;
        for (const p of pos) for (const n of neg) wins += p.score > n.score ? 1 : p.score === n.score ? 0.5 : 0;
        return Math.abs(value - wins / (pos.length * neg.length)) < 1e-12;
      }),
    );
  });
});

describe('percentile and mean', () => {
  it('interpolates between closest ranks (R-7)', () => {
    expect(percentile([4, 1, 3, 2], 50)).toBe(2.5);
    expect(percentile([1, 2, 3, 4, 5], 95)).toBeCloseTo(4.8, 12);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });

  it('mean of an empty sample is NaN', () => {
    expect(mean([1, 2, 3])).toBe(2);
    expect(mean([])).toBeNaN();
  });
});
