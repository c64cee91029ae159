/**
 * Argument checks shared by both kernels, run before either changes any state, so a bad call
 * throws the same RangeError from both and leaves the loaded vectors in place.
 */
import type { QuantizedVectors } from './types.ts';

/**
 * The largest dimension accepted. Scores rely on an exact integer dot product in i32: |dot| ≤
 * dim · 128 · 127 must stay below 2³¹, i.e. dim ≤ 132,104; 65,536 leaves room and is far above any
 * embedding model's output. (Below 1,040 the dot is also exact in float32 — see score.ts.)
 */
export const MAX_DIM = 65_536;

export function assertDim(dim: number): void {
  if (!Number.isInteger(dim) || dim < 1 || dim > MAX_DIM) throw new RangeError(`dim must be an integer in 1..${MAX_DIM}, got ${dim}`);
}

/** Throws unless `v` is well formed: shapes agree and every scale is finite and ≥ 0. */
export function assertQuantizedVectors(v: QuantizedVectors): void {
  assertDim(v.dim);
  if (!Number.isInteger(v.count) || v.count < 0) throw new RangeError(`count must be a non-negative integer, got ${v.count}`);
  if (!(v.data instanceof Int8Array) || v.data.length !== v.dim * v.count) {
    throw new RangeError(`data must be an Int8Array of dim × count = ${v.dim * v.count} components`);
  }
  if (!(v.scales instanceof Float32Array) || v.scales.length !== v.count) {
    throw new RangeError(`scales must be a Float32Array of count = ${v.count} scales`);
  }
  for (let i = 0; i < v.count; i++) {
    const s = v.scales[i];
    if (!(s >= 0 && s < Infinity)) throw new RangeError(`scale ${i} is ${s}; scales must be finite and ≥ 0`);
  }
}

/**
 * Throws unless a topK call is well formed for vectors of `dim` (null: nothing loaded yet).
 * Query components are checked when the query is quantized.
 */
export function assertTopKArgs(dim: number | null, query: Float32Array, k: number, minScore: number): void {
  if (dim === null) throw new RangeError('no vectors loaded: call load() before topK()');
  if (!(query instanceof Float32Array) || query.length !== dim) throw new RangeError(`query must be a Float32Array of ${dim} components`);
  if (!Number.isInteger(k) || k < 0) throw new RangeError(`k must be a non-negative integer, got ${k}`);
  if (Number.isNaN(minScore)) throw new RangeError('minScore must be a number, got NaN');
}
