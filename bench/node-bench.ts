/**
 * Bench step 3: the query pipeline's CPU cost, in Node. Inside workerd `performance.now()` only
 * advances on I/O (a Spectre mitigation), so a Worker cannot time its own CPU work; the pipeline is
 * pure, so running it in Node measures the same code on the same V8.
 */
import { fsPackSource } from '../src/build/fs-source.ts';
import { loadPack, type LoadedPack } from '../src/core/pack/load.ts';
import { parseSearchRequest } from '../src/core/request.ts';
import { searchPack } from '../src/core/search.ts';
import { DEFAULT_SEARCH_OPTIONS } from '../src/core/search-options.ts';
import type { BenchQuery } from './queries.ts';
import { median, summarize, type Summary } from './stats.ts';

/** Extra loads after the cold one, whose median is the warm load time (JIT-compiled loader). */
const WARM_LOADS = 3;

export interface PackLoadBench {
  pack: LoadedPack;
  /** The first load in this process: file reads, JSON parse, validation and index import. */
  coldMs: number;
  /** Median of later loads of the same pack, with the loader's code already compiled. */
  warmMs: number;
}

export interface PipelineBench {
  /** Rounds over the query set that were measured (a warm-up round runs before them). */
  rounds: number;
  perQuery: Summary;
  /** Queries with no results, counted in one round: a sanity check that the queries match. */
  zeroResults: number;
  /** Mean results per query, in one round. */
  meanResults: number;
}

export async function benchPackLoad(packDir: string): Promise<PackLoadBench> {
  let started = performance.now();
  const pack = await loadPack(fsPackSource(packDir));
  const coldMs = performance.now() - started;
  const warm: number[] = [];
  for (let i = 0; i < WARM_LOADS; i++) {
    started = performance.now();
    await loadPack(fsPackSource(packDir));
    warm.push(performance.now() - started);
  }
  return { pack, coldMs, warmMs: median(warm) };
}

/** Time one query the way the Worker runs it: validate, then search (snippets included). */
function timeQuery(pack: LoadedPack, q: string): { ms: number; results: number } {
  const started = performance.now();
  const request = parseSearchRequest({ q }, DEFAULT_SEARCH_OPTIONS);
  const outcome = searchPack(pack, request, DEFAULT_SEARCH_OPTIONS);
  return { ms: performance.now() - started, results: outcome.results.length };
}

export function benchPipeline(pack: LoadedPack, queries: readonly BenchQuery[], rounds: number): PipelineBench {
  // Warm-up round, not measured: lets V8 optimise the hot paths, as in a long-lived isolate.
  const counts = queries.map((query) => timeQuery(pack, query.q).results);
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const query of queries) samples.push(timeQuery(pack, query.q).ms);
  }
  return {
    rounds,
    perQuery: summarize(samples),
    zeroResults: counts.filter((n) => n === 0).length,
    meanResults: counts.reduce((a, b) => a + b, 0) / Math.max(1, counts.length),
  };
}
