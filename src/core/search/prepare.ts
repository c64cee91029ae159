/**
 * The first stage of a search: the request resolved, once, into what every later stage reads — the
 * query's analysis and language, how its concepts are looked up, the languages and filters that
 * restrict the candidates, the limit and the verdict's mode. No stage after this one reads the
 * request: a stage that needs something of it gets it here, named.
 */
import { analyzeQuery, type QueryAnalysis } from '../analysis/query.ts';
import { plainWordTerm } from '../analysis/segment.ts';
import type { ConfidenceMode } from '../confidence/levels.ts';
import type { LoadedPack } from '../pack/load.ts';
import type { Lang } from '../types.ts';
import { resolveFilters, type Filtering } from './filters.ts';
import { matchQuery, type QueryMatching } from './matching.ts';
import type { SearchOptions } from './options.ts';
import { resolveLanguages, type SearchRequest } from './request.ts';

/** A request resolved against a pack and the options: the query every stage of a search reads. */
export interface PreparedQuery {
  /** The query as the reader typed it (trimmed): what a correction rewrites. */
  text: string;
  /** Results to return. */
  limit: number;
  /**
   * The query's strategy, language and concepts (its distinct analysed terms). Its `lang` is the
   * language the query is analysed in: the request's, else the one its script shows, else the pack's default.
   */
  analysis: QueryAnalysis;
  /** How the concepts are looked up, and the term that stands for each (matching.ts). */
  matching: QueryMatching;
  /** The pack languages the request allows, or null for all (request.ts resolveLanguages). */
  allowed: Set<Lang> | null;
  /** The request's filters against the pack's facets; null without filters. */
  filtering: Filtering | null;
  /** The answer carries facet counts: a filtered request, or one asking for them. */
  facetCounts: boolean;
  /** The verdict's mode: the request's, else the options'. */
  confidenceMode: ConfidenceMode;
}

/**
 * The request resolved once. Its concepts are analysed with the keyword index's own analyzer
 * settings (which the build also writes into the manifest), so they are exactly the terms the index
 * would analyse the query into; a correction's respelling is analysed the same way. Throws
 * UNKNOWN_LANGUAGE or UNKNOWN_FACET for a language or facet the pack lacks — before anything is
 * read for the query.
 */
export function prepareQuery(pack: LoadedPack, request: SearchRequest, options: SearchOptions): PreparedQuery {
  const analyzer = pack.keyword.options.analyzer;
  const analysis = analyzeQuery(request.q, request.lang, pack.manifest.defaultLang, analyzer);
  const termOf = (word: string) => plainWordTerm(word, analysis.lang, analyzer);
  const matching = matchQuery(request, analysis.concepts, pack.keyword.dictionary, options.expansion, analysis.unstemmed, termOf, analysis.lastWord);
  const allowed = request.lang ? new Set(resolveLanguages(request.lang, pack.manifest.languages)) : null;
  const filtering = resolveFilters(pack.sections, request.filters);
  return {
    text: request.q,
    limit: request.limit,
    analysis,
    matching,
    allowed,
    filtering,
    facetCounts: filtering !== null || request.facets === true,
    confidenceMode: request.confidence ?? options.confidence.mode,
  };
}
