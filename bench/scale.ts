/**
 * The scale section of `npm run bench` (issue 8): how build time, pack size, cold start, query
 * latency and memory grow from a small site to the Astro docs in three languages, and — with
 * `--large` — to a synthetic ×20 replica of them (~100k sections):
 *
 *   npm run bench -- --scale [--large] [--reuse-packs] [--pack-read auto|lazy|whole] [--pack-source assets,kv] [--block-bytes <n>] [--part-bytes <n>]
 *                                                           (or: npx tsx bench/scale.ts [--large] …)
 *
 * Per corpus: a build in a child process (wall time, peak RSS), the pack's size and shard count, a
 * load-and-query child process (Node: load time, heap after load, peak RSS, p50/p95 of the hybrid
 * pipeline), then the real Worker under `wrangler dev` (first /search from a fresh server: the cold
 * start; p50/p95 client wall time over loopback; workerd's peak RSS), with the pack in the static
 * assets and again with the pack in KV (uploaded to the local KV once per build). Each child process and each
 * server runs alone, so figures are their own. Corpora that are absent are skipped with a message.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureReplica } from './replica.ts';
import { PACK_READ_MODES, type PackReadMode } from '../src/core/index.ts';
import { percentile } from './stats.ts';
import { startWranglerDev, WRANGLER_BIN, wranglerEnv } from './wrangler-dev.ts';
import { planUpload, writeBulkFiles } from '../src/cli/upload-pack.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'bench/.out');
/** bench/wrangler.scale.toml serves this folder; each corpus's pack goes to /scale-<name>/ in it. */
const SITE = path.join(OUT, 'scale-site');
const ASTRO = path.resolve(ROOT, '../shared/corpora/astro-docs');
/** Copies in the large replica: ×20 of Astro en+zh-cn+ja is 18,640 pages, ~130k sections. */
const REPLICA_COPIES = 20;
/** Queries timed per corpus, in Node and through the Worker: enough for a p95 of 5 samples. */
const QUERY_COUNT = 100;
/** Bound on a wrangler start; a large pack's first health probe only reads its manifest. */
const WRANGLER_START_TIMEOUT_MS = 120_000;
/**
 * Heap for the child processes: V8's default (~4 GiB on 64-bit) is not enough to build ~130k
 * sections (keyword index and embedding training hold every section's terms at once).
 */
const CHILD_HEAP_MB = 16_000;
/** The scale bench's Worker: its own static assets (SITE), and the KV namespace PACK_KV. */
const SCALE_CONFIG = 'bench/wrangler.scale.toml';
/**
 * Where the Worker reads the pack from: the static assets (the default), and KV, which a large
 * site can use instead (docs/deploying.md, "Packs in KV or R2"); under `wrangler dev` a KV read
 * costs a fraction of a static asset's, and a first-time query on a large site reads several files.
 */
export const SCALE_SOURCES = ['assets', 'kv'] as const;
export type ScaleSource = (typeof SCALE_SOURCES)[number];

export interface ScaleRow {
  name: string;
  pages: number;
  sections: number;
  buildMs: number;
  buildMaxRssMiB: number;
  packBytes: number;
  packFiles: number;
  largestFileBytes: number;
  node: {
    read: string;
    loadMs: number;
    heapMiB: number;
    externalMiB: number;
    afterQueriesMiB: number;
    maxRssMiB: number;
    coldP50: number;
    blockReadsPerQuery: number;
    /** Median bytes a query of the first pass read, of keyword partitions and of section blocks. */
    firstPassBytes: { partitions: number; blocks: number };
    /** Files of every kind a query of the first pass read (partitions, blocks, matrix shards, vectors): median and mean. */
    firstPassFiles: { p50: number; mean: number };
    p50: number;
    p95: number;
  };
  /** The Worker reading the pack from each source measured (SCALE_SOURCES); null when the Worker step was skipped. */
  worker: Partial<Record<ScaleSource, WorkerFigures>> | null;
}

export interface WorkerFigures {
    coldMs: number;
    p50: number;
    p95: number;
    /** The same queries again: what is left when their blocks and partitions are still held (or were read whole). */
    againP50: number;
    againP95: number;
    workerdPeakRssMiB: number | null;
    errors: number;
    failure?: string;
}

function log(message: string): void {
  process.stderr.write(`bench scale: ${message}\n`);
}

/** Run `tsx bench/scale-probe.ts …` and parse its one JSON line. */
function probe<T>(args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${CHILD_HEAP_MB}`, '--expose-gc', '--import', 'tsx', 'bench/scale-probe.ts', ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
    child.once('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code === 0) resolve(JSON.parse(line) as T);
      else reject(new Error(`scale-probe ${args.join(' ')} exited ${code}: ${out.slice(-2000)}`));
    });
  });
}

/** Peak RSS (VmHWM) of the workerd processes in wrangler's process group, in MiB. */
async function workerdPeakRssMiB(groupId: number): Promise<number | null> {
  let peak: number | null = null;
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry)) continue;
    const status = await readFile(`/proc/${entry}/status`, 'utf8').catch(() => '');
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // /proc/<pid>/stat: "pid (comm) state ppid pgrp …"; comm may hold spaces, so split after ')'.
    const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
    if (pgrp !== groupId || !/^Name:\s*workerd/m.test(status)) continue;
    const kib = Number(/^VmHWM:\s*(\d+)/m.exec(status)?.[1] ?? NaN);
    if (Number.isFinite(kib)) peak = Math.max(peak ?? 0, Math.round(kib / 1024));
  }
  return peak;
}

async function packSize(dir: string): Promise<{ bytes: number; files: number; largest: number }> {
  const names = await readdir(dir);
  const sizes = await Promise.all(names.map(async (n) => (await stat(path.join(dir, n))).size));
  return { bytes: sizes.reduce((a, b) => a + b, 0), files: names.length, largest: Math.max(...sizes) };
}

/**
 * The pack at `packDir` in `wrangler dev`'s local KV (bench/.wrangler/state) under `packPath`, as
 * a site owner puts it there: the upload plan (src/cli/upload-pack.ts, checked pack, manifest
 * last) and its wrangler commands. Skipped when the marker says this build is there already.
 */
async function ensureKvPack(name: string, packDir: string, packPath: string): Promise<void> {
  const marker = path.join(OUT, `scale-${name}-kv.json`);
  const { buildId } = JSON.parse(await readFile(path.join(packDir, 'manifest.json'), 'utf8')) as { buildId: string };
  if (existsSync(marker) && (JSON.parse(await readFile(marker, 'utf8')) as { buildId: string }).buildId === buildId) return;
  const started = performance.now();
  const plan = await planUpload(packDir, { kind: 'kv', where: 'local', namespace: { binding: 'PACK_KV' } }, packPath);
  await writeBulkFiles(plan);
  try {
    for (const argv of plan.commands) {
      const run = spawnSync(WRANGLER_BIN, [...argv.slice(1), '--config', SCALE_CONFIG], { cwd: ROOT, encoding: 'utf8', env: wranglerEnv() });
      if (run.status !== 0) throw new Error(`${argv.join(' ')} exited ${run.status}: ${`${run.stdout}${run.stderr}`.slice(-2000)}`);
    }
  } finally {
    // The bulk files hold the pack again, base64: hundreds of MB for the large replica.
    await Promise.all(plan.bulkFiles.map((b) => rm(b.file, { force: true })));
  }
  await writeFile(marker, JSON.stringify({ buildId }));
  log(`${name}: uploaded to the local KV in ${((performance.now() - started) / 1000).toFixed(1)} s (${plan.files.length} files)`);
}

/** The Worker over the pack at /scale-<name>/, read from `source`: a fresh server, its first /search, then the rest. */
async function measureWorker(name: string, queries: readonly string[], packRead: PackReadMode, source: ScaleSource): Promise<WorkerFigures> {
  const packPath = `/scale-${name}/`;
  if (source === 'kv') await ensureKvPack(name, path.join(SITE, `scale-${name}`), packPath);
  const server = await startWranglerDev({
    config: SCALE_CONFIG,
    timeoutMs: WRANGLER_START_TIMEOUT_MS,
    // A static asset: probing /health would load the pack before the cold request.
    healthPath: `${packPath}manifest.json`,
    vars: { PACK_PATH: packPath, EDGE_CACHE: 'off', PACK_READ: packRead, PACK_SOURCE: source },
  });
  try {
    let errors = 0;
    const get = async (q: string) => {
      const t = performance.now();
      const res = await fetch(`${server.url}/search?q=${encodeURIComponent(q)}`);
      await res.arrayBuffer();
      if (res.status !== 200) errors++;
      return performance.now() - t;
    };
    const coldStarted = performance.now();
    let coldMs: number;
    try {
      coldMs = await get(queries[0]!);
    } catch (e) {
      // A pack too big for the isolate: the time to failure and workerd's peak are the finding.
      const failure = `${(e as Error).message}${(e as Error).cause ? ` (${String((e as Error).cause)})` : ''}`;
      return { coldMs: performance.now() - coldStarted, p50: NaN, p95: NaN, againP50: NaN, againP95: NaN, workerdPeakRssMiB: await workerdPeakRssMiB(server.pid), errors: 1, failure };
    }
    const samples: number[] = [];
    for (const q of queries) samples.push(await get(q));
    const again: number[] = [];
    for (const q of queries) again.push(await get(q));
    return {
      coldMs,
      p50: percentile(samples, 50),
      p95: percentile(samples, 95),
      againP50: percentile(again, 50),
      againP95: percentile(again, 95),
      workerdPeakRssMiB: await workerdPeakRssMiB(server.pid),
      errors,
    };
  } finally {
    await server.stop();
  }
}

/**
 * `blockBytes` and `partBytes`: the packs' section block and keyword partition sizes (the build's
 * `--block-bytes` and `--part-bytes`), or null for the build's defaults. Packs of another layout
 * are kept apart (`scale-<name>-b<bytes>`, `-p<bytes>`), so each can be reused; the query sample is
 * the default packs' (the same docs give the same headings).
 */
export async function benchScale(options: {
  large: boolean;
  worker: boolean;
  reusePacks: boolean;
  packRead: PackReadMode;
  /** Where the Worker reads the pack from, each measured in turn. Default: every one of SCALE_SOURCES. */
  sources?: readonly ScaleSource[];
  blockBytes?: number | null;
  partBytes?: number | null;
}): Promise<ScaleRow[]> {
  const variant = `${options.blockBytes ? `-b${options.blockBytes}` : ''}${options.partBytes ? `-p${options.partBytes}` : ''}`;
  const layout = {
    ...(options.blockBytes && { blocks: { blockBytes: options.blockBytes } }),
    ...(options.partBytes && { keyword: { partBytes: options.partBytes } }),
  };
  const corpora: Array<{ name: string; dir: () => Promise<string | null> }> = [
    { name: 'fixture', dir: async () => path.join(ROOT, 'test/fixtures/site') },
    { name: 'astro-en', dir: async () => (existsSync(path.join(ASTRO, 'en')) ? path.join(ASTRO, 'en') : null) },
    { name: 'astro-3lang', dir: async () => (existsSync(ASTRO) ? ASTRO : null) },
  ];
  if (options.large) {
    corpora.push({ name: 'astro-x20', dir: async () => (existsSync(ASTRO) ? (await ensureReplica(ASTRO, path.join(OUT, `replica-x${REPLICA_COPIES}`), REPLICA_COPIES)).dir : null) });
  }
  await mkdir(SITE, { recursive: true });
  const rows: ScaleRow[] = [];
  for (const corpus of corpora) {
    const docs = await corpus.dir();
    if (docs === null) {
      log(`${corpus.name}: skipped, ${ASTRO} not found`);
      continue;
    }
    const packDir = path.join(SITE, `scale-${corpus.name}${variant}`);
    const buildFile = path.join(OUT, `scale-${corpus.name}${variant}-build.json`);
    let build: { ms: number; sections: number; pages: number; maxRssMiB: number };
    const reused = options.reusePacks && existsSync(path.join(packDir, 'manifest.json')) && existsSync(buildFile);
    if (reused) {
      build = JSON.parse(await readFile(buildFile, 'utf8'));
      log(`${corpus.name}: reusing the pack built in ${(build.ms / 1000).toFixed(1)} s`);
    } else {
      log(`${corpus.name}: building ${path.relative(ROOT, docs)}`);
      build = await probe(['build', docs, packDir, JSON.stringify(layout)]);
      await writeFile(buildFile, JSON.stringify(build));
    }
    const size = await packSize(packDir);
    log(`${corpus.name}: ${build.sections} sections, loading and querying in Node`);
    const queryFile = path.join(OUT, `scale-${corpus.name}-queries.json`);
    // The query sample is drawn from a whole-pack read in a process of its own (none of its memory counts below).
    if (!(existsSync(queryFile) && (reused || variant !== ''))) await probe(['queries', packDir, queryFile, String(QUERY_COUNT)]);
    const node = await probe<ScaleRow['node']>(['query', packDir, queryFile, options.packRead]);
    let worker: ScaleRow['worker'] = null;
    if (options.worker) {
      worker = {};
      const queries = JSON.parse(await readFile(queryFile, 'utf8')) as string[];
      for (const source of options.sources ?? SCALE_SOURCES) {
        log(`${corpus.name}: the Worker under wrangler dev, the pack in ${source}`);
        worker[source] = await measureWorker(`${corpus.name}${variant}`, queries, options.packRead, source);
      }
    }
    rows.push({
      name: `${corpus.name}${variant}`,
      pages: build.pages,
      sections: build.sections,
      buildMs: build.ms,
      buildMaxRssMiB: build.maxRssMiB,
      packBytes: size.bytes,
      packFiles: size.files,
      largestFileBytes: size.largest,
      node,
      worker,
    });
    // Written after each corpus, so a run stopped on the large one keeps the others.
    await writeFile(path.join(OUT, 'scale.json'), `${JSON.stringify({ date: new Date().toISOString(), rows }, null, 2)}\n`);
  }
  await writeFile(path.join(OUT, 'scale.json'), `${JSON.stringify({ date: new Date().toISOString(), rows }, null, 2)}\n`);
  return rows;
}

/** `--block-bytes`' or `--part-bytes`' value, checked: a whole number ≥ 1 (else the packs would silently be the default's). */
function bytesArg(flag: string, raw: string | undefined): number {
  const bytes = Number(raw);
  if (!Number.isInteger(bytes) || bytes < 1) throw new Error(`${flag} must be a whole number ≥ 1, got ${JSON.stringify(raw)}`);
  return bytes;
}

/** `--pack-source`'s value, checked: a comma-separated list of SCALE_SOURCES. */
export function scaleSources(raw: string): ScaleSource[] {
  const list = raw.split(',').map((x) => x.trim());
  const unknown = list.find((x) => !(SCALE_SOURCES as readonly string[]).includes(x));
  if (unknown !== undefined || list.length === 0) throw new Error(`--pack-source must list some of ${SCALE_SOURCES.join(', ')}, comma-separated, got ${JSON.stringify(raw)}`);
  return [...new Set(list as ScaleSource[])];
}

/** `--pack-read`'s value, checked: one of PACK_READ_MODES. */
export function packReadMode(raw: string | undefined): PackReadMode {
  if ((PACK_READ_MODES as readonly (string | undefined)[]).includes(raw)) return raw as PackReadMode;
  throw new Error(`--pack-read must be one of ${PACK_READ_MODES.join(', ')}, got ${JSON.stringify(raw)}`);
}

const mib = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MiB`;
const kib = (b: number) => `${Math.round(b / 1024)} KiB`;
const ms = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(x < 10 ? 2 : 0)} ms`);

/** The rows as a Markdown table, one column per corpus. */
export function renderScale(rows: readonly ScaleRow[]): string {
  const line = (label: string, f: (r: ScaleRow) => string) => `| ${label} | ${rows.map(f).join(' | ')} |`;
  const w = (source: ScaleSource, f: (x: WorkerFigures) => string) => (r: ScaleRow) => {
    const figures = r.worker?.[source];
    return figures ? f(figures) : '—';
  };
  const sources = SCALE_SOURCES.filter((source) => rows.some((r) => r.worker?.[source]));
  /** Where the pack is read from, as a row label says it. */
  const from = (source: ScaleSource) => (source === 'assets' ? 'pack in the static assets' : 'pack in KV');
  return [
    `| Scale (${QUERY_COUNT} queries each) | ${rows.map((r) => r.name).join(' | ')} |`,
    `| --- | ${rows.map(() => '---').join(' | ')} |`,
    line('pages / sections', (r) => `${r.pages} / ${r.sections}`),
    line('build time (one run)', (r) => ms(r.buildMs)),
    line('build peak RSS', (r) => `${r.buildMaxRssMiB} MiB`),
    line('pack size (files; largest)', (r) => `${mib(r.packBytes)} (${r.packFiles}; ${mib(r.largestFileBytes)})`),
    line('blocks and partitions read (PACK_READ)', (r) => r.node.read),
    line('Node, read as the Worker reads: pack load', (r) => ms(r.node.loadMs)),
    line('Node: the pack\'s JS heap + external (typed arrays, WASM memory) after load — what counts against a 128 MB isolate', (r) => `${r.node.heapMiB} + ${r.node.externalMiB} MiB`),
    line(`Node: the pack's memory after ${QUERY_COUNT} queries (blocks and partitions cached) / process peak RSS`, (r) => `${r.node.afterQueriesMiB} / ${r.node.maxRssMiB} MiB`),
    line('Node: hybrid pipeline, first pass p50 (reads) / warm p50 / p95', (r) => `${ms(r.node.coldP50)} / ${ms(r.node.p50)} / ${ms(r.node.p95)}`),
    // What the Worker's first-time rows wait on: each block is a fetch of its own.
    line('Node: section blocks read per query in the first pass (each a fetch in the Worker)', (r) => (r.node.read === 'whole' ? 'none (read whole)' : r.node.blockReadsPerQuery.toFixed(1))),
    // Under wrangler dev each static asset read costs 8–10 ms and reads asked for at once do not overlap
    // (`npm run bench`'s static asset read rows): the count of files weighs more than their bytes.
    line('Node: files a first-pass query reads, every kind (each a fetch in the Worker), median / mean', (r) => (r.node.read === 'whole' ? 'none (read whole)' : `${r.node.firstPassFiles.p50} / ${r.node.firstPassFiles.mean.toFixed(1)}`)),
    line('Node: bytes a first-pass query reads, median: keyword partitions / section blocks', (r) => (r.node.read === 'whole' ? 'none (read whole)' : `${kib(r.node.firstPassBytes.partitions)} / ${kib(r.node.firstPassBytes.blocks)}`)),
    ...sources.flatMap((source) => [
      line(`Worker, ${from(source)}: cold first /search`, w(source, (x) => (x.failure ? `failed after ${ms(x.coldMs)}` : ms(x.coldMs)))),
      line(`Worker, ${from(source)}: GET /search p50 / p95 (each query the first time)`, w(source, (x) => `${ms(x.p50)} / ${ms(x.p95)}`)),
      line(`Worker, ${from(source)}: the same queries again p50 / p95`, w(source, (x) => `${ms(x.againP50)} / ${ms(x.againP95)}`)),
      line(`Worker, ${from(source)}: workerd peak RSS`, w(source, (x) => (x.workerdPeakRssMiB === null ? '?' : `${x.workerdPeakRssMiB} MiB`))),
      line(`Worker, ${from(source)}: errors`, w(source, (x) => String(x.errors))),
    ]),
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const rows = await benchScale({
    large: argv.includes('--large'),
    worker: !argv.includes('--no-worker'),
    reusePacks: argv.includes('--reuse-packs'),
    packRead: packReadMode(argv.includes('--pack-read') ? argv[argv.indexOf('--pack-read') + 1] : 'auto'),
    sources: scaleSources(argv.includes('--pack-source') ? (argv[argv.indexOf('--pack-source') + 1] ?? '') : SCALE_SOURCES.join(',')),
    blockBytes: argv.includes('--block-bytes') ? bytesArg('--block-bytes', argv[argv.indexOf('--block-bytes') + 1]) : null,
    partBytes: argv.includes('--part-bytes') ? bytesArg('--part-bytes', argv[argv.indexOf('--part-bytes') + 1]) : null,
  });
  console.log(renderScale(rows));
}
