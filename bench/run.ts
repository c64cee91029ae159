/**
 * `npm run bench` — build time, pack size, Worker latency and query CPU cost, in one run:
 *
 *   npm run bench [-- --corpus <docs dir>] [--builds 3] [--rounds 5] [--warmup 20] [--no-worker] [--load-seconds 20] [--no-adversarial] [--part-bytes <n>]
 *
 * 1. builds the corpus N times into bench/.out/site/pack (median build time; pack sizes);
 * 2. serves that pack with the real Worker under `wrangler dev` — the default entry, the default
 *    entry over a keyword-only pack, the ONNX entry — and two trivial Hono Workers beside them (one
 *    behind the static-assets router as recall-box is, one bare), and times the same /search
 *    queries against all from this process over loopback (the first request of each on its own:
 *    the cold start), each query the first time and then again; then the bundled entry with either
 *    pack inside its script, beside the same baselines; and times what one static asset read adds
 *    to a bare Worker's request;
 * 3. loads the pack in Node and times the query pipeline itself (keyword only, hybrid, and the
 *    query embedding alone, static and ORT), and the hybrid pipeline again in a child process with
 *    V8's optimising compiler off (bench/baseline-tier.ts);
 * 4. times the vector kernels, and measures both Worker bundles with `wrangler deploy --dry-run`;
 *    and times an agent's search (MCP tools/call search_docs) beside /search (bench/mcp-bench.ts),
 *    and /search with search analytics on beside it off (bench/analytics-cost.ts);
 * 5. loads the default Worker under `wrangler dev` with autocannon (bench/load-bench.ts), answer
 *    cache off and on, for --load-seconds each (0 skips; so does --no-worker);
 * 6. builds a docs folder written to stall a search and times queries against it in Node
 *    (bench/adversarial.ts; --no-adversarial skips).
 * Prints Markdown tables and writes bench/.out/bench.json. Skips (exit 0) when the corpus is absent.
 *
 * `npm run bench -- --scale [--large] [--reuse-packs] [--pack-read auto|lazy|whole] [--pack-source assets,kv] [--block-bytes <n>] [--part-bytes <n>]` runs only the scale section instead
 * (bench/scale.ts): small site, Astro en, Astro en+zh-cn+ja and, with --large, a ×20 replica.
 */
import { everySection, type PackReadMode } from '../src/core/index.ts';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildPack } from '../src/indexer/build-pack.ts';
import { bundlePacks, describeBundle } from '../src/cli/bundle-pack.ts';
import { benchBuild, packSizes, packTotal, type PackFileSize } from './build-bench.ts';
import { measureBundle } from './bundle.ts';
import { BASELINE_TIER_ROW, benchBaselineTier } from './baseline-tier.ts';
import { benchPackLoad, benchPipeline, firstQueryBytes, firstQueryBytesSpread, vectorRouteQuery } from './node-bench.ts';
import { otherQueries, selectQueries, type BenchQuery } from './queries.ts';
import { benchKernels, kernelTableRows } from './kernel.ts';
import { renderReport, WORKERD_CLOCK_NOTE, type BenchReport, type FirstQueryBytes } from './report.ts';
import { startWranglerDev, type WranglerDev } from './wrangler-dev.ts';
import { benchLatency, benchReadCost, summarizeColdStarts, timeReads, timeRequest, type ColdStartBench, type ColdStartTarget, type LatencyBench, type ReadCostBench } from './worker-bench.ts';
import { LOAD_DEFAULTS, runLoad, type LoadRun } from './load-bench.ts';
import { benchScale, packReadMode, renderScale, scaleSources, SCALE_SOURCES, type ScaleSource } from './scale.ts';
import { benchAdversarial } from './adversarial.ts';
import { benchMcpCost, type McpCostBench } from './mcp-bench.ts';
import { benchAnalyticsCost, type AnalyticsCostBench } from './analytics-cost.ts';
import { localD1At } from './analytics-seed.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(ROOT, 'bench/.out');
/** Must match `[assets] directory` in bench/wrangler.bench.toml, with the pack at `/pack/` under it. */
const SITE_DIR = path.join(OUT_DIR, 'site');
const PACK_DIR = path.join(SITE_DIR, 'pack');
const KEYWORD_PACK_DIR = path.join(SITE_DIR, 'pack-keyword');
const RESULT_FILE = path.join(OUT_DIR, 'bench.json');
const DEFAULT_CORPUS = path.resolve(ROOT, '../shared/corpora/astro-docs/en');
const BENCH_CONFIG = 'bench/wrangler.bench.toml';
/** BENCH_CONFIG's GAPS_DB, a local D1 for the analytics row. */
const BENCH_ANALYTICS_DB = 'recall-box-bench-analytics';
const TRIVIAL_CONFIG = 'bench/wrangler.trivial.toml';
const TRIVIAL_ASSETS_CONFIG = 'bench/wrangler.trivial-assets.toml';
const READ_FLOOR_CONFIG = 'bench/wrangler.read-floor.toml';
/** Must match the aliases of bench/wrangler.bundled-hybrid.toml and bench/wrangler.bundled-keyword.toml. */
const BUNDLED_DIR = path.join(OUT_DIR, 'bundled');

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
const OVERALL_TIMEOUT_MS = 12 * 60_000;
/**
 * Fresh starts of every Worker whose first /search is timed (measureColdStarts). One sample was
 * too noisy to rank: the hybrid and keyword-only packs' cold starts came out 1.17 s vs 0.77 s in
 * one run and 1.18 vs 1.19 s in another the same day. Three give a median for about a minute
 * more per run (each sample starts its Worker again).
 */
const COLD_ROUNDS = 3;
/** `--large` builds ~130k sections: the ×20 build alone takes minutes on 2 cores. */
const LARGE_TIMEOUT_MS = 60 * 60_000;
/** Bound on each wrangler start (bundling, workerd start, first health answer). */
const WRANGLER_START_TIMEOUT_MS = 90_000;

interface Args {
  corpus: string;
  builds: number;
  rounds: number;
  warmup: number;
  worker: boolean;
  loadSeconds: number;
  /** `--no-adversarial` skips the adversarial site (bench/adversarial.ts). */
  adversarial: boolean;
  /** `--scale`: only the scale section (bench/scale.ts); `--large` adds the ×20 replica. */
  scale: boolean;
  large: boolean;
  reusePacks: boolean;
  /** `--pack-read`: how the scale section's Worker and Node probe read packs (PACK_READ). Default auto. */
  packRead: PackReadMode;
  /** `--pack-source`: where the scale section's Worker reads its packs, a comma-separated list of SCALE_SOURCES. Default every one. */
  packSources: ScaleSource[];
  /** `--part-bytes`: both packs' keyword partition size (the build's `--part-bytes`), or with --scale the scale section's packs'; default the build's. */
  partBytes: number | null;
  /** `--block-bytes`: the scale section's packs' section block size (the build's `--block-bytes`); default the build's. */
  blockBytes: number | null;
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
      'no-adversarial': { type: 'boolean', default: false },
      'load-seconds': { type: 'string' },
      scale: { type: 'boolean', default: false },
      large: { type: 'boolean', default: false },
      'reuse-packs': { type: 'boolean', default: false },
      'pack-read': { type: 'string', default: 'auto' },
      'pack-source': { type: 'string', default: SCALE_SOURCES.join(',') },
      'part-bytes': { type: 'string' },
      'block-bytes': { type: 'string' },
    },
  });
  return {
    corpus: path.resolve(values.corpus ?? DEFAULT_CORPUS),
    builds: positiveInt('builds', values.builds, DEFAULT_BUILDS),
    rounds: positiveInt('rounds', values.rounds, DEFAULT_ROUNDS),
    warmup: positiveInt('warmup', values.warmup, DEFAULT_WARMUP),
    worker: !values['no-worker'],
    adversarial: !values['no-adversarial'],
    loadSeconds: values['load-seconds'] === '0' ? 0 : positiveInt('load-seconds', values['load-seconds'], LOAD_DEFAULTS.seconds),
    scale: values.scale || values.large,
    large: values.large,
    reusePacks: values['reuse-packs'],
    packRead: packReadMode(values['pack-read']),
    packSources: scaleSources(values['pack-source']),
    partBytes: values['part-bytes'] === undefined ? null : positiveInt('part-bytes', values['part-bytes'], 1),
    blockBytes: values['block-bytes'] === undefined ? null : positiveInt('block-bytes', values['block-bytes'], 1),
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

/**
 * A static asset of the bench site: the readiness probe of recall-box's servers. Probing /health
 * would load the pack, and the first /search would no longer show the cold start.
 */
const ASSET_HEALTH_PATH = '/pack/manifest.json';
/** PACK_PATH in bench/wrangler.bench.toml: the pack of a Worker in WORKERS that sets none of its own. */
const BENCH_PACK_PATH = '/pack/';

/**
 * The Workers compared, started one after another (parallel starts on 2 cores distort nothing
 * measured, but make a slow start look like a hang) and all up while measuring; each idles while
 * another is measured. The baselines are last, and the report's ratios are to them: the trivial
 * Worker deployed as recall-box is (behind the static-assets router, which under `wrangler dev`
 * every request of a Worker with assets passes through: the two trivial rows differ by its cost),
 * and the bare trivial Worker.
 */
// The answer caches are off for the first three, so their second pass times the search again, not
// a cache. The fourth is the default Worker as deployed, answer caches on: its first pass pays
// each query's Cache API put, and the lookup while its searches still read pack files
// (answer-cache.ts AnswerCaches); its second is answered from the isolate's memory (the warm-up
// asks other answers: benchLatency). The load step below measures both. The fifth is the default
// Worker again, in an isolate that first answers QUERY_COUNT other queries (worker-bench.ts
// Target.settle): the same first-time queries, asked of an older isolate.
const WORKERS: ReadonlyArray<{ name: string; config: string; healthPath?: string; vars?: Record<string, string>; env?: string; bundledOf?: string; baseline?: boolean; answerCaches?: boolean; settle?: boolean }> = [
  { name: 'recall-box (default: hybrid, static embedder)', config: BENCH_CONFIG, healthPath: ASSET_HEALTH_PATH, vars: { EDGE_CACHE: 'off' } },
  { name: 'recall-box keyword-only pack (--no-vectors)', config: BENCH_CONFIG, healthPath: ASSET_HEALTH_PATH, vars: { PACK_PATH: '/pack-keyword/', EDGE_CACHE: 'off' } },
  { name: 'recall-box ONNX entry (hybrid, ORT)', config: BENCH_CONFIG, healthPath: ASSET_HEALTH_PATH, env: 'onnx', vars: { EDGE_CACHE: 'off' } },
  { name: 'recall-box as deployed (default, answer caches on)', config: BENCH_CONFIG, healthPath: ASSET_HEALTH_PATH, answerCaches: true },
  { name: 'recall-box (default), an isolate that first answered other queries', config: BENCH_CONFIG, healthPath: ASSET_HEALTH_PATH, vars: { EDGE_CACHE: 'off' }, settle: true },
  { name: 'trivial Hono behind the static-assets router', config: TRIVIAL_ASSETS_CONFIG, baseline: true },
  { name: 'trivial Hono', config: TRIVIAL_CONFIG, baseline: true },
];

type WorkerSpec = (typeof WORKERS)[number];

type BundledWorkerSpec = WorkerSpec & { packDir: string; packPath: string; outDir: string };

/**
 * A Worker with the pack at `packDir` bundled into its script at `packPath`:
 * bench/wrangler.bundled-<kind>.toml, whose alias names the map in BUNDLED_DIR/<kind>.
 */
function bundledWorker(kind: 'hybrid' | 'keyword', name: string, packDir: string, packPath: string, of: WorkerSpec): BundledWorkerSpec {
  const config = `bench/wrangler.bundled-${kind}.toml`;
  return { name, config, healthPath: ASSET_HEALTH_PATH, vars: { EDGE_CACHE: 'off' }, packDir, packPath, outDir: path.join(BUNDLED_DIR, kind), bundledOf: of.name };
}

/**
 * The same packs bundled into the Worker script (src/worker/bundled.ts): their cold starts, and
 * their latency in a rotation of their own (run.ts main), where a first-time query reads no file.
 */
const BUNDLED_WORKERS: readonly BundledWorkerSpec[] = [
  bundledWorker('hybrid', 'recall-box, pack bundled into the script (hybrid)', PACK_DIR, '/pack/', WORKERS[0]!),
  bundledWorker('keyword', 'recall-box, keyword-only pack bundled into the script', KEYWORD_PACK_DIR, '/pack-keyword/', WORKERS[1]!),
];

/** The module maps the bundled Workers import, from the packs just built. */
async function bundleBenchPacks(): Promise<void> {
  for (const w of BUNDLED_WORKERS) {
    log(`${w.name}: ${describeBundle(await bundlePacks([{ packDir: w.packDir, packPath: w.packPath }], w.outDir))}`);
  }
}

/** The bare Worker that only reads pack files (bench/read-floor-worker.ts), over the same static assets. */
const READ_FLOOR_WORKER: WorkerSpec = { name: 'read floor', config: READ_FLOOR_CONFIG, healthPath: ASSET_HEALTH_PATH };

/** `workers` started one after another (see WORKERS), handed to `use`, and all stopped whatever happens. */
async function withWorkers<T>(workers: readonly WorkerSpec[], use: (servers: WranglerDev[]) => Promise<T>): Promise<T> {
  const servers: WranglerDev[] = [];
  try {
    for (const w of workers) {
      servers.push(await startWranglerDev({ config: w.config, timeoutMs: WRANGLER_START_TIMEOUT_MS, healthPath: w.healthPath, vars: w.vars, env: w.env }));
    }
    return await use(servers);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

/** `workers` up at once, measured query by query in turn. */
async function measureWorkers(args: Args, queries: readonly BenchQuery[], others: readonly BenchQuery[], workers: readonly WorkerSpec[]): Promise<LatencyBench> {
  return withWorkers(workers, (servers) => {
    log(`Workers up: ${workers.map((w, i) => `${w.name} at ${servers[i]!.url}`).join('; ')}; ${queries.length} queries each, twice`);
    return benchLatency(
      workers.map((w, i) => ({ name: w.name, url: servers[i]!.url, baseline: w.baseline === true, settle: w.settle === true })),
      queries,
      args.warmup,
      others,
    );
  });
}

/** An agent's search (MCP search_docs) beside a reader's (/search) on the default Worker, answer caches off (bench/mcp-bench.ts). */
async function measureMcpCost(args: Args, queries: readonly BenchQuery[]): Promise<McpCostBench> {
  return withWorkers([WORKERS[0]!], ([server]) => {
    log(`timing MCP search_docs against /search: ${queries.length} queries each, at ${server!.url}`);
    return benchMcpCost(server!.url, queries, args.warmup);
  });
}

/** Search analytics' cost to a reader: the default Worker with ANALYTICS on beside it off (bench/analytics-cost.ts). */
async function measureAnalyticsCost(args: Args, queries: readonly BenchQuery[]): Promise<AnalyticsCostBench> {
  const persistTo = await mkdtemp(path.join(tmpdir(), 'recall-box-bench-analytics-'));
  const servers: WranglerDev[] = [];
  try {
    await localD1At({ config: BENCH_CONFIG, database: BENCH_ANALYTICS_DB }, persistTo, 'migrations', 'apply');
    const spec = WORKERS[0]!;
    for (const vars of [{ ...spec.vars, ANALYTICS: 'on' }, spec.vars]) {
      servers.push(await startWranglerDev({ config: spec.config, timeoutMs: WRANGLER_START_TIMEOUT_MS, healthPath: spec.healthPath, vars, persistTo }));
    }
    log(`timing /search with ANALYTICS on (${servers[0]!.url}) against off (${servers[1]!.url}): ${queries.length} queries each`);
    return await benchAnalyticsCost(servers[0]!.url, servers[1]!.url, queries.map((q) => q.q), args.warmup);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await rm(persistTo, { recursive: true, force: true });
  }
}

/**
 * A cold start's floor under `wrangler dev`: the files a Worker's first query reads (in the waves
 * node-bench.ts firstQueryBytes finds), read and hashed by a bare Worker that does nothing else.
 */
interface ReadFloor {
  /** The Worker in WORKERS whose first query's files these are. */
  of: string;
  query: string;
  /** PACK_PATH of that Worker's pack. */
  packPath: string;
  waves: string[][];
}

/**
 * The cold start as a reader sees it: the first /search of a freshly started Worker (isolate start,
 * pack load, and the ORT session for the ONNX entry), COLD_ROUNDS times for every Worker in WORKERS,
 * and beside them the floors: the same first query's files read by a bare Worker, freshly started
 * too. Each sample has its Worker alone: with all four up, whichever was asked first was the fastest in
 * every round (the others' first searches, the ONNX entry's above all, kept the machine busy after
 * they answered), so a rotated order still measured the order.
 */
async function measureColdStarts(lookup: string, question: string | null, floors: readonly ReadFloor[]): Promise<ColdStartBench> {
  // Every Worker with the bench's first query (a heading: the keyword route answers it alone), and
  // the pack with vectors against the keyword-only one (the first two) with a query the vector
  // route runs for, whose cold start also reads the vectors.
  // The bundled Workers after them, the same two ways.
  await bundleBenchPacks();
  const withPacks = [...WORKERS.slice(0, 2), ...BUNDLED_WORKERS];
  // A cold start with the answer caches on, or of the settled isolate, is the default Worker's: not timed twice.
  const searches = [...[...WORKERS.filter((w) => !w.answerCaches && !w.settle), ...BUNDLED_WORKERS].map((w) => ({ w, query: lookup })), ...(question === null ? [] : withPacks.map((w) => ({ w, query: question })))];
  const targets: Array<ColdStartTarget & { time: (url: string) => ReturnType<typeof timeRequest>; w: WorkerSpec }> = [
    ...searches.map(({ w, query }) => ({
      name: w.name,
      query,
      w,
      ...(w.bundledOf && { bundledOf: w.bundledOf }),
      time: (url: string) => timeRequest({ name: w.name, url }, query),
    })),
    ...floors.map((f) => ({
      name: `bare reads of its first query's ${f.waves.flat().length} files in ${f.waves.length} waves (bench/read-floor-worker.ts), ${f.of}`,
      query: f.query,
      floorOf: f.of,
      w: READ_FLOOR_WORKER,
      time: (url: string) => timeReads(url, f.packPath, f.waves),
    })),
  ];
  const samples: number[][] = [];
  for (let round = 0; round < COLD_ROUNDS; round++) {
    const times: number[] = [];
    for (const target of targets) {
      times.push(
        await withWorkers([target.w], async ([server]) => {
          const sample = await target.time(server!.url);
          if (!sample.ok) throw new Error(`cold start of ${target.name}: ${sample.detail}`);
          return sample.ms;
        }),
      );
    }
    samples.push(times);
    log(`cold starts, round ${round + 1} of ${COLD_ROUNDS}: ${targets.map(({ name, query }, t) => `${name} (${query}) ${Math.round(times[t]!)} ms`).join('; ')}`);
  }
  return summarizeColdStarts(
    targets.map(({ name, query, floorOf, bundledOf }) => ({ name, query, ...(floorOf && { floorOf }), ...(bundledOf && { bundledOf }) })),
    samples,
  );
}

/** Requests of each kind benchReadCost times: enough for a median on a noisy machine, a few seconds in all. */
const READ_COST_SAMPLES = 20;

/**
 * What reading a section block, a keyword partition, and four blocks at once adds to a request
 * under `wrangler dev`: a first-time query pays it for the files it reads (the bench pack's own).
 */
async function measureReadCost(files: readonly PackFileSize[]): Promise<ReadCostBench> {
  const blocks = files.filter((f) => f.name.startsWith('sections-'));
  const kinds = [
    { name: 'section block', files: blocks, atOnce: 1 },
    { name: 'keyword partition', files: files.filter((f) => f.name.startsWith('keyword-')), atOnce: 1 },
    // A first-time query reads its blocks in one wave.
    { name: 'section block', files: blocks, atOnce: 4 },
  ];
  return withWorkers([READ_FLOOR_WORKER], ([server]) => benchReadCost(server!.url, BENCH_PACK_PATH, kinds, READ_COST_SAMPLES));
}

/** The load runs: the default Worker with the answer cache off (every request searches), then on. */
const LOAD_WORKERS: ReadonlyArray<{ name: string; vars: Record<string, string> }> = [
  { name: 'recall-box default, answer cache off (every request searches)', vars: { EDGE_CACHE: 'off' } },
  { name: 'recall-box default, answer cache on (repeats from caches.default)', vars: {} },
];

/** One server at a time (the others stopped), warmed up, then loaded; stopped whatever happens. */
async function measureLoad(args: Args, queries: Parameters<typeof runLoad>[2]): Promise<LoadRun[]> {
  const runs: LoadRun[] = [];
  for (const w of LOAD_WORKERS) {
    const server = await startWranglerDev({ config: BENCH_CONFIG, timeoutMs: WRANGLER_START_TIMEOUT_MS, healthPath: ASSET_HEALTH_PATH, vars: w.vars });
    try {
      for (let i = 0; i < args.warmup; i++) await (await fetch(`${server.url}/search?q=${encodeURIComponent(queries[i % queries.length]!.q)}`)).arrayBuffer();
      log(`load: ${w.name}, ${LOAD_DEFAULTS.connections} connections for ${args.loadSeconds} s`);
      runs.push(await runLoad(w.name, server.url, queries, { ...LOAD_DEFAULTS, seconds: args.loadSeconds }));
    } finally {
      await server.stop();
    }
  }
  return runs;
}

async function main(): Promise<void> {
  const args = readArgs(process.argv.slice(2));
  if (args.scale) {
    console.log(renderScale(await benchScale({ large: args.large, worker: args.worker, reusePacks: args.reusePacks, packRead: args.packRead, sources: args.packSources, blockBytes: args.blockBytes, partBytes: args.partBytes })));
    return;
  }
  if (!existsSync(args.corpus)) {
    console.log(`bench: skipped, corpus ${args.corpus} not found (pass --corpus <docs dir>).`);
    return;
  }
  await mkdir(SITE_DIR, { recursive: true });

  log(`building ${args.corpus} ${args.builds}× into ${path.relative(ROOT, PACK_DIR)}`);
  // Both packs laid out alike: the build's defaults, or the partition size asked for.
  const layout = args.partBytes === null ? {} : { layout: { keyword: { partBytes: args.partBytes } } };
  const build = await benchBuild(args.corpus, PACK_DIR, args.builds, layout);

  log('building a keyword-only pack of the same corpus (--no-vectors)');
  const keywordOnly = await buildPack(args.corpus, KEYWORD_PACK_DIR, { ...layout, embedding: false });

  log('loading the pack in Node');
  const { pack, ...load } = await benchPackLoad(PACK_DIR);
  const queries = selectQueries(everySection(pack.sections), { count: QUERY_COUNT, maxQueryLength: 256 });
  // What the settled Worker answers before the timed passes (worker-bench.ts Target.settle).
  const others = otherQueries(everySection(pack.sections), queries, { count: QUERY_COUNT, maxQueryLength: 256 });

  const lookup = queries[0]!.q;
  const asked = await vectorRouteQuery(PACK_DIR, lookup);
  const question = asked?.query ?? null;
  const { each: packEach, ...packSpread } = await firstQueryBytesSpread(PACK_DIR, queries);
  const { each: keywordEach, ...keywordSpread } = await firstQueryBytesSpread(KEYWORD_PACK_DIR, queries);
  const firstQueries = { pack: packSpread, keywordOnly: keywordSpread };
  // The bench's first query is the spread's first: its row reuses those reads.
  const firstQuery: FirstQueryBytes[] = [{ query: lookup, pack: packEach[0]!, keywordOnly: keywordEach[0]! }];
  if (question !== null) firstQuery.push({ query: question, pack: await firstQueryBytes(PACK_DIR, question), keywordOnly: await firstQueryBytes(KEYWORD_PACK_DIR, question) });
  // The floors of the first two Workers' cold starts (the pack with vectors and the keyword-only one).
  const floors: ReadFloor[] = [
    { of: WORKERS[0]!.name, query: lookup, packPath: WORKERS[0]!.vars?.PACK_PATH ?? BENCH_PACK_PATH, waves: packEach[0]!.waves },
    { of: WORKERS[1]!.name, query: lookup, packPath: WORKERS[1]!.vars?.PACK_PATH ?? BENCH_PACK_PATH, waves: keywordEach[0]!.waves },
  ];
  const coldStarts = args.worker ? await measureColdStarts(lookup, question, floors) : null;
  const latency = args.worker ? await measureWorkers(args, queries, others, WORKERS) : null;
  // The bundled Workers in a rotation of their own beside the same baselines (more Workers in one
  // rotation leave each idle longer between its requests, which slows the larger ones more).
  const latencyBundled = args.worker ? await measureWorkers(args, queries, others, [...BUNDLED_WORKERS, ...WORKERS.filter((w) => w.baseline)]) : null;
  const readCost = args.worker ? await measureReadCost(build.files) : null;
  const mcpCost = args.worker ? await measureMcpCost(args, queries) : null;
  const analyticsCost = args.worker ? await measureAnalyticsCost(args, queries) : null;

  log(`timing the pipeline: ${queries.length} queries × ${args.rounds} rounds`);
  const pipeline = await benchPipeline(pack, PACK_DIR, queries, args.rounds, asked?.word ?? null);
  log(`timing the pipeline again with V8's optimising compiler off (${BASELINE_TIER_ROW})`);
  pipeline.rows.push(await benchBaselineTier(PACK_DIR, queries, args.rounds));

  log('timing the vector kernels (WASM and TypeScript) against a memory copy');
  const kernel = kernelTableRows(await benchKernels());

  log('measuring the Worker bundles (wrangler deploy --dry-run)');
  const bundles = [await measureBundle(ROOT, 'wrangler.toml'), await measureBundle(ROOT, 'wrangler.toml', 'onnx')];

  const loadTest = args.worker && args.loadSeconds > 0 ? await measureLoad(args, queries) : null;

  if (args.adversarial) log('building and querying the adversarial site (bench/adversarial.ts)');
  const adversarial = args.adversarial ? await benchAdversarial(path.join(OUT_DIR, 'adversarial')) : null;

  const report: BenchReport = {
    corpus: path.relative(ROOT, args.corpus) || args.corpus,
    machine: describeMachine(),
    build,
    keywordOnlyBuildMs: keywordOnly.ms,
    keywordOnlyTotal: packTotal(await packSizes(KEYWORD_PACK_DIR)),
    load,
    firstQuery,
    firstQueries,
    pipeline,
    queries: queries.length,
    latency,
    latencyBundled,
    coldStarts,
    readCost,
    mcpCost,
    analyticsCost,
    kernel,
    bundles,
    loadTest,
    adversarial,
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
}, process.argv.includes('--large') ? LARGE_TIMEOUT_MS : OVERALL_TIMEOUT_MS);
watchdog.unref();

try {
  await main();
} catch (e) {
  process.exitCode = 1;
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
} finally {
  clearTimeout(watchdog);
}
