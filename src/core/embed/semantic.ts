/**
 * The semantic route's index as a loaded pack holds it, and the query side of embedding: the same
 * tokenizer the build used, then an embedder. Pure: the embedder is `embedStatic` (plain
 * TypeScript, any runtime) unless the caller passes a QueryEmbedder — ONNX Runtime in the Worker's
 * ONNX configuration — and both compute the graph the pack's model.onnx describes.
 */
import type { EmbeddingTokens } from './tokenize.ts';
import { lacksTerm, tokenize } from './tokenize.ts';
import { embedReference } from './reference.ts';
import { keepingUnknownTerms, type TokenizerModel } from './vocabulary.ts';
import type { Lang } from '../types.ts';
import type { VectorKernel } from '../vector/types.ts';
import { transformerSequence, type TransformerModel } from './transformer.ts';
import { RecallBoxError } from '../errors.ts';
import type { MatrixRows } from '../codec/matrix-rows.ts';

export interface SemanticIndex {
  /** A static model's vocabulary and settings: queries are tokenized exactly as sections were. Null for a transformer. */
  tokenizer: TokenizerModel | null;
  /**
   * A static model's E as embedding.bin stores it (int8 rows, a step each, `rows.matrix`), with
   * which rows are read and the read of more (codec/matrix-rows.ts). Null for a transformer.
   */
  rows: MatrixRows | null;
  /** A transformer model's description (model.onnx runs only in ORT); null for a static model. */
  transformer: TransformerModel | null;
  dimensions: number;
  /** The section vectors, loaded into a kernel (WASM in the Worker, either kernel in Node). */
  kernel: VectorKernel;
  /**
   * The vocabulary's n-gram hashes the pack stores (PACK_FILES.ngrams), for the tokenizer
   * (TokenizerModel.knownNgrams): whether they are held yet, and their read (once; a concurrent
   * caller waits for its end; `signal`: the request's end). Null when the pack stores none: a transformer, a model that does not look
   * them up, a pack built before they were stored. readQueryNgrams reads them.
   */
  storedNgrams: { held(): boolean; read(signal?: AbortSignal): Promise<void> } | null;
}

/** Weighted token ids → a unit vector (or zero). Async so ONNX Runtime can implement it. */
export type QueryEmbedder = (tokens: EmbeddingTokens) => Promise<Float32Array>;

/**
 * The static model computed in TypeScript: a lookup of the query's rows and their weighted mean,
 * normalised. For a static model this is the whole graph, so the Worker needs no ONNX Runtime
 * (whose engine alone is 3.5 MiB gzipped); the tests hold it to ORT's output within 1e-5.
 * A transformer pack has no static model: MODEL_NEEDS_ONNX_RUNTIME says which Worker it needs.
 */
export function embedStatic(semantic: SemanticIndex, { ids, weights }: EmbeddingTokens): Float32Array {
  if (semantic.rows === null) {
    throw new RecallBoxError(
      'MODEL_NEEDS_ONNX_RUNTIME',
      "this pack's embedding model is a transformer, which only the ONNX Worker entry runs (`wrangler deploy --env onnx`).",
    );
  }
  // A row not read yet is zeros: embedding with it would give a wrong vector, not an error.
  if (!semantic.rows.has(ids)) throw new Error('embedStatic: the query\'s matrix rows are not read yet (await readQueryRows first).');
  return embedReference(semantic.rows.matrix, semantic.dimensions, ids, weights);
}

/** Reads the matrix rows a query's tokens need, before embedStatic (a no-op for rows read already, or a transformer). */
export async function readQueryRows(semantic: SemanticIndex, tokens: EmbeddingTokens, signal?: AbortSignal): Promise<void> {
  await semantic.rows?.ensure(tokens.ids, signal);
}

/** A zero vector (a text of unknown tokens only) has no direction: the route has nothing to score. */
export function nonZero(vector: Float32Array): Float32Array | null {
  return vector.some((x) => x !== 0) ? vector : null;
}

/**
 * Reads what tokenizing query `q` will look up that the pack has not read yet: the stored n-gram
 * hashes, when a word of the query is not in the vocabulary (the only kind whose n-grams are looked
 * up). Before queryTokens, on the async path. The matrix rows the query can need, whichever of its
 * unknown words the n-grams keep, are read beside them: one wave of reads for a lazily read pack
 * instead of two (the rows of an unknown word's n-grams are mostly read anyway; readQueryRows then
 * finds them held).
 */
export async function readQueryNgrams(semantic: SemanticIndex, q: string, lang: Lang, signal?: AbortSignal): Promise<void> {
  const { storedNgrams, tokenizer } = semantic;
  if (!storedNgrams || storedNgrams.held() || !tokenizer || !lacksTerm(q, lang, tokenizer)) return;
  await Promise.all([storedNgrams.read(signal), semantic.rows?.ensure(tokenize(q, lang, keepingUnknownTerms(tokenizer)).ids, signal)]);
}

/** The query's tokens, analysed as language `lang` with the model's analyzer settings. */
export function queryTokens(semantic: SemanticIndex, q: string, lang: Lang): EmbeddingTokens {
  if (semantic.transformer) {
    // A transformer reads the sequence in order: ids with repeats, every token attended (weight 1).
    const ids = transformerSequence(q, semantic.transformer);
    return { ids, weights: new Float32Array(ids.length).fill(1) };
  }
  return tokenize(q, lang, semantic.tokenizer!);
}
