/**
 * The retrieval stage: each route's candidates past its threshold (routes.ts, rank/thresholds.ts),
 * the routes' fusion weights for the query (rank/route-weights.ts), and the candidates without the
 * filters that the facet counts count. In two steps, because the keyword route decides whether the
 * vector route runs at all (keywordAnswered): `retrieveKeyword`, then — with the query's embedding
 * or the reason there is none — `retrieve`.
 */
import type { KeywordView } from '../keyword/index.ts';
import type { LoadedPack } from '../pack/load.ts';
import type { RouteHit, RouteName } from '../rank/fuse.ts';
import type { KeywordFacts } from '../rank/rerank.ts';
import { routeWeights } from '../rank/route-weights.ts';
import { applyThreshold } from '../rank/thresholds.ts';
import { facetCounts, type FacetCounts } from './filters.ts';
import type { SearchOptions } from './options.ts';
import type { PreparedQuery } from './prepare.ts';
import type { QueryVector } from './query-vector.ts';
import { keywordRoute, vectorRoute } from './routes.ts';

/** A route's hits past its threshold, with the threshold's diagnostics. */
export type RouteCandidates = ReturnType<typeof applyThreshold>;

/** The keyword route's part of retrieval, which comes first because it decides whether the vector route runs. */
export interface KeywordRetrieval {
  /** The route's candidates before the threshold, the named ones, and those without the filters. */
  candidates: ReturnType<typeof keywordRoute>;
  keyword: RouteCandidates;
  /** The routes' fusion weights for this query (route-weights.ts). */
  weights: Record<RouteName, number>;
}

/** What both routes found: the candidates ranking fuses, and what the facet counts and a filtered fallback need. */
export interface Retrieval {
  keyword: RouteCandidates;
  /** Null when the vector route did not run (QueryVector.skip says why). */
  vector: RouteCandidates | null;
  /** The keyword candidates the query names (routes.ts), in keyword order: the name-match boost's. */
  named: number[];
  /** What the keyword route knows of its candidates beyond their scores (routes.ts): the reranker's. */
  keywordFacts: ReadonlyMap<number, KeywordFacts>;
  weights: Record<RouteName, number>;
  /** The facet counts, for a filtered request or one asking for them; null otherwise. */
  facets: FacetCounts | null;
  /** For a filtered request: how many candidates the search has without the filters; null without filters. */
  unfilteredCandidates: number | null;
}

export function retrieveKeyword(pack: LoadedPack, keywordView: KeywordView, query: PreparedQuery, options: SearchOptions): KeywordRetrieval {
  const candidates = keywordRoute(pack, keywordView, query.matching.groups, query.allowed, options, query.filtering);
  const keyword = applyThreshold(candidates.hits, options.thresholds.keyword);
  const weights = routeWeights(options.fuse.weights, candidates.topCoverage, options.routeWeighting);
  return { candidates, keyword, weights };
}

/**
 * The vector route is not run when the query's weights give it no vote: the keyword route's best
 * hit holds every concept of the query (route-weights.ts), so its hits could not move a result.
 * Not embedding the query is what keeps such a query — a heading, a name, most lookups — as cheap
 * as on a keyword-only pack: no matrix rows or section vectors read, no kernel pass, no ONNX
 * session run. (A route the options weigh ≤ 0, or a pack without vectors, says so instead.)
 */
export function keywordAnswered(pack: LoadedPack, options: SearchOptions, keyword: KeywordRetrieval): boolean {
  return pack.manifest.model !== null && options.fuse.weights.vector > 0 && !(keyword.weights.vector > 0);
}

/** The query vector of a query the keyword route answered (keywordAnswered): none, and why. */
export const KEYWORD_ANSWERED: QueryVector = Object.freeze({ vector: null, skip: 'keyword-answered' as const });

/** Retrieval completed: the vector route run with the query's embedding (when there is one), and the unfiltered candidates counted. */
export function retrieve(pack: LoadedPack, query: PreparedQuery, options: SearchOptions, keywordPart: KeywordRetrieval, queryVector: QueryVector): Retrieval {
  const { filtering } = query;
  const { candidates: keywordHits, keyword, weights } = keywordPart;
  const vectorHits = queryVector.vector && pack.semantic ? vectorRoute(pack, queryVector.vector, query.allowed, options, filtering) : null;
  const vector = vectorHits && applyThreshold(vectorHits.hits, options.thresholds.vector);
  // The candidates without the filters (the routes' hits past their thresholds, as fusion takes
  // them): what the facet counts count, and what tells a filter that excluded everything. Without
  // filters, the candidates themselves.
  const unfiltered = query.facetCounts
    ? new Set(
        (filtering
          ? [...applyThreshold(keywordHits.unfiltered, options.thresholds.keyword).hits, ...(vectorHits ? applyThreshold(vectorHits.unfiltered, options.thresholds.vector).hits : [])]
          : [...keyword.hits, ...(vector?.hits ?? [])]
        ).map((h: RouteHit) => h.id),
      )
    : null;
  const kept = new Set(keyword.hits.map((h) => h.id));
  return {
    keyword,
    vector,
    named: keywordHits.named.filter((id) => kept.has(id)),
    keywordFacts: keywordHits.facts,
    weights,
    facets: unfiltered && facetCounts(pack.sections, unfiltered, filtering),
    unfilteredCandidates: filtering && unfiltered ? unfiltered.size : null,
  };
}
