/**
 * The two retrieval routes of a search, before fusion: the keyword route (FlexSearch candidates
 * ranked by BM25F) and the vector route (the kernel's best cosines), each kept to the languages
 * the request allows.
 */
import type { KeywordView } from '../keyword/index.ts';
import type { TermVariant } from '../keyword/expand.ts';
import type { LoadedPack } from '../pack/load.ts';
import type { RouteHit } from '../rank/fuse.ts';
import type { Lang } from '../types.ts';
import type { SearchOptions } from './options.ts';
import { resolveLanguages, type SearchRequest } from './request.ts';

/** The sections of the languages a request allows, or null for all. */
export function allowedLanguages(pack: LoadedPack, request: SearchRequest): Set<Lang> | null {
  return request.lang ? new Set(resolveLanguages(request.lang, pack.manifest.languages)) : null;
}

/**
 * Keyword route: FlexSearch candidates ranked by BM25F, in the allowed languages, and among them
 * the sections named by the query (every concept, by any of its terms, in their title or heading),
 * in keyword order. `groups`: per concept, the terms it is looked up as (matching.ts).
 */
export function keywordRoute(
  pack: LoadedPack,
  keyword: KeywordView,
  groups: readonly (readonly TermVariant[])[],
  allowed: Set<Lang> | null,
  options: SearchOptions,
): { hits: RouteHit[]; named: number[]; topCoverage: number } {
  // A route weighted ≤ 0 takes no part in fusion (fuse.ts): searching for it would be wasted work.
  if (!(options.fuse.weights.keyword > 0)) return { hits: [], named: [], topCoverage: 0 };
  const hits = keyword.searchGroups(groups, options.candidateLimit);
  const kept = allowed ? hits.filter((h) => allowed.has(pack.sections.langOf(h.doc))) : hits;
  return {
    hits: kept.map((h) => ({ id: h.doc, score: h.score })),
    named: kept.filter((h) => h.namedTerms === groups.length).map((h) => h.doc),
    // The share of the query's concepts the best hit holds (route-weights.ts).
    topCoverage: kept.length === 0 || groups.length === 0 ? 0 : kept[0]!.matched.length / groups.length,
  };
}

/**
 * Vector route: the kernel's best cosines, in the allowed languages. With a language filter the
 * kernel is asked for proportionally more, so filtering still leaves about `candidateLimit`.
 */
export function vectorRoute(pack: LoadedPack, vector: Float32Array, allowed: Set<Lang> | null, options: SearchOptions): RouteHit[] {
  const { sections } = pack;
  let k = options.candidateLimit;
  if (allowed) {
    const inLanguage = sections.countIn(allowed);
    k = inLanguage === 0 ? 0 : Math.min(sections.count, Math.ceil((options.candidateLimit * sections.count) / inLanguage));
  }
  const top = pack.semantic!.kernel.topK(vector, k);
  const hits: RouteHit[] = [];
  for (let i = 0; i < top.ids.length && hits.length < options.candidateLimit; i++) {
    const id = top.ids[i]!;
    if (!allowed || allowed.has(sections.langOf(id))) hits.push({ id, score: top.scores[i]! });
  }
  return hits;
}
