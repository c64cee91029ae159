import { detectScriptLang } from './lang.ts';
import type { LoadedPack } from './pack/load.ts';
import { resolveLanguages, type SearchRequest } from './request.ts';
import type { SearchOptions } from './search-options.ts';
import { terms } from './segment.ts';
import { DEFAULT_SNIPPET_OPTIONS, makeSnippet, type Snippet } from './snippet.ts';
import type { Lang } from './types.ts';

export interface SearchResult {
  id: string;
  url: string;
  title: string;
  breadcrumb: string[];
  lang: Lang;
  snippet: Snippet;
  /** The keyword route's BM25F score: comparable within one query only. */
  score: number;
  /** 1-based position in this response. */
  rank: number;
}

export interface SearchOutcome {
  results: SearchResult[];
  /** Language the query was analysed as (the request's, else guessed from its script). */
  queryLang: Lang;
}

/** Scores are rounded for the wire: more digits carry no ranking information and bloat responses. */
const SCORE_DECIMALS = 4;

/**
 * Answer a validated request from a loaded pack. Pure: the same call gives the same answer in
 * Node, workerd and the browser, which is what lets the evaluation harness measure the Worker's
 * ranking without the Worker.
 */
export function searchPack(pack: LoadedPack, request: SearchRequest, options: SearchOptions): SearchOutcome {
  const { manifest, sections, keyword } = pack;
  const allowed = request.lang ? new Set(resolveLanguages(request.lang, manifest.languages)) : null;
  const queryLang = request.lang ?? detectScriptLang(request.q, manifest.defaultLang);
  const hits = keyword.search(request.q, { lang: queryLang, limit: options.candidateLimit });
  const kept = allowed ? hits.filter((h) => allowed.has(sections[h.doc]!.lang)) : hits;
  const queryTerms = new Set(terms(request.q, queryLang, manifest.analyzer));
  const snippetOptions = { ...DEFAULT_SNIPPET_OPTIONS, length: options.snippetLength };
  const factor = 10 ** SCORE_DECIMALS;
  const results = kept.slice(0, request.limit).map((hit, i): SearchResult => {
    const s = sections[hit.doc]!;
    return {
      id: s.id,
      url: s.url,
      title: s.title,
      breadcrumb: s.breadcrumb,
      lang: s.lang,
      snippet: makeSnippet(s, queryTerms, manifest.analyzer, snippetOptions),
      score: Math.round(hit.score * factor) / factor,
      rank: i + 1,
    };
  });
  return { results, queryLang };
}
