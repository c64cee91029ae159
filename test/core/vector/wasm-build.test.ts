import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { compileKernelWasm } from '../../../scripts/build-wasm.ts';
import { compileVectorKernel, VECTOR_KERNEL_WASM } from '../../../wasm/node.ts';

// The kernel's .wasm is committed (the Worker imports it, and `wrangler deploy` and the Worker
// tests need no build step). This keeps it honest: a fresh build of wasm/assembly with the pinned
// assemblyscript must give the same bytes. After changing the source: `npx tsx scripts/build-wasm.ts`.

describe('wasm/build/vector-kernel.wasm', () => {
  it('is exactly what asc builds from wasm/assembly today', async () => {
    const committed = new Uint8Array(await readFile(VECTOR_KERNEL_WASM));
    const fresh = await compileKernelWasm();
    expect(Buffer.from(fresh).equals(committed), 'stale build: run `npx tsx scripts/build-wasm.ts` and commit the .wasm').toBe(true);
  });

  it('imports nothing and exports the adapter’s interface', async () => {
    const module = await compileVectorKernel();
    expect(WebAssembly.Module.imports(module)).toEqual([]);
    expect(WebAssembly.Module.exports(module).map((e) => `${e.kind} ${e.name}`).sort()).toEqual(
      ['memory memory', ...['idsOffset', 'queryOffset', 'reserve', 'scalesOffset', 'scoresOffset', 'spreadRows', 'topK', 'vectorsOffset'].map((n) => `function ${n}`)].sort(),
    );
  });
});
