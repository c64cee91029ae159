/**
 * The JSON body of a `/search` answer: one function, so the Worker (src/worker/app.ts) and any
 * other server of the same answers (the widget tests' Node server of real search results) cannot
 * drift apart in what a client receives.
 */
import type { Answer, ConfidenceVerdict, Correction, FacetCounts, Fallback, Lang, LoadedPack, RouteName, RouteReport, SearchDebug, SearchOutcome, SearchResult, SearchWarning } from '../core/index.ts';
import type { SearchRequest } from './request.ts';

export type { ErrorBody } from './errors.ts';
/** The answer's facet counts, for clients that read them (the widget's filter control). */
export type { FacetCounts, FacetValueCount } from '../core/index.ts';

/**
 * The JSON body of a 200 answer to `/search`: the contract between the Worker and its clients.
 * The widget reads its types from here (type-only, src/widget/search-client.ts), so a change to
 * what the Worker sends is a type error in the widget rather than a silent mismatch.
 */
export interface SearchResponse {
  /** The query as answered (trimmed). */
  query: string;
  /** The name of the index that answered (`default` for a Worker with one). */
  index: string;
  /** The pack's build: an answer is cached per build. */
  buildId: string;
  /** Language the query was analysed as. */
  lang: Lang;
  results: SearchResult[];
  /** Whether the docs answer the query, how sure the pipeline is, and why. */
  confidence: ConfidenceVerdict;
  /**
   * The sentence or two of the top result that answer the query, with the section's URL and
   * heading (`{text, highlights, url, heading, coverage}`): present exactly when
   * `confidence.outcome` is `answer`, else null. Extractive: the docs' own words, never a heading alone.
   */
  answer: Answer | null;
  /** What to show instead of the results when `confidence.outcome` is `fallback`; null otherwise. */
  fallback: Fallback | null;
  /** Problems that degraded the answer without failing it (e.g. the vector route was down). */
  warnings: SearchWarning[];
  /** "Did you mean": the words read as corrections of misspelt ones, and the query as searched; null when none. */
  correction: Correction | null;
  /** The last word was still being typed and matched by the words it begins (SearchOutcome.lastWordCompleted). */
  lastWordCompleted: boolean;
  /** The filters applied, facet name → value as matched (`filter.lang=EN` → `en`); absent without filters. */
  filters?: Record<string, string>;
  /**
   * Per facet of the index (`pool`, `lang`, then the configured ones), `[{value, count}]`: how many
   * of the search's candidates without the filters have each value, counting for each facet only
   * candidates that pass the other facets' filters; most first, at most FACET_COUNT_VALUES (20), a
   * chosen value always listed. Present for a filtered request or one with `facets=1`.
   */
  facets?: FacetCounts;
  /** Time spent answering, as the server's clock measures it (see docs/performance.md on workerd's clock). */
  tookMs: number;
  /** For `debug=1`: the pipeline's decisions, and the thresholds each route applied. */
  debug?: SearchDebug & { thresholds: Record<RouteName, RouteReport> };
}

export interface SearchResponseInput {
  request: SearchRequest;
  /** The name of the index that answered (`default` for a Worker with one). */
  index: string;
  pack: LoadedPack;
  outcome: SearchOutcome;
  /** Time spent answering, as the server's clock measures it. */
  tookMs: number;
}

export function searchResponseBody({ request, index, pack, outcome, tookMs }: SearchResponseInput): SearchResponse {
  return {
    query: request.q,
    index,
    buildId: pack.manifest.buildId,
    lang: outcome.queryLang,
    results: outcome.results,
    confidence: outcome.confidence,
    answer: outcome.answer,
    fallback: outcome.fallback,
    warnings: outcome.warnings,
    correction: outcome.correction,
    lastWordCompleted: outcome.lastWordCompleted,
    ...(outcome.filters && { filters: outcome.filters }),
    ...(outcome.facets && { facets: outcome.facets }),
    tookMs,
    // The debug report carries the thresholds the routes applied, which the outcome keeps apart.
    ...(outcome.debug && { debug: { ...outcome.debug, thresholds: outcome.routes } }),
  };
}
