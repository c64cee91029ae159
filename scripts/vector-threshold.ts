/**
 * Where the vector route's absolute cosine threshold comes from: the distribution of the top-1
 * cosine (int8 kernel, as the Worker scores) for queries the docs answer and for queries they
 * cannot — random letter strings (typed noise) and off-topic English questions. Not part of
 * `npm test`.
 *
 *   npx tsx scripts/vector-threshold.ts [--embedding '<json>'] <docs-dir> <queries.jsonl> [<docs-dir> <queries.jsonl>] …
 *
 * `--embedding` passes embedding options to the build, e.g. '{"ngram":{"minKnownShare":0}}' to see
 * what typed noise scored before unknown terms needed known n-grams.
 *
 * Queries files come from `npx tsx scripts/title-queries.ts` (page titles or --headings).
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { assemblePack } from '../src/indexer/build-pack.ts';
import type { EmbedOptionsInput } from '../src/indexer/embed/options.ts';
import { ingestDirectory } from '../src/indexer/ingest/index.ts';
import { DEFAULT_SEARCH_OPTIONS, loadPack, mulberry32, staticQueryVector } from '../src/core/index.ts';
import { parseSearchRequest } from '../src/protocol/request.ts';
import { percentile } from '../src/eval/metrics.ts';
import { memoryPackSource } from '../src/datasets/memory-source.ts';

/** Off-topic questions: plausible reader input that no software documentation answers. */
const OFF_TOPIC = [
  'chocolate cake recipe', 'weather in paris tomorrow', 'how to train a puppy', 'best hiking boots for winter',
  'who won the world cup', 'symptoms of the flu', 'cheap flights to tokyo', 'how tall is mount everest',
  'learn to play guitar chords', 'tax return deadline', 'how do plants photosynthesize', 'marathon training plan',
  'knitting a scarf for beginners', 'what is the capital of australia', 'fix a leaking faucet', 'romantic dinner ideas',
  'history of the roman empire', 'how to grow tomatoes', 'meditation for anxiety', 'used car prices',
];

function randomWords(rng: () => number, count: number): string[] {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return Array.from({ length: count }, () => {
    const words = 1 + Math.floor(rng() * 3);
    return Array.from({ length: words }, () => Array.from({ length: 4 + Math.floor(rng() * 6) }, () => letters[Math.floor(rng() * 26)]).join('')).join(' ');
  });
}

const { values, positionals: args } = parseArgs({ allowPositionals: true, options: { embedding: { type: 'string' } } });
const embedding = values.embedding === undefined ? undefined : (JSON.parse(values.embedding) as EmbedOptionsInput);
if (args.length === 0 || args.length % 2 !== 0) {
  console.error("usage: npx tsx scripts/vector-threshold.ts [--embedding '<json>'] <docs-dir> <queries.jsonl> …");
  process.exit(2);
}
const fmt = (xs: number[]) => [5, 25, 50, 75, 95].map((p) => percentile(xs, p).toFixed(3)).join(' / ');
console.log('| docs | query set | n | top-1 cosine p5 / p25 / p50 / p75 / p95 |');
console.log('| --- | --- | --- | --- |');
for (let i = 0; i < args.length; i += 2) {
  const [dir, queriesFile] = [args[i]!, args[i + 1]!];
  const { pages } = await ingestDirectory(dir);
  const { manifest, files } = await assemblePack(pages, { baseUrl: '/', createdAt: '1970-01-01T00:00:00.000Z', embedding });
  const pack = await loadPack(memoryPackSource(dir, manifest, files));
  const answerable = (await readFile(queriesFile, 'utf8')).split('\n').filter((l) => l.trim()).map((l) => (JSON.parse(l) as { query: string }).query);
  const sets: Array<[string, string[]]> = [
    ['answerable (known-item)', answerable],
    ['random letters', randomWords(mulberry32(7), 200)],
    ['off-topic English', OFF_TOPIC],
  ];
  for (const [name, queries] of sets) {
    const tops: number[] = [];
    for (const q of queries) {
      const request = parseSearchRequest({ q }, DEFAULT_SEARCH_OPTIONS);
      const { vector } = staticQueryVector(pack, request, DEFAULT_SEARCH_OPTIONS);
      tops.push(vector ? pack.semantic!.kernel.topK(vector, 1).scores[0] ?? 0 : 0);
    }
    console.log(`| ${dir} | ${name} | ${queries.length} | ${fmt(tops)} |`);
  }
}
