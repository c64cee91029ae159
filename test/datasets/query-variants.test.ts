import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTypo, asYouTypeQueries, typoQueries, TYPO_EDITS } from '../../src/datasets/query-variants.ts';
import { mulberry32 } from '../../src/core/index.ts';

/** Damerau–Levenshtein (optimal string alignment) distance, written out here to check the generator independently. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

describe('asYouTypeQueries', () => {
  it('cuts the last word after 3, 4, … letters and at half, never whole, earlier words kept', () => {
    const variants = asYouTypeQueries([{ query: 'Deploy your  site', url: '/d/' }]);
    expect(variants).toEqual([
      { query: 'Deploy your si', url: '/d/', variant: 'half' },
      { query: 'Deploy your sit', url: '/d/', variant: 'prefix-3' },
    ]);
    const long = asYouTypeQueries([{ query: 'middleware', url: '/m/' }]).map((v) => v.query);
    expect(long).toEqual(['middl', 'mid', 'midd', 'middle', 'middlew', 'middlewa', 'middlewar']);
  });

  it('cuts a CJK word by characters, and leaves a one-letter word alone', () => {
    expect(asYouTypeQueries([{ query: '路由配置', url: '/r/' }]).map((v) => v.query)).toEqual(['路由', '路由配']);
    expect(asYouTypeQueries([{ query: 'a', url: '/a/' }])).toEqual([]);
  });
});

describe('typoQueries', () => {
  it('makes exactly one edit, in one word of ≥ 5 Latin letters, the same for the same seed', () => {
    const queries = [
      { query: 'Configure the image component', url: '/i/' },
      { query: 'API ref', url: '/x/' },
      { query: 'getStaticPaths() options', url: '/g/' },
    ];
    const a = typoQueries(queries, 7);
    expect(a).toEqual(typoQueries(queries, 7));
    expect(a.map((v) => v.url)).toEqual(['/i/', '/g/']);
    for (const v of a) {
      const original = queries.find((q) => q.url === v.url)!.query;
      expect(editDistance(original, v.query), v.query).toBe(1);
      const changed = original.split(' ').filter((w, i) => w !== v.query.split(' ')[i]);
      expect(changed).toHaveLength(1);
      expect(changed[0]).toMatch(/^[A-Za-z]{5,}$/);
    }
  });

  it('each edit changes a word by exactly one Damerau step', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{5,12}$/), fc.constantFrom(...TYPO_EDITS), fc.integer(), (word, edit, seed) => {
        const typo = applyTypo(word, edit, mulberry32(seed));
        expect(typo).not.toBe(word);
        expect(editDistance(word, typo)).toBe(1);
      }),
      { numRuns: 300 },
    );
  });
});
