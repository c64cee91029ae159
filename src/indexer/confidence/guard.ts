/**
 * What a calibration must not do (issue 50): lower the verdict's precision — of the questions it
 * answers, the share whose page is among the first results' HIDDEN_DEPTH — or its recall — of the
 * questions whose first result is right, the share it answers — on the site's own labelled
 * questions, against the verdict it replaces. `recall-box calibrate` checks every calibration so
 * (both modes, calibrate.ts) and keeps the defaults where one would.
 *
 * Pure: the caller hands in each question's label, where its page came and how the verdict under
 * each model decides it.
 */
import type { ConfidenceOutcome } from '../../core/confidence/levels.ts';

/** Results read for "right page": as the verdict's figures read them (src/eval/verdict-figures.ts). */
export const GUARD_DEPTH = 3;

/** A labelled question as a calibration is checked on it. */
export interface GuardedQuestion {
  answerable: boolean;
  /** 1-based rank of its page among the results' pages; null when absent or unanswerable. */
  rank: number | null;
}

export interface PrecisionRecall {
  /** Share of the answered questions with their page in the top GUARD_DEPTH; null when none is answered. */
  precision: number | null;
  /** Share of the questions whose first result is right that are answered; null when none is. */
  recall: number | null;
}

export function precisionRecall(questions: readonly GuardedQuestion[], outcomes: readonly ConfidenceOutcome[]): PrecisionRecall {
  let answered = 0;
  let rightAnswered = 0;
  let first = 0;
  let firstAnswered = 0;
  questions.forEach((q, i) => {
    const answers = outcomes[i] === 'answer';
    const inTop = q.answerable && q.rank !== null && q.rank <= GUARD_DEPTH;
    if (answers) answered++;
    if (answers && inTop) rightAnswered++;
    if (q.answerable && q.rank === 1) {
      first++;
      if (answers) firstAnswered++;
    }
  });
  return { precision: answered === 0 ? null : rightAnswered / answered, recall: first === 0 ? null : firstAnswered / first };
}

/**
 * Whether `after` lowers neither figure of `before`. A figure that cannot be measured after (no
 * question answered) lowers nothing only if it could not be measured before either.
 */
export function lowersNeither(before: PrecisionRecall, after: PrecisionRecall): boolean {
  const holds = (b: number | null, a: number | null) => b === null || (a !== null && a >= b - 1e-12);
  return holds(before.precision, after.precision) && holds(before.recall, after.recall);
}

/**
 * Whether outcomes `after` lower neither figure of outcomes `before` on all the questions AND on
 * each half of them (alternate questions): a change that helps only some of a site's questions
 * shows it on one half. Held to both halves, a bar chosen on one site's reader questions held on
 * its other questions where one chosen on all of them alone did not (Hono: placed on the first
 * set, judged with the fresh sets, precision 95.3% → 94.4% in-sample-only; `npx tsx
 * scripts/verdict-table.ts` on the calibrated pack).
 */
export function holdsOnHalves(questions: readonly GuardedQuestion[], before: readonly ConfidenceOutcome[], after: readonly ConfidenceOutcome[]): boolean {
  const parts = [questions.map((_, i) => i), ...[0, 1].map((half) => questions.flatMap((_, i) => (i % 2 === half ? [i] : [])))];
  return parts.every((part) => {
    const qs = part.map((i) => questions[i]!);
    return lowersNeither(precisionRecall(qs, part.map((i) => before[i]!)), precisionRecall(qs, part.map((i) => after[i]!)));
  });
}

/**
 * The answer bar nearest `wanted` (the bar a calibration placed), between it and the reference
 * bar, whose outcomes lower neither figure of the reference's (holdsOnHalves): a calibration moves the bar as far
 * towards what it wanted as it can without costing precision or recall, and not at all when every
 * step would. Candidates are `wanted` and the questions' scores between the two bars (where an
 * outcome changes). `decide(bar)`: every question's outcome with the answer bar at `bar`.
 */
export function guardedBar(questions: readonly GuardedQuestion[], scores: readonly number[], wanted: number, reference: number, decide: (bar: number) => ConfidenceOutcome[]): number {
  if (wanted === reference) return reference;
  const before = decide(reference);
  const [lo, hi] = wanted < reference ? [wanted, reference] : [reference, wanted];
  const between = [...new Set(scores.filter((s) => s > lo && s < hi))];
  // From the wanted bar towards the reference's.
  const bars = [wanted, ...between.sort((a, b) => (wanted < reference ? a - b : b - a))];
  for (const bar of bars) if (holdsOnHalves(questions, before, decide(bar))) return bar;
  return reference;
}
