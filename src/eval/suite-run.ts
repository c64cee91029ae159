/**
 * The suite's I/O (suite.ts has the pure parts): finds the collections under the shared data
 * folder, loads each in turn, indexes every system ONCE per collection and runs all of that
 * collection's query sets against it, scored by the runner's own `searchAll` and `scoreAnswers`
 * so every figure is the one `npm run eval` reports for the same dataset and system.
 *
 * Collections, each skipped with a line when absent:
 * - judged collections: `datasets/cranfield`, `datasets/cisi`, and any other folder under
 *   `datasets/` (or one level inside a `datasets/beir*` folder) that loadDataset reads as SMART or
 *   BEIR — nDCG@10 on their own queries;
 * - docs sites: `corpora/astro-docs/en`, `corpora/hono-docs/docs` — MRR@10 at page level on the
 *   query sets of `docsQuerySets` plus the reader questions in bench/queries (and bench/queries/fresh).
 *
 * One collection is in memory at a time: its systems (and recall-box's pack, cached per document
 * list) are dropped before the next one is loaded.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { ingestDirectory } from '../indexer/ingest/index.ts';
import { detectDatasetKind, loadDataset, type DatasetKind } from '../datasets/index.ts';
import { docsDataset, parseKnownItemQueries, type KnownItemQuery } from '../datasets/docs.ts';
import { evaluatedQueries, scoreAnswers, searchAll } from './run.ts';
import { buildSuiteTable, docsQuerySets, formatDuration, type SuiteMetric, type SuiteRowInput, type SuiteRunInfo, type SuiteSystem, type SuiteTable } from './suite.ts';
import type { EvalDataset, EvalDoc, EvalSystem } from './types.ts';
import { DOCS_SITES, docsSiteDir } from './docs-sites.ts';

/** The judged collections the suite expects (a skip line when absent). */
export const SUITE_DATASETS = ['cranfield', 'cisi'] as const;

/** The docs sites the suite expects, and the name of their reader question files in bench/queries. */
export const SUITE_DOCS_SITES = [
  { dir: path.join('corpora', 'astro-docs', 'en'), site: 'astro' },
  { dir: path.join('corpora', 'hono-docs', 'docs'), site: 'hono' },
] as const;

/** The reader question sets of a site, relative to the repository: the first sets, then the fresh ones. */
export function questionFiles(repo: string, site: string): Array<{ name: string; file: string }> {
  return [
    { name: 'questions', file: path.join(repo, 'bench', 'queries', `${site}-questions.jsonl`) },
    { name: 'questions (fresh)', file: path.join(repo, 'bench', 'queries', 'fresh', `${site}-questions.jsonl`) },
  ];
}

/** A loaded collection: one document list, several query sets over it. */
export interface SuiteCollection {
  name: string;
  kind: DatasetKind;
  metric: SuiteMetric;
  docs: EvalDoc[];
  /** Every set's dataset has `docs` (the same array object, so recall-box builds its pack once). */
  sets: Array<{ name: string; dataset: EvalDataset }>;
  notes: string[];
  /** Query sets left out, with why. */
  skipped: string[];
}

/** A collection found on disk, loaded only when its turn comes. */
export interface SuiteSource {
  name: string;
  load(): Promise<SuiteCollection>;
}

async function isDir(p: string): Promise<boolean> {
  return existsSync(p) && (await stat(p)).isDirectory();
}

/** A SMART or BEIR folder as a one-set collection. */
function judgedSource(dir: string): SuiteSource {
  return {
    name: path.basename(dir),
    async load() {
      const loaded = await loadDataset(dir);
      return {
        name: loaded.dataset.name,
        kind: loaded.kind,
        metric: 'nDCG@10',
        docs: loaded.dataset.docs,
        sets: [{ name: `own queries (${loaded.kind})`, dataset: loaded.dataset }],
        notes: loaded.notes,
        skipped: [],
      };
    },
  };
}

/** A docs folder with the suite's query sets made from it and its reader questions. */
function docsSource(dir: string, name: string, questions: ReadonlyArray<{ name: string; file: string }>): SuiteSource {
  return {
    name,
    async load() {
      // Base URL '/': the one the reader question files' URLs are written for (bench/queries/README.md).
      const ingested = await ingestDirectory(dir, { baseUrl: '/' });
      const skipped: string[] = [];
      const read: Array<{ name: string; items: KnownItemQuery[] }> = [];
      for (const q of questions) {
        if (!existsSync(q.file)) {
          skipped.push(`${name} ${q.name}: ${q.file} not found`);
          continue;
        }
        read.push({ name: q.name, items: parseKnownItemQueries(await readFile(q.file, 'utf8'), q.file) });
      }
      // One document list for every set: the sets differ only in their queries and judgements.
      const base = docsDataset(name, ingested.pages, []).dataset;
      const notes: string[] = [];
      if (ingested.skipped.length > 0) notes.push(`${name}: ${ingested.skipped.length} of ${ingested.files} files not ingested`);
      const sets: SuiteCollection['sets'] = [];
      for (const set of docsQuerySets(ingested.pages, read)) {
        const loaded = docsDataset(name, ingested.pages, set.items);
        // Only what a set adds to the base notes (dropped lines) is worth a line.
        for (const note of loaded.notes.slice(1)) notes.push(`${name} ${set.name}: ${note}`);
        sets.push({ name: set.name, dataset: { ...loaded.dataset, docs: base.docs } });
      }
      return { name, kind: 'docs', metric: 'MRR@10', docs: base.docs, sets, notes, skipped };
    },
  };
}

/**
 * The collections under `shared` (the shared data folder, `../shared` from the repository), in
 * table order: judged collections, then docs sites, then the suite's fetched sites (docs-sites.ts). `skipped` has a line for each expected one absent.
 */
export async function findSuiteSources(shared: string, repo: string): Promise<{ sources: SuiteSource[]; skipped: string[] }> {
  const sources: SuiteSource[] = [];
  const skipped: string[] = [];
  const datasets = path.join(shared, 'datasets');
  for (const name of SUITE_DATASETS) {
    const dir = path.join(datasets, name);
    if (await isDir(dir)) sources.push(judgedSource(dir));
    else skipped.push(`${name}: ${dir} not found`);
  }
  // Any other judged folder: BEIR folders (named beir* or holding BEIR collections) and other SMART ones.
  const candidates: string[] = [];
  if (await isDir(datasets)) {
    for (const entry of (await readdir(datasets, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      if (!entry.isDirectory() || (SUITE_DATASETS as readonly string[]).includes(entry.name)) continue;
      const dir = path.join(datasets, entry.name);
      candidates.push(dir);
      if (/^beir/i.test(entry.name)) {
        for (const inner of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
          if (inner.isDirectory()) candidates.push(path.join(dir, inner.name));
        }
      }
    }
  }
  let beir = 0;
  for (const dir of candidates) {
    const kind = await detectDatasetKind(dir);
    if (kind === 'docs') continue;
    if (kind === 'beir') beir++;
    sources.push(judgedSource(dir));
  }
  if (beir === 0) skipped.push(`BEIR: no BEIR folder under ${datasets}`);
  for (const site of SUITE_DOCS_SITES) {
    const dir = path.join(shared, site.dir);
    const name = site.dir.split(path.sep).slice(-2).join('/');
    if (await isDir(dir)) sources.push(docsSource(dir, name, questionFiles(repo, site.site)));
    else skipped.push(`${name}: ${dir} not found`);
  }
  for (const site of DOCS_SITES) {
    const dir = docsSiteDir(repo, site);
    const questions = [{ name: 'questions', file: path.join(repo, 'bench', 'queries', 'sites', `${site.name}-questions.jsonl`) }];
    if (await isDir(dir)) sources.push(docsSource(dir, site.name, questions));
    else skipped.push(`${site.name}: ${site.package}@${site.version} not fetched (npm run fetch:sites)`);
  }
  return { sources, skipped };
}

export interface CollectionRun {
  rows: SuiteRowInput[];
  systems: SuiteSystem[];
  /** Query sets left out (no scored query). */
  skipped: string[];
}

/**
 * Indexes each system once on the collection's documents and runs every query set against it.
 * Scores are `scoreAnswers`'s nDCG@10 or MRR@10, as `npm run eval` reports them.
 */
export async function runCollection(collection: SuiteCollection, makeSystems: (collection?: string) => EvalSystem[], log: (line: string) => void): Promise<CollectionRun> {
  const skipped: string[] = [];
  const sets = collection.sets
    .map((s) => ({ ...s, queries: evaluatedQueries(s.dataset) }))
    .filter((s) => {
      if (s.queries.length > 0) return true;
      skipped.push(`${collection.name} ${s.name}: no query with a relevant judgement`);
      return false;
    });
  const rows: SuiteRowInput[] = sets.map((s) => ({
    collection: collection.name,
    querySet: s.name,
    metric: collection.metric,
    queries: s.queries.length,
    scores: {},
  }));
  const total = sets.reduce((n, s) => n + s.queries.length, 0);
  log(`${collection.name} (${collection.kind}): ${collection.docs.length} docs; ${sets.length} query sets, ${total} queries (${sets.map((s) => `${s.name} ${s.queries.length}`).join(', ')})`);
  const systems: Array<EvalSystem | undefined> = makeSystems(collection.name);
  const ran: SuiteSystem[] = [];
  for (let i = 0; i < systems.length; i++) {
    // Each system is let go once it has run, so only one index is held at a time.
    const system = systems[i]!;
    systems[i] = undefined;
    ran.push({ name: system.name, peer: system.peer });
    const scores: number[] = [];
    const started = performance.now();
    let searchStarted = started;
    try {
      await system.index(collection.docs);
      const indexMs = performance.now() - started;
      searchStarted = performance.now();
      for (const set of sets) {
        const answers = await searchAll(system, set.queries, set.dataset.unitOf);
        const result = scoreAnswers(system, indexMs, answers, set.dataset);
        scores.push(collection.metric === 'nDCG@10' ? result.ndcg10 : result.mrr10);
      }
      log(`  ${system.name}: index ${formatDuration(indexMs)}, ${total} queries in ${formatDuration(performance.now() - searchStarted)}`);
    } catch (error) {
      // recall-box failing is a bug to see at once; a peer failing costs its column on this
      // collection (its macro-average becomes –), not the whole run.
      if (!system.peer) throw error;
      const line = `${system.name} on ${collection.name}: failed (${(error as Error).message}); no score for it on this collection`;
      log(`  ${line}`);
      skipped.push(line);
      continue;
    }
    sets.forEach((_, j) => ((rows[j]!.scores as Record<string, number>)[system.name] = scores[j]!));
  }
  return { rows, systems: ran, skipped };
}

/** recall-box's configurations in the suite's table by default: the keyword route, the vector route, the default. */
export const SUITE_RECALL_BOX = ['recall-box:keyword', 'recall-box:vector', 'recall-box:no-rerank', 'recall-box:full'] as const;

/**
 * The systems a suite runs: those named (`--systems`), else SUITE_RECALL_BOX and every peer
 * `npm run eval` runs (the suite's log prints each one's index and search times per collection).
 */
export function suiteSystems(all: readonly EvalSystem[], wanted?: readonly string[]): EvalSystem[] {
  return all.filter((s) => (wanted ? wanted.includes(s.name) : s.peer || (SUITE_RECALL_BOX as readonly string[]).includes(s.name)));
}

export interface SuiteOptions {
  /** The shared data folder (`../shared` from the repository). */
  shared: string;
  /** The repository root (for bench/queries). */
  repo: string;
  /** Fresh, unindexed systems, already filtered (suiteSystems); called once per collection, with its name. */
  makeSystems: (collection?: string) => EvalSystem[];
  log: (line: string) => void;
}

export interface SuiteResult {
  table: SuiteTable;
  info: SuiteRunInfo;
}

/** Runs every collection found, one after another, and builds the table. */
export async function runSuite(options: SuiteOptions): Promise<SuiteResult> {
  const started = performance.now();
  const { log } = options;
  const { sources, skipped } = await findSuiteSources(options.shared, options.repo);
  for (const line of skipped) log(`skipped: ${line}`);
  const rows: SuiteRowInput[] = [];
  const systems: SuiteSystem[] = options.makeSystems().map((s) => ({ name: s.name, peer: s.peer }));
  log(`suite: ${sources.length} collections (${sources.map((s) => s.name).join(', ')}); ${systems.length} systems (${systems.map((s) => s.name).join(', ')}), each indexed once per collection`);
  for (const [i, source] of sources.entries()) {
    const collection = await source.load();
    for (const note of collection.notes) log(`note: ${note}`);
    for (const line of collection.skipped) log(`skipped: ${line}`);
    skipped.push(...collection.skipped);
    const run = await runCollection(collection, options.makeSystems, log);
    rows.push(...run.rows);
    for (const line of run.skipped) log(`skipped: ${line}`);
    skipped.push(...run.skipped);
    log(`${collection.name} done; ${i + 1} of ${sources.length} collections in ${formatDuration(performance.now() - started)}`);
  }
  const elapsedMs = performance.now() - started;
  return { table: buildSuiteTable(rows, systems), info: { skipped, elapsedMs } };
}
