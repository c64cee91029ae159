/**
 * The JSON body of a `/search` answer: one function, so the Worker (src/worker/app.ts) and any
 * other server of the same answers (the widget tests' Node server of real search results) cannot
 * drift apart in what a client receives.
 */
import type { LoadedPack } from '../core/pack/load.ts';
import type { SearchRequest } from './request.ts';
import type { SearchOutcome } from '../core/search/search.ts';

export interface SearchResponseInput {
  request: SearchRequest;
  /** The name of the index that answered (`default` for a Worker with one). */
  index: string;
  pack: LoadedPack;
  outcome: SearchOutcome;
  /** Time spent answering, as the server's clock measures it. */
  tookMs: number;
}

export function searchResponseBody({ request, index, pack, outcome, tookMs }: SearchResponseInput) {
  return {
    query: request.q,
    index,
    buildId: pack.manifest.buildId,
    lang: outcome.queryLang,
    results: outcome.results,
    confidence: outcome.confidence,
    fallback: outcome.fallback,
    warnings: outcome.warnings,
    tookMs,
    // The debug report carries the thresholds the routes applied, which the outcome keeps apart.
    ...(outcome.debug && { debug: { ...outcome.debug, thresholds: outcome.routes } }),
  };
}
