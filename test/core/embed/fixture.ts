/** A hand-made tokenizer model for the core embedding tests: no training involved. */
import { EMBEDDING_MODEL_FORMAT, EMBEDDING_MODEL_VERSION, type EmbeddingModel, type NgramSettings } from '../../../src/core/embed/model.ts';
import { prepareTokenizer, type TokenizerModel } from '../../../src/core/embed/vocabulary.ts';
import { DEFAULT_ANALYZER_OPTIONS, type AnalyzerOptions } from '../../../src/core/analysis/segment.ts';

export function handModel(
  terms: string[],
  ngram: Partial<NgramSettings> = {},
  analyzer: AnalyzerOptions = DEFAULT_ANALYZER_OPTIONS,
): TokenizerModel {
  // minKnownShare 0: every unknown term uses its n-grams unless a test turns the filter on.
  const g: NgramSettings = { minN: 3, maxN: 5, buckets: 1024, share: 0.25, minKnownShare: 0, ...ngram };
  const model: EmbeddingModel = {
    info: {
      format: EMBEDDING_MODEL_FORMAT,
      version: EMBEDDING_MODEL_VERSION,
      method: 'tfidf',
      dimensions: 4,
      vocabularySize: terms.length,
      rows: terms.length + g.buckets,
      ngram: g,
      sifA: 1e-2,
      analyzer,
    },
    terms,
    // Distinct, exactly representable weights so sums can be checked exactly.
    termWeights: Float32Array.from(terms, (_, i) => 1 / 2 ** ((i % 4) + 1)),
  };
  return prepareTokenizer(model);
}
