/**
 * The MCP step of `npm run bench` on its own (bench/mcp-bench.ts): an agent's search (MCP tools/call
 * search_docs) beside a reader's (GET /search) on the default Worker under `wrangler dev`, answer
 * caches off, over the bench's pack, `--runs` times.
 *
 *   npx tsx bench/mcp-cost.ts [--runs 3]
 *
 * The pack is bench/.out/site/pack (what `npm run bench` builds, the Astro docs); it is built here
 * from ../shared/corpora/astro-docs/en when missing.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { everySection, loadPack } from '../src/core/index.ts';
import { buildPack } from '../src/indexer/build-pack.ts';
import { fsPackSource } from '../src/indexer/fs-source.ts';
import { benchMcpCost } from './mcp-bench.ts';
import { selectQueries } from './queries.ts';
import { startWranglerDev } from './wrangler-dev.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PACK_DIR = path.join(ROOT, 'bench/.out/site/pack');
const CORPUS = path.resolve(ROOT, '../shared/corpora/astro-docs/en');
/** The bench's query count and warm-up (bench/run.ts QUERY_COUNT, DEFAULT_WARMUP). */
const QUERIES = 200;
const WARMUP = 20;

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
if (!existsSync(path.join(PACK_DIR, 'manifest.json'))) {
  if (!existsSync(CORPUS)) {
    console.log(`mcp-cost: skipped, no pack at ${PACK_DIR} and no corpus at ${CORPUS}.`);
    process.exit(0);
  }
  await buildPack(CORPUS, PACK_DIR);
}
const pack = await loadPack(fsPackSource(PACK_DIR));
const queries = selectQueries(everySection(pack.sections), { count: QUERIES, maxQueryLength: 256 });
const dev = await startWranglerDev({ config: 'bench/wrangler.bench.toml', healthPath: '/pack/manifest.json', vars: { EDGE_CACHE: 'off' }, timeoutMs: 90_000 });
try {
  console.log('| run | GET /search p50 | MCP search_docs p50 | MCP ÷ /search (median of per-query ratios) |');
  console.log('| --- | --- | --- | --- |');
  for (let run = 1; run <= runs; run++) {
    const m = await benchMcpCost(dev.url, queries, WARMUP);
    console.log(`| ${run} | ${m.search.p50.toFixed(2)} ms | ${m.mcp.p50.toFixed(2)} ms | ${m.pairedRatio.toFixed(3)} |`);
  }
} finally {
  await dev.stop();
}
