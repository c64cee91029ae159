import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareTerms, decodeDictionary, encodeDictionary, TermDictionary, type TermCount } from '../../../src/core/keyword/dictionary.ts';

const dictionaryOf = (entries: TermCount[]) => TermDictionary.from(encodeDictionary(entries));
const sortedEntries = (terms: string[]) =>
  [...new Set(terms)].sort(compareTerms).map((term, i) => ({ term, count: (i * 7) % 5 }));

describe('the term dictionary', () => {
  const dict = dictionaryOf([
    { term: 'config', count: 40 },
    { term: 'configur', count: 90 },
    { term: 'configuration', count: 12 },
    { term: 'content', count: 55 },
    { term: 'deploi', count: 30 },
    { term: 'deploy', count: 70 },
    { term: 'deployment', count: 70 },
  ]);

  it('front-codes sorted terms: each keeps what it shares with the one before', () => {
    expect(encodeDictionary([{ term: 'config', count: 1 }, { term: 'configur', count: 2 }, { term: 'content', count: 3 }])).toEqual({
      shared: [0, 6, 3],
      suffixes: ['config', 'ur', 'tent'],
      counts: [1, 2, 3],
    });
  });

  it('accepts a stored list exactly when the terms it spells are sorted and distinct, however it shares prefixes', () => {
    // Any shares (not only the longest an encoder writes) and any suffixes: what decoding checks
    // by the first code unit after the shared prefix must agree with comparing the whole terms.
    const stored = fc.array(fc.tuple(fc.nat({ max: 4 }), fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 3 })), { maxLength: 12 });
    fc.assert(
      fc.property(stored, (entries) => {
        const terms: string[] = [];
        let previous = '';
        const shared = entries.map(([keep, suffix]) => {
          const k = Math.min(keep, previous.length);
          previous = previous.slice(0, k) + suffix;
          terms.push(previous);
          return k;
        });
        const decoded = decodeDictionary({ shared, suffixes: entries.map(([, s]) => s), counts: entries.map(() => 1) });
        const sorted = terms.every((t, i) => i === 0 || compareTerms(terms[i - 1]!, t) < 0);
        if (sorted) expect(decoded).toEqual({ terms, counts: terms.map(() => 1) });
        else expect(decoded).toMatch(/not sorted and distinct/);
      }),
    );
  });

  it('round-trips any sorted distinct term list, and the stored form is valid', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { maxLength: 40 }), (terms) => {
        const entries = sortedEntries(terms);
        const stored = encodeDictionary(entries);
        expect(decodeDictionary(JSON.parse(JSON.stringify(stored)))).toEqual({ terms: entries.map((e) => e.term), counts: entries.map((e) => e.count) });
        const dict = TermDictionary.from(stored);
        expect(dict.terms).toEqual(entries.map((e) => e.term));
        for (const e of entries) expect(dict.count(e.term)).toBe(e.count);
      }),
    );
  });

  it('knows which terms exist', () => {
    expect(dict.has('deploy')).toBe(true);
    expect(dict.has('deplo')).toBe(false);
    expect(dict.count('configur')).toBe(90);
    expect(dict.count('zzz')).toBe(0);
  });

  it('finds the longest term a word begins with, not the word itself, of at least the given length', () => {
    expect(dict.longestPrefixOf('configurat', 4)).toBe('configur');
    expect(dict.longestPrefixOf('deployments', 4)).toBe('deployment');
    expect(dict.longestPrefixOf('configur', 4)).toBe('config');
    expect(dict.longestPrefixOf('configurat', 9)).toBeNull();
    expect(dict.longestPrefixOf('xyz', 1)).toBeNull();
  });

  it('completes a prefix most frequent first, without the prefix itself, within the limit', () => {
    expect(dict.completions('deplo', 5)).toEqual([
      { term: 'deploy', count: 70 },
      { term: 'deployment', count: 70 },
      { term: 'deploi', count: 30 },
    ]);
    expect(dict.completions('config', 2).map((c) => c.term)).toEqual(['configur', 'configuration']);
    expect(dict.completions('co', 1).map((c) => c.term)).toEqual(['configur']);
    expect(dict.completions('x', 5)).toEqual([]);
    expect(dict.completions('', 5)).toEqual([]);
  });

  it.each([
    ['not an object', 'x'],
    ['lists missing', { shared: [] }],
    ['lists of other lengths', { shared: [0], suffixes: ['a', 'b'], counts: [1, 1] }],
    ['unsorted terms', { shared: [0, 0], suffixes: ['b', 'a'], counts: [1, 1] }],
    ['a repeated term', { shared: [0, 1], suffixes: ['a', ''], counts: [1, 1] }],
    ['a negative count', { shared: [0], suffixes: ['a'], counts: [-1] }],
    ['sharing beyond the previous term', { shared: [1], suffixes: ['a'], counts: [1] }],
  ])('finds a stored dictionary with %s malformed', (_name, value) => {
    expect(decodeDictionary(value)).toBeTypeOf('string');
  });
});
