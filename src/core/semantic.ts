/**
 * The semantic route's index as a loaded pack holds it, and the query side of embedding: the same
 * tokenizer the build used, then an embedder. Pure: the embedder is a capability passed in —
 * `staticEmbedder` (plain TypeScript, any runtime) or ONNX Runtime in the Worker's ONNX
 * configuration — and both compute the graph the pack's model.onnx describes.
 */
import type { EmbeddingTokens } from './embed/tokenize.ts';
import { tokenize } from './embed/tokenize.ts';
import { embedReference } from './embed/reference.ts';
import type { TokenizerModel } from './embed/vocabulary.ts';
import type { Lang } from './types.ts';
import type { VectorKernel } from './vector/types.ts';

export interface SemanticIndex {
  /** Vocabulary and settings: queries are tokenized exactly as sections were at build time. */
  tokenizer: TokenizerModel;
  /** E, row-major, rows × dimensions (embedding.bin). */
  matrix: Float32Array;
  dimensions: number;
  /** The section vectors, loaded into a kernel (WASM in the Worker, either kernel in Node). */
  kernel: VectorKernel;
}

/** Weighted token ids → a unit vector (or zero). Async so ONNX Runtime can implement it. */
export type QueryEmbedder = (tokens: EmbeddingTokens) => Promise<Float32Array>;

/**
 * The static model computed in TypeScript: a lookup of the query's rows and their weighted mean,
 * normalised. For a static model this is the whole graph, so the Worker needs no ONNX Runtime
 * (whose engine alone is 3.5 MiB gzipped); the tests hold it to ORT's output within 1e-5.
 */
export function staticEmbedder(semantic: SemanticIndex): QueryEmbedder {
  return async (tokens) => embedStatic(semantic, tokens);
}

/** The static model's embedding of `tokens`, synchronously (what `staticEmbedder` resolves to). */
export function embedStatic(semantic: SemanticIndex, { ids, weights }: EmbeddingTokens): Float32Array {
  return embedReference(semantic.matrix, semantic.dimensions, ids, weights);
}

/** A zero vector (a text of unknown tokens only) has no direction: the route has nothing to score. */
export function nonZero(vector: Float32Array): Float32Array | null {
  return vector.some((x) => x !== 0) ? vector : null;
}

/** The query's tokens, analysed as language `lang` with the model's analyzer settings. */
export function queryTokens(semantic: SemanticIndex, q: string, lang: Lang): EmbeddingTokens {
  return tokenize(q, lang, semantic.tokenizer);
}

/**
 * The query's embedding, or null when it has no token the model knows or can hash (then the vector
 * route has nothing to say and is skipped, rather than scoring a zero vector).
 */
export async function embedQuery(semantic: SemanticIndex, q: string, lang: Lang, embedder: QueryEmbedder): Promise<Float32Array | null> {
  const tokens = queryTokens(semantic, q, lang);
  if (tokens.ids.length === 0) return null;
  return nonZero(await embedder(tokens));
}
