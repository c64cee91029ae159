import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encodeMatrix, readMatrix } from '../../../src/core/codec/binary.ts';
import { matrixRows } from '../../../src/core/codec/matrix-rows.ts';
import { codeOfAsync, thrown } from '../../support/errors.ts';

const ROWS = 40;
const DIM = 6;

/** A matrix's embedding.bin bytes, cut into shards of `size` bytes, with a counting reader. */
function stored(size: number, rows = ROWS, dim = DIM, seed = 1) {
  let x = seed;
  const values = Float32Array.from({ length: rows * dim }, () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1);
  const bytes = encodeMatrix(values, rows, dim);
  const shards: Uint8Array[] = [];
  for (let at = 0; at < bytes.byteLength; at += size) shards.push(bytes.slice(at, at + size));
  const reads: number[] = [];
  const read = async (i: number) => {
    reads.push(i);
    return shards[i]!;
  };
  return { bytes, shards, reads, read, whole: readMatrix(bytes, rows, dim) };
}

describe('matrixRows', () => {
  it('gives the rows read exactly as the whole file gives them, reading only the shards that hold them', async () => {
    const s = stored(64);
    const m = matrixRows(ROWS, DIM, s.shards.map((b) => b.byteLength), s.read);
    const ids = [3, 17, 39];
    expect(m.has(ids)).toBe(false);
    await m.ensure(ids);
    expect(m.has(ids)).toBe(true);
    expect(m.has([4])).toBe(false);
    for (const r of ids) {
      expect(m.matrix.steps[r]).toBe(s.whole.steps[r]);
      expect([...m.matrix.values.subarray(r * DIM, (r + 1) * DIM)]).toEqual([...s.whole.values.subarray(r * DIM, (r + 1) * DIM)]);
    }
    // Each row: its step (4 bytes at 4·r) and its values (6 bytes at 160 + 6·r), in 64-byte shards.
    const expected = new Set(ids.flatMap((r) => [Math.floor((4 * r) / 64), Math.floor((4 * r + 3) / 64), Math.floor((160 + DIM * r) / 64), Math.floor((160 + DIM * r + DIM - 1) / 64)]));
    expect([...s.reads].sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
    expect(s.reads.length).toBeLessThan(s.shards.length);
  });

  it('reads each shard once, however many queries ask for it at once', async () => {
    const s = stored(50);
    const m = matrixRows(ROWS, DIM, s.shards.map((b) => b.byteLength), s.read);
    await Promise.all([m.ensure([1, 2]), m.ensure([2, 3]), m.ensureAll(), m.ensure([0])]);
    expect([...s.reads].sort((a, b) => a - b)).toEqual(s.shards.map((_, i) => i));
    await m.ensure([5, 6]);
    expect(s.reads.length).toBe(s.shards.length);
  });

  it('after ensureAll equals the whole file, for any shard size (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 9 }), async (size, rows, dim) => {
        const s = stored(size, rows, dim, size);
        const m = matrixRows(rows, dim, s.shards.map((b) => b.byteLength), s.read);
        await m.ensureAll();
        return m.has(Array.from({ length: rows }, (_, i) => i)) && m.matrix.steps.every((v, i) => v === s.whole.steps[i]) && m.matrix.values.every((v, i) => v === s.whole.values[i]);
      }),
      { numRuns: 60 },
    );
  });

  it('reads a shard again after a failed read', async () => {
    const s = stored(64);
    let fail = true;
    const m = matrixRows(ROWS, DIM, s.shards.map((b) => b.byteLength), async (i) => {
      if (fail) throw new Error('store down');
      return s.read(i);
    });
    await expect(m.ensure([5])).rejects.toThrow('store down');
    expect(m.has([5])).toBe(false);
    fail = false;
    await m.ensure([5]);
    expect(m.matrix.steps[5]).toBe(s.whole.steps[5]);
  });

  it('refuses shards that do not add up to the matrix, and a row whose step is not finite and ≥ 0, as INDEX_CORRUPT', async () => {
    const s = stored(64);
    expect(thrown(() => matrixRows(ROWS, DIM, [10, 20], s.read)).code).toBe('INDEX_CORRUPT');
    const bad = s.bytes.slice();
    new DataView(bad.buffer).setFloat32(4 * 7, Number.NaN, true);
    const m = matrixRows(ROWS, DIM, [bad.byteLength], async () => bad);
    await m.ensure([6]);
    expect(await codeOfAsync(m.ensure([7]))).toBe('INDEX_CORRUPT');
    await expect(m.ensure([7])).rejects.toThrow('row 7');
  });

  it('refuses a row outside the matrix', async () => {
    const s = stored(64);
    const m = matrixRows(ROWS, DIM, s.shards.map((b) => b.byteLength), s.read);
    await expect(m.ensure([ROWS])).rejects.toThrow(RangeError);
  });
});
