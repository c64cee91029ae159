/**
 * The pipeline with V8's optimising compiler off (`node --no-opt`), in a child process: what the
 * search costs in the code a young isolate has not optimised yet (docs/performance.md: an isolate's
 * age; and code a young isolate has not optimised yet). A Worker's first requests run much of the
 * search in V8's baseline tiers — an ad hoc CPU profile of the bench's default Worker after its
 * warm-up came to about the JavaScript time per request this row shows, twice the optimised
 * pipeline's — and timing the Worker from a client cannot tell changes of a tenth of a millisecond
 * apart on a shared machine. This row can: each query's fastest of the rounds, so a neighbour's
 * burst on the machine does not count.
 *
 *   parent: benchBaselineTier(packDir, queries, rounds)
 *   child:  node --no-opt --import tsx bench/baseline-tier.ts < {packDir, queries, rounds}
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SEARCH_OPTIONS, loadPack, search } from '../src/core/index.ts';
import { fsPackSource } from '../src/indexer/fs-source.ts';
import { parseSearchRequest } from '../src/protocol/request.ts';
import { timeRounds, wasmKernel, type PipelineRow } from './node-bench.ts';
import type { BenchQuery } from './queries.ts';
import { summarize } from './stats.ts';

const SELF = fileURLToPath(import.meta.url);
/** V8's flag that leaves code in its interpreter and baseline compiler. */
const BASELINE_FLAG = '--no-opt';
/** The child's own bound: 200 queries × 5 rounds take seconds; a hang must not hold the bench. */
const CHILD_TIMEOUT_MS = 5 * 60_000;

interface ChildInput {
  packDir: string;
  queries: readonly BenchQuery[];
  rounds: number;
}

export const BASELINE_TIER_ROW = `hybrid (default Worker), V8's optimising compiler off (node ${BASELINE_FLAG}): each query's fastest of the rounds`;

/** The row, from a child process started with BASELINE_FLAG. */
export async function benchBaselineTier(packDir: string, queries: readonly BenchQuery[], rounds: number): Promise<PipelineRow> {
  const input: ChildInput = { packDir, queries, rounds };
  const child = spawn(process.execPath, [BASELINE_FLAG, '--import', 'tsx', SELF], { stdio: ['pipe', 'pipe', 'inherit'], timeout: CHILD_TIMEOUT_MS });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stdin.end(JSON.stringify(input));
  const code = await new Promise<number | null>((resolve, reject) => child.once('error', reject).once('close', resolve));
  if (code !== 0) throw new Error(`${path.relative(process.cwd(), SELF)} (node ${BASELINE_FLAG}) exited with ${code}`);
  return JSON.parse(out) as PipelineRow;
}

/** One warm-up round, then `rounds` more (timeRounds); each query's fastest time. */
async function timeFastest(input: ChildInput): Promise<PipelineRow> {
  const pack = await loadPack(fsPackSource(input.packDir), { createKernel: wasmKernel });
  const options = DEFAULT_SEARCH_OPTIONS;
  const once = async (q: string) => (await search(pack, parseSearchRequest({ q }, options), options)).results.length;
  const { firstRound, times } = await timeRounds(input.queries, input.rounds, once);
  return { name: BASELINE_TIER_ROW, perQuery: summarize(times.map((t) => Math.min(...t))), zeroResults: firstRound.filter((n) => n === 0).length, requests: input.queries.length };
}

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text;
}

if (process.argv[1] && path.resolve(process.argv[1]) === SELF) {
  process.stdout.write(JSON.stringify(await timeFastest(JSON.parse(await readStdin()) as ChildInput)));
}
