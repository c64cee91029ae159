/**
 * Trains the static embedding model on the corpus being indexed:
 *
 * 1. analyse every section with the keyword index's analyzer and choose the vocabulary (corpus.ts);
 * 2. factorise TF-IDF (term × section) or PPMI (term × term) with a truncated randomized SVD
 *    (svd.ts) to `dimensions`; a term's vector is its row of U · Σ^p, L2-normalised;
 * 3. give every n-gram bucket a vector: by default the least-squares fit that rebuilds each term's
 *    vector from its n-grams, so a typo or unseen identifier made of known n-grams lands near the
 *    words it resembles (ngram-vectors.ts, with the measurements against plain means);
 * 4. weigh terms by SIF, a / (a + p(term)), and remove the sections' common component from E
 *    (common-component.ts).
 *
 * Deterministic: the vocabulary order is fixed, the projection is drawn from `seed`, and all
 * arithmetic runs in a fixed order, so the same corpus and options give identical bytes.
 */
import {
  EMBEDDING_MODEL_FORMAT,
  EMBEDDING_MODEL_VERSION,
  type EmbeddingModel,
} from '../../core/embed/model.ts';
import { sifWeights, type EmbeddingModelFile } from '../../core/embed/model-file.ts';
import { embedReference } from '../../core/embed/reference.ts';
import { tokenizeTerms } from '../../core/embed/tokenize.ts';
import { prepareTokenizer } from '../../core/embed/vocabulary.ts';
import { searchableText } from '../../core/analysis/fields.ts';
import type { Section } from '../../core/types.ts';
import { principalDirections, removeDirections } from './common-component.ts';
import { ppmiMatrix, tfidfMatrix } from './cooccurrence.ts';
import { buildCorpus, type EmbedDoc } from './corpus.ts';
import { leastSquaresBucketVectors, meanBucketVectors, ngramDesign } from './ngram-vectors.ts';
import { resolveEmbedOptions, type EmbedOptions, type EmbedOptionsInput } from './options.ts';
import { randomizedSvd, type TruncatedSvd } from './svd.ts';

export type { EmbedDoc } from './corpus.ts';

/** A trained model: the tokenizer side and the matrix E the ONNX graph carries. */
export interface TrainedEmbedding {
  model: EmbeddingModel;
  /** E, row-major float32, model.info.rows × model.info.dimensions. */
  matrix: Float32Array;
  /** The vocabulary as the pack stores it (core/embed/model-file.ts). */
  file: EmbeddingModelFile;
  /** Milliseconds per stage, for build reports. */
  timings: { analyse: number; matrix: number; svd: number; ngrams: number; assemble: number };
}

/** A section as training text: exactly the text the keyword index reads (`searchableText`). */
export function sectionEmbedDocs(sections: readonly Section[]): EmbedDoc[] {
  return sections.map((s) => ({ text: searchableText(s), lang: s.lang }));
}

/** Term vectors: rows of U · Σ^power, each scaled to unit length (a zero row stays zero). */
function termVectors(svd: TruncatedSvd, terms: number, power: number): Float64Array {
  const dim = svd.k;
  const scale = Float64Array.from(svd.s, (s) => Math.pow(s, power));
  const out = new Float64Array(terms * dim);
  for (let r = 0; r < terms; r++) {
    let squares = 0;
    for (let c = 0; c < dim; c++) {
      const x = svd.u[r * dim + c] * scale[c];
      out[r * dim + c] = x;
      squares += x * x;
    }
    if (squares === 0) continue;
    const inv = 1 / Math.sqrt(squares);
    for (let c = 0; c < dim; c++) out[r * dim + c] *= inv;
  }
  return out;
}

/** Bucket vectors from the term vectors, by the configured method. */
function bucketVectors(terms: Float64Array, vocabulary: readonly string[], o: EmbedOptions): Float64Array {
  if (o.ngram.buckets === 0) return new Float64Array(0);
  const design = ngramDesign(vocabulary, o.ngram);
  return o.ngramVectors === 'mean'
    ? meanBucketVectors(terms, design, o.dimensions)
    : leastSquaresBucketVectors(terms, design, o.dimensions, o.ngramRidge, o.ngramIterations);
}

/** Removes, in place, the principal direction(s) of the training sections' embeddings from E. */
function removeCommonComponents(e: Float64Array, model: EmbeddingModel, docTerms: readonly string[][], count: number): void {
  if (count === 0) return;
  const dim = model.info.dimensions;
  const draft = Float32Array.from(e);
  const tokenizer = prepareTokenizer(model);
  const sections = docTerms.map((terms) => {
    const t = tokenizeTerms(terms, tokenizer);
    return embedReference(draft, dim, t.ids, t.weights);
  });
  removeDirections(e, dim, principalDirections(sections, dim, count));
}

export function trainEmbedding(docs: readonly EmbedDoc[], input: EmbedOptionsInput = {}): TrainedEmbedding {
  const o = resolveEmbedOptions(input);
  let t = performance.now();
  const lap = () => {
    const now = performance.now();
    const ms = now - t;
    t = now;
    return ms;
  };

  const corpus = buildCorpus(docs, o.analyzer, o);
  const analyse = lap();
  const cooc = o.method === 'ppmi' ? ppmiMatrix(corpus, o.window, o.contextSmoothing) : tfidfMatrix(corpus);
  const matrixMs = lap();
  const svd = randomizedSvd(cooc, o.dimensions, o);
  const svdMs = lap();
  const vocab = corpus.terms.length;
  const e = new Float64Array((vocab + o.ngram.buckets) * o.dimensions);
  const terms = termVectors(svd, vocab, o.singularValuePower);
  e.set(terms);
  e.set(bucketVectors(terms, corpus.terms, o), terms.length);
  const ngrams = lap();

  const model: EmbeddingModel = {
    info: {
      format: EMBEDDING_MODEL_FORMAT,
      version: EMBEDDING_MODEL_VERSION,
      method: o.method,
      dimensions: o.dimensions,
      vocabularySize: vocab,
      rows: vocab + o.ngram.buckets,
      ngram: { ...o.ngram },
      sifA: o.sifA,
      analyzer: { ...o.analyzer },
    },
    terms: corpus.terms,
    termWeights: sifWeights(corpus.counts, corpus.totalTokens, o.sifA),
  };
  removeCommonComponents(e, model, corpus.docTerms, o.commonComponents);
  const matrix = Float32Array.from(e);
  const file: EmbeddingModelFile = { info: model.info, totalTokens: corpus.totalTokens, terms: corpus.terms, counts: Array.from(corpus.counts) };
  return { model, matrix, file, timings: { analyse, matrix: matrixMs, svd: svdMs, ngrams, assemble: lap() } };
}
