/**
 * Truncated randomized SVD of a sparse matrix (Halko, Martinsson & Tropp 2011, "Finding structure
 * with randomness", algorithms 4.4 + 5.1): project onto a few more random directions than wanted,
 * sharpen with power iterations, orthonormalise, and take the exact SVD of the small projected
 * matrix with ml-matrix.
 *
 * Orthonormalisation (the QR step of the paper) is done through the Gram matrix: Q = Y·V·Λ^(−1/2)
 * from ml-matrix's symmetric eigendecomposition of YᵀY (l × l), applied twice so the columns are
 * orthonormal to rounding (the "CholeskyQR2" remedy for the condition number the Gram matrix
 * squares). Why not ml-matrix's QrDecomposition: measured on this machine it takes 10.3 s for a
 * 20 000 × 138 matrix and 60 s for 20 000 × 266 — and the algorithm needs five of them — while the
 * Gram route costs two tall products in typed arrays plus an l × l eigendecomposition (0.2–0.3 s).
 * Directions whose Gram eigenvalue is below RANK_TOLERANCE of the largest are dropped: the matrix
 * has lower rank than asked (a tiny corpus), and dividing by √λ ≈ 0 would only amplify rounding.
 *
 * Dense matrices are Float64Array, row-major, with their column count alongside.
 */
import { EigenvalueDecomposition, Matrix, SingularValueDecomposition } from 'ml-matrix';
import { fillGaussian } from './prng.ts';
import { multiplyDense, transposeMultiplyDense, type SparseMatrix } from './sparse.ts';

export interface RandomizedSvdOptions {
  /** Extra random directions beyond k (Halko et al.: 5–10 suffice). Range integer ≥ 0. */
  oversampling: number;
  /** Power iterations (A·Aᵀ)^q: each sharpens the spectrum's decay. Range integer ≥ 0. */
  powerIterations: number;
  /** Seed of the random projection. */
  seed: number;
}

/** A ≈ U · diag(s) · Vᵀ, with k columns in U (rows × k) and V (cols × k), s descending. */
export interface TruncatedSvd {
  k: number;
  u: Float64Array;
  s: Float64Array;
  v: Float64Array;
}

/**
 * Relative eigenvalue of the Gram matrix below which a direction counts as absent: 1e−12 of the
 * largest, i.e. singular values below 1e−6 of the largest. An exact rank gap shows up as rounding,
 * ≈ 1e−16 relative in a float64 Gram matrix (measured: a dependent column gave 1e−17), and must be
 * dropped, not blown up to a unit vector of noise; a real direction 10⁶ times weaker than the
 * strongest carries nothing an embedding could use.
 */
const RANK_TOLERANCE = 1e-12;

/** YᵀY of a dense m × l matrix, as an ml-matrix Matrix. */
function gram(y: Float64Array, m: number, l: number): Matrix {
  const g = new Float64Array(l * l);
  for (let r = 0; r < m; r++) {
    const o = r * l;
    for (let i = 0; i < l; i++) {
      const yi = y[o + i];
      if (yi === 0) continue;
      const gi = i * l;
      for (let j = i; j < l; j++) g[gi + j] += yi * y[o + j];
    }
  }
  const out = new Matrix(l, l);
  for (let i = 0; i < l; i++) {
    for (let j = i; j < l; j++) {
      out.set(i, j, g[i * l + j]);
      out.set(j, i, g[i * l + j]);
    }
  }
  return out;
}

/** Y (m × l) · T (l × r, row-major) → m × r. */
function multiplySmall(y: Float64Array, m: number, l: number, t: Float64Array, r: number): Float64Array {
  const out = new Float64Array(m * r);
  for (let row = 0; row < m; row++) {
    const o = row * l;
    const w = row * r;
    for (let i = 0; i < l; i++) {
      const yi = y[o + i];
      if (yi === 0) continue;
      const ti = i * r;
      for (let c = 0; c < r; c++) out[w + c] += yi * t[ti + c];
    }
  }
  return out;
}

/** One Gram pass: an orthonormal basis of Y's column space, largest directions first. */
function gramPass(y: Float64Array, m: number, l: number): { q: Float64Array; cols: number } {
  if (l === 0) return { q: new Float64Array(0), cols: 0 };
  const eig = new EigenvalueDecomposition(gram(y, m, l), { assumeSymmetric: true });
  const lambda = eig.realEigenvalues;
  const vectors = eig.eigenvectorMatrix;
  const largest = Math.max(0, ...lambda);
  const keep = lambda
    .map((value, index) => ({ value, index }))
    .filter((e) => largest > 0 && e.value > largest * RANK_TOLERANCE)
    .sort((a, b) => b.value - a.value || a.index - b.index);
  const r = keep.length;
  const t = new Float64Array(l * r);
  keep.forEach(({ value, index }, c) => {
    const inv = 1 / Math.sqrt(value);
    for (let i = 0; i < l; i++) t[i * r + c] = vectors.get(i, index) * inv;
  });
  return { q: multiplySmall(y, m, l, t, r), cols: r };
}

/**
 * Orthonormal basis of the column space of Y (m × l). Two Gram passes give orthonormality to
 * rounding; one is enough between power iterations, whose only job is to keep the columns from
 * collapsing onto the top direction (Halko et al. §4.5), so `passes` 1 saves a third of the time.
 */
export function orthonormalize(y: Float64Array, m: number, l: number, passes: 1 | 2 = 2): { q: Float64Array; cols: number } {
  const first = gramPass(y, m, l);
  return passes === 1 ? first : gramPass(first.q, m, first.cols);
}

/** Aᵀ-side product of two dense tall matrices: Xᵀ Y for X (n × a), Y (n × b) → a × b Matrix. */
function innerProducts(x: Float64Array, a: number, y: Float64Array, b: number, n: number): Matrix {
  const out = new Float64Array(a * b);
  for (let row = 0; row < n; row++) {
    for (let i = 0; i < a; i++) {
      const xi = x[row * a + i];
      if (xi === 0) continue;
      const o = i * b;
      const yo = row * b;
      for (let j = 0; j < b; j++) out[o + j] += xi * y[yo + j];
    }
  }
  return new Matrix(Array.from({ length: a }, (_, i) => Array.from(out.subarray(i * b, (i + 1) * b))));
}

/** Copies a Matrix into a row-major Float64Array with `cols` columns (extra columns left 0). */
function toDense(mat: Matrix, cols: number): Float64Array {
  const out = new Float64Array(mat.rows * cols);
  for (let i = 0; i < mat.rows; i++) for (let j = 0; j < Math.min(cols, mat.columns); j++) out[i * cols + j] = mat.get(i, j);
  return out;
}

/**
 * The k largest singular triplets of A (approximately; exact when rank(A) ≤ k + oversampling).
 * When A has rank below k the missing columns of U and V are zero and their singular values 0.
 */
export function randomizedSvd(a: SparseMatrix, k: number, options: RandomizedSvdOptions): TruncatedSvd {
  const l = Math.min(k + options.oversampling, a.rows, a.cols);
  const omega = fillGaussian(new Float64Array(a.cols * l), options.seed);
  const last = options.powerIterations;
  let basis = orthonormalize(multiplyDense(a, omega, l), a.rows, l, last === 0 ? 2 : 1);
  for (let i = 1; i <= last; i++) {
    const z = orthonormalize(transposeMultiplyDense(a, basis.q, basis.cols), a.cols, basis.cols, 1);
    basis = orthonormalize(multiplyDense(a, z.q, z.cols), a.rows, z.cols, i === last ? 2 : 1);
  }
  // B = Qᵀ A (r × cols) is wide; factor its transpose Bᵀ = Q₂ R, so B = Rᵀ Q₂ᵀ and the SVD of
  // the small Rᵀ (r × r₂) gives B's, hence A's, singular triplets.
  const r = basis.cols;
  const bt = transposeMultiplyDense(a, basis.q, r);
  const right = orthonormalize(bt, a.cols, r);
  const small = innerProducts(bt, r, right.q, right.cols, a.cols); // = (Q₂ᵀ Bᵀ)ᵀ = Rᵀ, r × r₂
  const u = new Float64Array(a.rows * k);
  const v = new Float64Array(a.cols * k);
  const s = new Float64Array(k);
  if (r === 0 || right.cols === 0) return { k, u, s, v };
  const svd = new SingularValueDecomposition(small, { autoTranspose: true });
  const found = Math.min(k, svd.diagonal.length);
  const smallU = toDense(svd.leftSingularVectors, found);
  const smallV = toDense(svd.rightSingularVectors, found);
  const fullU = multiplySmall(basis.q, a.rows, r, smallU, found);
  const fullV = multiplySmall(right.q, a.cols, right.cols, smallV, found);
  for (let row = 0; row < a.rows; row++) for (let c = 0; c < found; c++) u[row * k + c] = fullU[row * found + c];
  for (let row = 0; row < a.cols; row++) for (let c = 0; c < found; c++) v[row * k + c] = fullV[row * found + c];
  for (let c = 0; c < found; c++) s[c] = svd.diagonal[c];
  return { k, u, s, v };
}
