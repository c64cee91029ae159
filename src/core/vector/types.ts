/**
 * The vector kernel's contract: quantized vectors in, the best k ids and scores out. Two kernels
 * implement it — WebAssembly (wasm-kernel.ts) and plain TypeScript (typescript-kernel.ts) — and
 * must return bit-identical results for the same input; the shared test suite checks it.
 */

/**
 * Vectors as stored in the pack: `count` vectors of `dim` int8 components, row-major, plus one
 * float scale per vector. Component j of vector i ≈ data[i·dim + j] · scales[i], of the vector
 * after L2 normalisation; quantizeVectors (quantize.ts) picks the scale that makes this dequantized
 * vector exactly unit length, and gives a zero vector scale 0.
 */
export interface QuantizedVectors {
  dim: number;
  count: number;
  data: Int8Array;
  scales: Float32Array;
}

/** The best vectors for a query: sorted by score descending, ties by id ascending. */
export interface TopK {
  ids: Int32Array;
  scores: Float32Array;
}

export interface VectorKernel {
  readonly name: 'wasm' | 'typescript';
  /**
   * Loads vectors once, replacing any loaded before. The kernel keeps its own copy (WASM: in its
   * linear memory, once per isolate), so the caller may drop or reuse the arrays. Throws a
   * RangeError on malformed vectors and leaves the previous vectors loaded.
   */
  load(vectors: QuantizedVectors): void;
  /**
   * Cosine-like scores of a float32 query against every loaded vector; the best `k` with score ≥
   * `minScore` (default: no floor). The query is L2-normalised and quantized to int8 first (see
   * quantizeQuery), so its length does not matter. `k` above the vector count returns them all;
   * `k` = 0 returns nothing.
   */
  topK(query: Float32Array, k: number, minScore?: number): TopK;
}
