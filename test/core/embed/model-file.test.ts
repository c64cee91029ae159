import { describe, expect, it } from 'vitest';
import { trainEmbedding } from '../../../src/indexer/embed/train.ts';
import { modelFromFile, validateModelFile } from '../../../src/core/embed/model-file.ts';
import { codeOf } from '../../support/errors.ts';

const trained = trainEmbedding(
  [
    { text: 'routes and dynamic routes', lang: 'en' },
    { text: 'image optimization for routes', lang: 'en' },
  ],
  { dimensions: 4, ngram: { buckets: 32 } },
);

describe('embedding vocabulary file', () => {
  it('round-trips through JSON to the trained model, weights bit for bit', () => {
    const back = modelFromFile(validateModelFile(JSON.parse(JSON.stringify(trained.file))));
    expect(back.info).toEqual(trained.model.info);
    expect(back.terms).toEqual(trained.model.terms);
    expect(Buffer.from(back.termWeights.buffer).equals(Buffer.from(trained.model.termWeights.buffer))).toBe(true);
  });

  it('refuses another version with INDEX_VERSION_MISMATCH and malformed files with INDEX_CORRUPT', () => {
    const file = JSON.parse(JSON.stringify(trained.file));
    expect(codeOf(() => validateModelFile({ ...file, info: { ...file.info, version: 99 } }))).toBe('INDEX_VERSION_MISMATCH');
    for (const bad of [
      null,
      [],
      { ...file, info: { ...file.info, format: 'other' } },
      { ...file, terms: file.terms.slice(1) },
      { ...file, counts: file.counts.map(() => -1) },
      { ...file, totalTokens: 'many' },
      { ...file, info: { ...file.info, ngram: null } },
      { ...file, info: { ...file.info, sifA: 0 } },
    ]) {
      expect(codeOf(() => validateModelFile(bad))).toBe('INDEX_CORRUPT');
    }
  });
});
