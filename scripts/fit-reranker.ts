/**
 * Fits the reranker (src/core/rank/rerank.ts) on readers' questions of every docs site with them
 * (src/eval/question-sites.ts), and judges it leave-one-collection-out: for each site, and for
 * the judged collections of ../shared (Cranfield, CISI), the model fitted on the OTHER sites, run
 * through the whole search (`search`, as the Worker answers), against the search without
 * reranking — MRR@10 of the answer's page (nDCG@10 for the judged collections, as the suite
 * scores them) and the share of queries whose first result is right.
 *
 *   npx tsx scripts/fit-reranker.ts --packs <dir> [--shared ../shared] [--write]
 *
 * --packs  a folder with one pack per site (<dir>/<site>); a missing one is built there first with
 *          `recall-box build` (default settings, as a site owner runs it)
 * --questions-only  fits on the readers' questions alone, without the known-item queries
 * --everywhere  fits and judges the model on every collection, whatever its sections per page
 *          (RerankOptions.minSectionsPerPage 0): the figures that decided that setting
 * --write  writes the model fitted on every site to src/core/rank/rerank-model.ts, and each
 *          site's held-out model to bench/rerank-held-out.json (what `npm run eval -- --suite`
 *          ranks that site's collection with, so its row is a held-out figure)
 *
 * Prints Markdown. About two minutes on this machine.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_SEARCH_OPTIONS, search, staticQueryVector, type LoadedPack, type SearchOptions } from '../src/core/index.ts';
import { RERANK_FEATURES, rerankFeatures, reranks, type RerankWeights } from '../src/core/rank/rerank.ts';
import { rank, rerankInput } from '../src/core/search/rank.ts';
import { retrieveResident } from '../src/core/search/search.ts';
import { fitRerankWeights, type LabelledList } from '../src/eval/rerank-fit.ts';
import { RERANK_HELD_OUT_FILE } from '../src/eval/rerank-held-out.ts';
import { answerableQuestions, questionScore, questionSites, sitePack, type QuestionSite } from '../src/eval/question-sites.ts';
import { buildEvalPack } from '../src/datasets/collection-pack.ts';
import { loadDataset } from '../src/datasets/index.ts';
import { ndcgAt } from '../src/eval/metrics.ts';
import { SUITE_DATASETS } from '../src/eval/suite-run.ts';
import { docsQuerySets } from '../src/eval/suite.ts';
import { ingestDirectory } from '../src/indexer/ingest/index.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: { packs: { type: 'string' }, shared: { type: 'string', default: path.join(repo, '..', 'shared') }, write: { type: 'boolean', default: false }, everywhere: { type: 'boolean', default: false }, 'questions-only': { type: 'boolean', default: false } },
});
if (!values.packs) {
  console.error('usage: npx tsx scripts/fit-reranker.ts --packs <dir> [--shared ../shared] [--write]');
  process.exit(2);
}
const { sites, skipped } = questionSites(repo, values.shared!);
for (const line of skipped) console.error(`skipped: ${line}`);

const unranked: SearchOptions = { ...DEFAULT_SEARCH_OPTIONS, rerank: { ...DEFAULT_SEARCH_OPTIONS.rerank, enabled: false } };
/** The sections per page from which on the reranker runs: the default's, or every pack with --everywhere. */
const minSectionsPerPage = values.everywhere ? 0 : DEFAULT_SEARCH_OPTIONS.rerank.minSectionsPerPage;

/** One query's candidates in the order before reranking, with the window's feature rows. */
function candidates(pack: LoadedPack, q: string): { rows: number[][]; ids: number[] } {
  const request = { q, limit: 10, lang: null };
  const { retrieval } = retrieveResident(pack, request, unranked, staticQueryVector(pack, request, unranked));
  const { fused } = rank(pack, retrieval, unranked);
  const window = DEFAULT_SEARCH_OPTIONS.rerank.window;
  const input = rerankInput(pack, retrieval, fused);
  // A query the reranker leaves alone (it names a section: RerankOptions.keepNamed) teaches it nothing.
  if (!reranks(input, { ...DEFAULT_SEARCH_OPTIONS.rerank, minSectionsPerPage })) return { rows: [], ids: [] };
  return { rows: rerankFeatures(input, window), ids: fused.slice(0, window).map((h) => h.id) };
}

/** Whether the reranker runs on `pack` (its sections per page, as search/rank.ts reads them). */
function packReranked(pack: LoadedPack): boolean {
  return pack.sections.count / pack.sections.pageCount >= minSectionsPerPage;
}

/** A collection the model is fitted on and judged on: its labelled lists, and its figure under given options. */
interface Source {
  name: string;
  /** Its collection's name in the suite's table. */
  collection: string;
  queries: number;
  metric: 'MRR@10' | 'nDCG@10';
  lists: LabelledList[];
  /**
   * For a docs site, its known-item queries (titles and headings, as typed to the end, as you type
   * and with one typo: the suite's sets, docsQuerySets), at most LOOKUP_SAMPLE of each set: the
   * reranker must not cost them what it gives questions.
   */
  lookups?: { lists: LabelledList[]; queries: number; score: (options: SearchOptions) => Promise<{ value: number; first: number }> };
  /** Whether the reranker runs on its pack (RerankOptions.minSectionsPerPage): only such collections are fitted on. */
  reranked: boolean;
  score: (options: SearchOptions) => Promise<{ value: number; first: number }>;
}

/** A docs site's answerable questions, labelled by the answer's page; scored by MRR@10 of that page. */
async function siteSource(site: QuestionSite): Promise<Source> {
  const pack = await sitePack(repo, values.packs!, site);
  const questions = answerableQuestions(site);
  const lists = questions.map((q) => {
    const c = candidates(pack, q.query);
    return { rows: c.rows, relevant: c.ids.map((id) => pack.sections.pageOf(id) === q.url) };
  });
  const score = async (options: SearchOptions) => ((s) => ({ value: s.mrr, first: s.first }))(await questionScore(pack, questions, options));
  const { pages } = await ingestDirectory(site.docs, { baseUrl: '/' });
  const known = docsQuerySets(pages).map((set) => sample(set.items.flatMap((q) => (q.url === undefined ? [] : [{ query: q.query, url: q.url }]))));
  const lookupQuestions = known.flat();
  const lookups = {
    queries: lookupQuestions.length,
    lists: lookupQuestions.map((q) => {
      const c = candidates(pack, q.query);
      return { rows: c.rows, relevant: c.ids.map((id) => pack.sections.pageOf(id) === q.url) };
    }),
    // The mean of the sets' MRR@10, each set weighing the same (as the suite's macro-average).
    score: async (options: SearchOptions) => {
      const each = await Promise.all(known.filter((set) => set.length > 0).map((set) => questionScore(pack, set, options)));
      return { value: each.reduce((a, e) => a + e.mrr, 0) / each.length, first: each.reduce((a, e) => a + e.first, 0) / each.length };
    },
  };
  return { name: site.name, collection: site.collection, queries: questions.length, metric: 'MRR@10', lists, lookups, reranked: packReranked(pack), score };
}

/** Known-item queries kept per set: enough for a figure to within about a query in a hundred, few enough to run in minutes. */
const LOOKUP_SAMPLE = 150;
/** Every k-th query of `items`, at most LOOKUP_SAMPLE of them (deterministic: the same run gives the same sample). */
function sample<T>(items: readonly T[]): T[] {
  const step = Math.max(1, Math.ceil(items.length / LOOKUP_SAMPLE));
  return items.filter((_, i) => i % step === 0);
}

/** A judged collection of ../shared (Cranfield, CISI), labelled by its judgements; scored by nDCG@10 as the suite scores it. */
async function judgedSource(name: string): Promise<Source | null> {
  const dir = path.join(values.shared!, 'datasets', name);
  if (!existsSync(dir)) {
    console.error(`skipped: ${name}: ${dir} not found`);
    return null;
  }
  const { dataset } = await loadDataset(dir);
  const { pack, docIdAt, docIdOfSection } = await buildEvalPack(`fit:${name}`, dataset.docs);
  const queries = dataset.queries.filter((q) => [...(dataset.qrels.get(q.id)?.values() ?? [])].some((g) => g > 0));
  const lists = queries.map((q) => {
    const c = candidates(pack, q.text);
    const judged = dataset.qrels.get(q.id)!;
    return { rows: c.rows, relevant: c.ids.map((id) => (judged.get(docIdAt[id]!) ?? 0) > 0) };
  });
  const score = async (options: SearchOptions) => {
    let gain = 0;
    let first = 0;
    for (const q of queries) {
      const { results } = await search(pack, { q: q.text, limit: 10, lang: null }, options);
      const ranked = results.map((r) => docIdOfSection.get(r.id)!);
      const judged = dataset.qrels.get(q.id)!;
      gain += ndcgAt(ranked, judged, 10);
      if ((judged.get(ranked[0] ?? '') ?? 0) > 0) first++;
    }
    return { value: gain / queries.length, first: first / queries.length };
  };
  return { name, collection: name, queries: queries.length, metric: 'nDCG@10', lists, reranked: packReranked(pack), score };
}

const sources: Source[] = [];
for (const name of SUITE_DATASETS) {
  const source = await judgedSource(name);
  if (source) sources.push(source);
}
for (const site of sites) sources.push(await siteSource(site));
for (const s of sources) console.error(`${s.name}: ${s.queries} queries`);

const withWeights = (weights: RerankWeights): SearchOptions => ({ ...DEFAULT_SEARCH_OPTIONS, rerank: { ...DEFAULT_SEARCH_OPTIONS.rerank, enabled: true, minSectionsPerPage, weights } });
/**
 * The lists a model is fitted on: the questions and the sampled known-item queries of the
 * collections the reranker runs on, but `except`. The known items are fitted on because a search
 * box gets both. Fitted on questions alone (--questions-only), held out it lowered undici's
 * questions (0.8099 → 0.8085 MRR@10) and Astro's and Hono's known items (0.9549 → 0.9544, 0.9608
 * → 0.9602); fitted on both, it lowers no site's.
 */
const fittedOn = (except?: Source) => sources.filter((s) => s !== except && s.reranked).flatMap((s) => [...s.lists, ...(values['questions-only'] ? [] : (s.lookups?.lists ?? []))]);
const cell = (s: { value: number; first: number }) => `${s.value.toFixed(4)} · ${(100 * s.first).toFixed(0)}%`;
const heldOut: Record<string, RerankWeights> = {};
const ratios: number[] = [];
console.log('| held-out collection | queries | metric | without reranking | reranked, fitted on the others | ratio | known items: without | reranked | ratio |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const [i, source] of sources.entries()) {
  const weights = fitRerankWeights(fittedOn(source));
  if (source.reranked) heldOut[source.collection] = weights;
  const off = await source.score(unranked);
  const held = await source.score(withWeights(weights));
  ratios.push(held.value / off.value);
  let known = '| | |';
  if (source.lookups) {
    const [offKnown, heldKnown] = [await source.lookups.score(unranked), await source.lookups.score(withWeights(weights))];
    known = `${cell(offKnown)} | ${cell(heldKnown)} | ${(heldKnown.value / offKnown.value).toFixed(3)}`;
  }
  console.log(`| ${source.name} | ${source.queries} | ${source.metric} | ${cell(off)} | ${cell(held)} | ${(held.value / off.value).toFixed(3)} | ${known} |`);
}
console.log(`\nMean ratio, held out: ${(ratios.reduce((a, b) => a + b, 0) / ratios.length).toFixed(3)}; collections it lowers by more than 0.5%: ${sources.filter((_, i) => ratios[i]! < 0.995).map((s) => s.name).join(', ') || 'none'}.`);

const model = fitRerankWeights(fittedOn());
console.log(`\nThe model fitted on the ${sources.filter((s) => s.reranked).length} collections it runs on (${sources.filter((s) => s.reranked).map((s) => s.name).join(', ')}): the default.\n`);
for (const f of RERANK_FEATURES) console.log(`- ${f}: ${model[f].toFixed(4)}`);

if (values.write) {
  const round = (w: RerankWeights) => Object.fromEntries(RERANK_FEATURES.map((f) => [f, Number(w[f].toFixed(6))]));
  const file = path.join(repo, 'src', 'core', 'rank', 'rerank-model.ts');
  const text = readFileSync(file, 'utf8').replace(/Object\.freeze\(\{[\s\S]*?\}\);/, `Object.freeze(${JSON.stringify(round(model), null, 2).replace(/"(\w+)":/g, '$1:').replace(/\n\}$/, ',\n}')});`);
  writeFileSync(file, text);
  const sitesFitted = sources.filter((s) => s.reranked).map((s) => s.collection);
  writeFileSync(path.join(repo, RERANK_HELD_OUT_FILE), JSON.stringify({ about: 'Per suite collection: the reranker fitted on the other sites (scripts/fit-reranker.ts --write). npm run eval -- --suite ranks that collection with it.', sites: sitesFitted, heldOut: Object.fromEntries(Object.entries(heldOut).map(([k, w]) => [k, round(w)])) }, null, 2) + '\n');
  console.error(`wrote ${path.relative(repo, file)} and bench/rerank-held-out.json`);
}
