// The compiled vector kernel as the Worker imports it. wrangler (and @cloudflare/vitest-pool-workers)
// turn a `.wasm` import into a WebAssembly.Module compiled at upload (the `CompiledWasm` module
// rule, on by default for `**/*.wasm`), because workerd forbids compiling WebAssembly at run time.
// Ambient module names cannot be relative, so this matches the file by name wherever it is imported
// from. Not in tsconfig's `include`: reference it from the importing file
// (`/// <reference path=".../wasm/wasm-modules.d.ts" />`) or add "wasm/*.d.ts" to `include`.

declare module '*/vector-kernel.wasm' {
  /** wasm/build/vector-kernel.wasm, compiled by the runtime. */
  const kernel: WebAssembly.Module;
  export default kernel;
}
