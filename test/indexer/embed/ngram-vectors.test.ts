import { describe, expect, it } from 'vitest';
import { leastSquaresBucketVectors, meanBucketVectors, ngramDesign } from '../../../src/indexer/embed/ngram-vectors.ts';
import { fillGaussian } from '../../../src/indexer/embed/prng.ts';
import { multiplyDense, transposeMultiplyDense } from '../../../src/indexer/embed/sparse.ts';

const TERMS = ['config', 'configur', 'deploy', 'deploymnet', 'route', 'router', 'imag', 'collect', 'schema', 'middlewar'];
const NGRAM = { minN: 3, maxN: 5, buckets: 256, share: 0.1, minKnownShare: 0 };
const DIM = 6;

function unitRows(seed: number): Float64Array {
  const e = fillGaussian(new Float64Array(TERMS.length * DIM), seed);
  for (let t = 0; t < TERMS.length; t++) {
    const row = e.subarray(t * DIM, (t + 1) * DIM);
    const norm = Math.hypot(...row);
    for (let c = 0; c < DIM; c++) row[c] /= norm;
  }
  return e;
}

/** ‖G·N − E‖² : how well the buckets rebuild the terms. */
function residual(n: Float64Array, e: Float64Array): number {
  const rebuilt = multiplyDense(ngramDesign(TERMS, NGRAM), n, DIM);
  return rebuilt.reduce((s, v, i) => s + (v - e[i]) ** 2, 0);
}

describe('bucket vectors', () => {
  const e = unitRows(5);
  const g = ngramDesign(TERMS, NGRAM);

  it('design rows hold 1/g per n-gram and sum to 1', () => {
    for (let t = 0; t < g.rows; t++) {
      let sum = 0;
      for (let p = g.indptr[t]; p < g.indptr[t + 1]; p++) sum += g.values[p];
      expect(sum).toBeCloseTo(1, 12);
    }
  });

  it('mean: each bucket is the mean of the terms holding it', () => {
    const n = meanBucketVectors(e, g, DIM);
    const b = g.indices[g.indptr[0]];
    const holders = TERMS.map((_, t) => t).filter((t) => [...g.indices.subarray(g.indptr[t], g.indptr[t + 1])].includes(b));
    for (let c = 0; c < DIM; c++) {
      expect(n[b * DIM + c]).toBeCloseTo(holders.reduce((s, t) => s + e[t * DIM + c], 0) / holders.length, 12);
    }
  });

  it('least squares: solves the ridge normal equations and rebuilds terms better than the mean', () => {
    const ridge = 0.01;
    const n = leastSquaresBucketVectors(e, g, DIM, ridge, 60);
    // (GᵀG + λI) N − Gᵀ E ≈ 0
    const lhs = transposeMultiplyDense(g, multiplyDense(g, n, DIM), DIM);
    const rhs = transposeMultiplyDense(g, e, DIM);
    const gap = lhs.reduce((s, v, i) => Math.max(s, Math.abs(v + ridge * n[i] - rhs[i])), 0);
    expect(gap).toBeLessThan(1e-8);
    expect(residual(n, e)).toBeLessThan(residual(meanBucketVectors(e, g, DIM), e) / 2);
  });
});
