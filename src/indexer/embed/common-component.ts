/**
 * SIF's common component removal (Arora, Liang & Ma 2017), folded into E.
 *
 * Weighted means of word vectors share a large "common discourse" direction (the corpus's general
 * vocabulary), which makes every text look alike. SIF removes the projection of each text vector on
 * the first principal direction(s) u of the corpus's text vectors. Because the graph's weighted sum
 * is linear, removing it from every row of E (E ← E − E·u·uᵀ) removes it from every sum exactly,
 * for the sections at build time and the query in the Worker alike, at no runtime cost.
 */
import { EigenvalueDecomposition, Matrix } from 'ml-matrix';

/**
 * The top `count` principal directions (uncentred, as SIF's TruncatedSVD) of the given unit vectors:
 * the leading eigenvectors of Σ v vᵀ (dim × dim, ml-matrix's symmetric eigensolver).
 */
export function principalDirections(vectors: readonly Float32Array[], dim: number, count: number): Float64Array[] {
  if (count === 0 || vectors.length === 0) return [];
  const c = new Float64Array(dim * dim);
  for (const v of vectors) {
    for (let i = 0; i < dim; i++) {
      const vi = v[i];
      if (vi === 0) continue;
      for (let j = i; j < dim; j++) c[i * dim + j] += vi * v[j];
    }
  }
  const m = new Matrix(dim, dim);
  for (let i = 0; i < dim; i++) {
    for (let j = i; j < dim; j++) {
      m.set(i, j, c[i * dim + j]);
      m.set(j, i, c[i * dim + j]);
    }
  }
  const eig = new EigenvalueDecomposition(m, { assumeSymmetric: true });
  const order = eig.realEigenvalues
    .map((value, index) => ({ value, index }))
    .filter((e) => e.value > 0)
    .sort((a, b) => b.value - a.value || a.index - b.index)
    .slice(0, count);
  return order.map(({ index }) => Float64Array.from({ length: dim }, (_, i) => eig.eigenvectorMatrix.get(i, index)));
}

/** E ← E − Σ (E·u) uᵀ over orthonormal directions u, in place (rows × dim, row-major). */
export function removeDirections(matrix: Float64Array, dim: number, directions: readonly Float64Array[]): void {
  const rows = matrix.length / dim;
  for (const u of directions) {
    for (let r = 0; r < rows; r++) {
      const o = r * dim;
      let p = 0;
      for (let j = 0; j < dim; j++) p += matrix[o + j] * u[j];
      if (p === 0) continue;
      for (let j = 0; j < dim; j++) matrix[o + j] -= p * u[j];
    }
  }
}
