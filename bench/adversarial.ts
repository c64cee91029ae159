/**
 * Bench step: a docs folder written to stall a search (issue 19), built and queried in Node. Each
 * page is one way a docs owner (or an attacker who can add a page) could make a query expensive:
 *
 * - a 1 MiB section repeating common words, which every query for those words finds;
 * - a page of 10,000 headings (10,000 sections of one page);
 * - a page that is one 200,000-character word;
 * - a page of 50,000 distinct terms (a dictionary and vocabulary blown up by one page).
 *
 * Prints, per page, the build's warnings and the CPU per query (Node, the Worker's pipeline: parse
 * + search, default options) for queries that reach it: p50 and p95 over ROUNDS runs after one
 * warm-up. Worker latency for these pages is not measured here.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_SEARCH_OPTIONS, loadPack, search } from '../src/core/index.ts';
import { buildPack } from '../src/indexer/build-pack.ts';
import { fsPackSource } from '../src/indexer/fs-source.ts';
import { parseSearchRequest } from '../src/protocol/request.ts';
import { summarize, type Summary } from './stats.ts';

/** Timed runs per query after its warm-up: enough for a p95 that is not the maximum. */
const ROUNDS = 20;
/** Bytes of the huge section: the size the issue measured 3.7 s per query at. */
const HUGE_SECTION_BYTES = 1024 * 1024;
const HEADINGS = 10_000;
const LONG_WORD_CHARS = 200_000;
const DISTINCT_TERMS = 50_000;

export interface AdversarialRow {
  page: string;
  query: string;
  results: number;
  ms: Summary;
}

export interface AdversarialBench {
  /** The build's SECTION_SPLIT and other warnings, one line each. */
  warnings: string[];
  buildMs: number;
  rows: AdversarialRow[];
}

/** A pronounceable pseudo-word for index i: distinct for every i, never an English stop word. */
function term(i: number): string {
  const syllables = ['ka', 'lo', 'mi', 'zu', 'tre', 'vos', 'pin', 'dra'];
  let out = 'q';
  for (let n = i; ; n = Math.floor(n / syllables.length)) {
    out += syllables[n % syllables.length];
    if (n < syllables.length) return out;
  }
}

async function writeSite(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const paragraph = 'Deploy the worker, then check its routes, the cache and the middleware config.';
  const paragraphs = Array.from({ length: Math.ceil(HUGE_SECTION_BYTES / (paragraph.length + 2)) }, () => paragraph);
  await writeFile(path.join(dir, 'huge-section.md'), `# Huge section\n\n## Everything at once\n\n${paragraphs.join('\n\n')}\n`);
  const headings = Array.from({ length: HEADINGS }, (_, i) => `## Heading ${i}\n\nSection ${i} mentions ${term(i)}.`);
  await writeFile(path.join(dir, 'many-headings.md'), `# Many headings\n\n${headings.join('\n\n')}\n`);
  await writeFile(path.join(dir, 'long-word.md'), `# Long word\n\n${'x'.repeat(LONG_WORD_CHARS)}\n`);
  const distinct = Array.from({ length: DISTINCT_TERMS }, (_, i) => term(i + HEADINGS));
  await writeFile(path.join(dir, 'distinct-terms.md'), `# Distinct terms\n\n${distinct.join(' ')}\n`);
  await writeFile(path.join(dir, 'index.md'), '# Welcome\n\nA normal page about deploying a worker and its routes.\n');
}

const QUERIES: ReadonlyArray<{ page: string; q: string }> = [
  { page: 'huge-section.md (1 MiB section)', q: 'deploy worker routes' },
  { page: 'huge-section.md (1 MiB section)', q: 'cache middleware config' },
  { page: `many-headings.md (${HEADINGS} headings)`, q: 'heading section' },
  { page: `many-headings.md (${HEADINGS} headings)`, q: `heading 5000 ${term(5000)}` },
  { page: `long-word.md (one ${LONG_WORD_CHARS}-character word)`, q: 'xxxxxxxxxxxx' },
  { page: `distinct-terms.md (${DISTINCT_TERMS} distinct terms)`, q: `${term(HEADINGS + 7)} ${term(HEADINGS + 40_000)}` },
  { page: `distinct-terms.md (${DISTINCT_TERMS} distinct terms)`, q: 'qka' },
];

/** Writes the site under `dir`, builds it into `dir`-pack, and times every query. */
export async function benchAdversarial(dir: string): Promise<AdversarialBench> {
  const docs = path.join(dir, 'docs');
  await writeSite(docs);
  const summary = await buildPack(docs, path.join(dir, 'pack'));
  const pack = await loadPack(fsPackSource(path.join(dir, 'pack')));
  const options = DEFAULT_SEARCH_OPTIONS;
  const rows: AdversarialRow[] = [];
  for (const { page, q } of QUERIES) {
    const request = parseSearchRequest({ q }, options);
    const { results } = await search(pack, request, options);
    const samples: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const started = performance.now();
      await search(pack, request, options);
      samples.push(performance.now() - started);
    }
    rows.push({ page, query: q, results: results.length, ms: summarize(samples) });
  }
  return { warnings: [...summary.warnings, ...summary.skipped].map((w) => `${w.path}: ${w.code} — ${w.reason}`), buildMs: summary.ms, rows };
}
