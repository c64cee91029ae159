/**
 * The link-graph boost: sections of pages that the top fused hits link to, or are linked from (one
 * hop), get one more reciprocal-rank term — but only if they are already candidates. The docs' own
 * links say which pages belong together: a guide that the best hit points to for details is more
 * likely useful than a page that merely shares words. The boost reorders; it never adds a candidate.
 */
import { compareFused, type FusedHit } from './fuse.ts';
import { RecallBoxError } from '../errors.ts';

/** Page URL → the page URLs it links to or is linked from (without itself). */
export type PageGraph = ReadonlyMap<string, ReadonlySet<string>>;

/** The undirected page graph of the sections' internal links (built once per pack). */
export function pageGraph(sections: readonly { pageUrl: string; links: readonly string[] }[]): PageGraph {
  const graph = new Map<string, Set<string>>();
  const add = (a: string, b: string) => {
    if (a === b) return;
    let set = graph.get(a);
    if (!set) graph.set(a, (set = new Set()));
    set.add(b);
  };
  for (const s of sections) {
    for (const target of s.links) {
      add(s.pageUrl, target);
      add(target, s.pageUrl);
    }
  }
  return graph;
}

export interface GraphBoostOptions {
  /**
   * How many of the top fused hits are seeds whose neighbours are boosted. Range integer ≥ 0; 0
   * turns the boost off. Default 0, **off, decided by measurement**: with 3 seeds (the hits a
   * reader looks at first; deeper ones are too often wrong for their links to mean anything) the
   * suite (`npm run eval -- --suite --systems recall-box:keyword,recall-box:full,recall-box:graph-boost`)
   * scored no row higher and seven of Hono's eight lower — titles 0.9819 → 0.9759 (below the keyword
   * route), titles as you type 0.8950 → 0.8853, reader questions 0.8595 → 0.8463: a page the top
   * hit links to is related, but on a small site it is related to everything, and the boost lifted
   * it over the page asked for.
   * `GRAPH_BOOST = "on"` in `wrangler.toml` turns it on with GRAPH_BOOST_SEEDS_WHEN_ON seeds.
   */
  seeds: number;
  /**
   * Weight of the boost's reciprocal-rank term (seed at rank r gives weight / (k + r)). Range
   * finite ≥ 0. Default 0.5: half a route's vote — a link is evidence of relatedness, not of
   * relevance to the query, so it should reorder near-ties, not override both routes.
   */
  weight: number;
  /** Rank damping constant. Range finite ≥ 0. Default 60, fusion's k. */
  k: number;
}

/** Seeds of a boost turned on without a count (the Worker's GRAPH_BOOST = "on"): the top 3, the hits a reader looks at first. */
export const GRAPH_BOOST_SEEDS_WHEN_ON = 3;

export const DEFAULT_GRAPH_BOOST_OPTIONS: Readonly<GraphBoostOptions> = Object.freeze({ seeds: 0, weight: 0.5, k: 60 });

export interface GraphBoostResult {
  hits: FusedHit[];
  /** Candidates the boost raised. */
  boosted: number;
}

/**
 * Boosts every candidate whose page is one hop from a seed's page (not the seed's own page), by
 * the term of the best-ranked such seed, and re-sorts (ties by id). `pageOf(id)` gives a hit's
 * page URL. Pure: the input is not changed.
 */
export function boostLinkedHits(
  fused: readonly FusedHit[],
  pageOf: (id: number) => string,
  graph: PageGraph,
  options: GraphBoostOptions = DEFAULT_GRAPH_BOOST_OPTIONS,
): GraphBoostResult {
  const { seeds, weight, k } = options;
  if (!Number.isInteger(seeds) || seeds < 0 || !Number.isFinite(weight) || weight < 0 || !Number.isFinite(k) || k < 0) {
    throw new RecallBoxError('INVALID_OPTIONS', `graph boost options: seeds must be an integer ≥ 0, weight and k finite ≥ 0; got ${seeds}, ${weight}, ${k}.`);
  }
  if (seeds === 0 || weight === 0 || graph.size === 0) return { hits: [...fused], boosted: 0 };
  // Page → the term of the best seed linked with it.
  const bonus = new Map<string, number>();
  fused.slice(0, seeds).forEach((seed, i) => {
    const term = weight / (k + i + 1);
    for (const page of graph.get(pageOf(seed.id)) ?? []) if (!bonus.has(page)) bonus.set(page, term);
  });
  let boosted = 0;
  const hits = fused.map((hit) => {
    const extra = bonus.get(pageOf(hit.id));
    if (extra === undefined) return hit;
    boosted++;
    return { ...hit, score: hit.score + extra };
  });
  return { hits: hits.sort(compareFused), boosted };
}
