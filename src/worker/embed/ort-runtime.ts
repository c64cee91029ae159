/**
 * onnxruntime-web set up for workerd. Every use of ORT in the Worker imports `ort` from here, so the
 * settings below are in place before the first session, once per isolate.
 *
 * workerd forbids compiling WebAssembly from bytes and gives modules an empty `import.meta.url`,
 * so ORT can neither fetch nor compile its engine itself. Wrangler uploads the engine as a
 * `CompiledWasm` module (its default rule for `*.wasm`), which workerd compiles when it loads the
 * Worker and hands us as a WebAssembly.Module; we pass that module to ORT's Emscripten factory.
 *
 * ORT 1.30 has no public option for a precompiled module. Setting `env.wasm.wasmBinary` sends ORT
 * down its embedded-factory path (the factory is bundled in `onnxruntime-web/wasm`, no URL needed),
 * and the factory then calls `WebAssembly.instantiate(copyOfWasmBinary, imports)`. We set
 * `wasmBinary` to a short marker that is not WebAssembly, and while ORT initialises we answer a
 * call with exactly those bytes by instantiating the compiled module instead. Every other call is
 * passed through untouched, and the original `instantiate` is put back when initialisation ends.
 */
import * as ort from 'onnxruntime-web/wasm';
import engine from 'onnxruntime-web/ort-wasm-simd-threaded.wasm';

export { ort };

/**
 * What `env.wasm.wasmBinary` is set to. Not WebAssembly (no `\0asm` header), so if it ever reached
 * a real compiler it would fail loudly instead of running something else.
 */
const ENGINE_MARKER: Uint8Array = new TextEncoder().encode('recall-box:precompiled-ort-engine');

/**
 * Threads: one. Workers have no Web Workers to run ORT's thread pool, and a static embedding
 * (a gather and a weighted sum) is far too small to gain from threads anyway.
 */
const ORT_THREADS = 1;

function sameBytes(source: unknown, expected: Uint8Array): boolean {
  let bytes: Uint8Array;
  if (source instanceof Uint8Array) bytes = source;
  else if (source instanceof ArrayBuffer) bytes = new Uint8Array(source);
  else return false;
  if (bytes.byteLength !== expected.byteLength) return false;
  for (let i = 0; i < bytes.byteLength; i++) if (bytes[i] !== expected[i]) return false;
  return true;
}

type Instantiate = typeof WebAssembly.instantiate;

/** `WebAssembly.instantiate` that answers the marker with the precompiled engine. */
function instantiateAnsweringMarker(original: Instantiate): Instantiate {
  return async function instantiate(source: unknown, imports?: WebAssembly.Imports) {
    if (sameBytes(source, ENGINE_MARKER)) {
      // Called with a Module, instantiate() resolves to the Instance alone; Emscripten expects the
      // shape it gets from bytes, { instance, module }.
      const instance = await original.call(WebAssembly, engine, imports);
      return { instance, module: engine };
    }
    return original.call(WebAssembly, source as BufferSource, imports);
  } as Instantiate;
}

ort.env.wasm.numThreads = ORT_THREADS;
// Proxying runs ORT in a Web Worker, which workerd does not have.
ort.env.wasm.proxy = false;
ort.env.wasm.wasmBinary = ENGINE_MARKER;

// How many withOrtEngine() calls are running. The wrapper is installed by the first and removed by
// the last, so overlapping session creations (two models at once) never restore a stale function.
let engineUsers = 0;
let originalInstantiate: Instantiate | undefined;

/**
 * Run `work` (a session creation: the first one initialises ORT's backend) with the marker
 * answered. ORT initialises its backend once per isolate; later creations never ask for the engine.
 */
export async function withOrtEngine<T>(work: () => Promise<T>): Promise<T> {
  if (engineUsers++ === 0) {
    originalInstantiate = WebAssembly.instantiate;
    WebAssembly.instantiate = instantiateAnsweringMarker(originalInstantiate);
  }
  try {
    return await work();
  } finally {
    if (--engineUsers === 0) WebAssembly.instantiate = originalInstantiate!;
  }
}
