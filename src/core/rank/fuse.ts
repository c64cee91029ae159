/**
 * Reciprocal rank fusion (RRF) of the keyword and vector routes. Fusion uses ranks only: a BM25F
 * score is relative to one query and unbounded, a cosine is absolute in [-1, 1], so adding them
 * would let whichever scale is larger decide. Each route contributes weight / (k + rank) per hit.
 * Pure building block: nothing here knows where the hits came from.
 */
import { RecallBoxError } from '../errors.ts';

/** The routes a query can take. */
export type RouteName = 'keyword' | 'vector';

/**
 * Routes in the fixed order fusion walks them, not the input's key order, so the result does not
 * depend on how the caller built its record. (Two terms commute in floating point; once a third
 * route exists, addition is no longer associative and the order would change the last bits.)
 */
export const ROUTE_NAMES: readonly RouteName[] = Object.freeze(['keyword', 'vector'] as const);

/** One hit of one route. A route's hits are in its rank order: rank = position + 1. */
export interface RouteHit {
  /** Section id; a safe integer, so ties can be broken by it. */
  id: number;
  /** The route's own score: comparable within the route and query only. */
  score: number;
}

/** Which routes found a fused hit: one route by name, or `hybrid` for two or more. */
export type Match = RouteName | 'hybrid';

export interface FusedHit {
  id: number;
  /** Σ over routes that found the hit of weight / (k + rank). Orders results; means nothing alone. */
  score: number;
  /** The hit's rank (1-based, its best one if listed twice) in every route that found it. */
  ranks: Partial<Record<RouteName, number>>;
  /** The route's raw score at that rank, for diagnostics: not comparable across routes. */
  scores: Partial<Record<RouteName, number>>;
  match: Match;
}

export interface FuseOptions {
  /**
   * Rank damping constant. Range: finite, ≥ 0. Default 60, the value of the original RRF paper
   * (Cormack, Clarke & Büttcher, SIGIR 2009): large enough that rank 1 does not dwarf rank 5, so a
   * hit both routes rank moderately beats one that only one route ranks first.
   */
  k: number;
  /**
   * Multiplier of each route's contribution. Range: finite; ≤ 0 turns the route off (its hits are
   * ignored, as if it found nothing). Default 1 for both: no route is trusted more until the
   * evaluation says so.
   */
  weights: Record<RouteName, number>;
}

export interface FuseOptionsInput {
  k?: number;
  weights?: Partial<Record<RouteName, number>>;
}

export const DEFAULT_FUSE_OPTIONS: Readonly<FuseOptions> = Object.freeze({
  k: 60,
  weights: Object.freeze({ keyword: 1, vector: 1 }),
});

/** Merges `input` over the defaults and validates; throws RecallBoxError('INVALID_OPTIONS', …). */
export function resolveFuseOptions(input: FuseOptionsInput = {}): FuseOptions {
  const options: FuseOptions = {
    k: input.k ?? DEFAULT_FUSE_OPTIONS.k,
    weights: { ...DEFAULT_FUSE_OPTIONS.weights, ...input.weights },
  };
  if (!Number.isFinite(options.k) || options.k < 0) {
    throw new RecallBoxError('INVALID_OPTIONS', `fuse options: k must be a finite number ≥ 0, got ${options.k}.`);
  }
  for (const route of ROUTE_NAMES) {
    const w = options.weights[route];
    if (!Number.isFinite(w)) {
      throw new RecallBoxError('INVALID_OPTIONS', `fuse options: weights.${route} must be a finite number, got ${w}.`);
    }
  }
  return options;
}

/**
 * Fuses the routes' ranked hits into one list, sorted by fused score descending, ties by id
 * ascending (so equal inputs give equal outputs). A route that is missing, empty or weighted ≤ 0
 * is skipped: it neither contributes score nor counts towards `hybrid`. A duplicate id within one
 * route counts once, at its first (best) position; ranks are positions in the list as given, so a
 * duplicate does not shift the ranks of the hits after it. Throws RangeError on an id that is not a
 * safe integer (a caller bug, not a request error).
 */
export function fuseRanks(
  routes: Partial<Record<RouteName, readonly RouteHit[]>>,
  input: FuseOptionsInput = {},
): FusedHit[] {
  const { k, weights } = resolveFuseOptions(input);
  const fused = new Map<number, FusedHit>();
  for (const route of ROUTE_NAMES) {
    const hits = routes[route];
    const weight = weights[route];
    if (hits === undefined || hits.length === 0 || weight <= 0) continue;
    hits.forEach((hit, position) => {
      if (!Number.isSafeInteger(hit.id)) throw new RangeError(`fuseRanks: ${route} hit id ${hit.id} is not a safe integer.`);
      let entry = fused.get(hit.id);
      if (entry === undefined) {
        entry = { id: hit.id, score: 0, ranks: {}, scores: {}, match: route };
        fused.set(hit.id, entry);
      }
      // Only the first occurrence counts: it is the best rank, and counting again would reward a
      // route for repeating itself.
      if (entry.ranks[route] !== undefined) return;
      const rank = position + 1;
      entry.ranks[route] = rank;
      entry.scores[route] = hit.score;
      entry.score += weight / (k + rank);
      if (entry.match !== route) entry.match = 'hybrid';
    });
  }
  return [...fused.values()].sort(compareFused);
}

/** Fused score descending, then id ascending. */
export function compareFused(a: FusedHit, b: FusedHit): number {
  return b.score - a.score || a.id - b.id;
}
