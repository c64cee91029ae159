import { describe, expect, it } from 'vitest';
import { isRecallBoxError } from '../../../src/core/errors.ts';
import { DEFAULT_KEYWORD_OPTIONS, resolveKeywordOptions, type KeywordOptionsInput } from '../../../src/core/keyword/options.ts';
import { buildKeywordIndex } from '../../../src/core/keyword/index.ts';

describe('resolveKeywordOptions', () => {
  it('returns the defaults when given nothing', () => {
    expect(resolveKeywordOptions()).toEqual(DEFAULT_KEYWORD_OPTIONS);
  });

  it('merges per-field numbers and analyzer settings field by field', () => {
    const o = resolveKeywordOptions({ weights: { title: 5 }, b: { body: 0.5 }, analyzer: { stem: false } });
    expect(o.weights).toEqual({ ...DEFAULT_KEYWORD_OPTIONS.weights, title: 5 });
    expect(o.b).toEqual({ ...DEFAULT_KEYWORD_OPTIONS.b, body: 0.5 });
    expect(o.analyzer).toEqual({ ...DEFAULT_KEYWORD_OPTIONS.analyzer, stem: false });
  });

  it('ranks title above headings above body by default', () => {
    const w = DEFAULT_KEYWORD_OPTIONS.weights;
    expect(w.title).toBeGreaterThan(w.headings);
    expect(w.headings).toBeGreaterThan(w.body);
  });

  it.each<[string, KeywordOptionsInput]>([
    ['negative weight', { weights: { body: -1 } }],
    ['b above 1', { b: { title: 1.1 } }],
    ['NaN k1', { k1: Number.NaN }],
    ['fractional maxTermFrequency', { maxTermFrequency: 2.5 }],
    ['maxTermFrequency 0', { maxTermFrequency: 0 }],
    ['maxTermFrequency above 255', { maxTermFrequency: 256 }],
    ['defaultLimit 0', { defaultLimit: 0 }],
  ])('rejects %s with INVALID_OPTIONS', (_name, input) => {
    let code: string | undefined;
    try {
      resolveKeywordOptions(input);
    } catch (e) {
      code = isRecallBoxError(e) ? e.code : 'other';
    }
    expect(code).toBe('INVALID_OPTIONS');
  });

  it('makes buildKeywordIndex refuse bad options before indexing', async () => {
    await expect(buildKeywordIndex([], { k1: -1 })).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
  });
});
