/**
 * The pack's binary files: float32 arrays and the section vectors, little-endian on every host.
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

const FLOAT_BYTES = 4;

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
 * embedding.bin read back: E, rows × dim float32. Only its length is checked here: scanning its
 * millions of values for NaN (2.4 million on the Astro docs) is a cold-start cost paid by every
 * isolate for a fault that cannot go unnoticed anyway: the query embedding that reads a
 * non-finite value is checked (embedReference throws EMBED_FAILED), and the search answers from
 * the keyword route with a warning.
 */
export function decodeMatrix(bytes: Uint8Array, rows: number, dim: number): Float32Array {
  const expected = rows * dim * FLOAT_BYTES;
  if (bytes.byteLength !== expected) {
    throw corrupt(`embedding.bin has ${bytes.byteLength} bytes; ${rows} rows of ${dim} float32 need ${expected}.`);
  }
  return decodeFloat32(bytes, 0, rows * dim);
}
