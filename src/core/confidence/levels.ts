/**
 * From score to level: `high`, `medium` or `low`, by thresholds that depend on the query's strategy
 * (query-analysis.ts), and on the mode: `strict` (default) or `relaxed`, which answers more often.
 * `shouldAnswer` is `level !== 'low'`: below `medium` the reader gets the fallback.
 */
import type { QueryStrategy } from '../analysis/query.ts';

export type ConfidenceLevel = 'high' | 'medium' | 'low';
export type ConfidenceMode = 'strict' | 'relaxed';
export const CONFIDENCE_MODES: readonly ConfidenceMode[] = ['strict', 'relaxed'];

/** Scores at or above which a query is `high` / `medium`; 0 ≤ medium ≤ high ≤ 1. */
export interface LevelThresholds {
  high: number;
  medium: number;
}

export interface LevelOptions {
  /**
   * Thresholds per strategy, on the score (an estimated probability of an answer). Defaults:
   *
   * - `lookup` {high 0.7, medium 0.5}: answer when an answer is more likely than not — the
   *   neutral decision rule — since a lookup names one thing and a wrong list for it is plain
   *   noise; `high` at seven in ten (the calibrated scores rarely pass 0.8).
   * - `question` {high 0.7, medium 0.35}: a question's answer is often partial and spread over
   *   its words, so its signals run lower (Cranfield's questions score 0.2–0.5 where a lookup
   *   scores 0.5–0.8) while a list for it still helps when it holds part of the answer. A
   *   compromise, measured on calibrate's split (seed 7, default model; `npx tsx
   *   scripts/confidence-thresholds.ts ../shared/datasets/cranfield ../shared/corpora/astro-docs/en
   *   ../shared/corpora/hono-docs/docs`): on the docs sites the best balanced threshold is ~0.6
   *   (Astro's answerable questions answered 98%, unanswerable 17%), while Cranfield's research
   *   questions separate weakly at any threshold and need ~0.25 to answer three in four answerable
   *   ones (at 0.6, 12%); 0.35 answers Astro 99% / 54% and Cranfield 47% / 42%. On the harness's
   *   own split (`npm run eval -- --dataset ../shared/datasets/cranfield`) Cranfield is answered
   *   57% / 36%.
   * - `overview` {high 0.75, medium 0.55}: one broad word is covered by many pages that merely
   *   mention it, which inflates coverage; a slightly stricter bar asks for more than a mention.
   */
  byStrategy: Readonly<Record<QueryStrategy, Readonly<LevelThresholds>>>;
  /**
   * How much relaxed mode lowers both thresholds. Range 0..1. Default 0.15: a relaxed lookup is
   * answered down to about a one-in-three chance of an answer — for sites that prefer a possibly
   * wrong list to a fallback.
   */
  relaxedBy: number;
  /**
   * Lowest a relaxed threshold may go. Range 0..1. Default 0.2: below a one-in-five chance the
   * list is mostly noise, whatever a site prefers.
   */
  floor: number;
}

export const DEFAULT_LEVEL_OPTIONS: Readonly<LevelOptions> = Object.freeze({
  byStrategy: Object.freeze({
    question: Object.freeze({ high: 0.7, medium: 0.35 }),
    lookup: Object.freeze({ high: 0.7, medium: 0.5 }),
    overview: Object.freeze({ high: 0.75, medium: 0.55 }),
  }),
  relaxedBy: 0.15,
  floor: 0.2,
});

/** The thresholds in force for a strategy and mode. */
export function thresholdsFor(strategy: QueryStrategy, mode: ConfidenceMode, options: LevelOptions = DEFAULT_LEVEL_OPTIONS): LevelThresholds {
  const base = options.byStrategy[strategy];
  if (mode === 'strict') return { ...base };
  // Never above the strict value either: a site that set a threshold under the floor keeps it.
  // Rounded: 0.6 − 0.15 is 0.44999… in binary, and the response reports these numbers.
  const lower = (t: number) => Math.min(t, Math.max(options.floor, Math.round((t - options.relaxedBy) * 1e6) / 1e6));
  return { high: lower(base.high), medium: lower(base.medium) };
}

export function levelFor(score: number, thresholds: LevelThresholds): ConfidenceLevel {
  return score >= thresholds.high ? 'high' : score >= thresholds.medium ? 'medium' : 'low';
}
