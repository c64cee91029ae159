/**
 * One measurement of the scale bench (bench/scale.ts) in a process of its own, so its memory
 * figures are its own and not the bench's:
 *
 *   tsx bench/scale-probe.ts build <docs-dir> <pack-dir> [layout-json] → {ms, sections, pages, maxRssMiB}
 *   tsx bench/scale-probe.ts queries <pack-dir> <queries.json> <n> → writes n queries drawn from the pack's headings
 *   tsx bench/scale-probe.ts query <pack-dir> <queries.json> [auto|lazy|whole] → {loadMs, heapMiB, externalMiB, afterQueriesMiB, maxRssMiB, coldP50, blockReadsPerQuery, firstPassBytes, firstPassFiles, p50, p95}
 *
 * `query` loads the pack as the Worker does (lazily, WASM kernel), records what it holds after
 * load, runs the hybrid pipeline (static embedder) over the queries once — each reading the blocks
 * and partitions it needs — records what it holds then, and runs them again timed.
 * Prints one JSON line on stdout.
 */
import { DEFAULT_SEARCH_OPTIONS, everySection, instantiateWasmKernel, loadPack, search, type PackReadMode } from '../src/core/index.ts';
import { readFile, writeFile } from 'node:fs/promises';
import { buildPack } from '../src/indexer/build-pack.ts';
import { fsPackSource } from '../src/indexer/fs-source.ts';
import { parseSearchRequest } from '../src/protocol/request.ts';
import { compileVectorKernel } from '../wasm/node.ts';
import { selectQueries } from './queries.ts';
import { percentile } from './stats.ts';
import { observedSource, readSize } from './observed-source.ts';

const MIB = 1024 * 1024;
/** Peak resident set of this process so far (ru_maxrss is in KiB on Linux). */
const maxRssMiB = () => Math.round((process.resourceUsage().maxRSS * 1024) / MIB);

/**
 * What the process holds after a full GC, in MiB: the JS heap, and outside it V8's external memory
 * — typed arrays (E, the section vectors) and the WASM kernel's memory — both of which count
 * against a Worker isolate's 128 MB. Two collections: the first only finalises external buffers.
 */
function heldMiB(): { heap: number; external: number } {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  const memory = process.memoryUsage();
  return { heap: Math.round(memory.heapUsed / MIB), external: Math.round(memory.external / MIB) };
}

const [mode, a, b, c] = process.argv.slice(2);
if (mode === 'build' && a && b) {
  // layout-json: buildPack's `layout` option, e.g. {"keyword":{"partBytes":16384}}.
  const summary = await buildPack(a, b, c === undefined ? {} : { layout: JSON.parse(c) });
  console.log(JSON.stringify({ ms: Math.round(summary.ms), sections: summary.sections, pages: summary.pages, maxRssMiB: maxRssMiB() }));
} else if (mode === 'queries' && a && b) {
  // The query sample needs every section's headings: read the pack whole, in this process only.
  const pack = await loadPack(fsPackSource(a));
  const queries = selectQueries(everySection(pack.sections), { count: Number(c ?? 200), maxQueryLength: 256 });
  await writeFile(b, JSON.stringify(queries.map((q) => q.q)));
  console.log(JSON.stringify({ queries: queries.length }));
} else if (mode === 'query' && a && b) {
  const queries = JSON.parse(await readFile(b, 'utf8')) as string[];
  const module = await compileVectorKernel();
  // The process before any pack (Node, tsx, this code, the compiled kernel): subtracted below, so
  // the figures are what the pack itself holds.
  const baseline = heldMiB();
  const started = performance.now();
  // Read as the Worker reads it (PACK_READ's default, auto; WASM kernel): the memory figures are an isolate's.
  // Bytes read per file kind (names from format.ts keywordPartFileName, sections-file.ts blockFileName).
  const files = fsPackSource(a);
  const bytesRead = { partitions: 0, blocks: 0 };
  // Files of every kind (matrix shards and the vectors too): in the Worker each is a fetch of its own.
  let filesRead = 0;
  const source = observedSource(files, async (name, read) => {
    const value = await read();
    filesRead++;
    if (name.startsWith('keyword-')) bytesRead.partitions += readSize(value);
    else if (name.startsWith('sections-')) bytesRead.blocks += readSize(value);
    return value;
  });
  const pack = await loadPack(source, {
    read: (c ?? 'auto') as PackReadMode,
    createKernel: async (vectors) => {
      const kernel = await instantiateWasmKernel(module);
      kernel.load(vectors);
      return kernel;
    },
  });
  const loadMs = performance.now() - started;
  const afterLoad = heldMiB();
  const options = DEFAULT_SEARCH_OPTIONS;
  const run = async (q: string) => (await search(pack, parseSearchRequest({ q }, options), options)).results.length;
  // First pass: each query reads the blocks and partitions it needs (what a cold isolate does).
  const cold: number[] = [];
  const partitionBytes: number[] = [];
  const blockBytes: number[] = [];
  const filesPerQuery: number[] = [];
  for (const q of queries) {
    const before = { ...bytesRead };
    const filesBefore = filesRead;
    const t = performance.now();
    await run(q);
    cold.push(performance.now() - t);
    partitionBytes.push(bytesRead.partitions - before.partitions);
    blockBytes.push(bytesRead.blocks - before.blocks);
    filesPerQuery.push(filesRead - filesBefore);
  }
  const afterQueries = heldMiB();
  // Section blocks the first pass read (none for a pack read whole).
  const blockReads = pack.sections.reads;
  const samples: number[] = [];
  for (const q of queries) {
    const t = performance.now();
    await run(q);
    samples.push(performance.now() - t);
  }
  console.log(
    JSON.stringify({
      read: pack.read,
      loadMs: Math.round(loadMs),
      heapMiB: afterLoad.heap - baseline.heap,
      externalMiB: afterLoad.external - baseline.external,
      afterQueriesMiB: afterQueries.heap + afterQueries.external - baseline.heap - baseline.external,
      maxRssMiB: maxRssMiB(),
      coldP50: percentile(cold, 50),
      blockReadsPerQuery: blockReads / queries.length,
      firstPassBytes: { partitions: percentile(partitionBytes, 50), blocks: percentile(blockBytes, 50) },
      firstPassFiles: { p50: percentile(filesPerQuery, 50), mean: filesPerQuery.reduce((a, b) => a + b, 0) / filesPerQuery.length },
      p50: percentile(samples, 50),
      p95: percentile(samples, 95),
      queries: queries.length,
    }),
  );
} else {
  console.error('usage: tsx bench/scale-probe.ts build <docs> <pack> | query <pack> <queries-out.json> [count]');
  process.exit(2);
}
