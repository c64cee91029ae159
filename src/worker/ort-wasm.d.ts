// Modules that wrangler (and vitest-pool-workers) turn into runtime objects rather than JavaScript.
// workerd forbids compiling WebAssembly from bytes at run time, so ORT's engine must arrive as a
// module compiled at upload time: a `CompiledWasm` rule makes the import a WebAssembly.Module.

declare module 'onnxruntime-web/ort-wasm-simd-threaded.wasm' {
  /** ORT's single-build WebAssembly engine (the non-JSEP, CPU-only one), compiled by the runtime. */
  const engine: WebAssembly.Module;
  export default engine;
}
