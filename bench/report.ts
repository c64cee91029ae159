/**
 * Renders the bench results as Markdown tables, for the terminal and for pasting into notes.
 */
import type { McpCostBench } from './mcp-bench.ts';
import type { AnalyticsCostBench } from './analytics-cost.ts';
import type { BuildBench } from './build-bench.ts';
import type { PackLoadBench, PipelineBench } from './node-bench.ts';
import type { Summary } from './stats.ts';
import type { ColdStartBench, LatencyBench, ReadCostBench, TargetLatency } from './worker-bench.ts';
import { WORKER_SIZE_LIMITS, type BundleSize } from './bundle.ts';
import type { LoadRun } from './load-bench.ts';
import type { AdversarialBench } from './adversarial.ts';

export interface BenchReport {
  corpus: string;
  machine: string;
  build: BuildBench;
  /** One build of the same corpus without vectors (--no-vectors). */
  keywordOnlyBuildMs: number;
  /** That keyword-only pack's size, raw and gzipped. */
  keywordOnlyTotal: { bytes: number; gzipBytes: number };
  load: Omit<PackLoadBench, 'pack'>;
  /**
   * Bytes a cold Worker reads to answer `query`, its first (node-bench.ts firstQueryBytes), with
   * either pack: the bench's first query, then one the vector route runs for (vectorRouteQuery).
   */
  firstQuery: FirstQueryBytes[];
  /** The same for each of the first queries (node-bench.ts firstQueryBytesSpread): median and p95, with either pack. */
  firstQueries: { pack: FirstQuerySpread; keywordOnly: FirstQuerySpread };
  pipeline: PipelineBench;
  queries: number;
  /** Null when the Worker step was skipped (--no-worker). */
  latency: LatencyBench | null;
  /** The Workers with the pack bundled into the script, beside the same baselines; null or absent when skipped. */
  latencyBundled?: LatencyBench | null;
  /** An agent's search (MCP search_docs) beside /search on the same Worker (bench/mcp-bench.ts); null with --no-worker. */
  mcpCost?: McpCostBench | null;
  analyticsCost?: AnalyticsCostBench | null;
  /** First /search after fresh starts (run.ts measureColdStarts); null when the Worker step was skipped. */
  coldStarts: ColdStartBench | null;
  /** What one static asset read adds to a request (worker-bench.ts benchReadCost); null or absent when the Worker step was skipped. */
  readCost?: ReadCostBench | null;
  /** The vector kernels' throughput (bench/kernel.ts), independent of the corpus. */
  kernel: { header: string[]; rows: string[][] };
  /** Upload sizes of the Worker configurations. */
  bundles: BundleSize[];
  /** /search under sustained load (bench/load-bench.ts); null or absent when skipped. */
  loadTest?: LoadRun[] | null;
  /** The adversarial site (bench/adversarial.ts); absent when skipped (--no-adversarial). */
  adversarial?: AdversarialBench | null;
}

export interface FirstQuerySpread {
  queries: number;
  p50: number;
  p95: number;
}

export interface FirstQueryBytes {
  query: string;
  pack: { bytes: number; matrixBytes: number };
  keywordOnly: { bytes: number };
}

export const WORKERD_CLOCK_NOTE =
  'Inside workerd `performance.now()` does not advance during CPU work (it moves only on I/O), so a ' +
  'Worker cannot time its own CPU cost: Worker latency is measured from the client over loopback, and ' +
  'the pipeline CPU cost by running the same pure code (parseSearchRequest + search, the Worker’s entry, WASM kernel) in Node.';

/** Milliseconds with precision that suits their size: 0.123 ms, 4.56 ms, 123 ms. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return 'n/a';
  if (ms < 1) return `${ms.toFixed(3)} ms`;
  if (ms < 100) return `${ms.toFixed(2)} ms`;
  return `${ms.toFixed(0)} ms`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
}

function formatRatio(r: number): string {
  return Number.isFinite(r) ? `${r.toFixed(2)}×` : 'n/a';
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

function buildTable(r: BenchReport): string {
  const b = r.build;
  const runs = b.buildsMs.map((ms) => (ms / 1000).toFixed(2)).join(', ');
  return table(
    ['Build & pack', 'value'],
    [
      ['pages / sections', `${b.summary.pages} / ${b.summary.sections}${b.summary.skipped ? ` (${b.summary.skipped} files skipped)` : ''}`],
      [`build time (median of ${b.buildsMs.length})`, `${(b.medianMs / 1000).toFixed(2)} s (runs: ${runs} s)`],
      ['build time without vectors (--no-vectors, one run)', `${(r.keywordOnlyBuildMs / 1000).toFixed(2)} s`],
      ['pack total, raw / gzip', `${formatBytes(b.total.bytes)} / ${formatBytes(b.total.gzipBytes)}`],
      ['keyword-only pack total (--no-vectors), raw / gzip', `${formatBytes(r.keywordOnlyTotal.bytes)} / ${formatBytes(r.keywordOnlyTotal.gzipBytes)}`],
      [
        '**ratio pack / keyword-only pack**, raw / gzip',
        `**${formatRatio(b.total.bytes / r.keywordOnlyTotal.bytes)}** / ${formatRatio(b.total.gzipBytes / r.keywordOnlyTotal.gzipBytes)}`,
      ],
      ['pack load in Node, cold / warm', `${formatMs(r.load.coldMs)} / ${formatMs(r.load.warmMs)}`],
      [
        `bytes a cold Worker reads for its first query, each of the first ${r.firstQueries.pack.queries} queries: median / p95, pack; keyword-only pack`,
        `${formatBytes(r.firstQueries.pack.p50)} / ${formatBytes(r.firstQueries.pack.p95)}; ${formatBytes(r.firstQueries.keywordOnly.p50)} / ${formatBytes(r.firstQueries.keywordOnly.p95)}`,
      ],
      ...r.firstQuery.map((f) => [
        `bytes a cold Worker reads for its first query (\`${f.query}\`), pack / keyword-only pack`,
        `${formatBytes(f.pack.bytes)} (embedding.bin ${formatBytes(f.pack.matrixBytes)} of ${formatBytes(b.files.filter((x) => x.name.startsWith('embedding.bin')).reduce((n, x) => n + x.bytes, 0))}) / ${formatBytes(f.keywordOnly.bytes)} (**${formatRatio(f.pack.bytes / f.keywordOnly.bytes)}**)`,
      ]),
    ],
  );
}

function filesTable(r: BenchReport): string {
  return table(
    ['Pack file', 'raw', 'gzip -9'],
    r.build.files.map((f) => [f.name, formatBytes(f.bytes), formatBytes(f.gzipBytes)]),
  );
}

function latencyRow(name: string, s: Summary, extra: string): string[] {
  return [name, formatMs(s.p50), formatMs(s.p95), formatMs(s.mean), extra];
}

/** The MCP row: an agent's search against a reader's, the target being at most 1.3× (issue 52). */
function mcpCostTable(m: McpCostBench): string {
  const row = (name: string, s: Summary) => [name, formatMs(s.p50), formatMs(s.p95), String(s.n)];
  return [
    `### An agent's search: MCP tools/call search_docs beside GET /search (the default Worker, answer caches off, ${m.queries} queries each)`,
    table(['request', 'p50', 'p95', 'n'], [row('GET /search', m.search), row('POST /mcp tools/call search_docs', m.mcp)]),
    `MCP ÷ /search: **${m.pairedRatio.toFixed(2)}×** (median of the per-query ratios; p50 ratio ${(m.mcp.p50 / m.search.p50).toFixed(2)}×).`,
  ].join('\n\n');
}

/** The analytics row: /search with ANALYTICS on beside off, the target being unchanged within noise (issue 53). */
function analyticsCostTable(a: AnalyticsCostBench): string {
  const row = (name: string, s: Summary) => [name, formatMs(s.p50), formatMs(s.p95), String(s.n)];
  return [
    `### Search analytics: GET /search with ANALYTICS on beside off (the default Worker, a local D1, answer caches off, ${a.queries} queries each${a.pauseMs ? `, ${a.pauseMs} ms between pairs` : ', back to back'})`,
    table(['Worker', 'p50', 'p95', 'n'], [row('ANALYTICS = "on"', a.on), row('ANALYTICS off', a.off)]),
    `on ÷ off: **${a.pairedRatio.toFixed(2)}×** (median of the per-query ratios; p50 ratio ${(a.on.p50 / a.off.p50).toFixed(2)}×).`,
  ].join('\n\n');
}

function latencyTable(latency: LatencyBench, what = 'the pack in the static assets'): string {
  const baselines = latency.targets.filter((t) => t.baseline);
  const measured = latency.targets.filter((t) => !t.baseline);
  // Every measured Worker's ratio to each baseline: each query the first time (bold, the headline), then again.
  const ratios = (label: (rb: string, base: string) => string, of: (t: TargetLatency) => Summary, bold: boolean) =>
    baselines.flatMap((base) =>
      measured.map((rb) => {
        const p50 = formatRatio(of(rb).p50 / of(base).p50);
        return [label(rb.name, base.name), bold ? `**${p50}**` : p50, formatRatio(of(rb).p95 / of(base).p95), formatRatio(of(rb).mean / of(base).mean), ''];
      }),
    );
  const rows = [
    ...latency.targets.map((t) => latencyRow(t.name, t.latency, String(t.errors))),
    ...ratios((rb, base) => `**ratio ${rb} / ${base}**`, (t) => t.latency, true),
    ...ratios((rb, base) => `ratio, the same queries again (what the first pass read is held; with answer caches on, its answers): ${rb} / ${base}`, (t) => t.again, false),
  ];
  const settled = latency.others > 0 ? `; the isolate that first answered other queries: ${latency.others} of them, after the warm-up` : '';
  return table([`Worker GET /search, ${what}, client wall time (${latency.queries} sequential, each the first time, after ${latency.warmup} warm-up${settled})`, 'p50', 'p95', 'mean', 'errors'], rows);
}

function readCostTable(cost: ReadCostBench): string {
  const rows = [
    ['reads nothing', formatMs(cost.none.p50), formatMs(cost.none.p95), '—'],
    ...cost.kinds.map((k) => [
      `reads ${k.atOnce === 1 ? `one ${k.name}` : `${k.atOnce} of them at once (a ${k.name} each)`} (median ${formatBytes(k.bytesP50)}), taking turns through the pack's files`,
      formatMs(k.latency.p50),
      formatMs(k.latency.p95),
      formatMs(k.latency.p50 - cost.none.p50),
    ]),
  ];
  return table([`Static asset reads under wrangler dev: a bare Worker (bench/read-floor-worker.ts), ${cost.samples} requests each, in turn`, 'p50', 'p95', 'p50 added by the reads'], rows);
}

function pipelineTable(r: BenchReport): string {
  const p = r.pipeline;
  return table(
    [`Node pipeline per query (${r.queries} queries × ${p.rounds} rounds)`, 'p50', 'p95', 'mean', 'zero-result queries'],
    p.rows.map((row) => latencyRow(row.name, row.perQuery, row.zeroResults === null ? '–' : `${row.zeroResults} / ${row.requests}`)),
  );
}

function coldStartTable(cold: ColdStartBench): string {
  const rows = cold.targets.map((t) => [`${t.name}, \`${t.query}\``, formatMs(t.medianMs), t.samplesMs.map(formatMs).join(', ')]);
  // The issue-18 bound compares the pack with vectors against the keyword-only pack, both served
  // by the same Worker (the first two of WORKERS), for each query timed.
  for (const query of new Set(cold.targets.map((t) => t.query))) {
    const [hybrid, keywordOnly] = cold.targets.filter((t) => t.query === query && !t.bundledOf && !t.floorOf);
    if (hybrid && keywordOnly) rows.push([`**ratio ${hybrid.name} / ${keywordOnly.name}, \`${query}\`**`, `**${formatRatio(hybrid.medianMs / keywordOnly.medianMs)}**`, '']);
  }
  // How far above the bare reading of its files each Worker's cold start is: the search's own share.
  for (const floor of cold.targets.filter((t) => t.floorOf)) {
    const worker = cold.targets.find((t) => t.name === floor.floorOf && t.query === floor.query && !t.floorOf);
    if (worker) rows.push([`**ratio ${worker.name} / the bare reads of its files, \`${floor.query}\`**`, `**${formatRatio(worker.medianMs / floor.medianMs)}**`, '']);
  }
  // What bundling the pack into the script saves: the same pack read from the static assets.
  for (const bundled of cold.targets.filter((t) => t.bundledOf)) {
    const assets = cold.targets.find((t) => t.name === bundled.bundledOf && t.query === bundled.query && !t.floorOf);
    if (assets) rows.push([`**ratio ${bundled.name} / ${assets.name}, \`${bundled.query}\`**`, `**${formatRatio(bundled.medianMs / assets.medianMs)}**`, '']);
  }
  return table(
    [`Worker cold start: first /search after a fresh \`wrangler dev\` (isolate start, pack load, ORT session), median of ${cold.rounds} fresh starts`, 'median', 'each start'],
    rows,
  );
}

function loadTable(runs: readonly LoadRun[]): string {
  const first = runs[0]!;
  return table(
    [`Worker GET /search under load (autocannon, ${first.connections} connections, ${first.seconds} s, \`wrangler dev\`)`, 'req/s', 'p50', 'p99', 'max', 'requests', 'errors + timeouts', 'non-2xx'],
    runs.map((r) => [r.name, r.rps.toFixed(0), formatMs(r.p50Ms), formatMs(r.p99Ms), formatMs(r.maxMs), String(r.requests), String(r.errors + r.timeouts), String(r.non2xx)]),
  );
}

function bundleTable(bundles: readonly BundleSize[]): string {
  return table(
    ['Worker bundle (`wrangler deploy --dry-run`, as wrangler reports it)', 'raw', 'gzip', 'fits'],
    bundles.map((b) => [b.name, formatBytes(b.rawBytes), formatBytes(b.gzipBytes), b.plan ?? `no plan (over ${formatBytes(WORKER_SIZE_LIMITS.at(-1)!.gzipBytes)})`]),
  );
}

function adversarialTable(a: AdversarialBench): string {
  const rows = a.rows.map((row) => [row.page, `\`${row.query.length > 40 ? `${row.query.slice(0, 40)}…` : row.query}\``, String(row.results), formatMs(row.ms.p50), formatMs(row.ms.p95)]);
  const header = `Adversarial site (bench/adversarial.ts): built in ${(a.buildMs / 1000).toFixed(1)} s; build warnings: ${a.warnings.length === 0 ? 'none' : a.warnings.join('; ')}`;
  return `${header}\n\n${table(['page', 'query', 'results', 'Node CPU per query p50', 'p95'], rows)}`;
}

export function renderReport(r: BenchReport): string {
  const parts = [
    `## recall-box bench: ${r.corpus}`,
    `Machine: ${r.machine}`,
    buildTable(r),
    filesTable(r),
    r.latency ? latencyTable(r.latency) : '_Worker latency skipped (--no-worker)._',
    ...(r.latencyBundled ? [latencyTable(r.latencyBundled, 'the pack bundled into the script')] : []),
    ...(r.coldStarts ? [coldStartTable(r.coldStarts)] : []),
    ...(r.readCost ? [readCostTable(r.readCost)] : []),
    ...(r.mcpCost ? [mcpCostTable(r.mcpCost)] : []),
    ...(r.analyticsCost ? [analyticsCostTable(r.analyticsCost)] : []),
    ...(r.loadTest?.length ? [loadTable(r.loadTest)] : []),
    pipelineTable(r),
    ...(r.adversarial ? [adversarialTable(r.adversarial)] : []),
    table(r.kernel.header, r.kernel.rows),
    bundleTable(r.bundles),
    `Notes: ${WORKERD_CLOCK_NOTE} Figures are medians/percentiles from one run on a shared, noisy machine: compare ratios, not absolute times.`,
  ];
  return `${parts.join('\n\n')}\n`;
}
