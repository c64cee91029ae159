import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONFIDENCE_THRESHOLD,
  SELECTIVE_THRESHOLDS,
  WITHHOLD_SEED,
  WITHHOLD_SHARE,
  confidenceMetrics,
  fullSelectiveCurve,
  selectiveCurve,
  splitForWithholding,
  withheldUnits,
  type ConfidenceSample,
} from '../../src/eval/confidence.ts';
import type { EvalDataset, EvalDoc } from '../../src/eval/types.ts';

const doc = (id: string): EvalDoc => ({ id, title: id, headings: '', body: id, lang: 'en' });

describe('withheldUnits', () => {
  const units = Array.from({ length: 1400 }, (_, i) => String(i + 1));

  it('withholds exactly round(30%) of the distinct units', () => {
    expect(WITHHOLD_SHARE).toBe(0.3);
    expect(withheldUnits(units).size).toBe(420);
    expect(withheldUnits(['a', 'b', 'c', 'a']).size).toBe(1); // 3 distinct × 0.3 = 0.9 → 1
  });

  it('is deterministic and independent of input order', () => {
    const first = [...withheldUnits(units)].sort();
    expect([...withheldUnits(units)].sort()).toEqual(first);
    expect([...withheldUnits([...units].reverse())].sort()).toEqual(first);
  });

  it('changes with the seed', () => {
    expect([...withheldUnits(units, 0.3, WITHHOLD_SEED + 1)].sort()).not.toEqual([...withheldUnits(units)].sort());
  });

  it('handles the ends of the range and rejects shares outside it', () => {
    expect(withheldUnits(units, 0).size).toBe(0);
    expect(withheldUnits(units, 1).size).toBe(1400);
    expect(withheldUnits([], 0.3).size).toBe(0);
    expect(() => withheldUnits(units, 1.5)).toThrow(RangeError);
  });

  it('spreads over the collection (not a prefix of the sorted ids)', () => {
    const withheld = withheldUnits(units);
    const firstHalf = units.slice(0, 700).filter((u) => withheld.has(u)).length;
    expect(firstHalf).toBeGreaterThan(150);
    expect(firstHalf).toBeLessThan(270);
  });
});

describe('splitForWithholding', () => {
  it('withholds whole pages for a docs dataset (sections of one page go together)', () => {
    const docs: EvalDoc[] = [];
    for (let p = 0; p < 50; p++) for (let s = 0; s < 3; s++) docs.push(doc(`/p${p}/#s${s}`));
    const dataset: EvalDataset = {
      name: 'docs',
      docs,
      queries: [],
      qrels: new Map(),
      graded: false,
      unitOf: (id) => id.replace(/#.*$/, ''),
    };
    const split = splitForWithholding(dataset);
    expect(split.units).toBe(50);
    expect(split.withheld.size).toBe(15);
    expect(split.indexedDocs.length).toBe(35 * 3);
    const keptPages = new Set(split.indexedDocs.map((d) => dataset.unitOf(d.id)));
    for (const page of split.withheld) expect(keptPages.has(page)).toBe(false);
    // Every kept page keeps all of its sections.
    for (const page of keptPages) expect(split.indexedDocs.filter((d) => d.id.startsWith(page)).length).toBe(3);
  });

  it('classifies queries: answerable with a relevant unit indexed, unanswerable when all are withheld, neither without relevant judgements', () => {
    const docs = Array.from({ length: 10 }, (_, i) => doc(`d${i}`));
    const base: EvalDataset = { name: 't', docs, queries: [], qrels: new Map(), graded: false, unitOf: (id) => id };
    const withheld = splitForWithholding(base).withheld;
    const gone = [...withheld];
    const kept = docs.map((d) => d.id).filter((id) => !withheld.has(id));
    expect(gone.length).toBe(3);
    const dataset: EvalDataset = {
      ...base,
      queries: ['all-gone', 'one-kept', 'no-relevant', 'unknown-doc'].map((id) => ({ id, text: id })),
      qrels: new Map([
        ['all-gone', new Map([[gone[0]!, 1], [gone[1]!, 2], [kept[0]!, 0]])],
        ['one-kept', new Map([[gone[0]!, 1], [kept[1]!, 1]])],
        ['no-relevant', new Map([[kept[0]!, 0]])],
        // A judged document that is not in the collection cannot be retrieved either.
        ['unknown-doc', new Map([['not-in-collection', 1]])],
      ]),
    };
    const split = splitForWithholding(dataset);
    expect(split.answerable).toEqual(['one-kept']);
    expect(split.unanswerable).toEqual(['all-gone', 'unknown-doc']);
  });
});

describe('confidenceMetrics', () => {
  const samples: ConfidenceSample[] = [
    { queryId: '1', confidence: 0.9, answerable: true, precision: 2 / 3 },
    { queryId: '2', confidence: 0.6, answerable: true, precision: 1 / 3 },
    { queryId: '3', confidence: 0.2, answerable: true, precision: 1 / 3 },
    { queryId: '4', confidence: 0.7, answerable: false, precision: 0 },
    { queryId: '5', confidence: 0.1, answerable: false, precision: 0 },
  ];

  it('computes AUROC, answered shares and precision@3 at the default threshold 0.5', () => {
    expect(DEFAULT_CONFIDENCE_THRESHOLD).toBe(0.5);
    const m = confidenceMetrics(samples);
    // Positive/negative pairs: 0.9 beats both, 0.6 beats 0.1 only, 0.2 beats 0.1 only → 4 / 6.
    expect(m.auroc).toBeCloseTo(4 / 6, 12);
    expect(m.answeredShare).toBeCloseTo(2 / 3, 12);
    expect(m.unanswerableAnsweredShare).toBe(0.5);
    // Answered: 1, 2, 4 → (2/3 + 1/3 + 0) / 3.
    expect(m.precisionAnswered).toBeCloseTo(1 / 3, 12);
    expect(m.precisionAll).toBeCloseTo((2 / 3 + 1 / 3 + 1 / 3) / 5, 12);
    expect([m.answerable, m.unanswerable]).toEqual([3, 2]);
  });

  it('answers at confidence equal to the threshold', () => {
    expect(confidenceMetrics(samples, 0.6).answeredShare).toBeCloseTo(2 / 3, 12);
  });

  it('gives NaN precision when nothing is answered, NaN AUROC when a class is empty', () => {
    const m = confidenceMetrics(samples.filter((s) => s.answerable), 0.95);
    expect(m.precisionAnswered).toBeNaN();
    expect(m.auroc).toBeNaN();
    expect(m.unanswerableAnsweredShare).toBeNaN();
  });
});

describe('selectiveCurve', () => {
  const samples: ConfidenceSample[] = [
    { queryId: '1', confidence: 0.95, answerable: true, precision: 1 },
    { queryId: '2', confidence: 0.55, answerable: true, precision: 1 / 3 },
    { queryId: '3', confidence: 0.15, answerable: false, precision: 0 },
  ];

  it('gives coverage and precision@3 per threshold on the 0…1 grid', () => {
    const curve = selectiveCurve(samples);
    expect(curve.map((p) => p.threshold)).toEqual(SELECTIVE_THRESHOLDS);
    expect(curve[0]).toEqual({ threshold: 0, coverage: 1, precision: (1 + 1 / 3) / 3 });
    expect(curve[5]).toEqual({ threshold: 0.5, coverage: 2 / 3, precision: (1 + 1 / 3) / 2 });
    expect(curve[9]).toEqual({ threshold: 0.9, coverage: 1 / 3, precision: 1 });
    expect(curve[10]).toEqual({ threshold: 1, coverage: 0, precision: null });
  });

  it('the full curve adds every distinct confidence as a threshold', () => {
    const thresholds = fullSelectiveCurve(samples).map((p) => p.threshold);
    expect(thresholds).toEqual(expect.arrayContaining([0.15, 0.55, 0.95, 0, 1]));
    expect(thresholds).toEqual([...thresholds].sort((a, b) => a - b));
  });
});
