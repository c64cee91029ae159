/**
 * The two retrieval routes of a search, before fusion: the keyword route (FlexSearch candidates
 * ranked by BM25F) and the vector route (the kernel's best cosines), each kept to the languages
 * the request allows (PreparedQuery.allowed).
 */
import type { KeywordHit, KeywordView } from '../keyword/index.ts';
import type { TermVariant } from '../keyword/expand.ts';
import type { LoadedPack } from '../pack/load.ts';
import type { RouteHit } from '../rank/fuse.ts';
import type { KeywordFacts } from '../rank/rerank.ts';
import type { Lang } from '../types.ts';
import type { SearchOptions } from './options.ts';
import type { Filtering } from './filters.ts';

/** A keyword route's candidates: ranked hits, the named ones among them, and the best hit's share of the concepts. */
export interface KeywordCandidates {
  hits: RouteHit[];
  named: number[];
  topCoverage: number;
  /** What the route knows of each hit beyond its score, by section id: what the reranker reads (rank/rerank.ts). */
  facts: Map<number, KeywordFacts>;
}

/**
 * Keyword route: FlexSearch candidates ranked by BM25F, in the allowed languages, and among them
 * the sections named by the query (every concept, by any of its terms, in their title or heading),
 * in keyword order. `groups`: per concept, the terms it is looked up as (matching.ts).
 *
 * With `filtering` (filters.ts), the candidates are the best `candidateLimit` of the sections that
 * pass the filters and the language (cut after filtering, so a filter never empties a full list);
 * `unfiltered` is then what the route gives without the filters, which the facet counts are
 * taken from. Without it, `unfiltered` is the candidates themselves.
 */
export function keywordRoute(
  pack: LoadedPack,
  keyword: KeywordView,
  groups: readonly (readonly TermVariant[])[],
  allowed: Set<Lang> | null,
  options: SearchOptions,
  filtering: Filtering | null = null,
): KeywordCandidates & { unfiltered: RouteHit[] } {
  // A route weighted ≤ 0 takes no part in fusion (fuse.ts): searching for it would be wasted work.
  if (!(options.fuse.weights.keyword > 0)) return { hits: [], named: [], topCoverage: 0, facts: new Map(), unfiltered: [] };
  const inLanguage = (doc: number) => !allowed || allowed.has(pack.sections.langOf(doc));
  const candidates = (hits: readonly KeywordHit[]): KeywordCandidates => ({
    hits: hits.map((h) => ({ id: h.doc, score: h.score })),
    named: namedSections(hits, groups.length, options.nameMatch.oneField),
    // The share of the query's concepts the best hit holds (route-weights.ts).
    topCoverage: hits.length === 0 || groups.length === 0 ? 0 : hits[0]!.matched.length / groups.length,
    facts: keywordFacts(hits, groups.length),
  });
  const all = candidates(keyword.searchGroups(groups, options.candidateLimit).filter((h) => inLanguage(h.doc)));
  if (!filtering) return { ...all, unfiltered: all.hits };
  const within = filtering.satisfiable ? keyword.searchGroups(groups, options.candidateLimit, (doc) => inLanguage(doc) && filtering.accepts(doc)) : [];
  return { ...candidates(within), unfiltered: all.hits };
}

/** Each hit's KeywordFacts: its score, and its shares of the query's `concepts` matched and named. */
function keywordFacts(hits: readonly KeywordHit[], concepts: number): Map<number, KeywordFacts> {
  const share = (n: number) => (concepts === 0 ? 0 : n / concepts);
  return new Map(hits.map((h) => [h.doc, { score: h.score, coverage: share(h.matched.length), named: share(h.namedTerms) }]));
}

/**
 * The sections named by the query, in keyword order (the name-match boost ranks them so,
 * rank/name-match.ts): those one naming field of which — the page title or their own heading —
 * holds every concept (KeywordHit.namedByOneField), or with `oneField` off those whose page title
 * and heading hold them between them too.
 */
function namedSections(hits: readonly KeywordHit[], concepts: number, oneField: boolean): number[] {
  return hits.filter((h) => (oneField ? h.namedByOneField : h.namedTerms === concepts)).map((h) => h.doc);
}

/**
 * Vector route: the kernel's best cosines, in the allowed languages. With a language filter the
 * kernel is asked for proportionally more, so filtering still leaves about `candidateLimit`.
 *
 * With `filtering` (filters.ts), `hits` are the best `candidateLimit` of the sections that pass the
 * filters too: the kernel is asked for proportionally more again, and for every section when that
 * still leaves fewer than `candidateLimit` of the matching ones (a filter matching few sections
 * whose vectors are far from the query). `unfiltered`: the route's hits without the filters.
 */
export function vectorRoute(
  pack: LoadedPack,
  vector: Float32Array,
  allowed: Set<Lang> | null,
  options: SearchOptions,
  filtering: Filtering | null = null,
): { hits: RouteHit[]; unfiltered: RouteHit[] } {
  const { sections } = pack;
  const { candidateLimit } = options;
  const inLanguage = (id: number) => !allowed || allowed.has(sections.langOf(id));
  let k = candidateLimit;
  if (allowed) {
    const matching = sections.countIn(allowed);
    k = matching === 0 ? 0 : Math.min(sections.count, Math.ceil((candidateLimit * sections.count) / matching));
  }
  const best = (top: { ids: ArrayLike<number>; scores: ArrayLike<number> }, accepts: (id: number) => boolean): RouteHit[] => {
    const hits: RouteHit[] = [];
    for (let i = 0; i < top.ids.length && hits.length < candidateLimit; i++) {
      const id = top.ids[i]!;
      if (accepts(id)) hits.push({ id, score: top.scores[i]! });
    }
    return hits;
  };
  if (!filtering) {
    const hits = best(pack.semantic!.kernel.topK(vector, k), inLanguage);
    return { hits, unfiltered: hits };
  }
  const accepts = (id: number) => inLanguage(id) && filtering.accepts(id);
  let matching = 0;
  if (filtering.satisfiable) for (let id = 0; id < sections.count; id++) if (accepts(id)) matching++;
  const wanted = Math.min(candidateLimit, matching);
  let kWithin = matching === 0 ? 0 : Math.min(sections.count, Math.ceil((candidateLimit * sections.count) / matching));
  let top = pack.semantic!.kernel.topK(vector, Math.max(k, kWithin));
  let hits = best(top, accepts);
  // Every section the kernel left out scores at most its last; under an absolute threshold above
  // that, they would all be dropped, and the best matching one is among `hits` already: asking
  // for them changes no hit (only how many the threshold reports dropped).
  const threshold = options.thresholds.vector;
  const rest = top.scores.length === 0 ? -Infinity : top.scores[top.scores.length - 1]!;
  const restBelow = threshold.scale === 'absolute' && rest < threshold.min && hits.length > 0;
  if (hits.length < wanted && kWithin < sections.count && !restBelow) {
    kWithin = sections.count;
    top = pack.semantic!.kernel.topK(vector, kWithin);
    hits = best(top, accepts);
  }
  return { hits, unfiltered: best(top, inLanguage) };
}
