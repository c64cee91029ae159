/**
 * The name-match boost: a fused candidate whose page title or own heading holds every term of the
 * query gets one more reciprocal-rank term, so a section named by what the reader typed stays first.
 *
 * Why it exists: reciprocal rank fusion sees ranks only, so a section the keyword route ranks 1st
 * by a wide margin — the heading is exactly the query — loses to any section both routes rank
 * moderately (keyword 2nd + vector 1st beats keyword 1st + vector 5th whatever k is). Fusing the
 * routes alone cost known-item search a lot on the Astro docs (nDCG@10, keyword route alone → RRF
 * → RRF with this boost): page titles 0.9952 → 0.9705 → 0.9934, headings 0.9755 → 0.8798 → 0.9703.
 * Reproduce: `npx tsx scripts/pipeline-sweep.ts <astro-docs>=<titles.jsonl> <astro-docs>=<headings.jsonl>
 * --variant 'rrf={"mmr":{"enabled":false},"graphBoost":{"seeds":0},"nameMatch":{"weight":0}}' …`
 * (add `"fuse":{"weights":{"vector":0}}` for the keyword route alone). The boost is the keyword
 * evidence RRF throws away, put back as a rank: the named sections in keyword order.
 *
 * Like the link-graph boost, it only reorders candidates: it never adds one.
 */
import { compareFused, type FusedHit } from './fuse.ts';
import { RecallBoxError } from '../errors.ts';

export interface NameMatchOptions {
  /**
   * Weight of the boost's reciprocal-rank term, like a route's fusion weight. Range finite; ≤ 0
   * turns the boost off. Default 1: a named section counts as if a third route ranked it.
   */
  weight: number;
  /** Rank damping constant of the boost's term. Range finite ≥ 0. Default 60, fusion's k. */
  k: number;
  /**
   * A section is named when one of its naming fields — its page's title or its own heading —
   * holds every concept of the query; false: also when the two hold them between them. Default
   * true: "Basic Usage" names the section headed so, not the "Usage" section of the "Basic Auth"
   * page, which the looser rule boosted above it. Measured (`scripts/options-sweep.ts` with
   * `{"nameMatch":{"oneField":false}}` against the default, MRR@10 on the `npm run eval:titles`
   * sets): headings 0.9679 → 0.9758 (Hono) and 0.9765 → 0.9854 (Astro en), headings as you type
   * 0.9678 → 0.9732 and 0.9400 → 0.9488, headings with one typo 0.9623 → 0.9683 and 0.9602 →
   * 0.9687, titles as you type 0.9094 → 0.9106 and 0.8722 → 0.8783; page titles and the reader
   * question sets unchanged. On every row of `npm run eval -- --suite` (Cranfield and CISI
   * included, unchanged): macro-average 0.8691 → 0.8721, no row lower.
   */
  oneField: boolean;
}

export const DEFAULT_NAME_MATCH_OPTIONS: Readonly<NameMatchOptions> = Object.freeze({ weight: 1, k: 60, oneField: true });

export interface NameMatchResult {
  hits: FusedHit[];
  /** How many candidates the boost raised. */
  boosted: number;
}

/**
 * Adds weight / (k + position) to the fused hit of each id in `named` (position 1-based, in the
 * given order: the keyword route's) and re-sorts, ties by id. Ids that are not candidates are
 * ignored; a repeated id counts once, at its first position. Pure: the input is not changed.
 */
export function boostNamedHits(fused: readonly FusedHit[], named: readonly number[], options: NameMatchOptions = DEFAULT_NAME_MATCH_OPTIONS): NameMatchResult {
  const { weight, k } = options;
  if (!Number.isFinite(weight) || !Number.isFinite(k) || k < 0) {
    throw new RecallBoxError('INVALID_OPTIONS', `name-match options: weight must be finite and k finite ≥ 0, got ${weight} and ${k}.`);
  }
  if (weight <= 0 || named.length === 0) return { hits: [...fused], boosted: 0 };
  const bonus = new Map<number, number>();
  for (const id of named) if (!bonus.has(id)) bonus.set(id, weight / (k + bonus.size + 1));
  let boosted = 0;
  const hits = fused.map((hit) => {
    const extra = bonus.get(hit.id);
    if (extra === undefined) return hit;
    boosted++;
    return { ...hit, score: hit.score + extra };
  });
  return { hits: hits.sort(compareFused), boosted };
}
