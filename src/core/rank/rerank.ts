/**
 * The learned reranking of a query's best candidates (issue 49): after fusion and the boosts, the
 * first `window` candidates are scored by a linear model over generic per-(query, section)
 * features — what fusion decided, what the keyword route matched and where, and what the section's
 * page holds among the candidates — and reordered by it. The model's weights are fitted across
 * docs sites on readers' questions and known-item queries (scripts/fit-reranker.ts,
 * src/eval/rerank-fit.ts) and judged only on sites they were not fitted on; nothing here is tuned
 * to one site.
 *
 * Pure building block: the caller hands in the candidates' columns (their page, their page's size)
 * and the keyword route's facts about them.
 */
import type { FusedHit } from './fuse.ts';
import { RERANK_MODEL } from './rerank-model.ts';

/** What the keyword route knows of one candidate (keyword/bm25f-scorer.ts KeywordHit). */
export interface KeywordFacts {
  /** Its BM25F score. */
  score: number;
  /** Share of the query's concepts it matched, in [0, 1]. */
  coverage: number;
  /** Share of the query's concepts its page title or own heading holds, in [0, 1]. */
  named: number;
}

/**
 * The features, in the order of a feature row. Each is defined per candidate of the window:
 *
 * - `fusedReciprocalRank`: 1 / its position (1-based) in the order before reranking.
 * - `fusedShare`: its score before reranking over the first candidate's.
 * - `keywordShare`: its BM25F score over the best of the keyword route's; 0 when that route did not find it.
 * - `coverage`, `named`: KeywordFacts (0 when the keyword route did not find it).
 * - `pageSections`: ln of the number of sections its page has: a long page matches many queries a little.
 * - `pageCandidates`: ln of the number of the window's candidates on its page.
 * - `pageBestKeyword`: the best `keywordShare` among the window's candidates on its page.
 */
export const RERANK_FEATURES = [
  'fusedReciprocalRank',
  'fusedShare',
  'keywordShare',
  'coverage',
  'named',
  'pageSections',
  'pageCandidates',
  'pageBestKeyword',
] as const;

export type RerankFeature = (typeof RERANK_FEATURES)[number];

/** A linear model: a weight per feature, applied to the raw feature (the fit folds its standardisation in). */
export type RerankWeights = Readonly<Record<RerankFeature, number>>;

export interface RerankOptions {
  /** Rerank at all. Default true (scripts/fit-reranker.ts reports the held-out gain it rests on). */
  enabled: boolean;
  /**
   * Candidates reranked: the first `window` of the fused order; the rest follow in their order.
   * Range integer ≥ 1. Default 30: what selection reads for a 10-result answer (MMR's depth 3 ×
   * 10), and what the model was fitted on.
   */
  window: number;
  /**
   * The reranker runs on packs whose pages have at least this many sections on average: pages cut
   * into sections by their headings, as the model was fitted on. Range ≥ 0 (0: every pack).
   * Default 2. The docs sites it was fitted on have 2.9 to 11.7; collections of one-section
   * documents (Cranfield, CISI: abstracts) have 1, and there the model fitted on the other
   * collections lowers nDCG@10 (Cranfield 0.394 → 0.379, CISI 0.375 → 0.342; `npx tsx
   * scripts/fit-reranker.ts --packs <dir> --everywhere`): what its features say of a section on
   * a page does not hold of a document that is its own page.
   */
  minSectionsPerPage: number;
  /**
   * Leave the order alone for a query that names a section: one naming field of a candidate — the
   * page title or its own heading — holds every concept (rank/name-match.ts, whose boost has already
   * put it first). The reader typed a name; the model, which weighs how much of a page matches,
   * would trade the named section for a longer page that covers more. Default true: without it the
   * suite's heading sets fell (Astro headings 0.9854 → 0.9714 MRR@10, semantic-release 0.9955 →
   * 0.9864; `npm run eval -- --suite` at 2b1914c, the commit before this option).
   */
  keepNamed: boolean;
  /** The model (rerank-model.ts: fitted on the docs sites of the suite). */
  weights: RerankWeights;
}

/** What the features of a window are computed from. */
export interface RerankInput {
  /** The candidates in the order before reranking. */
  hits: readonly FusedHit[];
  /** The keyword route's facts, by section id, for the candidates it found. */
  keyword: ReadonlyMap<number, KeywordFacts>;
  pageOf: (id: number) => string;
  /** The number of sections of section `id`'s page. */
  pageSizeOf: (id: number) => number;
  /** The pack's sections per page, on average. */
  sectionsPerPage: number;
  /** Whether the query names a candidate (a naming field of it holds every concept: rank/name-match.ts). */
  named: boolean;
}

/** The feature rows (RERANK_FEATURES order) of the first `window` candidates. */
export function rerankFeatures(input: RerankInput, window: number): number[][] {
  const hits = input.hits.slice(0, window);
  let bestKeyword = 0;
  for (const h of input.keyword.values()) bestKeyword = Math.max(bestKeyword, h.score);
  const keywordShare = (id: number) => (bestKeyword > 0 ? (input.keyword.get(id)?.score ?? 0) / bestKeyword : 0);
  const pageCount = new Map<string, number>();
  const pageBest = new Map<string, number>();
  for (const h of hits) {
    const page = input.pageOf(h.id);
    pageCount.set(page, (pageCount.get(page) ?? 0) + 1);
    pageBest.set(page, Math.max(pageBest.get(page) ?? 0, keywordShare(h.id)));
  }
  const top = hits[0]?.score ?? 0;
  return hits.map((h, i) => {
    const facts = input.keyword.get(h.id);
    const page = input.pageOf(h.id);
    const row: Record<RerankFeature, number> = {
      fusedReciprocalRank: 1 / (i + 1),
      fusedShare: top > 0 ? h.score / top : 0,
      keywordShare: keywordShare(h.id),
      coverage: facts?.coverage ?? 0,
      named: facts?.named ?? 0,
      pageSections: Math.log(Math.max(1, input.pageSizeOf(h.id))),
      pageCandidates: Math.log(pageCount.get(page)!),
      pageBestKeyword: pageBest.get(page)!,
    };
    return RERANK_FEATURES.map((f) => row[f]);
  });
}

/** The model's score of each row: Σ weight × feature. */
export function linearScores(rows: readonly (readonly number[])[], weights: RerankWeights): number[] {
  return rows.map((row) => RERANK_FEATURES.reduce((sum, f, j) => sum + weights[f] * row[j]!, 0));
}

/** Whether `rerank` reorders the input at all (the conditions of RerankOptions). */
export function reranks(input: RerankInput, options: RerankOptions): boolean {
  return options.enabled && input.hits.length >= 2 && input.sectionsPerPage >= options.minSectionsPerPage && !(options.keepNamed && input.named);
}

/**
 * The candidates reordered: the window by the model's score (ties keep their order), the rest after
 * it in their order. Each position keeps the score the order before had there, so the scores keep
 * falling and keep the scale MMR trades against similarity (mmr.ts normaliseRelevance): the model
 * decides the order, not how far apart its neighbours are. Unchanged when `reranks` says no: off,
 * fewer than two candidates, a pack of fewer sections per page than `minSectionsPerPage`, or a
 * query naming a section (`keepNamed`).
 */
export function rerank(input: RerankInput, options: RerankOptions): { hits: FusedHit[]; moved: number; topPage: number | null } {
  const { hits } = input;
  if (!reranks(input, options)) return { hits: [...hits], moved: 0, topPage: null };
  const window = Math.min(options.window, hits.length);
  const s = linearScores(rerankFeatures(input, window), options.weights);
  const order = s.map((_, i) => i).sort((a, b) => s[b]! - s[a]! || a - b);
  const moved = order.filter((from, to) => from !== to).length;
  const reordered = [...order.map((from, to) => ({ ...hits[from]!, score: hits[to]!.score })), ...hits.slice(window)];
  return { hits: reordered, moved, topPage: topPageProbability(s, hits.slice(0, window).map((h) => input.pageOf(h.id)), order[0]!) };
}

/**
 * The model's probability that the first result's page is the answer's: the softmax of the window's
 * scores (what the fit maximises for the right candidates, src/eval/rerank-fit.ts), summed over the
 * candidates on that page. Comparable across queries, unlike the fused scores: the verdict reads it.
 */
export function topPageProbability(scores: readonly number[], pages: readonly string[], top: number): number {
  const max = Math.max(...scores);
  let all = 0;
  let page = 0;
  scores.forEach((v, i) => {
    const e = Math.exp(v - max);
    all += e;
    if (pages[i] === pages[top]) page += e;
  });
  return all > 0 ? page / all : 0;
}

export const DEFAULT_RERANK_OPTIONS: Readonly<RerankOptions> = Object.freeze({ enabled: true, window: 30, minSectionsPerPage: 2, keepNamed: true, weights: RERANK_MODEL });
