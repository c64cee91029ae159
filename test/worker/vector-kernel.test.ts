/// <reference path="../../wasm/wasm-modules.d.ts" />
import { describe, expect, it } from 'vitest';
import kernelModule from '../../wasm/build/vector-kernel.wasm';
import { createTypeScriptKernel, instantiateWasmKernel, quantizeVectors, type TopK } from '../../src/core/vector/index.ts';
import { clusteredUnitVectors, gaussianVector, seededRandom } from '../core/vector/random-vectors.ts';

// Inside workerd, the kernel arrives the way the Worker will get it: a `.wasm` import that the
// pool's bundler (wrangler's module rules) hands over as an already compiled WebAssembly.Module.
// workerd refuses to compile bytes at run time, so this is the only path that works in production.

function bits(t: TopK): { ids: number[]; scoreBits: number[] } {
  return { ids: [...t.ids], scoreBits: [...new Uint32Array(t.scores.buffer, t.scores.byteOffset, t.scores.length)] };
}

describe('vector kernel in workerd', () => {
  it('imports the .wasm as a compiled WebAssembly.Module', () => {
    expect(kernelModule).toBeInstanceOf(WebAssembly.Module);
    expect(WebAssembly.Module.imports(kernelModule)).toEqual([]);
  });

  it('refuses to compile WebAssembly from bytes at run time (why the adapter takes a Module)', async () => {
    const emptyModule = Uint8Array.of(0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00);
    await expect(WebAssembly.compile(emptyModule)).rejects.toThrow();
  });

  it('instantiates and returns the same top-k, bit for bit, as the TypeScript kernel', async () => {
    const random = seededRandom(7);
    for (const [dim, count, clusters] of [
      [128, 3000, 40],
      [37, 500, 10],
      [300, 200, 5],
    ]) {
      const vectors = clusteredUnitVectors(random, count, dim, clusters, 0.6);
      const packed = quantizeVectors(vectors);
      const wasm = await instantiateWasmKernel(kernelModule);
      const ts = createTypeScriptKernel();
      wasm.load(packed);
      ts.load(packed);
      for (let q = 0; q < 20; q++) {
        const query = q % 2 ? vectors[Math.floor(random() * count)] : gaussianVector(random, dim);
        const k = [1, 10, 50, count + 1][q % 4];
        const minScore = q % 3 === 0 ? 0.2 : undefined;
        expect(bits(wasm.topK(query, k, minScore)), `dim ${dim}, query ${q}`).toEqual(bits(ts.topK(query, k, minScore)));
      }
    }
  });
});
