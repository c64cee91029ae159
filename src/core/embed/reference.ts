/**
 * The embedding graph in plain TypeScript: gather the rows of E, sum them weighted, L2-normalise
 * (norm floored at L2_NORM_FLOOR). It is the specification the ONNX export is tested against (ORT's
 * output must match it within 1e-5), and lets a small model embed without ORT at all.
 */
import { RecallBoxError } from '../errors.ts';
import { L2_NORM_FLOOR } from './model.ts';
import type { QuantizedMatrix } from '../codec/binary.ts';

/**
 * Embedding of weighted token ids. `matrix` is E row-major (rows × dim), as float32 values or as
 * stored (int8 with a step per row, whose values are `Math.fround(value × step)`: the same numbers
 * as the float32 E decoded from it, so both give the same embedding to the bit). Sums in float64,
 * so it is at least as exact as ORT's float32; an id outside E means the vocabulary and the matrix
 * come from different models (EMBED_FAILED, the code the Worker's embedder uses for the same fault).
 */
export function embedReference(matrix: Float32Array | QuantizedMatrix, dim: number, ids: Int32Array, weights: Float32Array): Float32Array {
  const rows = matrix instanceof Float32Array ? matrix.length / dim : matrix.rows;
  if (ids.length !== weights.length) {
    throw new RecallBoxError('EMBED_FAILED', `${ids.length} token ids but ${weights.length} weights.`);
  }
  const sum = new Float64Array(dim);
  for (let t = 0; t < ids.length; t++) {
    const id = ids[t];
    if (!(id >= 0 && id < rows)) throw new RecallBoxError('EMBED_FAILED', `token id ${id} is outside the model's ${rows} rows.`);
    const w = weights[t];
    const base = id * dim;
    if (matrix instanceof Float32Array) {
      for (let j = 0; j < dim; j++) sum[j] += w * matrix[base + j];
    } else {
      const step = matrix.steps[id]!;
      for (let j = 0; j < dim; j++) sum[j] += w * Math.fround(matrix.values[base + j]! * step);
    }
  }
  let squares = 0;
  for (let j = 0; j < dim; j++) squares += sum[j] * sum[j];
  // A non-finite row (a damaged matrix) or weight poisons the sum: fail rather than rank by NaN.
  if (!Number.isFinite(squares)) throw new RecallBoxError('EMBED_FAILED', 'the embedding is not finite: the model matrix or the weights hold NaN or Infinity.');
  const norm = Math.max(Math.sqrt(squares), L2_NORM_FLOOR);
  const out = new Float32Array(dim);
  for (let j = 0; j < dim; j++) out[j] = sum[j] / norm;
  return out;
}

/** Dot product of two vectors of equal length: the cosine of two unit vectors. */
export function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let j = 0; j < a.length; j++) s += a[j] * b[j];
  return s;
}
