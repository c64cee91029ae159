/**
 * The two kernels under test, built in Node: the TypeScript kernel directly, the WASM kernel from
 * the committed wasm/build/vector-kernel.wasm compiled once per test file.
 */
import { createTypeScriptKernel, instantiateWasmKernel, type VectorKernel } from '../../../src/core/vector/index.ts';
import { compileVectorKernel } from '../../../wasm/node.ts';

export interface KernelFactory {
  name: VectorKernel['name'];
  /** A fresh kernel with nothing loaded. */
  create(): Promise<VectorKernel>;
}

let compiled: Promise<WebAssembly.Module> | undefined;

export const WASM_KERNEL: KernelFactory = {
  name: 'wasm',
  create: async () => instantiateWasmKernel(await (compiled ??= compileVectorKernel())),
};

export const TYPESCRIPT_KERNEL: KernelFactory = {
  name: 'typescript',
  create: async () => createTypeScriptKernel(),
};

export const KERNELS: readonly KernelFactory[] = [WASM_KERNEL, TYPESCRIPT_KERNEL];
