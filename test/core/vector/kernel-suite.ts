/**
 * The one test suite both vector kernels must pass (run by kernels.test.ts for WASM and for
 * TypeScript, as Hono runs one suite against every runtime adapter). Every result is compared bit
 * for bit with referenceTopK, so a kernel that passes returns exactly what the other returns.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quantizeVectors, type QuantizedVectors, type VectorKernel } from '../../../src/core/vector/index.ts';
import type { KernelFactory } from './kernels.ts';
import { bits, referenceTopK } from './reference.ts';

/** Random-data runs per property; each builds up to 500 × 300 vectors. */
const PROPERTY_RUNS = 60;

/**
 * fast-check settings for these properties. Shrinking a failure over arrays this large can take
 * minutes of synchronous work that vitest cannot time out, so it is cut short: the failure is
 * still reported, with the smallest counterexample found by then.
 */
export const PROPERTY_PARAMS = { interruptAfterTimeLimit: 30_000 } as const;

/** Random stored vectors and a query of the same dimension, as floats to be quantized. */
export const vectorsAndQuery = fc
  .record({ dim: fc.integer({ min: 1, max: 300 }), count: fc.integer({ min: 0, max: 500 }) })
  .chain(({ dim, count }) =>
    fc.record({
      dim: fc.constant(dim),
      vectors: fc.array(fc.float32Array({ minLength: dim, maxLength: dim, min: -1, max: 1, noNaN: true }), { minLength: count, maxLength: count }),
      query: fc.float32Array({ minLength: dim, maxLength: dim, min: -1, max: 1, noNaN: true }),
      k: fc.integer({ min: 0, max: count + 5 }),
      minScore: fc.option(fc.double({ min: -1, max: 1, noNaN: true }), { nil: undefined }),
    }),
  );

/** Stored vectors given directly as int8 rows (not quantized from floats), each with scale 1/127. */
function rows(dim: number, values: number[][]): QuantizedVectors {
  return { dim, count: values.length, data: Int8Array.from(values.flat()), scales: new Float32Array(values.length).fill(1 / 127) };
}

function unit(dim: number, at: number, sign = 1): Float32Array {
  const v = new Float32Array(dim);
  v[at] = sign;
  return v;
}

export function describeVectorKernel(factory: KernelFactory): void {
  describe(`${factory.name} vector kernel`, () => {
    const fresh = (): Promise<VectorKernel> => factory.create();
    const expectReference = (kernel: VectorKernel, v: QuantizedVectors, query: Float32Array, k: number, minScore?: number) =>
      expect(bits(kernel.topK(query, k, minScore))).toEqual(bits(referenceTopK(v, query, k, minScore)));

    it(`is named ${factory.name}`, async () => {
      expect((await fresh()).name).toBe(factory.name);
    });

    it('returns the reference top-k bit for bit on random data (dims 1..300, counts 0..500, any k, with and without minScore)', async () => {
      const kernel = await fresh();
      fc.assert(
        fc.property(vectorsAndQuery, ({ dim, vectors, query, k, minScore }) => {
          const v = quantizeVectors(vectors, dim);
          kernel.load(v);
          expectReference(kernel, v, query, k, minScore);
        }),
        { ...PROPERTY_PARAMS, numRuns: PROPERTY_RUNS },
      );
    });

    it('breaks ties by lower id, also across the k boundary', async () => {
      const kernel = await fresh();
      const dim = 21;
      const a = Float32Array.from({ length: dim }, (_, j) => Math.sin(j + 1));
      const b = Float32Array.from({ length: dim }, (_, j) => Math.cos(j + 1));
      // Copies of a at ids 1, 3, 4, 7, 8; copies of b around them.
      const v = quantizeVectors([b, a, b, a, a, b, b, a, a, b], dim);
      kernel.load(v);
      const all = kernel.topK(a, 10);
      expect([...all.ids.slice(0, 5)]).toEqual([1, 3, 4, 7, 8]);
      expect(new Set(all.scores.slice(0, 5)).size).toBe(1);
      expect([...all.ids.slice(5)]).toEqual([0, 2, 5, 6, 9]);
      // Cut inside the tie: the lowest ids win.
      expect([...kernel.topK(a, 3).ids]).toEqual([1, 3, 4]);
      expect([...kernel.topK(a, 7).ids]).toEqual([1, 3, 4, 7, 8, 0, 2]);
      expectReference(kernel, v, a, 7);
    });

    it('breaks ties by id when every vector ties (a heap full of equals)', async () => {
      const kernel = await fresh();
      const v = quantizeVectors(Array.from({ length: 300 }, () => unit(5, 2)), 5);
      kernel.load(v);
      expect([...kernel.topK(unit(5, 2), 40).ids]).toEqual(Array.from({ length: 40 }, (_, i) => i));
      expectReference(kernel, v, unit(5, 2), 40);
    });

    it('keeps only scores ≥ minScore, the floor itself included', async () => {
      const kernel = await fresh();
      const dim = 3;
      // Cosines with the query (1, 0, 0): 1, 0.6, 0, -0.6, 0.8 — as exact as int8 allows.
      const v = quantizeVectors([unit(dim, 0), Float32Array.of(0.6, 0.8, 0), unit(dim, 1), Float32Array.of(-0.6, 0.8, 0), Float32Array.of(0.8, 0.6, 0)], dim);
      kernel.load(v);
      const query = unit(dim, 0);
      const all = kernel.topK(query, 5);
      expect([...all.ids]).toEqual([0, 4, 1, 2, 3]);
      const floor = all.scores[2]; // the score of id 1, as the kernel computed it
      expect([...kernel.topK(query, 5, floor).ids]).toEqual([0, 4, 1]);
      expect([...kernel.topK(query, 5, 0.5).ids]).toEqual([0, 4, 1]);
      expect([...kernel.topK(query, 2, 0.5).ids]).toEqual([0, 4]);
      expect(kernel.topK(query, 5, 1.5).ids.length).toBe(0);
      // The floor is compared in double precision, not rounded to float32 first: a floor a hair
      // above a score (closer than float32 can tell) excludes it.
      expect([...kernel.topK(query, 5, floor * (1 + 1e-12)).ids]).toEqual([0, 4]);
      expect([...kernel.topK(query, 5, -Infinity).ids]).toEqual([0, 4, 1, 2, 3]);
      for (const minScore of [floor, 0.5, 0, -0.7, 1.5]) expectReference(kernel, v, query, 5, minScore);
    });

    it('returns every vector when k exceeds the count, and nothing for k = 0 or no vectors', async () => {
      const kernel = await fresh();
      const v = quantizeVectors([unit(4, 0), unit(4, 1), unit(4, 0, -1)], 4);
      kernel.load(v);
      expect([...kernel.topK(unit(4, 0), 1000).ids]).toEqual([0, 1, 2]);
      expect([...kernel.topK(unit(4, 0), Number.MAX_SAFE_INTEGER).ids]).toEqual([0, 1, 2]);
      const none = kernel.topK(unit(4, 0), 0);
      expect(none.ids).toBeInstanceOf(Int32Array);
      expect(none.scores).toBeInstanceOf(Float32Array);
      expect(none.ids.length + none.scores.length).toBe(0);
      kernel.load(quantizeVectors([], 4));
      expect(kernel.topK(unit(4, 0), 10).ids.length).toBe(0);
    });

    it('scores zero vectors and a zero query as +0', async () => {
      const kernel = await fresh();
      const dim = 19;
      const v = quantizeVectors([new Float32Array(dim), unit(dim, 18), new Float32Array(dim), unit(dim, 18, -1)], dim);
      expect([...v.scales.slice(0, 1)]).toEqual([0]);
      kernel.load(v);
      const r = kernel.topK(unit(dim, 18), 4);
      expect([...r.ids]).toEqual([1, 0, 2, 3]);
      expect(Object.is(r.scores[1], 0) && Object.is(r.scores[2], 0)).toBe(true);
      const zeroQuery = kernel.topK(new Float32Array(dim), 4);
      expect([...zeroQuery.ids]).toEqual([0, 1, 2, 3]);
      expect([...zeroQuery.scores].every((s) => Object.is(s, 0))).toBe(true);
      expectReference(kernel, v, unit(dim, 18), 4);
    });

    it('reads the components past the last whole 16 (the SIMD tail) for dims around multiples of 16', async () => {
      const kernel = await fresh();
      for (const dim of [1, 2, 15, 16, 17, 31, 32, 33, 47, 255, 257, 300]) {
        // Vectors that differ only in their last component: only the tail can rank them.
        const last = dim - 1;
        const vectors = [-3, 1, 2, -1].map((x) => {
          const row = new Array<number>(dim).fill(0);
          row[last] = x * 40;
          if (dim > 1) row[0] = 5;
          return row;
        });
        const v = rows(dim, vectors);
        kernel.load(v);
        const query = unit(dim, last);
        expect([...kernel.topK(query, 4).ids], `dim ${dim}`).toEqual([2, 1, 3, 0]);
        expectReference(kernel, v, query, 4);
      }
    });

    it('replaces the vectors on a second load, whatever the sizes (no stale rows, padding or queries)', async () => {
      const kernel = await fresh();
      // Big and full of ±127 first, so anything stale would show up in a later dot product.
      const big = rows(40, Array.from({ length: 64 }, (_, i) => new Array<number>(40).fill(i % 2 ? 127 : -127)));
      kernel.load(big);
      kernel.topK(new Float32Array(40).fill(1), 5);
      const small = quantizeVectors([unit(17, 16), unit(17, 0), unit(17, 16, -1)], 17);
      kernel.load(small);
      expectReference(kernel, small, unit(17, 16), 3);
      expect([...kernel.topK(unit(17, 16), 10).ids]).toEqual([0, 1, 2]);
      expect(() => kernel.topK(new Float32Array(40), 5)).toThrow(RangeError);
      // And growing again after shrinking.
      const grown = quantizeVectors(Array.from({ length: 2000 }, (_, i) => unit(64, i % 64)), 64);
      kernel.load(grown);
      expectReference(kernel, grown, unit(64, 5), 33);
      const same = await fresh();
      same.load(grown);
      expect(bits(kernel.topK(unit(64, 5), 33))).toEqual(bits(same.topK(unit(64, 5), 33)));
    });

    it('matches the reference after every load of a random sequence (nothing stale survives a reload)', async () => {
      const kernel = await fresh();
      fc.assert(
        fc.property(fc.array(vectorsAndQuery, { minLength: 2, maxLength: 4 }), (loads) => {
          for (const { dim, vectors, query, k, minScore } of loads) {
            const v = quantizeVectors(vectors, dim);
            kernel.load(v);
            expectReference(kernel, v, query, k, minScore);
          }
        }),
        { ...PROPERTY_PARAMS, numRuns: PROPERTY_RUNS / 2 },
      );
    });

    it('copies the vectors on load: later changes to the caller’s arrays do not leak in', async () => {
      const kernel = await fresh();
      const v = quantizeVectors([unit(3, 0), unit(3, 1)], 3);
      kernel.load(v);
      const before = bits(kernel.topK(unit(3, 0), 2));
      v.data.fill(0);
      v.scales.fill(0);
      expect(bits(kernel.topK(unit(3, 0), 2))).toEqual(before);
    });

    it('scores a query the same whatever its length (it is normalised first)', async () => {
      const kernel = await fresh();
      const v = quantizeVectors([Float32Array.of(1, 2, 3), Float32Array.of(3, 2, 1), Float32Array.of(-1, 0, 1)], 3);
      kernel.load(v);
      expect(bits(kernel.topK(Float32Array.of(1, 1, 0), 3))).toEqual(bits(kernel.topK(Float32Array.of(7, 7, 0), 3)));
    });

    it('rejects bad calls with a RangeError and keeps the loaded vectors', async () => {
      const kernel = await fresh();
      expect(() => kernel.topK(unit(3, 0), 1)).toThrow(/no vectors loaded/);
      const v = quantizeVectors([unit(3, 0), unit(3, 1)], 3);
      kernel.load(v);
      const before = bits(kernel.topK(unit(3, 0), 2));
      const bad: QuantizedVectors[] = [
        { dim: 3, count: 2, data: new Int8Array(5), scales: new Float32Array(2) },
        { dim: 3, count: 2, data: new Int8Array(6), scales: new Float32Array(1) },
        { dim: 3, count: 2, data: new Int8Array(6), scales: Float32Array.of(1, -1) },
        { dim: 3, count: 2, data: new Int8Array(6), scales: Float32Array.of(1, NaN) },
        { dim: 0, count: 0, data: new Int8Array(0), scales: new Float32Array(0) },
        { dim: 2.5, count: 2, data: new Int8Array(5), scales: new Float32Array(2) },
        { dim: 3, count: -1, data: new Int8Array(0), scales: new Float32Array(0) },
      ];
      for (const b of bad) expect(() => kernel.load(b), JSON.stringify({ dim: b.dim, count: b.count })).toThrow(RangeError);
      expect(() => kernel.topK(new Float32Array(4), 1)).toThrow(RangeError);
      expect(() => kernel.topK(unit(3, 0), -1)).toThrow(RangeError);
      expect(() => kernel.topK(unit(3, 0), 1.5)).toThrow(RangeError);
      expect(() => kernel.topK(unit(3, 0), 1, NaN)).toThrow(RangeError);
      expect(() => kernel.topK(Float32Array.of(1, NaN, 0), 1)).toThrow(RangeError);
      expect(bits(kernel.topK(unit(3, 0), 2))).toEqual(before);
    });
  });
}
