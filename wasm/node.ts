/**
 * Where the compiled vector kernel lives, and how Node gets a WebAssembly.Module of it. (The Worker
 * never reads bytes: it imports the `.wasm` file, which wrangler compiles at upload.) Node-only;
 * src/core/vector stays free of Node APIs.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** The committed build of wasm/assembly/vector-kernel.ts (see wasm/README.md). */
export const VECTOR_KERNEL_WASM = fileURLToPath(new URL('./build/vector-kernel.wasm', import.meta.url));
/** The asc configuration that builds it. */
export const VECTOR_KERNEL_ASCONFIG = fileURLToPath(new URL('./asconfig.json', import.meta.url));

/** Compiles the committed kernel for Node. */
export async function compileVectorKernel(): Promise<WebAssembly.Module> {
  return WebAssembly.compile(await readFile(VECTOR_KERNEL_WASM));
}
