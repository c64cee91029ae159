import { describe, expect, it } from 'vitest';
import { prepareTokenizer, usesKnownNgrams, vocabularyLookup } from '../../../src/core/embed/vocabulary.ts';
import { knownNgramHashes } from '../../../src/core/embed/ngrams.ts';
import { tokenize } from '../../../src/core/embed/tokenize.ts';
import { codeOf } from '../../support/errors.ts';
import { handModel } from './fixture.ts';

describe('vocabulary', () => {
  it('maps each term to its row', () => {
    expect([...vocabularyLookup(['b', 'a', 'c'])]).toEqual([['b', 0], ['a', 1], ['c', 2]]);
  });

  it('refuses a term listed twice', () => {
    expect(codeOf(() => vocabularyLookup(['a', 'b', 'a']))).toBe('INDEX_CORRUPT');
  });

  it('refuses a model whose parts disagree', () => {
    const model = handModel(['a', 'b']);
    expect(codeOf(() => prepareTokenizer({ ...model, terms: ['a'] }))).toBe('INDEX_CORRUPT');
    expect(codeOf(() => prepareTokenizer({ ...model, termWeights: new Float32Array(3) }))).toBe('INDEX_CORRUPT');
    expect(codeOf(() => prepareTokenizer({ ...model, info: { ...model.info, rows: 5 } }))).toBe('INDEX_CORRUPT');
    expect(prepareTokenizer(model).rowOf.get('b')).toBe(1);
  });

  it('looks unknown terms up among the n-grams it is given (the pack\'s), else computes them on first use', () => {
    const model = handModel(['middlewar', 'rout', 'deploi'], { minKnownShare: 0.5 });
    expect(usesKnownNgrams(model)).toBe(true);
    const computed = prepareTokenizer(model);
    const stored = knownNgramHashes(model.terms, model.info.ngram.minN, model.info.ngram.maxN);
    const given = prepareTokenizer(model, () => stored);
    expect(given.knownNgrams()).toBe(stored);
    expect(computed.knownNgrams()).toEqual(stored);
    for (const q of ['midleware', 'zqxjv routing', 'deploying middleware']) expect(tokenize(q, 'en', given)).toEqual(tokenize(q, 'en', computed));
    // What it is given is what it uses: an empty set drops every unknown term.
    expect(tokenize('midleware', 'en', prepareTokenizer(model, () => new Uint32Array(0))).ids).toHaveLength(0);
    expect(tokenize('midleware', 'en', given).ids.length).toBeGreaterThan(0);
  });

  it('needs no n-grams when unknown terms are kept whatever they hold, or there are no buckets', () => {
    expect(usesKnownNgrams(handModel(['a'], { minKnownShare: 0 }))).toBe(false);
    const model = handModel(['a'], { minKnownShare: 0.5 });
    expect(usesKnownNgrams({ ...model, info: { ...model.info, ngram: { ...model.info.ngram, buckets: 0 } } })).toBe(false);
  });
});
