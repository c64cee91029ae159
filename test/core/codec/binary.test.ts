import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFloat32, decodeHashes, decodeMatrix, decodeVectors, dequantizeMatrix, encodeFloat32, encodeHashes, encodeMatrix, encodeVectors, readMatrix } from '../../../src/core/codec/binary.ts';
import { knownNgramHashes } from '../../../src/core/embed/ngrams.ts';
import { embedReference } from '../../../src/core/embed/reference.ts';
import { quantizeVectors } from '../../../src/core/vector/quantize.ts';
import { codeOf, thrown } from '../../support/errors.ts';

const finiteFloat = fc.float({ noNaN: true, noDefaultInfinity: true });

describe('float32 files', () => {
  it('round-trips any finite float32 values, little-endian', () => {
    fc.assert(
      fc.property(fc.array(finiteFloat, { maxLength: 64 }), (values) => {
        const f = Float32Array.from(values);
        expect(Array.from(decodeFloat32(encodeFloat32(f), 0, f.length))).toEqual(Array.from(f));
      }),
    );
  });

  it('writes little-endian bytes whatever the host', () => {
    // 1.0f is 0x3f800000: little-endian bytes 00 00 80 3f.
    expect(Array.from(encodeFloat32(Float32Array.of(1)))).toEqual([0, 0, 0x80, 0x3f]);
  });

  it('reads from an unaligned offset of a larger buffer', () => {
    const bytes = new Uint8Array(9);
    bytes.set(encodeFloat32(Float32Array.of(2.5, -1)), 1);
    expect(Array.from(decodeFloat32(bytes.subarray(1), 0, 2))).toEqual([2.5, -1]);
  });
});

describe('embedding.bin', () => {
  /** Largest error of one component: half its row's step, the row's largest magnitude / 127. */
  const halfStep = (row: readonly number[]) => Math.max(...row.map(Math.abs)) / 127 / 2;

  it('reads back every component within half its row\'s step, and a zero row as zeros', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 6 }), fc.array(fc.float({ min: -4, max: 4, noNaN: true }), { maxLength: 60 }), (dim, rows, pool) => {
        const matrix = Float32Array.from({ length: rows * dim }, (_, i) => pool[i % Math.max(1, pool.length)] ?? 0);
        const back = decodeMatrix(encodeMatrix(matrix, rows, dim), rows, dim);
        for (let r = 0; r < rows; r++) {
          const row = Array.from(matrix.subarray(r * dim, (r + 1) * dim));
          const bound = halfStep(row) * (1 + 1e-6) + 1e-12;
          row.forEach((x, j) => expect(Math.abs(back[r * dim + j]! - x)).toBeLessThanOrEqual(bound));
        }
      }),
    );
  });

  it('embeds from the stored rows exactly as from the float32 matrix decoded from them (to the bit)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.float({ min: -4, max: 4, noNaN: true }), { minLength: 1, maxLength: 60 }),
        fc.array(fc.tuple(fc.nat(), fc.float({ min: 0, max: 10, noNaN: true })), { maxLength: 8 }),
        (dim, rows, pool, tokens) => {
          const stored = readMatrix(encodeMatrix(Float32Array.from({ length: rows * dim }, (_, i) => pool[i % pool.length]!), rows, dim), rows, dim);
          const ids = Int32Array.from(tokens, ([id]) => id % rows);
          const weights = Float32Array.from(tokens, ([, w]) => w);
          expect(Array.from(embedReference(stored, dim, ids, weights))).toEqual(Array.from(embedReference(dequantizeMatrix(stored), dim, ids, weights)));
        },
      ),
    );
  });

  it('is a quarter of the float32 matrix, plus a step per row', () => {
    expect(encodeMatrix(new Float32Array(3 * 128), 3, 128).byteLength).toBe(3 * (4 + 128));
  });

  it('refuses a file of the wrong size or a non-finite step as INDEX_CORRUPT, and a non-finite row at build', () => {
    const ok = encodeMatrix(Float32Array.of(1, 2, 3, 4), 2, 2);
    expect(thrown(() => decodeMatrix(ok, 3, 2)).code).toBe('INDEX_CORRUPT');
    expect(thrown(() => decodeMatrix(ok.subarray(1), 1, 2)).code).toBe('INDEX_CORRUPT');
    const badStep = ok.slice();
    badStep.set(encodeFloat32(Float32Array.of(Number.NaN)), 4);
    expect(thrown(() => decodeMatrix(badStep, 2, 2)).code).toBe('INDEX_CORRUPT');
    expect(thrown(() => encodeMatrix(Float32Array.of(1, Number.NaN), 1, 2)).code).toBe('INVALID_OPTIONS');
  });

  it('leaves a non-finite value to the embedder, which refuses to embed with it (EMBED_FAILED)', () => {
    const matrix = Float32Array.of(1, 0, Number.NaN, 1);
    expect(Array.from(embedReference(matrix, 2, Int32Array.of(0), Float32Array.of(1)))).toEqual([1, 0]);
    expect(thrown(() => embedReference(matrix, 2, Int32Array.of(0, 1), Float32Array.of(1, 1))).code).toBe('EMBED_FAILED');
  });
});

describe('vectors.bin', () => {
  it('round-trips quantized vectors exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 6 }), fc.integer(), (dim, count, seed) => {
        let x = seed | 0;
        const next = () => ((x = (Math.imul(x, 1103515245) + 12345) | 0) % 1000) / 1000;
        const vectors = quantizeVectors(Array.from({ length: count }, () => Float32Array.from({ length: dim }, next)), dim);
        const back = decodeVectors(encodeVectors(vectors), count, dim);
        expect(back.dim).toBe(dim);
        expect(back.count).toBe(count);
        expect(Array.from(back.data)).toEqual(Array.from(vectors.data));
        expect(Array.from(back.scales)).toEqual(Array.from(vectors.scales));
      }),
    );
  });

  it('refuses a file whose length disagrees with the section count or dimensions', () => {
    const bytes = encodeVectors(quantizeVectors([Float32Array.of(1, 0, 0), Float32Array.of(0, 1, 0)]));
    for (const [count, dim] of [[3, 3], [2, 4], [1, 3]]) {
      const e = thrown(() => decodeVectors(bytes, count!, dim!));
      expect(e.code).toBe('INDEX_CORRUPT');
      expect(e.message).toContain('vectors.bin');
    }
  });
});

describe('sorted hashes: ngrams.bin, and a section\'s term set before base64', () => {
  it('decodes what it encodes: any vocabulary\'s hashes', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }), { maxLength: 20 }), (vocab) => {
        const known = knownNgramHashes(vocab, 3, 5);
        const bytes = encodeHashes(known);
        expect(bytes.byteLength).toBe(4 * known.length);
        expect(decodeHashes(bytes, 'ngrams.bin')).toEqual(known);
        // A view into a larger buffer (a bundled pack's module bytes) decodes the same.
        const padded = new Uint8Array(bytes.byteLength + 3);
        padded.set(bytes, 3);
        expect(decodeHashes(padded.subarray(3), 'ngrams.bin')).toEqual(known);
      }),
    );
  });

  it('refuses bytes that are not whole hashes, or hashes out of order or repeated (INDEX_CORRUPT)', () => {
    const known = knownNgramHashes(['middleware', 'routing'], 3, 5);
    const bytes = encodeHashes(known);
    expect(codeOf(() => decodeHashes(bytes.subarray(0, bytes.byteLength - 1), 'ngrams.bin'))).toBe('INDEX_CORRUPT');
    expect(codeOf(() => decodeHashes(encodeHashes(known.slice().reverse()), 'ngrams.bin'))).toBe('INDEX_CORRUPT');
    expect(codeOf(() => decodeHashes(encodeHashes(Uint32Array.of(known[0]!, known[0]!)), 'ngrams.bin'))).toBe('INDEX_CORRUPT');
    expect(decodeHashes(new Uint8Array(0), 'ngrams.bin')).toEqual(new Uint32Array(0));
    expect(thrown(() => decodeHashes(bytes.subarray(1), 'ngrams.bin')).message).toContain('ngrams.bin');
  });
});
