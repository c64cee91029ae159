import { describe, expect, it } from 'vitest';
import { WITHHOLD_SEED, WITHHOLD_SHARE, seededSample, splitForWithholding } from '../../src/datasets/withhold.ts';
import type { EvalDataset, EvalDoc } from '../../src/datasets/types.ts';

const doc = (id: string): EvalDoc => ({ id, title: id, headings: '', body: id, lang: 'en' });

describe('seededSample', () => {
  const units = Array.from({ length: 1400 }, (_, i) => String(i + 1));

  it('withholds exactly round(30%) of the distinct units', () => {
    expect(WITHHOLD_SHARE).toBe(0.3);
    expect(seededSample(units).size).toBe(420);
    expect(seededSample(['a', 'b', 'c', 'a']).size).toBe(1); // 3 distinct × 0.3 = 0.9 → 1
  });

  it('is deterministic and independent of input order', () => {
    const first = [...seededSample(units)].sort();
    expect([...seededSample(units)].sort()).toEqual(first);
    expect([...seededSample([...units].reverse())].sort()).toEqual(first);
  });

  it('changes with the seed', () => {
    expect([...seededSample(units, 0.3, WITHHOLD_SEED + 1)].sort()).not.toEqual([...seededSample(units)].sort());
  });

  it('handles the ends of the range and rejects shares outside it', () => {
    expect(seededSample(units, 0).size).toBe(0);
    expect(seededSample(units, 1).size).toBe(1400);
    expect(seededSample([], 0.3).size).toBe(0);
    expect(() => seededSample(units, 1.5)).toThrow(RangeError);
  });

  it('spreads over the collection (not a prefix of the sorted ids)', () => {
    const withheld = seededSample(units);
    const firstHalf = units.slice(0, 700).filter((u) => withheld.has(u)).length;
    expect(firstHalf).toBeGreaterThan(150);
    expect(firstHalf).toBeLessThan(270);
  });
});

describe('splitForWithholding', () => {
  /** 50 pages of 3 sections; query q<p> is answered by page p only. */
  function docsDataset(): EvalDataset {
    const docs: EvalDoc[] = [];
    for (let p = 0; p < 50; p++) for (let s = 0; s < 3; s++) docs.push(doc(`/p${p}/#s${s}`));
    return {
      name: 'docs',
      docs,
      queries: Array.from({ length: 50 }, (_, p) => ({ id: `q${p}`, text: `page ${p}` })),
      qrels: new Map(Array.from({ length: 50 }, (_, p) => [`q${p}`, new Map([[`/p${p}/`, 1]])])),
      graded: false,
      unitOf: (id) => id.replace(/#.*$/, ''),
    };
  }

  it('withholds the relevant pages of a seeded 30% of the queries, whole (sections of one page go together)', () => {
    const dataset = docsDataset();
    const split = splitForWithholding(dataset);
    expect(split.chosen.size).toBe(15);
    expect(split.units).toBe(50);
    expect(split.withheld).toEqual(new Set([...split.chosen].map((q) => `/p${q.slice(1)}/`)));
    expect(split.indexedDocs.length).toBe(35 * 3);
    const keptPages = new Set(split.indexedDocs.map((d) => dataset.unitOf(d.id)));
    for (const page of split.withheld) expect(keptPages.has(page)).toBe(false);
    for (const page of keptPages) expect(split.indexedDocs.filter((d) => d.id.startsWith(page)).length).toBe(3);
    expect(split.unanswerable.sort()).toEqual([...split.chosen].sort());
    expect(split.answerable.length).toBe(35);
  });

  it('is deterministic, and changes with the seed', () => {
    const dataset = docsDataset();
    expect(splitForWithholding(dataset).chosen).toEqual(splitForWithholding(dataset).chosen);
    expect(splitForWithholding(dataset, 0.3, WITHHOLD_SEED + 1).chosen).not.toEqual(splitForWithholding(dataset).chosen);
  });

  it('classifies queries: answerable with every relevant unit indexed, unanswerable with none, partly withheld ones in neither class', () => {
    const docs = Array.from({ length: 10 }, (_, i) => doc(`d${i}`));
    const queries = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].map((id) => ({ id, text: id }));
    // Query x is answered by doc d<x>; query 'a' also by d1, so withholding b's answer touches a.
    const qrels = new Map(queries.map((q, i) => [q.id, new Map([[`d${i}`, 1]])]));
    qrels.get('a')!.set('d1', 1);
    qrels.set('none', new Map([['d0', 0]]));
    qrels.set('ghost', new Map([['not-in-collection', 1]]));
    const dataset: EvalDataset = { name: 't', docs, queries: [...queries, { id: 'none', text: 'none' }, { id: 'ghost', text: 'ghost' }], qrels, graded: false, unitOf: (id) => id };
    const split = splitForWithholding(dataset);
    const all = [...split.answerable, ...split.unanswerable, ...split.partial];
    expect(all).not.toContain('none'); // no relevant judgement: never scored
    for (const id of split.chosen) expect(split.unanswerable).toContain(id);
    // A judged document that is not in the collection cannot be retrieved: unanswerable.
    expect(split.unanswerable).toContain('ghost');
    const aKept = ['d0', 'd1'].filter((d) => !split.withheld.has(d)).length;
    expect(aKept === 2 ? split.answerable : aKept === 0 ? split.unanswerable : split.partial).toContain('a');
    for (const id of split.answerable) for (const unit of qrels.get(id)!.keys()) expect(split.withheld.has(unit)).toBe(false);
  });

  it("by unit: withholds 30% of the judged pages, whatever their queries' count (known-item sets of many queries a page)", () => {
    // Ten queries a page for 20 pages: by query, 30% of 200 queries would touch nearly every page.
    const docs = Array.from({ length: 20 }, (_, p) => doc(`/p${p}/#s`));
    const queries = Array.from({ length: 200 }, (_, i) => ({ id: `q${i}`, text: `q${i}` }));
    const qrels = new Map(queries.map((q, i) => [q.id, new Map([[`/p${i % 20}/`, 1]])]));
    const dataset: EvalDataset = { name: 'known-item', docs, queries, qrels, graded: false, unitOf: (id) => id.replace(/#.*$/, '') };
    const byUnit = splitForWithholding(dataset, 0.3, WITHHOLD_SEED, 'unit');
    expect(byUnit.withheld.size).toBe(6);
    expect(byUnit.unanswerable.length).toBe(60);
    expect(byUnit.answerable.length).toBe(140);
    expect(byUnit.chosen).toEqual(new Set(byUnit.unanswerable));
    expect(splitForWithholding(dataset).withheld.size).toBeGreaterThan(15);
  });
});
