/**
 * The vector kernel on WebAssembly: a thin adapter over wasm/assembly/vector-kernel.ts, which does
 * the scoring and selection in SIMD. The adapter checks arguments (contract.ts), quantizes the query
 * (quantize.ts, shared with the TypeScript kernel, so both score the same int8 query), copies bytes
 * in and reads ids and scores out.
 *
 * It takes a compiled WebAssembly.Module, never bytes: workerd forbids compiling WebAssembly at run
 * time, so the Worker imports the `.wasm` file as a module that wrangler compiles at upload (a
 * `CompiledWasm` rule); Node callers compile the bytes themselves (wasm/node.ts).
 */
import { assertQuantizedVectors, assertTopKArgs } from './contract.ts';
import { quantizeQuery } from './quantize.ts';
import type { QuantizedVectors, TopK, VectorKernel } from './types.ts';

/** What wasm/assembly/vector-kernel.ts exports. Offsets are u32: read them with `>>> 0`. */
interface KernelExports {
  memory: WebAssembly.Memory;
  reserve(dim: number, count: number): number;
  vectorsOffset(): number;
  scalesOffset(): number;
  queryOffset(): number;
  idsOffset(): number;
  scoresOffset(): number;
  spreadRows(): void;
  topK(k: number, queryScale: number, minScore: number): number;
}

const EXPORTED_FUNCTIONS = ['reserve', 'vectorsOffset', 'scalesOffset', 'queryOffset', 'idsOffset', 'scoresOffset', 'spreadRows', 'topK'] as const;

/** The kernel module imports nothing (it is built with `--use abort=`, and allocates nothing). */
const NO_IMPORTS: WebAssembly.Imports = {};

function kernelExports(instance: WebAssembly.Instance): KernelExports {
  const e = instance.exports as Record<string, unknown>;
  const missing: string[] = EXPORTED_FUNCTIONS.filter((name) => typeof e[name] !== 'function');
  if (!(e.memory instanceof WebAssembly.Memory)) missing.push('memory');
  if (missing.length > 0) throw new TypeError(`not the vector kernel module: it lacks ${missing.join(', ')}`);
  return e as unknown as KernelExports;
}

/** Instantiates the compiled kernel module (asynchronously, which every runtime allows). */
export async function instantiateWasmKernel(module: WebAssembly.Module): Promise<VectorKernel> {
  return createWasmKernel(await WebAssembly.instantiate(module, NO_IMPORTS));
}

/** A kernel over an instance of the kernel module; each instance holds one set of vectors. */
export function createWasmKernel(instance: WebAssembly.Instance): VectorKernel {
  const wasm = kernelExports(instance);
  let dim: number | null = null;
  let count = 0;

  function load(vectors: QuantizedVectors): void {
    assertQuantizedVectors(vectors);
    if (!wasm.reserve(vectors.dim, vectors.count)) {
      throw new RangeError(`cannot grow WebAssembly memory for ${vectors.count} vectors of ${vectors.dim} components`);
    }
    // Views are made after reserve(): growing memory detaches the previous buffer.
    const buffer = wasm.memory.buffer;
    new Int8Array(buffer, wasm.vectorsOffset() >>> 0, vectors.data.length).set(vectors.data);
    new Float32Array(buffer, wasm.scalesOffset() >>> 0, vectors.count).set(vectors.scales);
    wasm.spreadRows();
    dim = vectors.dim;
    count = vectors.count;
  }

  function topK(query: Float32Array, k: number, minScore = -Infinity): TopK {
    assertTopKArgs(dim, query, k, minScore);
    const q = quantizeQuery(query);
    const buffer = wasm.memory.buffer;
    new Int8Array(buffer, wasm.queryOffset() >>> 0, q.values.length).set(q.values);
    // k is clamped here: an i32 parameter would wrap a huge k.
    const n = wasm.topK(Math.min(k, count), q.scale, minScore);
    return {
      ids: new Int32Array(buffer, wasm.idsOffset() >>> 0, n).slice(),
      scores: new Float32Array(buffer, wasm.scoresOffset() >>> 0, n).slice(),
    };
  }

  return { name: 'wasm', load, topK };
}
