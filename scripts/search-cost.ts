/**
 * CPU per query of the search pipeline in Node, two configurations against each other on the same
 * pack and queries, interleaved round by round (a shared machine drifts; the ratio holds):
 *
 *   npx tsx scripts/search-cost.ts <pack dir> <queries.txt | queries.jsonl> [--rounds 5] [--limit 400]
 *
 * 1. the one entry, `await search`, against `searchPack` + `staticQueryVector` (the synchronous
 *    path the evaluation harness used before `search` was the one entry): what awaiting costs;
 * 2. expansion on (the default) against off (words matched only as typed): what matching
 *    unfinished and misspelt words costs;
 * 3. the answer sentences on (the default) against off (SearchOptions.answer.enabled): what the
 *    extractive answer costs (issue 50's bound: 0.2 ms a query at p50).
 * Prints medians and p95 per query, and the median of the per-round ratios.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { DEFAULT_SEARCH_OPTIONS, loadPack, search, searchPack, staticQueryVector, type SearchOptions } from '../src/core/index.ts';
import { fsPackSource } from '../src/indexer/fs-source.ts';
import { parseSearchRequest } from '../src/protocol/request.ts';

const { values, positionals } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, limit: { type: 'string', default: '400' } }, allowPositionals: true });
const [packDir, queryFile] = positionals;
if (!packDir || !queryFile) {
  console.error('usage: npx tsx scripts/search-cost.ts <pack dir> <queries.txt | queries.jsonl> [--rounds 5] [--limit 400]');
  process.exit(2);
}
const rounds = Number(values.rounds);
const pack = await loadPack(fsPackSource(packDir));
const lines = (await readFile(queryFile, 'utf8')).split('\n').filter((l) => l.trim() !== '');
const texts = lines.map((l) => (l.startsWith('{') ? (JSON.parse(l) as { query: string }).query : l)).slice(0, Number(values.limit));
const requests = texts.map((q) => parseSearchRequest({ q: q.slice(0, DEFAULT_SEARCH_OPTIONS.maxQueryLength) }, DEFAULT_SEARCH_OPTIONS));

type Run = (options: SearchOptions) => Promise<number[]>;
const awaited: Run = async (o) => {
  const times: number[] = [];
  for (const r of requests) {
    const started = performance.now();
    await search(pack, r, o);
    times.push(performance.now() - started);
  }
  return times;
};
const synchronous: Run = async (o) =>
  requests.map((r) => {
    const started = performance.now();
    searchPack(pack, r, o, staticQueryVector(pack, r, o));
    return performance.now() - started;
  });

const sorted = (x: number[]) => [...x].sort((a, b) => a - b);
const at = (x: number[], p: number) => sorted(x)[Math.floor(p * (x.length - 1))]!;
const median = (x: number[]) => at(x, 0.5);

async function compare(name: string, a: [string, Run, SearchOptions], b: [string, Run, SearchOptions]): Promise<void> {
  await a[1](a[2]);
  await b[1](b[2]); // warm-up
  const all: [number[], number[]] = [[], []];
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const ta = await a[1](a[2]);
    const tb = await b[1](b[2]);
    all[0].push(...ta);
    all[1].push(...tb);
    ratios.push(median(tb) / median(ta));
  }
  console.log(`${name}: ${requests.length} queries × ${rounds} rounds`);
  for (const [i, [label]] of [a, b].entries()) console.log(`  ${label}: p50 ${median(all[i]!).toFixed(3)} ms, p95 ${at(all[i]!, 0.95).toFixed(3)} ms`);
  console.log(`  ratio ${b[0]} / ${a[0]}, median of rounds: ${median(ratios).toFixed(3)} (min ${Math.min(...ratios).toFixed(3)}, max ${Math.max(...ratios).toFixed(3)})`);
}

const off: SearchOptions = { ...DEFAULT_SEARCH_OPTIONS, expansion: { ...DEFAULT_SEARCH_OPTIONS.expansion, enabled: false } };
await compare('entry', ['searchPack+staticQueryVector', synchronous, DEFAULT_SEARCH_OPTIONS], ['await search', awaited, DEFAULT_SEARCH_OPTIONS]);
await compare('expansion', ['off', awaited, off], ['on (default)', awaited, DEFAULT_SEARCH_OPTIONS]);
const unanswered: SearchOptions = { ...DEFAULT_SEARCH_OPTIONS, answer: { ...DEFAULT_SEARCH_OPTIONS.answer, enabled: false } };
await compare('answer', ['off', awaited, unanswered], ['on (default)', awaited, DEFAULT_SEARCH_OPTIONS]);
