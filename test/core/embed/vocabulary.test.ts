import { describe, expect, it } from 'vitest';
import { prepareTokenizer, vocabularyLookup } from '../../../src/core/embed/vocabulary.ts';
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
});
