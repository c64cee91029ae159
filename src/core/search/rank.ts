/**
 * The ranking stage: the routes' candidates fused into one order (reciprocal rank fusion with the
 * query's route weights, rank/fuse.ts), then boosted — the sections the query names
 * (rank/name-match.ts), those on pages linked with the top hits' pages (rank/graph-boost.ts) — and
 * weighed by their recall pool (rank/pools.ts); and then the best of them reranked by the learned
 * model (rank/rerank.ts). Columns only: no section text is read.
 *
 * A new ranking feature that reorders candidates by what the pack's columns know plugs in here, as
 * one more step between fusion and the pool weights (docs/architecture.md, "adding a ranking feature").
 */
import type { LoadedPack } from '../pack/load.ts';
import { compareFused, fuseRanks, type FusedHit } from '../rank/fuse.ts';
import { boostLinkedHits } from '../rank/graph-boost.ts';
import { boostNamedHits } from '../rank/name-match.ts';
import { rerank as rerankHits, type RerankInput } from '../rank/rerank.ts';
import type { SearchOptions } from './options.ts';
import type { Retrieval } from './retrieve.ts';

/** The candidates in their final order, and how many each boost moved (for the debug answer). */
export interface Ranking {
  /** Every candidate, best first, with its fused score after the boosts and the pool weights. */
  fused: FusedHit[];
  boosts: { nameMatch: number; linkGraph: number; reranked: number };
  /** The reranker's probability that the first result's page is the answer's (rerank.ts topPageProbability); null when it did not run. */
  topPage: number | null;
}

export function rank(pack: LoadedPack, retrieval: Retrieval, options: SearchOptions): Ranking {
  const { sections } = pack;
  const fuse = { ...options.fuse, weights: retrieval.weights };
  const fused = fuseRanks({ keyword: retrieval.keyword.hits, vector: retrieval.vector?.hits }, fuse);
  const nameMatch = boostNamedHits(fused, retrieval.named, options.nameMatch);
  const linkGraph = boostLinkedHits(nameMatch.hits, (id) => sections.pageOf(id), sections.graph, options.graphBoost);
  const reranked = rerankHits(rerankInput(pack, retrieval, weighByPool(pack, linkGraph.hits, options)), options.rerank);
  return { fused: reranked.hits, boosts: { nameMatch: nameMatch.boosted, linkGraph: linkGraph.boosted, reranked: reranked.moved }, topPage: reranked.topPage };
}

/** What the reranker reads of `hits` (the order before it): the keyword route's facts and the pack's page columns. */
export function rerankInput(pack: LoadedPack, retrieval: Retrieval, hits: readonly FusedHit[]): RerankInput {
  const { sections } = pack;
  return {
    hits,
    keyword: retrieval.keywordFacts,
    pageOf: (id) => sections.pageOf(id),
    pageSizeOf: (id) => sections.pageSizeOf(id),
    sectionsPerPage: sections.pageCount === 0 ? 0 : sections.count / sections.pageCount,
    named: retrieval.named.length > 0,
  };
}

/** Each candidate's fused score times its pool's weight (pools.ts), re-sorted; unchanged when pools are off. */
function weighByPool(pack: LoadedPack, hits: readonly FusedHit[], options: SearchOptions): FusedHit[] {
  if (!options.pools.enabled) return [...hits];
  const weight = new Map(options.pools.pools.map((p) => [p.name, p.weight]));
  return hits.map((h) => ({ ...h, score: h.score * (weight.get(pack.sections.poolOf(h.id)) ?? 1) })).sort(compareFused);
}
