import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedEditDistance, corrections, DEFAULT_EXPANSION_OPTIONS, endsMidWord, expandConcepts, oneEditSpellings, type TypedWord } from '../../../src/core/keyword/expand.ts';
import { plainWordTerm } from '../../../src/core/analysis/segment.ts';
import { encodeDictionary, TermDictionary } from '../../../src/core/keyword/dictionary.ts';

/** Restricted Damerau–Levenshtein, the full table: the reference the bounded one must agree with. */
function osa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

const dictionary = TermDictionary.from(
  encodeDictionary(
    [
      ['confid', 50],
      ['config', 80],
      ['configur', 120],
      ['deploi', 30],
      ['deploy', 90],
      ['deployment', 40],
      ['getstaticpath', 25],
      ['middlewar', 60],
      ['rout', 200],
    ].map(([term, count]) => ({ term: term as string, count: count as number })),
  ),
);

describe('boundedEditDistance', () => {
  it('agrees with the full table up to the bound, and says "over" past it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 9 }), fc.string({ maxLength: 9 }), fc.integer({ min: 0, max: 3 }), (a, b, max) => {
        const exact = osa(a, b);
        expect(boundedEditDistance(a, b, max)).toBe(Math.min(exact, max + 1));
      }),
      { numRuns: 500 },
    );
  });
});

describe('corrections', () => {
  it('finds the terms one edit away from a word of 4+ letters, closest and most frequent first', () => {
    expect(corrections('confdi', dictionary).map((c) => [c.term, c.distance])).toEqual([['confid', 1]]);
    expect(corrections('middlewra', dictionary).map((c) => [c.term, c.distance])).toEqual([['middlewar', 1]]);
  });

  it('tolerates two edits only from 8 letters, none under 4', () => {
    expect(corrections('depolyment', dictionary).map((c) => c.term)).toEqual(['deployment']);
    expect(corrections('depoly', dictionary).map((c) => c.term)).toEqual(['deploy']);
    expect(corrections('rot', dictionary)).toEqual([]);
  });
});

describe('oneEditSpellings', () => {
  it('yields only spellings one edit away, and says when the edit touches the first letter', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,7}$/), (word) => {
        for (const { spelling, firstLetter } of oneEditSpellings(word)) {
          expect(boundedEditDistance(word, spelling, 1)).toBe(1);
          if (!firstLetter) expect(spelling[0]).toBe(word[0]);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('corrections of the word as typed', () => {
  /** Spellings analysed as the English analyzer indexes them (Porter stems). */
  const typed = (word: string): TypedWord => ({ typed: word, termOf: (w) => plainWordTerm(w, 'en') });
  const stemmed = TermDictionary.from(
    encodeDictionary([
      { term: 'bake', count: 5 },
      { term: 'cake', count: 7 },
      { term: 'compon', count: 40 },
      { term: 'guid', count: 30 },
      { term: 'set', count: 90 },
    ]),
  );
  const found = (word: string, d = stemmed) => corrections(plainWordTerm(word, 'en'), d, DEFAULT_EXPANSION_OPTIONS, typed(word)).map((c) => c.term);

  it('finds the stem of the word one slip away when a slip in the ending hides it', () => {
    // `settign` is one swap from `setting` (stem `set`), four edits from `set` itself.
    expect(found('settign')).toEqual(['set']);
    expect(corrections('settign', stemmed).map((c) => c.term)).toEqual([]);
    expect(found('copmonents')).toEqual(['compon']);
  });

  it('changes the first letter only when nothing keeping it is found', () => {
    // `uides` → `guides`: no reading keeps its `u`.
    expect(found('uides')).toEqual(['guid']);
    // `akes` → `cakes` or `bakes`, the more frequent first …
    expect(found('akes')).toEqual(['cake', 'bake']);
    // … unless a reading keeps the `a` (`aces`, stem `ac`).
    const withAce = TermDictionary.from(encodeDictionary([{ term: 'ac', count: 1 }, { term: 'bake', count: 5 }, { term: 'cake', count: 7 }]));
    expect(found('akes', withAce)).toEqual(['ac']);
  });

  it('tolerates no slip in a word under minLettersOneEdit letters', () => {
    expect(found('ake')).toEqual([]);
  });
});

describe('expandConcepts', () => {
  it('keeps a known term as typed, finished or not, and completes only the last word of a query still being typed', () => {
    const exactly = [[{ term: 'rout', weight: 1, kind: 'exact' }], [{ term: 'config', weight: 1, kind: 'exact' }]];
    expect(expandConcepts(['rout', 'config'], dictionary, false)).toEqual(exactly);
    expect(expandConcepts(['rout', 'config'], dictionary, true, { ...DEFAULT_EXPANSION_OPTIONS, knownPrefixWeight: 0 })).toEqual(exactly);
    // By default a known last word being typed is also looked up by its rarer completions, far below the word itself.
    const [rout, config] = expandConcepts(['rout', 'config'], dictionary, true);
    expect(rout).toEqual(exactly[0]);
    expect(config![0]).toEqual(exactly[1]![0]);
    expect(config!.length).toBeGreaterThan(1);
    for (const v of config!.slice(1)) expect(v).toMatchObject({ kind: 'prefix', weight: DEFAULT_EXPANSION_OPTIONS.knownPrefixWeight });
    expect(config!.slice(1).every((v) => v.term.startsWith('config'))).toBe(true);
    // Not the last word: not completed (it may still be corrected).
    expect(expandConcepts(['deplo', 'rout'], dictionary, true)[0]!.filter((v) => v.kind === 'prefix')).toEqual([]);
    expect(expandConcepts(['rout', 'confi'], dictionary, true)[1]!.map((v) => [v.term, v.kind])).toEqual([
      ['confi', 'exact'],
      ['configur', 'prefix'],
      ['config', 'prefix'],
      ['confid', 'prefix'],
    ]);
  });

  it('completes an unfinished word the index does not hold, most frequent first, weighted below the typed term', () => {
    const [deplo] = expandConcepts(['deplo'], dictionary, true);
    expect(deplo!.map((v) => v.term)).toEqual(['deplo', 'deploy', 'deployment', 'deploi']);
    for (const v of deplo!.slice(1)) expect(v.weight).toBeLessThan(1);
  });

  it('completes a cut word from what was typed as well as from its stem, and finds the stem a word was typed past', () => {
    const d = TermDictionary.from(encodeDictionary([{ term: 'compon', count: 40 }, { term: 'component-bas', count: 2 }, { term: 'layout', count: 30 }]));
    const completed = (stem: string, typed: string) => expandConcepts([stem], d, true, undefined, [typed])[0]!.filter((v) => v.kind === 'prefix').map((v) => v.term);
    // `lay` stems to `lai`, which begins nothing; `lay` begins `layout`.
    expect(completed('lai', 'lay')).toEqual(['layout']);
    // `componen` was typed past `compon`, the stem of `component`: that stem first, then what it begins.
    expect(completed('componen', 'componen')).toEqual(['compon', 'component-bas']);
    // Too little of the word left (`comp` of `compzzzz`): not read as its stem.
    expect(completed('compzzzz', 'compzzzz')).toEqual([]);
  });

  it('completes a known word being typed by terms far more frequent than it (knownCompletionRatio), and by rarer ones far below (knownPrefixWeight)', () => {
    const d = TermDictionary.from(encodeDictionary([{ term: 'ast', count: 3 }, { term: 'astro', count: 90 }, { term: 'hono', count: 100 }, { term: 'honoj', count: 30 }]));
    const prefixes = (word: string, partial = true, options = DEFAULT_EXPANSION_OPTIONS) =>
      expandConcepts([word], d, partial, options)[0]!.filter((v) => v.kind === 'prefix').map((v) => [v.term, v.weight]);
    expect(prefixes('ast')).toEqual([['astro', DEFAULT_EXPANSION_OPTIONS.prefixWeight]]);
    expect(prefixes('ast', false)).toEqual([]);
    // `hono` is far more frequent than `honoj`: completed by it only at knownPrefixWeight (0: not at all).
    expect(prefixes('hono')).toEqual([['honoj', DEFAULT_EXPANSION_OPTIONS.knownPrefixWeight]]);
    expect(DEFAULT_EXPANSION_OPTIONS.knownPrefixWeight).toBeLessThan(DEFAULT_EXPANSION_OPTIONS.prefixWeight);
    expect(prefixes('hono', true, { ...DEFAULT_EXPANSION_OPTIONS, knownPrefixWeight: 0 })).toEqual([]);
    expect(expandConcepts(['ast'], d, true, { ...DEFAULT_EXPANSION_OPTIONS, knownCompletionRatio: Infinity })[0]).toEqual([{ term: 'ast', weight: 1, kind: 'exact' }]);
  });

  it('reads a word past its stem as that stem only when nothing completes or corrects it', () => {
    const d = TermDictionary.from(encodeDictionary([{ term: 'authent', count: 9 }, { term: 'help', count: 50 }, { term: 'helper', count: 20 }]));
    const read = (word: string) => expandConcepts([word], d, true)[0]!.slice(1).map((v) => [v.term, v.kind]);
    expect(read('authenticatio')).toEqual([['authent', 'prefix']]);
    // `helpeqrs` is `helper` mistyped (two edits), not `help` typed past: the correction wins.
    expect(read('helpeqrs')).toEqual([['helper', 'typo']]);
  });

  it('completes a one-letter word only in a CJK script, where one character is a syllable or a word', () => {
    const cjk = TermDictionary.from(encodeDictionary([{ term: 'a11y', count: 4 }, { term: 'コンポーネント', count: 9 }, { term: '组件', count: 5 }]));
    const completed = (word: string) => expandConcepts([word], cjk, true)[0]!.filter((v) => v.kind === 'prefix').map((v) => v.term);
    expect(completed('コ')).toEqual(['コンポーネント']);
    expect(completed('组')).toEqual(['组件']);
    expect(completed('a')).toEqual([]);
  });

  it('corrects a word the index does not hold and cannot complete, and never an identifier it holds', () => {
    expect(expandConcepts(['confdi'], dictionary, false)[0]!.map((v) => [v.term, v.kind])).toEqual([
      ['confdi', 'exact'],
      ['confid', 'typo'],
    ]);
    expect(expandConcepts(['getstaticpath'], dictionary, false)).toEqual([[{ term: 'getstaticpath', weight: 1, kind: 'exact' }]]);
    // A number or a hyphenated code is meant as typed, even when the index lacks it.
    expect(expandConcepts(['1978', 'sub-set'], TermDictionary.from(encodeDictionary([{ term: '1968', count: 3 }, { term: 'subset', count: 3 }])), false)).toEqual([
      [{ term: '1978', weight: 1, kind: 'exact' }],
      [{ term: 'sub-set', weight: 1, kind: 'exact' }],
    ]);
  });
});

describe('endsMidWord', () => {
  it('is true while the last character is a letter or digit', () => {
    expect(endsMidWord('deplo')).toBe(true);
    expect(endsMidWord('路由')).toBe(true);
    expect(endsMidWord('deploy ')).toBe(false);
    expect(endsMidWord('what is astro?')).toBe(false);
  });
});
