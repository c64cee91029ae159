/**
 * Bench step 2: /search latency of the real Worker under `wrangler dev`, seen from a client over
 * loopback, against a trivial Hono Worker served the same way. Absolute numbers on a shared machine
 * mostly measure the machine; the ratio to the trivial Worker is what carries from run to run.
 */
import type { BenchQuery } from './queries.ts';
import { summarize, type Summary } from './stats.ts';

/** A single request that takes longer than this is a hang, not a latency sample. */
const REQUEST_TIMEOUT_MS = 10_000;

export interface Target {
  name: string;
  /** Origin of the server, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** A Worker the others are compared with (the report's ratios are to each baseline). */
  baseline?: boolean;
  /**
   * Answers benchLatency's `others` before the timed passes: an isolate that has been answering
   * readers for a while meets queries it has not seen, beside one that has answered only the
   * warm-up (docs/performance.md: an isolate's age).
   */
  settle?: boolean;
}

export interface TargetLatency {
  name: string;
  /** Target.baseline. */
  baseline: boolean;
  /** Each query the first time this server is asked it (after the warm-up). */
  latency: Summary;
  /**
   * The same queries asked again, in the same order: the blocks and partitions the first pass read
   * are held (the Astro docs fit the residency budgets), so this is the search without its reads.
   */
  again: Summary;
  /** Requests that did not answer 200; they are left out of the latency figures. */
  errors: number;
  /** Answers whose `results` array was empty. */
  zeroResults: number;
}

export interface LatencyBench {
  warmup: number;
  queries: number;
  /** Queries the `settle` targets answered before the timed passes; 0: none. */
  others: number;
  targets: TargetLatency[];
}

export interface Sample {
  ms: number;
  ok: boolean;
  results: number;
  detail: string;
}

/**
 * One GET, timed from before the request to the last byte of the body; a 200's body goes to
 * `results` (how many results it holds), any other status or a failure is the sample's detail.
 */
async function timeGet(url: string, results: (body: string) => number): Promise<Sample> {
  const started = performance.now();
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const body = await res.text();
    const ms = performance.now() - started;
    if (res.status !== 200) return { ms, ok: false, results: 0, detail: `${res.status} ${body.slice(0, 200)}` };
    return { ms, ok: true, results: results(body), detail: '' };
  } catch (e) {
    return { ms: performance.now() - started, ok: false, results: 0, detail: String(e) };
  }
}

/** One GET /search, timed from before the request to the last byte of the body; `extra` parameters appended (`&limit=9`). */
export function timeRequest(target: Target, q: string, extra = ''): Promise<Sample> {
  return timeGet(`${target.url}/search?q=${encodeURIComponent(q)}${extra}`, (body) => (JSON.parse(body) as { results?: unknown[] }).results?.length ?? 0);
}

/**
 * What the warm-up adds to its queries: one result fewer than the default 10. The same words (the
 * same reads, the same code paths), but an answer of its own — another answer-cache key — so no
 * measured request of a Worker with its answer caches on is answered from what the warm-up stored.
 */
const WARMUP_PARAMS = '&limit=9';

/**
 * Sequential requests, alternating between the targets query by query (and swapping which goes
 * first), so both see the same moments of machine noise and neither always follows the other.
 * Targets with `settle` first answer `others`, queries not among `queries`.
 */
export async function benchLatency(targets: readonly Target[], queries: readonly BenchQuery[], warmup: number, others: readonly BenchQuery[] = []): Promise<LatencyBench> {
  // Warm-up: compiles the Worker code, loads the pack into the isolate, opens keep-alive sockets.
  for (let i = 0; i < warmup; i++) {
    for (const target of targets) await timeRequest(target, queries[i % queries.length]!.q, WARMUP_PARAMS);
  }
  const settling = targets.filter((t) => t.settle);
  for (const other of others) for (const target of settling) await timeRequest(target, other.q);
  const pass = async (): Promise<Sample[][]> => {
    const samples: Sample[][] = targets.map(() => []);
    for (let i = 0; i < queries.length; i++) {
      const order = i % 2 === 0 ? targets.map((_, t) => t) : targets.map((_, t) => targets.length - 1 - t);
      for (const t of order) samples[t]!.push(await timeRequest(targets[t]!, queries[i]!.q));
    }
    return samples;
  };
  const first = await pass();
  const again = await pass();
  return {
    warmup,
    queries: queries.length,
    others: settling.length > 0 ? others.length : 0,
    targets: targets.map((target, t) => {
      const list = first[t]!;
      const ok = list.filter((s) => s.ok);
      if (ok.length === 0) throw new Error(`${target.name}: every request failed, e.g. ${list[0]?.detail ?? 'no requests'}`);
      return {
        name: target.name,
        baseline: target.baseline === true,
        latency: summarize(ok.map((s) => s.ms)),
        again: summarize(again[t]!.filter((s) => s.ok).map((s) => s.ms)),
        errors: list.length - ok.length + again[t]!.filter((s) => !s.ok).length,
        zeroResults: ok.filter((s) => s.results === 0).length,
      };
    }),
  };
}

/** What static asset reads add to a request under `wrangler dev` (benchReadCost). */
export interface ReadCostBench {
  /** Samples of each kind. */
  samples: number;
  /** A request of the bare Worker that reads nothing. */
  none: Summary;
  /** Requests that each read `atOnce` files of a kind (in one wave), different files each time. */
  kinds: Array<{ name: string; atOnce: number; bytesP50: number; latency: Summary }>;
}

/** Files of one kind, and how many of them a request reads at once (in one wave, as a query reads its blocks). */
export interface ReadCostKind {
  name: string;
  files: ReadonlyArray<{ name: string; bytes: number }>;
  atOnce: number;
}

/**
 * The bare read Worker (bench/read-floor-worker.ts) asked, in turn, to read nothing and to read the
 * files of each kind — different files each time until a list runs out (then from its start again),
 * so no answer comes from a cache of an earlier read while there are files enough. Its requests differ only by the reads, so the difference of the medians is what those reads
 * cost a query the first time it needs them; wrangler dev's static assets are the same path the
 * Worker's pack reads take. Reading several at once shows whether reads in one wave overlap.
 */
export async function benchReadCost(url: string, packPath: string, kinds: readonly ReadCostKind[], samples: number): Promise<ReadCostBench> {
  await timeReads(url, packPath, []);
  const none: number[] = [];
  const times = kinds.map(() => [] as number[]);
  // One cursor per list of files, so kinds drawing on the same files (one block, four blocks) take turns through it.
  const next = new Map(kinds.map((kind) => [kind.files, 0]));
  const take = (files: ReadCostKind['files']): string => {
    const i = next.get(files)!;
    next.set(files, i + 1);
    return files[i % files.length]!.name;
  };
  for (let i = 0; i < samples; i++) {
    none.push((await timeReads(url, packPath, [])).ms);
    for (const [k, kind] of kinds.entries()) {
      const wave = Array.from({ length: kind.atOnce }, () => take(kind.files));
      const sample = await timeReads(url, packPath, [wave]);
      if (!sample.ok) throw new Error(`reading ${wave.join(', ')} from ${packPath}: ${sample.detail}`);
      times[k]!.push(sample.ms);
    }
  }
  return {
    samples,
    none: summarize(none),
    kinds: kinds.map((kind, k) => ({
      name: kind.name,
      atOnce: kind.atOnce,
      bytesP50: summarize(kind.files.map((f) => f.bytes)).p50,
      latency: summarize(times[k]!),
    })),
  };
}

/** Each Worker's first /search after a fresh start, over several rounds (run.ts measureColdStarts). */
export interface ColdStartBench {
  rounds: number;
  /**
   * A Worker and the query its cold start was timed with; `floorOf` names the Worker whose first
   * query's files this target only reads (bench/read-floor-worker.ts), `bundledOf` the Worker that
   * reads from its static assets the pack this one has in its script (src/worker/bundled.ts).
   */
  targets: Array<ColdStartTarget & { samplesMs: number[]; medianMs: number }>;
}

export interface ColdStartTarget {
  name: string;
  query: string;
  floorOf?: string;
  bundledOf?: string;
}

/** Per target, its samples over the rounds (samples[round][target]) and their median. */
export function summarizeColdStarts(targets: readonly ColdStartTarget[], samples: readonly (readonly number[])[]): ColdStartBench {
  return {
    rounds: samples.length,
    targets: targets.map((target, t) => {
      const mine = samples.map((round) => round[t]!);
      return { ...target, samplesMs: mine, medianMs: summarize(mine).p50 };
    }),
  };
}

/** Time of one GET of the read-floor Worker (bench/read-floor-worker.ts): `waves` of files under `packPath`, read and hashed. */
export function timeReads(url: string, packPath: string, waves: readonly (readonly string[])[]): Promise<Sample> {
  const query = new URLSearchParams({ path: packPath, waves: waves.map((w) => w.join(',')).join('|') });
  return timeGet(`${url}/read?${query}`, () => 0);
}
