/**
 * Fitting the reranker's linear model (core/rank/rerank.ts) on labelled candidate lists: a
 * listwise softmax loss — minus the log of the probability the model gives the answer's sections
 * among a query's candidates — minimised by gradient descent on standardised features, with an L2
 * penalty. The standardisation is folded into the weights returned, so they apply to raw features.
 * Deterministic: the same lists give the same weights.
 */
import { RERANK_FEATURES, type RerankWeights } from '../core/index.ts';

/** One query's candidates: their feature rows (RERANK_FEATURES order) and which answer it. */
export interface LabelledList {
  rows: number[][];
  relevant: boolean[];
}

export interface RerankFitOptions {
  /** Gradient steps. Default 300: the loss changes by < 1e-4 per step by then on the suite (scripts/fit-reranker.ts). */
  steps: number;
  /** Step size on standardised features. Default 0.5. */
  rate: number;
  /** L2 penalty on the standardised weights. Default 1e-3: keeps a feature constant on the training sites from taking a weight. */
  l2: number;
}

export const DEFAULT_RERANK_FIT_OPTIONS: Readonly<RerankFitOptions> = Object.freeze({ steps: 300, rate: 0.5, l2: 1e-3 });

/** The weights minimising the listwise loss over `lists` (those without a relevant candidate, or with only relevant ones, teach nothing and are left out). */
export function fitRerankWeights(lists: readonly LabelledList[], options: RerankFitOptions = DEFAULT_RERANK_FIT_OPTIONS): RerankWeights {
  const n = RERANK_FEATURES.length;
  const used = lists.filter((l) => l.relevant.some(Boolean) && !l.relevant.every(Boolean));
  const all = used.flatMap((l) => l.rows);
  const mean = new Array<number>(n).fill(0);
  const sd = new Array<number>(n).fill(0);
  for (const row of all) row.forEach((x, j) => (mean[j]! += x / all.length));
  for (const row of all) row.forEach((x, j) => (sd[j]! += (x - mean[j]!) ** 2 / all.length));
  // A feature constant over the training rows has nothing to teach: its weight stays 0.
  const scale = sd.map((v) => (v > 0 ? Math.sqrt(v) : Infinity));
  const standard = used.map((l) => ({ rows: l.rows.map((r) => r.map((x, j) => (x - mean[j]!) / scale[j]!)), relevant: l.relevant }));
  const w = new Array<number>(n).fill(0);
  for (let step = 0; step < options.steps; step++) {
    const gradient = new Array<number>(n).fill(0);
    for (const list of standard) {
      const s = list.rows.map((r) => r.reduce((sum, x, j) => sum + x * w[j]!, 0));
      const max = Math.max(...s);
      const e = s.map((x) => Math.exp(x - max));
      const all = e.reduce((a, b) => a + b, 0);
      const hit = e.reduce((a, x, i) => a + (list.relevant[i] ? x : 0), 0);
      list.rows.forEach((r, i) => {
        const pull = e[i]! / all - (list.relevant[i] ? e[i]! / hit : 0);
        r.forEach((x, j) => (gradient[j]! += pull * x));
      });
    }
    for (let j = 0; j < n; j++) w[j]! -= options.rate * (gradient[j]! / standard.length + options.l2 * w[j]!);
  }
  return Object.fromEntries(RERANK_FEATURES.map((f, j) => [f, w[j]! / scale[j]!])) as RerankWeights;
}
