import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../src/core/random.ts';
import { multiplyDense, sparseFromRows, transposeMultiplyDense, type SparseMatrix } from '../../../src/indexer/embed/sparse.ts';
import { orthonormalize, randomizedSvd } from '../../../src/indexer/embed/svd.ts';

/** A dense m × n matrix Σ_t σ_t x_t y_tᵀ of rank `sigmas.length`, with random factors. */
function lowRank(m: number, n: number, sigmas: number[], seed: number): number[][] {
  const rnd = mulberry32(seed);
  const a = Array.from({ length: m }, () => new Array<number>(n).fill(0));
  for (const sigma of sigmas) {
    const x = Array.from({ length: m }, () => rnd() - 0.5);
    const y = Array.from({ length: n }, () => rnd() - 0.5);
    for (let i = 0; i < m; i++) for (let j = 0; j < n; j++) a[i][j] += sigma * x[i] * y[j];
  }
  return a;
}

function sparse(a: number[][]): SparseMatrix {
  return sparseFromRows(a.map((row) => new Map(row.map((v, j) => [j, v] as [number, number]))), a[0].length);
}

const OPTIONS = { oversampling: 5, powerIterations: 2, seed: 7 };

function relativeError(a: number[][], svd: ReturnType<typeof randomizedSvd>): number {
  let err = 0;
  let total = 0;
  a.forEach((row, i) =>
    row.forEach((value, j) => {
      let r = 0;
      for (let c = 0; c < svd.k; c++) r += svd.u[i * svd.k + c] * svd.s[c] * svd.v[j * svd.k + c];
      err += (r - value) ** 2;
      total += value ** 2;
    }),
  );
  return Math.sqrt(err / total);
}

describe('sparse products', () => {
  it('A·X and Aᵀ·X match dense arithmetic', () => {
    const a = sparse([
      [1, 0, 2],
      [0, 0, 0],
      [0, 3, 0],
    ]);
    expect(a.values.length).toBe(3);
    expect([...multiplyDense(a, Float64Array.of(1, 2, 3, 4, 5, 6), 2)]).toEqual([11, 14, 0, 0, 9, 12]);
    expect([...transposeMultiplyDense(a, Float64Array.of(1, 2, 3, 4, 5, 6), 2)]).toEqual([1, 2, 15, 18, 2, 4]);
  });
});

describe('randomizedSvd', () => {
  it('reconstructs a low-rank matrix exactly and finds its singular values in order', () => {
    const a = lowRank(60, 40, [8, 5, 3, 2, 1], 1);
    const svd = randomizedSvd(sparse(a), 5, OPTIONS);
    expect(relativeError(a, svd)).toBeLessThan(1e-10);
    expect([...svd.s]).toEqual([...svd.s].sort((x, y) => y - x));
  });

  it('gives orthonormal singular vectors', () => {
    const a = lowRank(50, 30, [9, 4, 2, 1], 2);
    const { u, k } = randomizedSvd(sparse(a), 4, OPTIONS);
    for (let c = 0; c < k; c++) {
      for (let d = c; d < k; d++) {
        let p = 0;
        for (let i = 0; i < 50; i++) p += u[i * k + c] * u[i * k + d];
        expect(p).toBeCloseTo(c === d ? 1 : 0, 10);
      }
    }
  });

  it('truncates to the best rank-k approximation (error = the dropped singular values)', () => {
    // Orthogonal factors make the singular values exactly the σ given: use disjoint supports.
    const a = Array.from({ length: 6 }, (_, i) => Array.from({ length: 6 }, (_, j) => (i === j ? [6, 5, 4, 3, 2, 1][i] : 0)));
    const svd = randomizedSvd(sparse(a), 3, OPTIONS);
    expect([...svd.s].map((s) => Number(s.toFixed(9)))).toEqual([6, 5, 4]);
    const dropped = Math.sqrt(9 + 4 + 1);
    const total = Math.sqrt(36 + 25 + 16 + 9 + 4 + 1);
    expect(relativeError(a, svd)).toBeCloseTo(dropped / total, 9);
  });

  it('pads with zero columns when the matrix has lower rank than asked', () => {
    const a = lowRank(20, 10, [3, 1], 3);
    const svd = randomizedSvd(sparse(a), 6, OPTIONS);
    expect(svd.s[1]).toBeGreaterThan(0);
    expect([...svd.s.slice(2)]).toEqual([0, 0, 0, 0]);
    expect(relativeError(a, svd)).toBeLessThan(1e-10);
  });

  it('is deterministic for a seed', () => {
    const a = sparse(lowRank(30, 30, [5, 4, 3, 2, 1, 0.5], 4));
    const x = randomizedSvd(a, 3, OPTIONS);
    const y = randomizedSvd(a, 3, OPTIONS);
    expect(x.u).toEqual(y.u);
    expect(x.s).toEqual(y.s);
  });
});

describe('orthonormalize', () => {
  it('returns orthonormal columns spanning the input, dropping dependent ones', () => {
    // Column 2 = column 0 + column 1.
    const y = Float64Array.of(1, 0, 1, 1, 1, 2, 0, 1, 1, 2, 0, 2);
    const { q, cols } = orthonormalize(y, 4, 3);
    expect(cols).toBe(2);
    for (let c = 0; c < cols; c++) {
      let p = 0;
      for (let i = 0; i < 4; i++) p += q[i * cols + c] ** 2;
      expect(p).toBeCloseTo(1, 12);
    }
  });
});
