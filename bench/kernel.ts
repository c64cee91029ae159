/**
 * Vector-kernel throughput in Node: how many int8 vectors per millisecond each kernel (WASM SIMD,
 * plain TypeScript) scores and ranks, and how that compares with memory bandwidth, the ceiling for
 * a scan that reads every vector once per query. Workerd runs the same V8, but its clock does not
 * advance during CPU work (see WORKERD_CLOCK_NOTE), so the kernels are timed here.
 *
 *   npx tsx bench/kernel.ts [--vectors 20000] [--dim 256] [--runs 21]
 *
 * benchKernels() returns the measurements and kernelTableRows() the rows for the bench table; the
 * query timed includes everything a search pays: argument checks, query quantization and copy,
 * scoring every vector, top-k selection and reading the results back.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createTypeScriptKernel, instantiateWasmKernel, quantizeVectors, type VectorKernel } from '../src/core/index.ts';
import { gaussianVector, seededRandom } from '../test/core/vector/random-vectors.ts';
import { compileVectorKernel } from '../wasm/node.ts';
import { median } from './stats.ts';

/** Defaults: the order of a large docs site's sections × a small embedding model's dimension. */
export const DEFAULT_KERNEL_BENCH = { vectors: 20_000, dim: 256, k: 10, runs: 21, warmup: 5 } as const;
/**
 * The bandwidth copy: 256 MiB, far past any last-level cache, so it measures DRAM, as a kernel scan
 * of a large pack would. A copy reads and writes every byte while the kernel only reads (and 20k ×
 * 256 = 5 MiB of vectors may partly sit in cache), so the kernel's ratio to it can exceed 1.
 */
const COPY_BYTES = 256 * 1024 * 1024;
/** Timed copies of COPY_BYTES; the median is reported. */
const COPY_RUNS = 7;

export interface KernelBenchOptions {
  vectors: number;
  dim: number;
  k: number;
  /** Timed queries per kernel; each is one topK call over all vectors, and the median is reported. */
  runs: number;
  /** Untimed queries first, so the JIT has compiled the hot loops. */
  warmup: number;
}

export interface KernelThroughput {
  kernel: VectorKernel['name'];
  /** Median time of one topK over all vectors. */
  medianMs: number;
  vectorsPerMs: number;
  /** Vector bytes read per second (vectors × dim int8 bytes), in GB/s (10⁹ B/s). */
  scanGBps: number;
  /** scanGBps / copy bandwidth: 1 would mean the kernel runs as fast as memory can feed it. */
  ratioToCopy: number;
}

export interface KernelBench {
  options: KernelBenchOptions;
  /** Large typed-array copy (Uint8Array.prototype.set), bytes copied per second, GB/s. */
  copyGBps: number;
  copyBytes: number;
  kernels: KernelThroughput[];
}

function time(fn: () => void): number {
  const started = performance.now();
  fn();
  return performance.now() - started;
}

/** Memory bandwidth as a plain engine copy sees it: bytes copied per second (each read once, written once). */
export function measureCopyGBps(bytes = COPY_BYTES, runs = COPY_RUNS): number {
  const from = new Uint8Array(bytes).fill(1);
  const to = new Uint8Array(bytes);
  to.set(from); // touch every page of the target before timing
  const ms = median(Array.from({ length: runs }, () => time(() => to.set(from))));
  return bytes / (ms * 1e6);
}

function measureKernel(kernel: VectorKernel, queries: Float32Array[], o: KernelBenchOptions, copyGBps: number): KernelThroughput {
  for (let i = 0; i < o.warmup; i++) kernel.topK(queries[i % queries.length], o.k);
  const medianMs = median(Array.from({ length: o.runs }, (_, i) => time(() => kernel.topK(queries[i % queries.length], o.k))));
  const scanGBps = (o.vectors * o.dim) / (medianMs * 1e6);
  return { kernel: kernel.name, medianMs, vectorsPerMs: o.vectors / medianMs, scanGBps, ratioToCopy: scanGBps / copyGBps };
}

export async function benchKernels(options: Partial<KernelBenchOptions> = {}): Promise<KernelBench> {
  const o: KernelBenchOptions = { ...DEFAULT_KERNEL_BENCH, ...options };
  const random = seededRandom(1);
  const packed = quantizeVectors(Array.from({ length: o.vectors }, () => gaussianVector(random, o.dim)), o.dim);
  const queries = Array.from({ length: 16 }, () => gaussianVector(random, o.dim));
  const kernels = [await instantiateWasmKernel(await compileVectorKernel()), createTypeScriptKernel()];
  for (const kernel of kernels) kernel.load(packed);
  // A bench of two kernels that disagree would compare different work.
  const [a, b] = kernels.map((kernel) => kernel.topK(queries[0], o.k).ids.join());
  if (a !== b) throw new Error('the WASM and TypeScript kernels disagree; run the vector-kernel tests');

  const copyGBps = measureCopyGBps();
  return { options: o, copyGBps, copyBytes: COPY_BYTES, kernels: kernels.map((kernel) => measureKernel(kernel, queries, o, copyGBps)) };
}

/** Header and rows for the bench's Markdown table. */
export function kernelTableRows(b: KernelBench): { header: string[]; rows: string[][] } {
  const { vectors, dim, k, runs } = b.options;
  const byName = new Map(b.kernels.map((t) => [t.kernel, t]));
  const wasm = byName.get('wasm');
  const ts = byName.get('typescript');
  const rows = b.kernels.map((t) => [`${t.kernel} kernel`, `${t.medianMs.toFixed(3)} ms`, t.vectorsPerMs.toFixed(0), `${t.scanGBps.toFixed(2)} GB/s`, `${t.ratioToCopy.toFixed(2)}×`]);
  if (wasm && ts) rows.push(['**ratio wasm / typescript**', '', `**${(wasm.vectorsPerMs / ts.vectorsPerMs).toFixed(1)}×**`, '', '']);
  rows.push([`memory copy (${(b.copyBytes / 2 ** 20).toFixed(0)} MiB Uint8Array.set)`, '', '', `${b.copyGBps.toFixed(2)} GB/s`, '1.00×']);
  return {
    header: [`Vector kernel in Node (${vectors} × ${dim} int8, top-${k}, median of ${runs})`, 'per query', 'vectors/ms', 'vector bytes read', 'ratio to copy'],
    rows,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { vectors: { type: 'string' }, dim: { type: 'string' }, runs: { type: 'string' } } });
  const bench = await benchKernels({
    ...(values.vectors ? { vectors: Number(values.vectors) } : {}),
    ...(values.dim ? { dim: Number(values.dim) } : {}),
    ...(values.runs ? { runs: Number(values.runs) } : {}),
  });
  const { header, rows } = kernelTableRows(bench);
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  console.log([line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
