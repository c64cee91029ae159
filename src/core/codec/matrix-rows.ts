/**
 * The static model's matrix read by the rows a query needs (issue 18). embedding.bin holds a
 * float32 step per row, then the int8 rows (binary.ts); the build stores it in shards of at most
 * MATRIX_SHARD_BYTES. A query's embedding reads only its terms' rows and their n-gram buckets'
 * rows, so a lazily read pack fetches and checks the shards holding those, each once, instead of
 * the whole file: under `wrangler dev` a cold isolate's pack load grew with the bytes it read, and
 * embedding.bin was most of what the vectors added (`npm run bench`, cold start rows).
 */
import { checkMatrixSize, checkStep, FLOAT_BYTES, type QuantizedMatrix } from './binary.ts';
import { keptRead, DEFAULT_READ_DEADLINE_MS } from './kept-loads.ts';

/**
 * Largest shard of embedding.bin, in bytes: 64 KiB, the section blocks' target size. 512 rows of
 * 128 dimensions each: a query of a few words reads the shards of its terms' rows, the n-gram
 * buckets' (4,096 rows: 8 shards, which nearly every query touches, their rows being hashed) and
 * the steps' (4 bytes a row, at the start of the file).
 */
export const MATRIX_SHARD_BYTES = 64 * 1024;

export interface MatrixRows {
  /** The whole matrix's arrays; a row not read yet is all zeros with step 0. */
  readonly matrix: QuantizedMatrix;
  /** Whether every one of these rows has been read and checked. */
  has(ids: ArrayLike<number>): boolean;
  /** Reads the shards holding these rows (each shard once, checked as every pack file is); `signal`: the request's end. */
  ensure(ids: ArrayLike<number>, signal?: AbortSignal): Promise<void>;
  /** Reads every shard not read yet. */
  ensureAll(): Promise<void>;
}

/**
 * The rows of a `rows` × `dim` matrix stored as shards of `shardBytes[i]` bytes each, in order;
 * `readShard(i)` reads and checks shard i. Throws INDEX_CORRUPT when the shards do not add up to
 * the matrix's size, or when a row's step read is not finite and ≥ 0. `patienceMs`: how long a query
 * waits for another's read of a shard before reading it itself (kept-loads.ts).
 */
export function matrixRows(rows: number, dim: number, shardBytes: readonly number[], readShard: (i: number) => Promise<Uint8Array>, patienceMs = DEFAULT_READ_DEADLINE_MS): MatrixRows {
  const stepsBytes = rows * FLOAT_BYTES;
  const total = stepsBytes + rows * dim;
  checkMatrixSize(shardBytes.reduce((a, b) => a + b, 0), rows, dim);
  const starts: number[] = [];
  shardBytes.reduce((offset, bytes) => (starts.push(offset), offset + bytes), 0);
  const buffer = new Uint8Array(total);
  const view = new DataView(buffer.buffer);
  const matrix: QuantizedMatrix = { rows, dim, steps: new Float32Array(rows), values: new Int8Array(buffer.buffer, stepsBytes, rows * dim) };
  const ready = new Uint8Array(rows);
  const loaded = new Uint8Array(shardBytes.length);
  // Each shard read once for every query that needs it (a query waits for another's read of it to
  // end, never on its promise: kept-loads.ts); a failed read is read again by the next.
  const loads = shardBytes.map((_, s) =>
    keptRead(async () => {
      buffer.set(await readShard(s), starts[s]);
      loaded[s] = 1;
    }, patienceMs),
  );

  /** The shard holding byte `offset` (binary search over the starts). */
  const shardAt = (offset: number): number => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  /** The shards overlapping bytes [from, to). */
  const shardsOf = (from: number, to: number, into: Set<number>) => {
    for (let s = shardAt(from); s < starts.length && starts[s]! < to; s++) into.add(s);
  };
  const readStep = (row: number) => {
    matrix.steps[row] = checkStep(view.getFloat32(row * FLOAT_BYTES, true), row);
    ready[row] = 1;
  };
  const ensure = async (ids: ArrayLike<number>, signal?: AbortSignal): Promise<void> => {
    const needed = new Set<number>();
    const rowsToCheck: number[] = [];
    for (let i = 0; i < ids.length; i++) {
      const row = ids[i]!;
      if (!(Number.isInteger(row) && row >= 0 && row < rows)) throw new RangeError(`matrix row ${row} is outside 0…${rows - 1}.`);
      if (ready[row]) continue;
      rowsToCheck.push(row);
      shardsOf(row * FLOAT_BYTES, (row + 1) * FLOAT_BYTES, needed);
      shardsOf(stepsBytes + row * dim, stepsBytes + (row + 1) * dim, needed);
    }
    await Promise.all([...needed].filter((s) => !loaded[s]).map((s) => loads[s]!(signal)));
    for (const row of rowsToCheck) if (!ready[row]) readStep(row);
  };
  return {
    matrix,
    has: (ids) => {
      for (let i = 0; i < ids.length; i++) if (!ready[ids[i]!]) return false;
      return true;
    },
    ensure,
    ensureAll: () => ensure(Array.from({ length: rows }, (_, i) => i)),
  };
}
