/**
 * The vector kernel in plain TypeScript: the reference the WASM kernel is tested against, and the
 * fallback where WebAssembly is unavailable. Same arithmetic (score.ts), same selection
 * (top-k-heap.ts), same results bit for bit.
 */
import { assertQuantizedVectors, assertTopKArgs } from './contract.ts';
import { quantizeQuery } from './quantize.ts';
import { score } from './score.ts';
import { TopKHeap } from './top-k-heap.ts';
import type { QuantizedVectors, TopK, VectorKernel } from './types.ts';

export function createTypeScriptKernel(): VectorKernel {
  let loaded: QuantizedVectors | null = null;

  return {
    name: 'typescript',

    load(vectors) {
      assertQuantizedVectors(vectors);
      // A copy, like the WASM kernel's: later changes to the caller's arrays do not leak in.
      loaded = { dim: vectors.dim, count: vectors.count, data: vectors.data.slice(), scales: vectors.scales.slice() };
    },

    topK(query, k, minScore = -Infinity): TopK {
      assertTopKArgs(loaded?.dim ?? null, query, k, minScore);
      const { dim, count, data, scales } = loaded!;
      const q = quantizeQuery(query);
      const heap = new TopKHeap(Math.min(k, count));
      if (heap.capacity === 0) return heap.drain();
      const qv = q.values;
      for (let i = 0, row = 0; i < count; i++, row += dim) {
        let dot = 0;
        for (let j = 0; j < dim; j++) dot += data[row + j] * qv[j];
        const s = score(dot, scales[i], q.scale);
        if (s >= minScore) heap.offer(i, s);
      }
      return heap.drain();
    },
  };
}
