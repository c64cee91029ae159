/**
 * Logistic regression, as calibration fits the confidence model with it (fit.ts): Newton's method
 * with an L2 penalty, optionally with some weights held ≥ 0. Build-side: the Worker only applies
 * the fitted weights (core/confidence/score.ts).
 */
import { RecallBoxError } from '../../core/errors.ts';
import { sigmoid } from '../../core/confidence/score.ts';

/** One labelled query: its signal vector (SIGNAL_NAMES order, nulls imputed) and whether the docs answer it. */
export interface LabelledSignals {
  x: readonly number[];
  answerable: boolean;
}

export interface FitOptions {
  /**
   * L2 penalty on the weights (not the bias), as λ in −log-likelihood/n + λ/2 · |w|². Range ≥ 0.
   * Default 0.01: enough to keep weights finite when a signal separates the training queries
   * perfectly (the unpenalised optimum is then at infinity), small next to the data's pull.
   */
  l2: number;
  /** Newton steps. Integer ≥ 1. Default 50: the problem is convex and 10-dimensional; it converges in ~10. */
  iterations: number;
  /**
   * Weigh each class to half the total, so the fitted bias assumes an even prior instead of the
   * labelled queries' class balance. Default true: the protocol's balance is an artefact of how
   * many answers it withheld (on the Astro docs 30% of the queries' pages left 70% of the heading
   * queries unanswerable, because pages hold many headings), and baking it into the bias made a
   * perfect heading match on a small site score 0.39. A live site's readers ask mostly answerable
   * questions; an even prior is the neutral, slightly cautious middle.
   */
  balanced: boolean;
}

export const DEFAULT_L2 = 0.01;
export const DEFAULT_FIT_OPTIONS: Readonly<FitOptions> = Object.freeze({ l2: DEFAULT_L2, iterations: 50, balanced: true });

/**
 * Logistic regression by Newton's method (IRLS) with an L2 penalty. Deterministic: no random
 * start, no sampling, so the same queries give the same weights on every machine.
 */
export function fitLogistic(samples: readonly LabelledSignals[], options: FitOptions = DEFAULT_FIT_OPTIONS): { bias: number; weights: number[] } {
  if (samples.length === 0) throw new RecallBoxError('CALIBRATION_FAILED', 'no labelled queries to fit the confidence model on.');
  const positives = samples.filter((s) => s.answerable).length;
  if (positives === 0 || positives === samples.length) {
    throw new RecallBoxError('CALIBRATION_FAILED', `the labelled queries are all ${positives === 0 ? 'unanswerable' : 'answerable'}: a model needs both kinds.`);
  }
  const d = samples[0]!.x.length;
  const n = samples.length;
  // Per-sample weight: n / (2 · class size) when balanced, so each class weighs n/2 in total.
  const weightOf = (answerable: boolean) => (options.balanced ? n / (2 * (answerable ? positives : n - positives)) : 1);
  // θ = [bias, w_1 … w_d]; rows are [1, x].
  const theta = new Array<number>(d + 1).fill(0);
  for (let step = 0; step < options.iterations; step++) {
    const gradient = new Array<number>(d + 1).fill(0);
    const hessian = Array.from({ length: d + 1 }, () => new Array<number>(d + 1).fill(0));
    for (const s of samples) {
      const row = [1, ...s.x];
      const p = sigmoid(row.reduce((z, v, j) => z + v * theta[j]!, 0));
      const w = weightOf(s.answerable);
      const error = w * (p - (s.answerable ? 1 : 0));
      const curvature = w * p * (1 - p);
      for (let j = 0; j <= d; j++) {
        gradient[j]! += (error * row[j]!) / n;
        for (let k = 0; k <= d; k++) hessian[j]![k]! += (curvature * row[j]! * row[k]!) / n;
      }
    }
    for (let j = 1; j <= d; j++) {
      gradient[j]! += options.l2 * theta[j]!;
      hessian[j]![j]! += options.l2;
    }
    // A tiny ridge on the bias too, so a constant signal column cannot make the system singular.
    hessian[0]![0]! += 1e-9;
    const delta = solve(hessian, gradient);
    let moved = 0;
    for (let j = 0; j <= d; j++) {
      theta[j]! -= delta[j]!;
      moved = Math.max(moved, Math.abs(delta[j]!));
    }
    if (moved < 1e-10) break;
  }
  return { bias: theta[0]!, weights: theta.slice(1) };
}

/**
 * Logistic regression with some weights constrained to be ≥ 0 (the signals reasons are decided on,
 * reasons.ts REASON_SIGNALS), by an active set: fit; while a constrained weight is negative, pin
 * the most negative one at 0 (drop its column) and refit. Deterministic, and exact for a convex
 * problem whose constrained optimum has those weights at the bound — what a correlated signal
 * with a small negative fitted weight (evidence next to coverage) does.
 */
export function fitLogisticNonNegative(samples: readonly LabelledSignals[], nonNegative: readonly boolean[], options: FitOptions = DEFAULT_FIT_OPTIONS): { bias: number; weights: number[] } {
  const d = samples[0]?.x.length ?? 0;
  const pinned = new Set<number>();
  for (;;) {
    const free = Array.from({ length: d }, (_, j) => j).filter((j) => !pinned.has(j));
    const fit = fitLogistic(samples.map((s) => ({ x: free.map((j) => s.x[j]!), answerable: s.answerable })), options);
    const weights = new Array<number>(d).fill(0);
    free.forEach((j, i) => (weights[j] = fit.weights[i]!));
    let worst = -1;
    for (const j of free) if (nonNegative[j] && weights[j]! < 0 && (worst < 0 || weights[j]! < weights[worst]!)) worst = j;
    if (worst < 0) return { bias: fit.bias, weights };
    pinned.add(worst);
  }
}

/** Solves A·x = b by Gaussian elimination with partial pivoting (A small, symmetric positive definite). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]!;
    if (Math.abs(p) < 1e-300) throw new RecallBoxError('CALIBRATION_FAILED', 'the signals are degenerate (singular system); no model can be fitted.');
    for (let r = col + 1; r < n; r++) {
      const f = m[r]![col]! / p;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r]![n]!;
    for (let c = r + 1; c < n; c++) s -= m[r]![c]! * x[c]!;
    x[r] = s / m[r]![r]!;
  }
  return x;
}
