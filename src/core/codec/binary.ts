/**
 * The pack's binary files: float32 arrays, the embedding matrix and the section vectors, little-endian
 * on every host.
 *
 * vectors.bin, for `count` sections of `dim` components:
 *   bytes [0, 4·count)                 float32 LE scale of each section (quantize.ts)
 *   bytes [4·count, 4·count + count·dim) int8 components, section-major
 * Scales first keeps them 4-byte aligned whatever `dim` is. There is no header: the manifest holds
 * count (its section count) and dim (its model's dimensions), and a file whose length disagrees
 * with them is refused, so a truncated or foreign file cannot load.
 */
import { RecallBoxError } from '../errors.ts';
import type { QuantizedVectors } from '../vector/types.ts';

export const FLOAT_BYTES = 4;

/** True on little-endian hosts (every Workers and Node target): float arrays copy without a swap. */
const HOST_LITTLE_ENDIAN = new Uint8Array(Float32Array.of(1).buffer)[3] === 0x3f;

/** float32 values as little-endian bytes. */
export function encodeFloat32(values: Float32Array): Uint8Array {
  if (HOST_LITTLE_ENDIAN) return new Uint8Array(values.buffer.slice(values.byteOffset, values.byteOffset + values.byteLength));
  const out = new Uint8Array(values.length * FLOAT_BYTES);
  const view = new DataView(out.buffer);
  for (let i = 0; i < values.length; i++) view.setFloat32(i * FLOAT_BYTES, values[i], true);
  return out;
}

/** `count` float32 values from little-endian bytes at `offset` (copied: the result owns its buffer). */
export function decodeFloat32(bytes: Uint8Array, offset: number, count: number): Float32Array {
  const start = bytes.byteOffset + offset;
  if (HOST_LITTLE_ENDIAN) return new Float32Array(bytes.buffer.slice(start, start + count * FLOAT_BYTES));
  const view = new DataView(bytes.buffer, start, count * FLOAT_BYTES);
  return Float32Array.from({ length: count }, (_, i) => view.getFloat32(i * FLOAT_BYTES, true));
}

/** The bytes of vectors.bin. */
export function encodeVectors(vectors: QuantizedVectors): Uint8Array {
  const out = new Uint8Array(vectors.count * (FLOAT_BYTES + vectors.dim));
  out.set(encodeFloat32(vectors.scales), 0);
  out.set(new Uint8Array(vectors.data.buffer, vectors.data.byteOffset, vectors.data.byteLength), vectors.count * FLOAT_BYTES);
  return out;
}

function corrupt(message: string): RecallBoxError {
  return new RecallBoxError('INDEX_CORRUPT', message);
}

/** vectors.bin read back, checked against the manifest's section count and dimensions. */
export function decodeVectors(bytes: Uint8Array, count: number, dim: number): QuantizedVectors {
  const expected = count * (FLOAT_BYTES + dim);
  if (bytes.byteLength !== expected) {
    throw corrupt(`vectors.bin has ${bytes.byteLength} bytes; ${count} sections of ${dim} dimensions need ${expected}.`);
  }
  const scales = decodeFloat32(bytes, 0, count);
  for (let i = 0; i < count; i++) {
    if (!(scales[i] >= 0 && scales[i] < Infinity)) throw corrupt(`vectors.bin: section ${i} has scale ${scales[i]}.`);
  }
  const start = count * FLOAT_BYTES;
  const data = new Int8Array(bytes.buffer.slice(bytes.byteOffset + start, bytes.byteOffset + expected));
  return { dim, count, data, scales };
}

/**
 * Largest magnitude of an int8 component of embedding.bin: 127, symmetric, so −128 is never
 * written and a component's sign never depends on rounding.
 */
const MATRIX_INT8_LIMIT = 127;

/**
 * The bytes of embedding.bin: E, `rows` × `dim`, as int8 rows with one float32 step each —
 * component j of row i is q[i·dim + j] · step[i], step = max |row| / 127 (0 for a zero row). Unlike
 * the section vectors, rows are not normalised: a row's length is its token's weight in the
 * query's weighted mean. A component moves by at most step / 2. Against float32 rows the vector
 * route alone moved by at most 0.003 (MRR@10 on the reader questions: Astro 0.7045 → 0.7015, its
 * fresh set 0.8097 → 0.8125, Hono 0.7709 → 0.7714; nDCG@10 Cranfield 0.4001 → 0.4000, CISI
 * 0.2967 → 0.2977) and the default pipeline not at all on those sets but CISI (0.3643 → 0.3648):
 * `npm run eval -- --dataset <…> [--queries <…>] --systems recall-box:vector,recall-box:full
 * --no-confidence`, at this change and at its parent. Layout:
 *   bytes [0, 4·rows)                   float32 LE step of each row
 *   bytes [4·rows, 4·rows + rows·dim)   int8 components, row-major
 * Steps first keeps them 4-byte aligned whatever `dim` is. A quarter of the float32 matrix (9.1 MiB
 * → 2.3 MiB on the Astro en docs), which every cold isolate reads and hashes.
 */
export function encodeMatrix(matrix: Float32Array, rows: number, dim: number): Uint8Array {
  if (matrix.length !== rows * dim) throw new RecallBoxError('INVALID_OPTIONS', `embedding matrix has ${matrix.length} values, expected ${rows} rows × ${dim}.`);
  const steps = new Float32Array(rows);
  const q = new Int8Array(rows * dim);
  for (let i = 0; i < rows; i++) {
    let max = 0;
    for (let j = i * dim; j < (i + 1) * dim; j++) max = Math.max(max, Math.abs(matrix[j]!));
    if (!Number.isFinite(max)) throw new RecallBoxError('INVALID_OPTIONS', `embedding matrix row ${i} has a non-finite value.`);
    const step = Math.fround(max / MATRIX_INT8_LIMIT);
    steps[i] = step;
    if (step === 0) continue;
    for (let j = i * dim; j < (i + 1) * dim; j++) q[j] = Math.max(-MATRIX_INT8_LIMIT, Math.min(MATRIX_INT8_LIMIT, Math.round(matrix[j]! / step)));
  }
  const out = new Uint8Array(rows * (FLOAT_BYTES + dim));
  out.set(encodeFloat32(steps), 0);
  out.set(new Uint8Array(q.buffer), rows * FLOAT_BYTES);
  return out;
}

/**
 * E as embedding.bin stores it: int8 components, row-major, and one float32 step per row; a
 * component's value is `Math.fround(value × step)`. Kept this way in a loaded pack (a quarter of
 * the float32 matrix, plus a step per row) and read a row at a time by the
 * static embedder (embed/reference.ts); `dequantizeMatrix` gives the float32 E for ONNX Runtime.
 */
export interface QuantizedMatrix {
  rows: number;
  dim: number;
  steps: Float32Array;
  values: Int8Array;
}

/** embedding.bin's size for `rows` × `dim`: a float32 step and `dim` int8 components a row; INDEX_CORRUPT otherwise. */
export function checkMatrixSize(bytes: number, rows: number, dim: number): void {
  const expected = rows * (FLOAT_BYTES + dim);
  if (bytes !== expected) throw corrupt(`embedding.bin has ${bytes} bytes; ${rows} rows of ${dim} int8 components and a float32 step need ${expected}.`);
}

/** A row's step as embedding.bin stores it, checked: finite and ≥ 0, else INDEX_CORRUPT naming the row. */
export function checkStep(step: number, row: number): number {
  if (!(step >= 0 && step < Infinity)) throw corrupt(`embedding.bin: row ${row} has step ${step}.`);
  return step;
}

/**
 * embedding.bin checked against the manifest's rows and dimensions, without copying its
 * components. The steps are checked (finite, ≥ 0); the components need no check, since every int8
 * is a valid component.
 */
export function readMatrix(bytes: Uint8Array, rows: number, dim: number): QuantizedMatrix {
  checkMatrixSize(bytes.byteLength, rows, dim);
  const steps = decodeFloat32(bytes, 0, rows);
  for (let i = 0; i < rows; i++) checkStep(steps[i]!, i);
  return { rows, dim, steps, values: new Int8Array(bytes.buffer, bytes.byteOffset + rows * FLOAT_BYTES, rows * dim) };
}

/** The float32 E of a quantized matrix: what every embedder computes with (ONNX Runtime is handed these values as model.onnx's external data). */
export function dequantizeMatrix({ rows, dim, steps, values }: QuantizedMatrix): Float32Array {
  const matrix = new Float32Array(rows * dim);
  for (let i = 0; i < rows; i++) {
    const step = steps[i]!;
    for (let j = i * dim; j < (i + 1) * dim; j++) matrix[j] = values[j]! * step;
  }
  return matrix;
}

/** embedding.bin read back as the float32 E (readMatrix, then dequantizeMatrix). */
export function decodeMatrix(bytes: Uint8Array, rows: number, dim: number): Float32Array {
  return dequantizeMatrix(readMatrix(bytes, rows, dim));
}

const HASH_BYTES = 4;

/**
 * Distinct 32-bit hashes, ascending, as little-endian bytes, no header: a section's term set
 * (rank/term-set.ts, then in base64) and ngrams.bin (PACK_FILES.ngrams). Whole hashes, not their
 * differences in a varint: for ngrams.bin those took about 3 bytes a hash (Hono 78 KiB instead of
 * 107, Astro zh-cn 160 instead of 229) but twice the CPU to decode in a fresh process (zh-cn: a
 * median of 6–10 ms against 2–5; ad hoc, five runs each), and CPU is what that file saves.
 */
export function encodeHashes(hashes: Uint32Array): Uint8Array {
  if (HOST_LITTLE_ENDIAN) return new Uint8Array(hashes.buffer.slice(hashes.byteOffset, hashes.byteOffset + hashes.byteLength));
  const out = new Uint8Array(hashes.length * HASH_BYTES);
  const view = new DataView(out.buffer);
  hashes.forEach((h, i) => view.setUint32(i * HASH_BYTES, h, true));
  return out;
}

/**
 * The hashes of `bytes` (encodeHashes; copied: the result owns its buffer). Throws
 * RecallBoxError('INDEX_CORRUPT'), naming `what`, on bytes that are not whole hashes, or on hashes
 * not strictly ascending, which a merge (termSetJaccard) or a binary search (isKnownNgram) over
 * them would get wrong.
 */
export function decodeHashes(bytes: Uint8Array, what: string): Uint32Array {
  if (bytes.byteLength % HASH_BYTES !== 0) throw new RecallBoxError('INDEX_CORRUPT', `${what} holds ${bytes.byteLength} bytes, not whole 4-byte hashes.`);
  const count = bytes.byteLength / HASH_BYTES;
  let hashes: Uint32Array;
  if (HOST_LITTLE_ENDIAN) {
    hashes = new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  } else {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    hashes = Uint32Array.from({ length: count }, (_, i) => view.getUint32(i * HASH_BYTES, true));
  }
  for (let i = 1; i < count; i++) {
    if (hashes[i]! <= hashes[i - 1]!) throw new RecallBoxError('INDEX_CORRUPT', `${what} is not in strictly ascending order.`);
  }
  return hashes;
}
