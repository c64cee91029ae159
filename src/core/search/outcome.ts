/**
 * What a search answers (SearchOutcome) and its parts: the results, each route's report, the
 * debug trace. The wire format the protocol layer serialises, and the one type every stage's
 * product ends in.
 */
import type { ConfidenceVerdict } from '../confidence/verdict.ts';
import type { Fallback } from '../confidence/fallback.ts';
import type { Match, RouteName } from '../rank/fuse.ts';
import type { Evidence } from '../present/evidence.ts';
import type { MmrDecision } from '../rank/mmr.ts';
import type { PoolAudit, PoolName } from '../rank/pools.ts';
import type { Snippet } from '../present/snippet.ts';
import type { Correction } from '../present/correction.ts';
import type { Answer } from '../present/answer.ts';
import type { ThresholdDiagnostics } from '../rank/thresholds.ts';
import type { FacetCounts } from './filters.ts';
import type { RouteSkip, SearchWarning } from './query-vector.ts';
import type { Lang } from '../types.ts';

export type { QueryVector, RouteSkip, SearchWarning } from './query-vector.ts';

/** Where a result stood in one route: its rank there (1-based, after the threshold) and raw score. */
export interface RoutePosition {
  rank: number;
  /** keyword: BM25F (comparable within one query); vector: cosine in [-1, 1] (absolute). */
  score: number;
}

export interface SearchResult {
  id: string;
  url: string;
  title: string;
  breadcrumb: string[];
  lang: Lang;
  snippet: Snippet;
  /** The fused (reciprocal rank) score: orders this response, means nothing across queries. */
  score: number;
  /** 1-based position in this response. */
  rank: number;
  /** Which routes found the section: `keyword`, `vector`, or `hybrid` for both. */
  match: Match;
  /** The section's position in each route that found it. */
  routes: Partial<Record<RouteName, RoutePosition>>;
  /** The recall pool the section belongs to. */
  pool: PoolName;
  /** The section's paragraphs that hold the query's terms, and how much of the query it covers. */
  evidence: Evidence;
}

/** Why each result ranks where it does: returned for `?debug=1` (SearchOptions.debug). */
export interface SearchDebug {
  /** Each route's hits after its threshold, in its rank order (ids are section ids). */
  routes: Partial<Record<RouteName, Array<{ id: string; rank: number; score: number }>>>;
  /** The candidates after fusion, both boosts and the reranking, best first, with the fused score of the place each holds. */
  fused: Array<{ id: string; rank: number; score: number; match: Match; pool: PoolName }>;
  /** How many candidates each boost moved, and how many the reranking put in another place. */
  boosts: { nameMatch: number; linkGraph: number; reranked: number };
  /** One entry per pool: its quota and what became of its candidates; null when pools are off. */
  pools: PoolAudit[] | null;
  /** MMR's steps: selections and page-cap skips; null when MMR is off. */
  mmr: Array<Omit<MmrDecision, 'id'> & { id: string }> | null;
}

/** What a route did for one query: its threshold diagnostics, or why it was skipped. */
export type RouteReport = ({ ran: true } & ThresholdDiagnostics) | { ran: false; reason: RouteSkip };

export interface SearchOutcome {
  results: SearchResult[];
  /** Language the query was analysed as (the request's, else guessed from its script). */
  queryLang: Lang;
  routes: Record<RouteName, RouteReport>;
  /** Problems that degraded the answer without failing it (e.g. the vector route was down). */
  warnings: SearchWarning[];
  /** Whether the docs answer the query, how sure the pipeline is, and why (confidence.ts). */
  confidence: ConfidenceVerdict;
  /**
   * The sentence or two of the top result that answer the query, with its heading and link
   * (present/answer.ts): present exactly when `confidence.outcome` is `answer`, else null.
   */
  answer: Answer | null;
  /** What to show instead of the results when `confidence.outcome` is `fallback`; null otherwise. */
  fallback: Fallback | null;
  /** The words read as corrections of misspelt ones ("did you mean"), or null when none was corrected. */
  correction: Correction | null;
  /**
   * The last word, still being typed, was matched by the words of the docs it begins (`deplo` →
   * deploy, deployment): a widget keeps listing results for it rather than the fallback, which
   * would tell a reader mid-word that the docs do not answer.
   */
  lastWordCompleted: boolean;
  /** The filters the search applied (facet name → value, as matched: a `lang` value as a tag); absent without filters. */
  filters?: Record<string, string>;
  /**
   * Per facet, its values' counts among the search's candidates without the filters (filters.ts
   * facetCounts); present for a filtered request or one asking for them (SearchRequest.facets).
   */
  facets?: FacetCounts;
  /** Present when SearchOptions.debug is set. */
  debug?: SearchDebug;
}

/**
 * Scores are rounded for the wire: more digits carry no ranking information and bloat responses.
 * Six, not four: RRF scores of neighbouring ranks differ in the fourth or fifth decimal.
 */
const SCORE_DECIMALS = 6;
export const roundScore = (x: number): number => Math.round(x * 10 ** SCORE_DECIMALS) / 10 ** SCORE_DECIMALS;
