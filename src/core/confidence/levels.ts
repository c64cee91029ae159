/**
 * From score to level and outcome, by thresholds that depend on the query's strategy
 * (analysis/query.ts) and on the mode: `strict` (default) or `relaxed`, which answers more often.
 *
 *   level:   high ≥ `high` > medium ≥ `medium` > low
 *   outcome: answer (high, medium) · uncertain (low, ≥ `uncertain`) · fallback (below)
 *
 * Three outcomes, not two, because a score is an estimate: between "the docs answer this" and
 * "nothing here is relevant" lies a band where the closest matches often hold the answer and
 * hiding them behind a fallback costs the reader more than a notice that they may not answer.
 */
import type { QueryStrategy } from '../analysis/query.ts';

export type ConfidenceLevel = 'high' | 'medium' | 'low';
/**
 * What the reader is shown: `answer` — the results; `uncertain` — the results under a notice that
 * they may not answer the question; `fallback` — the fallback (nothing relevant enough to list).
 */
export type ConfidenceOutcome = 'answer' | 'uncertain' | 'fallback';
export type ConfidenceMode = 'strict' | 'relaxed';
export const CONFIDENCE_MODES: readonly ConfidenceMode[] = ['strict', 'relaxed'];

/** Scores at or above which a query is `high` / `medium` / shown as `uncertain`; 0 ≤ uncertain ≤ medium ≤ high ≤ 1. */
export interface LevelThresholds {
  high: number;
  medium: number;
  uncertain: number;
}

export interface LevelOptions {
  /**
   * Thresholds per strategy, on the score. Defaults: one set for every strategy, placed with
   * DEFAULT_CONFIDENCE_MODEL on the readers' questions it was fitted on (src/eval/verdict-fit.ts
   * DEFAULT_OPERATING_POINT): `medium` (answer) the lowest score at which 95% of the answered
   * questions have their page in the top 3 and at most 5% of the unanswerable are answered;
   * `high` the same at 97% and 3%; `uncertain` the highest below which at most 3% of the
   * answerable questions fall with their page in the top 3. Per strategy so a site can hold one
   * kind of query to a stricter bar; the model scores each strategy by its own weights.
   */
  byStrategy: Readonly<Record<QueryStrategy, Readonly<LevelThresholds>>>;
}

/** The thresholds placed with DEFAULT_CONFIDENCE_MODEL (`npx tsx scripts/fit-verdict.ts --packs <dir> --write`). */
export const DEFAULT_THRESHOLDS: Readonly<LevelThresholds> = Object.freeze({ high: 0.7647, medium: 0.6722, uncertain: 0.2425 });

export const DEFAULT_LEVEL_OPTIONS: Readonly<LevelOptions> = Object.freeze({
  byStrategy: Object.freeze({ question: DEFAULT_THRESHOLDS, lookup: DEFAULT_THRESHOLDS, overview: DEFAULT_THRESHOLDS }),
});

/**
 * The thresholds in force in a mode, from the strict ones (`base`: a calibration's, or the
 * strategy's in LevelOptions). Relaxed mode moves every level one band down — it answers what
 * strict mode shows as uncertain, and calls high what strict calls medium — so it needs no number
 * of its own and stays meaningful under any calibration.
 */
export function thresholdsFor(base: Readonly<LevelThresholds>, mode: ConfidenceMode): LevelThresholds {
  if (mode === 'strict') return { ...base };
  return { high: base.medium, medium: base.uncertain, uncertain: base.uncertain };
}

export function levelFor(score: number, thresholds: LevelThresholds): ConfidenceLevel {
  return score >= thresholds.high ? 'high' : score >= thresholds.medium ? 'medium' : 'low';
}

/** The outcome of a score; a query with no results or no searchable words is always `fallback`. */
export function outcomeFor(score: number, thresholds: LevelThresholds, hasResults: boolean): ConfidenceOutcome {
  if (!hasResults) return 'fallback';
  return score >= thresholds.medium ? 'answer' : score >= thresholds.uncertain ? 'uncertain' : 'fallback';
}
