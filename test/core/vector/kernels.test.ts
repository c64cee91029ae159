import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createWasmKernel, quantizeVectors } from '../../../src/core/vector/index.ts';
import { describeVectorKernel, PROPERTY_PARAMS, vectorsAndQuery } from './kernel-suite.ts';
import { KERNELS, TYPESCRIPT_KERNEL, WASM_KERNEL } from './kernels.ts';
import { bits } from './reference.ts';

// One suite, both kernels (see kernel-suite.ts).
for (const kernel of KERNELS) describeVectorKernel(kernel);

describe('WASM and TypeScript kernels', () => {
  it('return identical ids and score bits on the same random data, query after query', async () => {
    const wasm = await WASM_KERNEL.create();
    const ts = await TYPESCRIPT_KERNEL.create();
    fc.assert(
      fc.property(vectorsAndQuery, fc.array(fc.float32Array({ minLength: 300, maxLength: 300, noNaN: true, noDefaultInfinity: true }), { maxLength: 3 }), ({ dim, vectors, query, k, minScore }, more) => {
        const v = quantizeVectors(vectors, dim);
        wasm.load(v);
        ts.load(v);
        for (const q of [query, ...more.map((m) => m.subarray(0, dim))]) {
          expect(bits(wasm.topK(q, k, minScore))).toEqual(bits(ts.topK(q, k, minScore)));
        }
      }),
      { ...PROPERTY_PARAMS, numRuns: 100 },
    );
  });
});

describe('createWasmKernel', () => {
  it('refuses an instance of some other module', async () => {
    // The smallest valid module: no exports at all.
    const empty = await WebAssembly.instantiate(Uint8Array.of(0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00));
    expect(() => createWasmKernel(empty.instance)).toThrow(/lacks reserve, .*memory/);
  });
});
