/**
 * Bench step 3: the query pipeline's CPU cost, in Node. Inside workerd `performance.now()` only
 * advances on I/O (a Spectre mitigation), so a Worker cannot time its own CPU work; the pipeline is
 * pure, so running it in Node measures the same code on the same V8 — with the Worker's WASM kernel.
 */
import { createOrtEmbedder, type NodeEmbedder } from '../src/indexer/embed/ort-node.ts';
import { fsPackSource } from '../src/indexer/fs-source.ts';
import { dequantizeMatrix, encodeFloat32, modelFromFile, validateModelFile } from '../src/core/index.ts';
import { DEFAULT_SEARCH_OPTIONS, PACK_FILES, embedStatic, instantiateWasmKernel, loadPack, queryLanguage, queryTokens, readPackFile, search, type LoadedPack, type QuantizedVectors } from '../src/core/index.ts';
import { parseSearchRequest } from '../src/protocol/request.ts';
import { compileVectorKernel } from '../wasm/node.ts';
import { keystrokes, type BenchQuery } from './queries.ts';
import { observedSource, readSize } from './observed-source.ts';
import { median, summarize, type Summary } from './stats.ts';

/**
 * Queries of the set whose every keystroke the as-you-type row sends, in order: 40 queries are
 * ~700 requests per round, as many as the set itself, so the row costs what another row costs.
 */
const TYPED_QUERIES = 40;

/** Extra loads after the cold one, whose median is the warm load time (JIT-compiled loader). */
const WARM_LOADS = 3;

export interface PackLoadBench {
  pack: LoadedPack;
  /** The first load in this process: file reads, JSON parse, validation and index import. */
  coldMs: number;
  /** Median of later loads of the same pack, with the loader's code already compiled. */
  warmMs: number;
}

export interface PipelineRow {
  name: string;
  perQuery: Summary;
  /** Queries with no results, in one round (null for rows that produce no result list). */
  zeroResults: number | null;
  /** Distinct requests in one round (the query set, or the keystrokes typed). */
  requests: number;
}

export interface PipelineBench {
  /** Rounds over the query set that were measured (a warm-up round runs before them). */
  rounds: number;
  rows: PipelineRow[];
}

/** The Worker's kernel: the section vectors in the WASM kernel, as src/worker/worker.ts loads them. */
export async function wasmKernel(vectors: QuantizedVectors) {
  const kernel = await instantiateWasmKernel(await compileVectorKernel());
  kernel.load(vectors);
  return kernel;
}

export async function benchPackLoad(packDir: string): Promise<PackLoadBench> {
  let started = performance.now();
  const pack = await loadPack(fsPackSource(packDir), { createKernel: wasmKernel });
  const coldMs = performance.now() - started;
  const warm: number[] = [];
  for (let i = 0; i < WARM_LOADS; i++) {
    started = performance.now();
    await loadPack(fsPackSource(packDir), { createKernel: wasmKernel });
    warm.push(performance.now() - started);
  }
  return { pack, coldMs, warmMs: median(warm) };
}

/**
 * Words a reader adds that docs seldom hold, tried in order: the first the pack's keyword route
 * cannot find makes the bench's question (`vectorRouteQuery`).
 */
const READER_WORDS = ['cheapest', 'beginner', 'workaround', 'quickest', 'simplest'];

/**
 * A query the vector route runs for, to time a cold start that needs it: the bench's first query
 * with a word added that the keyword route's best hit lacks (a reader's question in words the docs
 * do not all use), checked by searching the pack in `packDir`. The bench's own queries are headings, which the
 * keyword route answers without the vector route (search.ts keywordAnswered). Null when every word
 * tried is found.
 */
export async function vectorRouteQuery(packDir: string, base: string): Promise<{ query: string; word: string } | null> {
  // A pack of its own: the pipeline rows' first-time figures need sections no search has analysed.
  const pack = await loadPack(fsPackSource(packDir), { createKernel: wasmKernel });
  for (const word of READER_WORDS) {
    const query = `${base} ${word}`;
    const outcome = await search(pack, parseSearchRequest({ q: query }, DEFAULT_SEARCH_OPTIONS), DEFAULT_SEARCH_OPTIONS);
    if (outcome.routes.vector.ran) return { query, word };
  }
  return null;
}

/**
 * Bytes a cold Worker reads from its pack source to answer its first query, as the Worker reads
 * (lazily: the heads at load, then what the query needs — the vectors only for a query the
 * vector route runs for). Deterministic, unlike the
 * Worker's cold-start time: under `wrangler dev` a cold isolate's load grew with the bytes it read.
 * `waves`: the files read, by file name, in the order the reads waited on each other — a read
 * started before any read of the previous wave had finished is in that wave (what the cold-start
 * floor reads: bench/read-floor-worker.ts).
 */
export async function firstQueryBytes(packDir: string, query: string): Promise<{ bytes: number; matrixBytes: number; waves: string[][] }> {
  const inner = fsPackSource(packDir);
  let bytes = 0;
  let matrixBytes = 0;
  const waves: string[][] = [];
  let finishedWaves = 0;
  const counted = observedSource(inner, async (name, read) => {
    const wave = finishedWaves;
    (waves[wave] ??= []).push(name);
    try {
      const value = await read();
      bytes += readSize(value);
      if (value instanceof Uint8Array && name.startsWith(PACK_FILES.matrix)) matrixBytes += value.byteLength;
      return value;
    } finally {
      finishedWaves = Math.max(finishedWaves, wave + 1);
    }
  });
  const pack = await loadPack(counted, { read: 'lazy', createKernel: wasmKernel });
  await search(pack, parseSearchRequest({ q: query }, DEFAULT_SEARCH_OPTIONS), DEFAULT_SEARCH_OPTIONS);
  return { bytes, matrixBytes, waves };
}

/**
 * Queries whose first-query bytes `firstQueryBytesSpread` takes: 40, enough for a median and a
 * 95th percentile of what a cold isolate reads, few enough to load the pack that many times quickly.
 */
export const FIRST_QUERY_SAMPLE = 40;

/**
 * firstQueryBytes for the first FIRST_QUERY_SAMPLE queries, each against a freshly loaded pack:
 * each query's figures (the first is the bench's first query, the report's own row) and their
 * median and 95th percentile.
 */
export async function firstQueryBytesSpread(
  packDir: string,
  queries: readonly BenchQuery[],
): Promise<{ each: Array<Awaited<ReturnType<typeof firstQueryBytes>>>; queries: number; p50: number; p95: number }> {
  const each: Array<Awaited<ReturnType<typeof firstQueryBytes>>> = [];
  for (const { q } of queries.slice(0, FIRST_QUERY_SAMPLE)) each.push(await firstQueryBytes(packDir, q));
  const { p50, p95 } = summarize(each.map((e) => e.bytes));
  return { each, queries: each.length, p50, p95 };
}

/** ORT in Node over the pack's own model.onnx and embedding.bin: the ONNX Worker's embedder. */
async function packOrtEmbedder(pack: LoadedPack, packDir: string): Promise<NodeEmbedder> {
  // Through the manifest: a large pack stores embedding.bin as shards.
  const source = fsPackSource(packDir);
  const read = async (name: string) => (await readPackFile(source, pack.manifest.files, name))!;
  const file = validateModelFile(JSON.parse(new TextDecoder().decode(await read(PACK_FILES.embedding))));
  // ORT is handed E as float32, as the ONNX Worker hands it (worker/onnx.ts): the pack stores int8 rows.
  return createOrtEmbedder(await read(PACK_FILES.onnx), modelFromFile(file), [{ path: PACK_FILES.matrix, data: encodeFloat32(dequantizeMatrix(pack.semantic!.rows!.matrix)) }]);
}

export type Step = (q: string) => number | Promise<number>;

/**
 * One warm-up round (V8 optimises the hot paths, as in a long-lived isolate), then `rounds` timed:
 * what each step returned in the warm-up (a result count), and each query's times, in query order.
 */
export async function timeRounds(queries: readonly BenchQuery[], rounds: number, step: Step): Promise<{ firstRound: number[]; times: number[][] }> {
  const firstRound: number[] = [];
  for (const query of queries) firstRound.push(await step(query.q));
  const times = queries.map((): number[] => []);
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < queries.length; i++) {
      const started = performance.now();
      await step(queries[i]!.q);
      times[i]!.push(performance.now() - started);
    }
  }
  return { firstRound, times };
}

/** timeRounds' every time, summarised. */
async function timeStep(name: string, queries: readonly BenchQuery[], rounds: number, step: Step, counts: boolean): Promise<PipelineRow> {
  const { firstRound, times } = await timeRounds(queries, rounds, step);
  return { name, perQuery: summarize(times.flat()), zeroResults: counts ? firstRound.filter((n) => n === 0).length : null, requests: queries.length };
}

/**
 * Queries a warm isolate has not seen: one untimed round over every other query warms V8 (as
 * earlier readers' queries would), then each of the rest is timed once. The other rows time
 * repeats, after a warm-up round of the same queries: their sections' words are already in the
 * word memo (core/analysis/segment.ts), so they understate what a new query costs. Must run before
 * them, which would analyse these queries' sections too.
 */
async function timeFirstTime(name: string, queries: readonly BenchQuery[], step: Step): Promise<PipelineRow> {
  const warm = queries.filter((_, i) => i % 2 === 1);
  const fresh = queries.filter((_, i) => i % 2 === 0);
  for (const query of warm) await step(query.q);
  const samples: number[] = [];
  const counts: number[] = [];
  for (const query of fresh) {
    const started = performance.now();
    counts.push(await step(query.q));
    samples.push(performance.now() - started);
  }
  return { name, perQuery: summarize(samples), zeroResults: counts.filter((n) => n === 0).length, requests: fresh.length };
}

/**
 * `readerWord`: a word the docs lack (vectorRouteQuery's), added to every query for the row of
 * queries the vector route runs for — the bench's headings alone are answered by the keyword route
 * without it. Null: no such row.
 */
export async function benchPipeline(pack: LoadedPack, packDir: string, queries: readonly BenchQuery[], rounds: number, readerWord: string | null = null): Promise<PipelineBench> {
  const options = DEFAULT_SEARCH_OPTIONS;
  const request = (q: string) => parseSearchRequest({ q }, options);
  const rows: PipelineRow[] = [];
  // First, before any other row has analysed these queries' sections (see timeFirstTime).
  rows.push(
    await timeFirstTime(
      `${pack.semantic ? 'hybrid (default Worker)' : 'keyword route only'}, each query the first time: ${Math.ceil(queries.length / 2)} queries after ${Math.floor(queries.length / 2)} others`,
      queries,
      async (q) => (await search(pack, request(q), options)).results.length,
    ),
  );
  // The vector route's fusion weight 0: the Worker's own way of running without it (the route is skipped before embedding).
  const keywordOnly = { ...options, fuse: { ...options.fuse, weights: { ...options.fuse.weights, vector: 0 } } };
  rows.push(await timeStep('keyword route only: parseSearchRequest + search', queries, rounds, async (q) => (await search(pack, request(q), keywordOnly)).results.length, true));
  if (pack.semantic) {
    const semantic = pack.semantic;
    // The default without the learned reranking (RERANK=off): its cost is the next row less this one.
    const unranked = { ...options, rerank: { ...options.rerank, enabled: false } };
    rows.push(await timeStep('hybrid, RERANK=off: the default without the learned reranking', queries, rounds, async (q) => (await search(pack, request(q), unranked)).results.length, true));
    // The default without the extractive answer (present/answer.ts): its cost is the next row less this one.
    const unanswered = { ...options, answer: { ...options.answer, enabled: false } };
    rows.push(await timeStep('hybrid, no answer: the default without the answer sentences', queries, rounds, async (q) => (await search(pack, request(q), unanswered)).results.length, true));
    rows.push(
      await timeStep('hybrid (default Worker): + static query embedding, WASM kernel, fusion', queries, rounds, async (q) => (await search(pack, request(q), options)).results.length, true),
    );
    if (readerWord !== null) {
      const asked = queries.map((query): BenchQuery => ({ q: `${query.q} ${readerWord}`, kind: query.kind }));
      rows.push(
        await timeStep(`hybrid (default Worker), each query with "${readerWord}" added: the vector route runs (its best keyword hit lacks a word)`, asked, rounds, async (q) => (await search(pack, request(q), options)).results.length, true),
      );
    }
    // Each query's keystrokes in the order a reader sends them: the pipeline's cost per keystroke,
    // consecutive requests sharing most of their candidates as they do in a real search box.
    const typed = queries.slice(0, TYPED_QUERIES).flatMap((query) => keystrokes(query.q).map((q): BenchQuery => ({ q, kind: query.kind })));
    rows.push(await timeStep(`as you type (default Worker): every keystroke of ${TYPED_QUERIES} queries, ${typed.length} requests`, typed, rounds, async (q) => (await search(pack, request(q), options)).results.length, true));
    const tokensOf = (q: string) => queryTokens(semantic, q, queryLanguage(q, null, pack.manifest.defaultLang));
    rows.push(await timeStep('query embedding alone: static embedder (TypeScript)', queries, rounds, (q) => embedStatic(semantic, tokensOf(q)).length, false));
    const ort = await packOrtEmbedder(pack, packDir);
    try {
      rows.push(await timeStep('query embedding alone: onnxruntime-web (ONNX Worker)', queries, rounds, async (q) => (await ort.embedTokens([tokensOf(q)]))[0]!.length, false));
    } finally {
      await ort.release();
    }
  }
  return { rounds, rows };
}
