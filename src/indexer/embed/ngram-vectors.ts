/**
 * Vectors of the hashed n-gram buckets, from the trained term vectors. Two ways:
 *
 * - `mean`: a bucket is the mean of the unit vectors of the vocabulary terms holding one of its
 *   n-grams. Simple, but measured weak on the Astro docs: for 16 typical typos (`configuraton`,
 *   `deploymnet`, `componnet`, …) the intended term ranked at median 391 of 10 360 terms by cosine,
 *   in the top 10 for 2 of 16, and the typo's top-10 sections shared 1.8 with the word's
 *   (`npx tsx scripts/embed-cranfield.ts --typos`).
 *   A mean is dominated by the many unrelated words that share common n-grams (`con`, `ion>`).
 * - `least-squares` (default): the bucket vectors N that best rebuild every term from its own
 *   n-grams, as fastText's subword vectors are trained to — minimise
 *     Σ_t ‖ (1/g_t) Σ_{b ∈ grams(t)} N_b − e_t ‖² + λ ‖N‖²
 *   (g_t = number of n-grams of t, e_t its unit vector). N-grams that tell words apart get the
 *   directions of those words; n-grams every word has get little. Same 16 typos: median rank 2,
 *   13 of 16 in the top 10, 5.1 of the word's top-10 sections shared. Costs ~3 s of the build on
 *   the Astro docs (10 iterations); on Cranfield, which has no typos, both score alike.
 *
 * The least-squares system (GᵀG + λI) N = Gᵀ E has one unknown per bucket (4 096 by default) and one right-hand
 * side per dimension; dense it would be a 537 MB matrix and an O(B³) solve, so it is solved by
 * conjugate gradients on the sparse G (terms × buckets), all dimensions at once.
 */
import { ngramBuckets } from '../../core/embed/ngrams.ts';
import type { NgramSettings } from '../../core/embed/model.ts';
import { multiplyDense, sparseFromRows, transposeMultiplyDense, type SparseMatrix } from './sparse.ts';

export type NgramVectorMethod = 'mean' | 'least-squares';

/** G: row t holds 1/g_t at each bucket of term t's g_t n-grams (repeats add up). */
export function ngramDesign(terms: readonly string[], ngram: NgramSettings): SparseMatrix {
  const rows = terms.map((t) => {
    const grams = ngramBuckets(t, ngram.minN, ngram.maxN, ngram.buckets);
    const m = new Map<number, number>();
    for (const b of grams) m.set(b, (m.get(b) ?? 0) + 1 / grams.length);
    return m;
  });
  return sparseFromRows(rows, ngram.buckets);
}

/** Mean of the term vectors holding each bucket (each term counted once per bucket). */
export function meanBucketVectors(terms: Float64Array, g: SparseMatrix, dim: number): Float64Array {
  const out = new Float64Array(g.cols * dim);
  const members = new Float64Array(g.cols);
  for (let t = 0; t < g.rows; t++) {
    for (let p = g.indptr[t]; p < g.indptr[t + 1]; p++) {
      const b = g.indices[p];
      members[b]++;
      for (let c = 0; c < dim; c++) out[b * dim + c] += terms[t * dim + c];
    }
  }
  for (let b = 0; b < g.cols; b++) if (members[b] > 0) for (let c = 0; c < dim; c++) out[b * dim + c] /= members[b];
  return out;
}

/** Per-column dot products of two (rows × dim) matrices. */
function columnDots(a: Float64Array, b: Float64Array, dim: number): Float64Array {
  const out = new Float64Array(dim);
  for (let i = 0; i < a.length; i += dim) for (let c = 0; c < dim; c++) out[c] += a[i + c] * b[i + c];
  return out;
}

/**
 * Ridge least squares by conjugate gradients, each dimension its own CG run (they share the
 * matrix, so one sparse product serves all). Starts from zero; `iterations` steps.
 */
export function leastSquaresBucketVectors(terms: Float64Array, g: SparseMatrix, dim: number, ridge: number, iterations: number): Float64Array {
  const apply = (n: Float64Array) => {
    const out = transposeMultiplyDense(g, multiplyDense(g, n, dim), dim);
    for (let i = 0; i < out.length; i++) out[i] += ridge * n[i];
    return out;
  };
  const x = new Float64Array(g.cols * dim);
  const r = transposeMultiplyDense(g, terms, dim);
  const p = Float64Array.from(r);
  let rr = columnDots(r, r, dim);
  for (let it = 0; it < iterations; it++) {
    const ap = apply(p);
    const pap = columnDots(p, ap, dim);
    const alpha = Float64Array.from(pap, (v, c) => (v > 0 ? rr[c] / v : 0));
    for (let i = 0; i < x.length; i += dim) {
      for (let c = 0; c < dim; c++) {
        x[i + c] += alpha[c] * p[i + c];
        r[i + c] -= alpha[c] * ap[i + c];
      }
    }
    const next = columnDots(r, r, dim);
    const beta = Float64Array.from(next, (v, c) => (rr[c] > 0 ? v / rr[c] : 0));
    for (let i = 0; i < p.length; i += dim) for (let c = 0; c < dim; c++) p[i + c] = r[i + c] + beta[c] * p[i + c];
    rr = next;
  }
  return x;
}
