/**
 * The judging stage: what each route did (its report), and the verdict's inputs from what the
 * search found — each concept's rarity in the index, the words of the query (as typed) the top
 * result lacks or the index knows, the results reduced to what the signals read — judged by the
 * confidence model (confidence/verdict.ts) into the outcome and, when the docs do not answer, the
 * fallback.
 */
import { judgeConfidence } from '../confidence/verdict.ts';
import type { ResultSummary, RouteSummary } from '../confidence/signals.ts';
import { isGenericWord } from '../analysis/generic-words.ts';
import { idf } from '../keyword/bm25f.ts';
import type { TermStat } from '../keyword/index.ts';
import type { LoadedPack } from '../pack/load.ts';
import type { SectionLookup } from '../pack/section-store.ts';
import type { FusedHit, RouteHit, RouteName } from '../rank/fuse.ts';
import type { SearchOptions } from './options.ts';
import type { RouteReport, SearchResult } from './outcome.ts';
import type { PreparedQuery } from './prepare.ts';
import type { QueryVector } from './query-vector.ts';
import type { Retrieval } from './retrieve.ts';

/** Each route's report: its threshold diagnostics when it ran, else why not. */
export function routeReports(options: SearchOptions, retrieval: Retrieval, queryVector: QueryVector): Record<RouteName, RouteReport> {
  const { keyword, vector } = retrieval;
  return {
    keyword: options.fuse.weights.keyword > 0 ? { ran: true, ...keyword.diagnostics } : { ran: false, reason: 'disabled' },
    vector: vector ? { ran: true, ...vector.diagnostics } : { ran: false, reason: queryVector.skip ?? 'no-query-vector' },
  };
}

/** What the search found, as the verdict reads it. */
export interface Findings {
  /** Each concept's df and IDF, read while the keyword partitions were held. */
  conceptStats: readonly TermStat[];
  retrieval: Retrieval;
  /** Whether the keyword route ran (its report). */
  keywordRan: boolean;
  chosen: readonly FusedHit[];
  results: readonly SearchResult[];
  /** The query's terms the top result holds (none without results). */
  topTerms: ReadonlySet<string>;
  /** The vector route was not run: the keyword route answered (retrieve.ts keywordAnswered). */
  vectorNotNeeded: boolean;
  /** The reranker's probability that the first result's page is the answer's (rank.ts Ranking.topPage). */
  topPage: number | null;
  /** The top result holds a sentence that answers the query (present/answer.ts), or none is required. */
  answerFound: boolean;
}

export function judge(pack: LoadedPack, section: SectionLookup, query: PreparedQuery, options: SearchOptions, found: Findings) {
  const { chosen, results, topTerms, retrieval } = found;
  const { matching } = query;
  const { words } = query.analysis;
  // Each concept is checked by the term that stands for it: as typed, or its completion or correction.
  const concepts = matching.resolved;
  const stats = found.conceptStats;
  // Per concept, the terms it was looked up as: a concept is in a section when any of them is.
  const present = (i: number) => matching.groups[i]!.some((v) => topTerms.has(v.term));
  const topFound = concepts.filter((_, i) => present(i));
  const summaries: ResultSummary[] = results.map((r, i) => ({
    page: pack.sections.pageOf(chosen[i]!.id),
    pool: r.pool,
    coverage: r.evidence.coverage,
    found: i === 0 ? topFound : [],
    hasExcerpt: r.evidence.excerpts.length > 0,
  }));
  const generic = words.map(isGenericWord);
  const known = words.filter((_, i) => stats[i]!.df > 0);
  const knownWords = known.length > 0 && known.length < concepts.length ? known : null;
  // Nothing passed the filters, though the search has candidates without them: the fallback says so.
  const filteredOut = retrieval.unfilteredCandidates !== null && results.length === 0 && retrieval.unfilteredCandidates > 0;
  const { keyword, vector } = retrieval;
  return judgeConfidence(
    {
      concepts,
      conceptIdf: stats.map((t) => t.idf),
      conceptDf: stats.map((t) => t.df),
      conceptGeneric: generic,
      maxIdf: idf(pack.keyword.size, 0),
      sectionCount: pack.sections.count,
      keyword: { ran: found.keywordRan, hits: pageHits(pack, keyword.hits), topScore: keyword.diagnostics.topScore },
      vector: vector ? { ran: true, hits: pageHits(pack, vector.hits), topScore: vector.diagnostics.topScore } : { ran: false, hits: [], topScore: null },
      results: summaries,
      topPage: found.topPage,
      strategy: query.analysis.strategy,
      lang: query.analysis.lang,
      mode: query.confidenceMode,
      missingWords: results.length === 0 ? [] : words.filter((_, i) => !present(i)),
      knownWords,
      // A generic word the docs lack is no news to the reader: the fallback names the others.
      unknownWords: words.filter((_, i) => stats[i]!.df === 0 && !generic[i]),
      pages: chosen.map((h) => {
        const s = section(h.id);
        return { title: s.breadcrumb[0] ?? s.title, url: s.pageUrl };
      }),
      ...(filteredOut && { filteredOut: true }),
      ...(found.vectorNotNeeded && { vectorNotNeeded: true }),
      ...(!found.answerFound && { noAnswer: true }),
    },
    pack.confidence,
    options.confidence,
  );
}

function pageHits(pack: LoadedPack, hits: readonly RouteHit[]): RouteSummary['hits'] {
  return hits.map((h) => ({ id: h.id, page: pack.sections.pageOf(h.id), score: h.score }));
}
