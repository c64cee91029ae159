/**
 * Maximal Marginal Relevance (MMR) selection with a per-page cap: picks the results to show so
 * that a near-duplicate of an already chosen section (the same paragraph copied across versioned
 * pages, an h3 that repeats its h2) gives way to a less relevant section that says something new.
 *
 * Greedy MMR (Carbonell & Goldstein, SIGIR 1998): repeatedly pick the candidate maximising
 *   λ · relevance − (1 − λ) · max over selected s of similarity(candidate, s).
 *
 * Similarity is the Jaccard index of the sections' term sets (term-set.ts, stored with each section
 * at build time), not a cosine of embeddings, so diversification works the same when the vector
 * route is down or absent. Pure and deterministic:
 * equal inputs give equal outputs, ties go to the earlier candidate in the input.
 */
import { RecallBoxError } from '../errors.ts';
import { termSetJaccard, type TermSet } from './term-set.ts';

/** One candidate section, in the caller's rank order (earlier = preferred on ties). */
export interface MmrCandidate {
  /** Section id; a safe integer, unique within the candidate list. */
  id: number;
  /** The page the section belongs to: sections with equal `pageUrl` share the page cap. */
  pageUrl: string;
  /**
   * The ranking's score (e.g. the fused RRF score): finite, any scale, higher is better. Only its
   * ratio to the list's largest |relevance| is used (see `normaliseRelevance`).
   */
  relevance: number;
  /** The section's distinct terms (term-set.ts): `decodeTermSet(section.termSet)`, or `termSetOf(terms)`. */
  terms: TermSet;
}

/** Why a candidate that was the argmax was not selected. */
export type MmrSkipReason = 'page-cap';

/**
 * One step of the greedy loop: the candidate that won it, and either its selection or its skip.
 * Candidates that never win a step get no decision.
 */
export interface MmrDecision {
  id: number;
  /** λ · relevance − (1 − λ) · maxSimilarity at the step the candidate won. */
  mmr: number;
  /** The NORMALISED relevance the score used (in [-1, 1]; 1 for the top candidate). */
  relevance: number;
  /** Largest Jaccard similarity to the sections selected before this step (0 at the first step). */
  maxSimilarity: number;
  /** Present when the candidate was dropped instead of selected. */
  skipped?: MmrSkipReason;
}

export interface MmrResult {
  /** Ids of the selected candidates, in selection order (the order to show them in). */
  selected: number[];
  /** Every step's winner, in step order: selections and skips interleaved as they happened. */
  decisions: MmrDecision[];
}

export interface MmrOptions {
  /**
   * Weight of relevance against redundancy. Range: [0, 1]; 1 = pure relevance order (no
   * diversification), 0 = pure novelty (relevance only breaks the first pick and ties). Default
   * 0.9, measured (`npx tsx scripts/pipeline-sweep.ts ../shared/datasets/cranfield
   * <astro-docs>=<headings.jsonl> --variant 'l07={"mmr":{"lambda":0.7}}' …`): Cranfield nDCG@10
   * 0.3948 at 0.7, 0.4011 at 0.8, 0.4060 at 0.9, 0.4054 at 1 (page cap only); Astro heading
   * lookups 0.9717 / 0.9708 / 0.9706 / 0.9703. At 0.7 the redundancy term demoted relevant
   * abstracts that share vocabulary with a better one (Cranfield's relevant documents are alike);
   * at 0.9 an exact duplicate of a selected section still loses 0.1 — a relevance drop of 0.1 / 0.9
   * ≈ 11 % of the top score — so copies fall below distinct sections of near-equal relevance, and
   * sections that merely share vocabulary (Jaccard ~0.1–0.2) barely move. With relevance
   * normalised to the top candidate and Jaccard in [0, 1].
   */
  lambda: number;
  /**
   * Most sections selected from one page. Range: integer ≥ 1. Default 2: every result links into a
   * page, so a third section of the same page mostly repeats a link the reader already has; two
   * still lets a page's intro and its specific section both show.
   */
  perPageCap: number;
}

export type MmrOptionsInput = Partial<MmrOptions>;

export const DEFAULT_MMR_OPTIONS: Readonly<MmrOptions> = Object.freeze({
  lambda: 0.9,
  perPageCap: 2,
});

/** Merges `input` over the defaults and validates; throws RecallBoxError('INVALID_OPTIONS', …). */
export function resolveMmrOptions(input: MmrOptionsInput = {}): MmrOptions {
  const options: MmrOptions = {
    lambda: input.lambda ?? DEFAULT_MMR_OPTIONS.lambda,
    perPageCap: input.perPageCap ?? DEFAULT_MMR_OPTIONS.perPageCap,
  };
  // Written as a negated range check so NaN fails it too.
  if (!(options.lambda >= 0 && options.lambda <= 1)) {
    throw new RecallBoxError('INVALID_OPTIONS', `mmr options: lambda must be a number in [0, 1], got ${options.lambda}.`);
  }
  if (!Number.isSafeInteger(options.perPageCap) || options.perPageCap < 1) {
    throw new RecallBoxError('INVALID_OPTIONS', `mmr options: perPageCap must be an integer ≥ 1, got ${options.perPageCap}.`);
  }
  return options;
}

/**
 * Relevance divided by the largest |relevance| of the list, so the top candidate has 1 (when
 * positive). Raw scores have per-query scales (an RRF score is ~0.03, a BM25F score ~10), and the
 * similarity they are traded against is always in [0, 1]: without this, the same λ would mean
 * "ignore redundancy" for one query and "ignore relevance" for another. Dividing (rather than
 * min-max scaling) keeps ratios: a list of near-equal scores stays near-equal, so redundancy can
 * reorder it, instead of being stretched to [0, 1]. All zeros stay zeros.
 */
export function normaliseRelevance(relevance: readonly number[]): number[] {
  const scale = relevance.reduce((max, r) => Math.max(max, Math.abs(r)), 0);
  return scale === 0 ? relevance.map(() => 0) : relevance.map((r) => r / scale);
}

/**
 * Greedy MMR over `candidates`, selecting at most `limit`. Each step takes the remaining candidate
 * with the highest MMR score (ties: earlier in the input; ids are unique so this is a total order).
 * If its page already has `perPageCap` selected, it is recorded as skipped and dropped, and the
 * step repeats without using up the limit, so the result has min(limit, candidates the cap allows)
 * ids. Throws RangeError on a caller bug: a limit that is not an integer ≥ 0, an id that is not a
 * safe integer or repeats, or a relevance that is not finite.
 */
export function selectMmr(candidates: readonly MmrCandidate[], limit: number, input: MmrOptionsInput = {}): MmrResult {
  const { lambda, perPageCap } = resolveMmrOptions(input);
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`selectMmr: limit must be an integer ≥ 0, got ${limit}.`);
  validateCandidates(candidates);

  const relevance = normaliseRelevance(candidates.map((c) => c.relevance));
  // Lazy greedy (as in lazy submodular maximisation): maxSimilarity[i] is candidate i's largest
  // Jaccard to the first compared[i] selections only, so its score below is an upper bound that
  // only falls as more selections are compared. A step compares the candidate with the highest
  // bound against the selections it has not seen; once the highest bound is exact, that candidate
  // is the eager argmax (ties still to the earlier candidate: an earlier one with an equal true
  // score would have an equal or higher bound). With λ = 0.9 relevance order mostly holds, so
  // most candidates are never compared at all: the Jaccards were ~11 % of the pipeline's CPU
  // (`npm run bench`, the hybrid row's profile).
  const maxSimilarity = candidates.map(() => 0);
  const compared = candidates.map(() => 0);
  const remaining = candidates.map((_, i) => i);
  const perPage = new Map<string, number>();
  const selected: number[] = [];
  const decisions: MmrDecision[] = [];

  const score = (i: number): number => lambda * relevance[i] - (1 - lambda) * maxSimilarity[i];
  // Each candidate's score as it stands, recomputed only when its maxSimilarity grows: the argmax
  // below reads it for every remaining candidate at every step.
  const scores = candidates.map((_, i) => score(i));

  while (selected.length < limit && remaining.length > 0) {
    let at = -1;
    for (;;) {
      // `remaining` keeps input order, so a strict `>` keeps the earliest candidate on ties.
      at = 0;
      let top = scores[remaining[0]];
      for (let k = 1; k < remaining.length; k++) {
        const s = scores[remaining[k]];
        if (s > top) {
          top = s;
          at = k;
        }
      }
      const i = remaining[at];
      if (compared[i] === selected.length) break;
      const terms = candidates[i].terms;
      for (let k = compared[i]; k < selected.length; k++) {
        maxSimilarity[i] = Math.max(maxSimilarity[i], termSetJaccard(terms, candidates[selected[k]].terms));
      }
      compared[i] = selected.length;
      scores[i] = score(i);
    }
    const best = remaining[at];
    remaining.splice(at, 1);
    const winner = candidates[best];
    const decision: MmrDecision = {
      id: winner.id,
      mmr: scores[best],
      relevance: relevance[best],
      maxSimilarity: maxSimilarity[best],
    };
    const onPage = perPage.get(winner.pageUrl) ?? 0;
    if (onPage >= perPageCap) {
      decisions.push({ ...decision, skipped: 'page-cap' });
      continue;
    }
    decisions.push(decision);
    selected.push(best);
    perPage.set(winner.pageUrl, onPage + 1);
  }
  return { selected: selected.map((i) => candidates[i].id), decisions };
}

function validateCandidates(candidates: readonly MmrCandidate[]): void {
  const seen = new Set<number>();
  for (const c of candidates) {
    if (!Number.isSafeInteger(c.id)) throw new RangeError(`selectMmr: candidate id ${c.id} is not a safe integer.`);
    if (seen.has(c.id)) throw new RangeError(`selectMmr: candidate id ${c.id} appears twice.`);
    seen.add(c.id);
    if (!Number.isFinite(c.relevance)) {
      throw new RangeError(`selectMmr: candidate ${c.id} has a non-finite relevance ${c.relevance}.`);
    }
  }
}
