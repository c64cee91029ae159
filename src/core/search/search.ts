/**
 * A search of a pack, from a validated request to the answer, as a pipeline of named stages — each
 * a module of this folder that reads the PreparedQuery and the products of the stages before it:
 *
 *   prepare     the request resolved once: analysis, matching, languages, filters  (prepare.ts)
 *   retrieve    each route's candidates past its threshold, the route weights      (retrieve.ts)
 *   rank        fusion, the boosts, the pool weights                               (rank.ts)
 *   select      MMR and the pools' quotas: planned, then finished on the text      (select.ts)
 *   read-ahead  the sections selection and the results need, read                  (read-ahead.ts)
 *   present     results with snippets and evidence, the correction, the trace      (results.ts)
 *   judge       the routes' reports and the verdict                                (judge.ts)
 *   answer      for a verdict that answers, the sentences that do (a question
 *               without one is judged again: uncertain)                           (results.ts answerFor)
 *
 * `search` is the one entry; `searchPack` the same stages for a pack already in memory.
 */
import type { KeywordView, TermStat } from '../keyword/index.ts';
import type { LoadedPack } from '../pack/load.ts';
import type { SectionLookup } from '../pack/section-store.ts';
import type { QueryEmbedder } from '../embed/semantic.ts';
import { lastWordCompleted } from './matching.ts';
import type { SearchOptions } from './options.ts';
import type { SearchOutcome } from './outcome.ts';
import { prepareQuery, type PreparedQuery } from './prepare.ts';
import { queryVectorFor, type QueryVector } from './query-vector.ts';
import { readSections, sectionsToRead, type ReadAheadInput } from './read-ahead.ts';
import type { SearchRequest } from './request.ts';
import { judge, routeReports } from './judge.ts';
import { rank } from './rank.ts';
import { answerFor, correctionFor, debugTrace, presentResults } from './results.ts';
import { KEYWORD_ANSWERED, keywordAnswered, retrieve, retrieveKeyword, type Retrieval } from './retrieve.ts';
import { planSelection, select } from './select.ts';

/** What the stages before the section reads decided: retrieval, ranking and the selection's plan. */
interface Ranked extends ReadAheadInput {
  queryVector: QueryVector;
  /** Each concept's df and IDF, read while the keyword partitions are held. */
  conceptStats: TermStat[];
}

/** The stages from ranking to the selection's plan: the pack's columns and the keyword index alone, nothing of a section's text. */
function ranked(pack: LoadedPack, keywordView: KeywordView, query: PreparedQuery, options: SearchOptions, retrieval: Retrieval, queryVector: QueryVector): Ranked {
  const ranking = rank(pack, retrieval, options);
  const plan = planSelection(pack, ranking.fused, query, options);
  return { retrieval, ranking, plan, queryVector, conceptStats: keywordView.termStats(query.matching.resolved) };
}

/**
 * The stages up to retrieval for a pack in memory, without awaiting: the query prepared, both
 * routes' candidates, and the query vector the vector route ran with (or why it did not). What
 * `searchPack` ranks, and what the reranker's fit reads (scripts/fit-reranker.ts).
 */
export function retrieveResident(pack: LoadedPack, request: SearchRequest, options: SearchOptions, queryVector?: QueryVector): { query: PreparedQuery; retrieval: Retrieval; queryVector: QueryVector } {
  const query = prepareQuery(pack, request, options);
  const keyword = retrieveKeyword(pack, pack.keyword, query, options);
  const vector = keywordAnswered(pack, options, keyword) ? KEYWORD_ANSWERED : (queryVector ?? { vector: null, skip: pack.manifest.model ? 'not-requested' : 'no-model' });
  return { query, retrieval: retrieve(pack, query, options, keyword, vector), queryVector: vector };
}

/**
 * `search` without awaiting, for a pack whose keyword partitions and sections are all in memory (a
 * pack read whole, loadPack's default): the same stages with nothing to read. The query's embedding
 * is passed in (`staticQueryVector` computes the static model's synchronously); without one the
 * vector route does not run (`not-requested`), nor with one when the keyword route answered the
 * query (`keyword-answered`, keywordAnswered). A lazily read pack throws `*_NOT_RESIDENT` here:
 * search it with `search`, which reads what the query needs first.
 */
export function searchPack(pack: LoadedPack, request: SearchRequest, options: SearchOptions, queryVector?: QueryVector): SearchOutcome {
  const retrieved = retrieveResident(pack, request, options, queryVector);
  const stages = ranked(pack, pack.keyword, retrieved.query, options, retrieved.retrieval, retrieved.queryVector);
  return finish(pack, retrieved.query, options, stages, pack.sections.resident(sectionsToRead(stages, options)));
}

/**
 * The search: read the keyword partitions the query's terms are in, run the keyword route, embed
 * the query when the vector route has a vote (keywordAnswered), rank, read the sections ranking
 * picked, finish. The one entry every caller uses — the Worker, `calibrate`, the
 * evaluation harness and the benchmarks — so what is measured is what is served, for a pack read
 * whole or lazily. What it reads, it holds until the answer is made, so a concurrent query of the
 * isolate evicting blocks or partitions cannot change this one. `embedder`: how the query is
 * embedded for the vector route; default the pack's static model (`embedStatic`). `signal`: the
 * request's end. Once it is aborted, the search stops at its next read, before the work after it,
 * and rejects with the signal's reason (the Worker asks its answer cache while the search reads; a
 * hit makes the rest of the search needless); and the reads it still has in flight stop holding up
 * other requests that wait for them (codec/kept-loads.ts). The Worker aborts it when the answer is made.
 */
export async function search(pack: LoadedPack, request: SearchRequest, options: SearchOptions, embedder?: QueryEmbedder, signal?: AbortSignal): Promise<SearchOutcome> {
  signal?.throwIfAborted();
  const query = prepareQuery(pack, request, options);
  const keywordView = await pack.keyword.prepare(query.matching.terms, signal);
  signal?.throwIfAborted();
  const keyword = retrieveKeyword(pack, keywordView, query, options);
  // After the keyword route, not beside it: whether the query is embedded at all depends on it.
  const vector = keywordAnswered(pack, options, keyword) ? KEYWORD_ANSWERED : await queryVectorFor(pack, query, options, embedder, signal);
  signal?.throwIfAborted();
  const stages = ranked(pack, keywordView, query, options, retrieve(pack, query, options, keyword, vector), vector);
  const section = await readSections(pack, stages, query, options, signal);
  signal?.throwIfAborted();
  return finish(pack, query, options, stages, section);
}

/** The stages after the section reads: selection finished, the results presented, the verdict judged, the outcome assembled. */
function finish(pack: LoadedPack, query: PreparedQuery, options: SearchOptions, stages: Ranked, section: SectionLookup): SearchOutcome {
  const { retrieval, queryVector } = stages;
  const selection = select(pack, stages.plan, query, options, section);
  const presented = presentResults(pack, query, options, selection.chosen, section);
  const { results, matches } = presented;
  const routes = routeReports(options, retrieval, queryVector);
  const findings = {
    conceptStats: stages.conceptStats,
    retrieval,
    keywordRan: routes.keyword.ran,
    chosen: selection.chosen,
    results,
    topTerms: new Set(matches[0]?.matches.map((t) => t.term)),
    vectorNotNeeded: queryVector.skip === 'keyword-answered',
    topPage: stages.ranking.topPage,
    answerFound: true,
  };
  let { confidence, fallback } = judge(pack, section, query, options, findings);
  // The answer sentences only for a verdict that answers: no other shows them, so no other query pays for them.
  const answer = confidence.outcome === 'answer' ? answerFor(query, options, presented, stages.conceptStats) : null;
  // A question needs a sentence that answers it; a lookup or an overview is answered by the section it names.
  if (confidence.outcome === 'answer' && answer === null && options.answer.enabled && options.answer.required && query.analysis.strategy === 'question') {
    ({ confidence, fallback } = judge(pack, section, query, options, { ...findings, answerFound: false }));
  }
  const outcome: SearchOutcome = {
    results,
    queryLang: query.analysis.lang,
    routes,
    warnings: [...(pack.confidence.warning ? [pack.confidence.warning] : []), ...(queryVector.warning ? [queryVector.warning] : [])],
    confidence,
    answer,
    fallback,
    lastWordCompleted: lastWordCompleted(query.matching),
    // "Did you mean" only when the corrected words found an answer: a correction the verdict does
    // not answer with (`kubernetes helm chart` read as `held`) found nothing better supported than
    // the query as typed, and offering it would suggest the docs cover what they do not (issue 50).
    correction: confidence.outcome === 'answer' ? correctionFor(query, matches) : null,
  };
  if (query.filtering) outcome.filters = Object.fromEntries(query.filtering.filters.map((f) => [f.facet.name, f.text]));
  if (retrieval.facets) outcome.facets = retrieval.facets;
  if (options.debug) outcome.debug = debugTrace(pack, section, retrieval, stages.ranking, selection);
  return outcome;
}
