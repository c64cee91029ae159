/**
 * The vector kernel of the semantic route: int8 vectors with a per-vector scale, scored against a
 * query with top-k selection, in WebAssembly or plain TypeScript behind one interface. Public
 * entry; the modules behind it are internal.
 */
export { MAX_DIM } from './contract.ts';
export { INT8_LIMIT, quantizeQuery, quantizeVectors, type QuantizedVector } from './quantize.ts';
export { score } from './score.ts';
export type { QuantizedVectors, TopK, VectorKernel } from './types.ts';
export { createTypeScriptKernel } from './typescript-kernel.ts';
export { createWasmKernel, instantiateWasmKernel } from './wasm-kernel.ts';
