/**
 * One measurement of the scale bench (bench/scale.ts) in a process of its own, so its memory
 * figures are its own and not the bench's:
 *
 *   tsx bench/scale-probe.ts build <docs-dir> <pack-dir>          → {ms, sections, pages, maxRssMiB}
 *   tsx bench/scale-probe.ts query <pack-dir> <queries.json> <n> → {loadMs, heapMiB, arrayBuffersMiB, maxRssMiB, p50, p95}
 *
 * `query` loads the pack as the Worker does (WASM kernel), records the heap after load, then runs
 * the hybrid pipeline (static embedder) over the queries once to warm up and once timed.
 * Prints one JSON line on stdout.
 */
import { writeFile } from 'node:fs/promises';
import { buildPack } from '../src/build/build-pack.ts';
import { fsPackSource } from '../src/build/fs-source.ts';
import { loadPack } from '../src/core/pack/load.ts';
import { parseSearchRequest } from '../src/core/request.ts';
import { searchPack, staticQueryVector } from '../src/core/search.ts';
import { DEFAULT_SEARCH_OPTIONS } from '../src/core/search-options.ts';
import { instantiateWasmKernel } from '../src/core/vector/wasm-kernel.ts';
import { compileVectorKernel } from '../wasm/node.ts';
import { selectQueries } from './queries.ts';
import { percentile } from './stats.ts';

const MIB = 1024 * 1024;
/** Peak resident set of this process so far (ru_maxrss is in KiB on Linux). */
const maxRssMiB = () => Math.round((process.resourceUsage().maxRSS * 1024) / MIB);

const [mode, a, b, c] = process.argv.slice(2);
if (mode === 'build' && a && b) {
  const summary = await buildPack(a, b);
  console.log(JSON.stringify({ ms: Math.round(summary.ms), sections: summary.sections, pages: summary.pages, maxRssMiB: maxRssMiB() }));
} else if (mode === 'query' && a && b) {
  const count = Number(c ?? 200);
  const module = await compileVectorKernel();
  const started = performance.now();
  const pack = await loadPack(fsPackSource(a), {
    createKernel: async (vectors) => {
      const kernel = await instantiateWasmKernel(module);
      kernel.load(vectors);
      return kernel;
    },
  });
  const loadMs = performance.now() - started;
  (globalThis as { gc?: () => void }).gc?.();
  const memory = process.memoryUsage();
  const heapMiB = Math.round(memory.heapUsed / MIB);
  // Outside the JS heap but inside a Worker's 128 MB: typed arrays (E, the vectors, the kernel's copy).
  const arrayBuffersMiB = Math.round(memory.arrayBuffers / MIB);
  const queries = selectQueries(pack.sections, { count, maxQueryLength: 256 });
  await writeFile(b, JSON.stringify(queries.map((q) => q.q)));
  const options = DEFAULT_SEARCH_OPTIONS;
  const run = (q: string) => {
    const r = parseSearchRequest({ q }, options);
    return searchPack(pack, r, options, staticQueryVector(pack, r, options)).results.length;
  };
  for (const q of queries) run(q.q);
  const samples: number[] = [];
  for (const q of queries) {
    const t = performance.now();
    run(q.q);
    samples.push(performance.now() - t);
  }
  console.log(JSON.stringify({ loadMs: Math.round(loadMs), heapMiB, arrayBuffersMiB, maxRssMiB: maxRssMiB(), p50: percentile(samples, 50), p95: percentile(samples, 95), queries: queries.length }));
} else {
  console.error('usage: tsx bench/scale-probe.ts build <docs> <pack> | query <pack> <queries-out.json> [count]');
  process.exit(2);
}
