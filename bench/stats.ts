/**
 * Summary statistics for latency samples. Percentiles use linear interpolation between closest
 * ranks (the "R-7" / NumPy default), so p50 of an even-sized sample is the mean of the middle two
 * and small samples do not jump from one observation to the next.
 */

export interface Summary {
  n: number;
  min: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

/** The p-th percentile (0 ≤ p ≤ 100) of already-sorted values; NaN for an empty sample. */
export function percentileSorted(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  if (p < 0 || p > 100) throw new RangeError(`percentile ${p} is outside 0..100`);
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

export function percentile(values: readonly number[], p: number): number {
  return percentileSorted([...values].sort((a, b) => a - b), p);
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    min: sorted[0] ?? NaN,
    p50: percentileSorted(sorted, 50),
    p95: percentileSorted(sorted, 95),
    max: sorted[sorted.length - 1] ?? NaN,
    mean: mean(sorted),
  };
}

/** Wall time of an async call in milliseconds, with its result. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

/** Two ways of doing the same items, timed side by side (pairedTimes). */
export interface PairedTimes {
  a: Summary;
  b: Summary;
  /** Median over the items of a's time ÷ b's: paired, so a noisy moment hits both sides. */
  ratio: number;
}

/**
 * `a` and `b` timed on every item, one after the other, swapping which goes first from item to
 * item (whichever runs second finds the machine warmer); `pauseMs` between items. Each call
 * resolves with its time in ms.
 */
export async function pairedTimes<T>(items: readonly T[], a: (item: T) => Promise<number>, b: (item: T) => Promise<number>, pauseMs = 0): Promise<PairedTimes> {
  const aMs: number[] = [];
  const bMs: number[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (i % 2 === 0) {
      aMs.push(await a(item));
      bMs.push(await b(item));
    } else {
      bMs.push(await b(item));
      aMs.push(await a(item));
    }
    if (pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
  }
  return { a: summarize(aMs), b: summarize(bMs), ratio: median(aMs.map((t, i) => t / bMs[i]!)) };
}
