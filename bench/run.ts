/**
 * `npm run bench` — build time, pack size, Worker latency and query CPU cost, in one run:
 *
 *   npm run bench [-- --corpus <docs dir>] [--builds 3] [--rounds 5] [--warmup 20] [--no-worker]
 *
 * 1. builds the corpus N times into bench/.out/site/pack (median build time; pack sizes);
 * 2. serves that pack with the real Worker under `wrangler dev` and a trivial Hono Worker beside it,
 *    and times the same /search queries against both from this process over loopback;
 * 3. loads the pack in Node and times the query pipeline itself.
 * Prints Markdown tables and writes bench/.out/bench.json. Skips (exit 0) when the corpus is absent.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchBuild } from './build-bench.ts';
import { benchPackLoad, benchPipeline } from './node-bench.ts';
import { selectQueries } from './queries.ts';
import { benchKernels, kernelTableRows } from './kernel.ts';
import { renderReport, WORKERD_CLOCK_NOTE, type BenchReport } from './report.ts';
import { startWranglerDev, type WranglerDev } from './wrangler-dev.ts';
import { benchLatency, type LatencyBench } from './worker-bench.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(ROOT, 'bench/.out');
/** Must match `[assets] directory` in bench/wrangler.bench.toml, with the pack at `/pack/` under it. */
const SITE_DIR = path.join(OUT_DIR, 'site');
const PACK_DIR = path.join(SITE_DIR, 'pack');
const RESULT_FILE = path.join(OUT_DIR, 'bench.json');
const DEFAULT_CORPUS = path.resolve(ROOT, '../shared/corpora/astro-docs/en');
const BENCH_CONFIG = 'bench/wrangler.bench.toml';
const TRIVIAL_CONFIG = 'bench/wrangler.trivial.toml';

/** Builds whose median is reported: 3 is the fewest that gives a median that ignores one outlier. */
const DEFAULT_BUILDS = 3;
/** Measured pipeline rounds over the query set (after one warm-up round): 1,000 samples at 200 queries. */
const DEFAULT_ROUNDS = 5;
/** Requests per Worker before measuring: compiles the code, loads the pack, opens keep-alive sockets. */
const DEFAULT_WARMUP = 20;
/** Queries in the set (see bench/queries.ts). */
const QUERY_COUNT = 200;
/**
 * Hard bound on a whole run. A normal run takes 1–3 minutes; past this something hangs (a wrangler
 * that never gets healthy is bounded separately), and the run is stopped with its servers.
 */
const OVERALL_TIMEOUT_MS = 8 * 60_000;
/** Bound on each wrangler start (bundling, workerd start, first health answer). */
const WRANGLER_START_TIMEOUT_MS = 90_000;

interface Args {
  corpus: string;
  builds: number;
  rounds: number;
  warmup: number;
  worker: boolean;
}

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number, got ${JSON.stringify(raw)}`);
  return n;
}

function readArgs(argv: string[]): Args {
  const { values } = parseArgs({
    args: argv,
    options: {
      corpus: { type: 'string' },
      builds: { type: 'string' },
      rounds: { type: 'string' },
      warmup: { type: 'string' },
      'no-worker': { type: 'boolean', default: false },
    },
  });
  return {
    corpus: path.resolve(values.corpus ?? DEFAULT_CORPUS),
    builds: positiveInt('builds', values.builds, DEFAULT_BUILDS),
    rounds: positiveInt('rounds', values.rounds, DEFAULT_ROUNDS),
    warmup: positiveInt('warmup', values.warmup, DEFAULT_WARMUP),
    worker: !values['no-worker'],
  };
}

function describeMachine(): string {
  const cpus = os.cpus();
  const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, ${os.platform()} ${os.release()}, load avg ${load}`;
}

function log(message: string): void {
  // Progress goes to stderr so stdout carries only the report.
  process.stderr.write(`bench: ${message}\n`);
}

/** Both Workers up at once (they idle while the other is measured), both stopped whatever happens. */
async function measureWorkers(args: Args, queries: Parameters<typeof benchLatency>[1]): Promise<LatencyBench> {
  const starts = await Promise.allSettled([
    startWranglerDev({ config: BENCH_CONFIG, timeoutMs: WRANGLER_START_TIMEOUT_MS }),
    startWranglerDev({ config: TRIVIAL_CONFIG, timeoutMs: WRANGLER_START_TIMEOUT_MS }),
  ]);
  const servers = starts.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  try {
    const failed = starts.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;
    const [recallBox, trivial] = servers as [WranglerDev, WranglerDev];
    log(`Workers up at ${recallBox.url} (recall-box) and ${trivial.url} (trivial); ${queries.length} queries each`);
    return await benchLatency(
      [
        { name: 'recall-box', url: recallBox.url },
        { name: 'trivial Hono', url: trivial.url },
      ],
      queries,
      args.warmup,
    );
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

async function main(): Promise<void> {
  const args = readArgs(process.argv.slice(2));
  if (!existsSync(args.corpus)) {
    console.log(`bench: skipped, corpus ${args.corpus} not found (pass --corpus <docs dir>).`);
    return;
  }
  await mkdir(SITE_DIR, { recursive: true });

  log(`building ${args.corpus} ${args.builds}× into ${path.relative(ROOT, PACK_DIR)}`);
  const build = await benchBuild(args.corpus, PACK_DIR, args.builds);

  log('loading the pack in Node');
  const { pack, ...load } = await benchPackLoad(PACK_DIR);
  const queries = selectQueries(pack.sections, { count: QUERY_COUNT, maxQueryLength: 256 });

  const latency = args.worker ? await measureWorkers(args, queries) : null;

  log(`timing the pipeline: ${queries.length} queries × ${args.rounds} rounds`);
  const pipeline = benchPipeline(pack, queries, args.rounds);

  log('timing the vector kernels (WASM and TypeScript) against a memory copy');
  const kernel = kernelTableRows(await benchKernels());

  const report: BenchReport = {
    corpus: path.relative(ROOT, args.corpus) || args.corpus,
    machine: describeMachine(),
    build,
    load,
    pipeline,
    queries: queries.length,
    latency,
    kernel,
  };
  await writeFile(
    RESULT_FILE,
    `${JSON.stringify({ date: new Date().toISOString(), args, note: WORKERD_CLOCK_NOTE, ...report, queryList: queries }, null, 2)}\n`,
  );
  console.log(renderReport(report));
  log(`wrote ${path.relative(ROOT, RESULT_FILE)}`);
}

// Servers run in their own process groups; turning signals and the watchdog into process.exit lets
// wrangler-dev's exit hook kill them rather than leave workerd running.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    process.exit(130);
  });
}
const watchdog = setTimeout(() => {
  log(`gave up after ${OVERALL_TIMEOUT_MS / 1000} s`);
  process.exit(1);
}, OVERALL_TIMEOUT_MS);
watchdog.unref();

try {
  await main();
} catch (e) {
  process.exitCode = 1;
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
} finally {
  clearTimeout(watchdog);
}
