/**
 * Builds the vector kernel: wasm/assembly/vector-kernel.ts → wasm/build/vector-kernel.wasm, with
 * the options in wasm/asconfig.json. The output is committed (see wasm/README.md); run this after
 * changing the AssemblyScript source and commit both. test/core/vector/wasm-build.test.ts fails
 * when the committed bytes differ from a fresh build.
 *
 *   npx tsx scripts/build-wasm.ts
 */
import asc from 'assemblyscript/asc';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VECTOR_KERNEL_ASCONFIG, VECTOR_KERNEL_WASM } from '../wasm/node.ts';

/** Compiles the kernel in memory and returns the .wasm bytes; throws with asc's diagnostics on failure. */
export async function compileKernelWasm(): Promise<Uint8Array> {
  let binary: Uint8Array | null = null;
  let diagnostics = '';
  const { error } = await asc.main(['--config', VECTOR_KERNEL_ASCONFIG], {
    // Keep the output in memory: the caller decides whether to write it (the test only compares).
    writeFile(name, contents) {
      if (name.endsWith('.wasm') && typeof contents !== 'string') binary = contents;
    },
    stdout: asc.createMemoryStream(),
    stderr: asc.createMemoryStream((chunk) => {
      diagnostics += typeof chunk === 'string' ? chunk : new TextDecoder().decode(chunk);
    }),
  });
  if (error) throw new Error(`asc failed to build the vector kernel: ${error.message}\n${diagnostics}`);
  if (!binary) throw new Error(`asc wrote no .wasm for the vector kernel\n${diagnostics}`);
  return binary;
}

async function main(): Promise<void> {
  const bytes = await compileKernelWasm();
  await writeFile(VECTOR_KERNEL_WASM, bytes);
  console.log(`wrote ${path.relative(process.cwd(), VECTOR_KERNEL_WASM)} (${bytes.length} bytes)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
