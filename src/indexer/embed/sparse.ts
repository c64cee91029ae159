/**
 * A sparse matrix in compressed sparse row (CSR) form and its products with tall dense matrices:
 * all randomized SVD needs from the co-occurrence matrix. A docs corpus gives ~20k × 3k (TF-IDF)
 * or ~20k × 20k (PPMI) matrices with a few million non-zeros; dense they would take gigabytes.
 *
 * Dense matrices here are Float64Array, row-major, with their column count passed alongside.
 */

export interface SparseMatrix {
  rows: number;
  cols: number;
  /** Row r's entries are at indptr[r] … indptr[r+1]−1 of `indices` / `values`. */
  indptr: Int32Array;
  /** Column of each entry, ascending within a row. */
  indices: Int32Array;
  values: Float64Array;
}

/**
 * Builds a CSR matrix from one column → value map per row. Columns are sorted, and entries with
 * value 0 dropped, so the result does not depend on the maps' insertion order.
 */
export function sparseFromRows(rowMaps: readonly ReadonlyMap<number, number>[], cols: number): SparseMatrix {
  let nnz = 0;
  for (const m of rowMaps) nnz += m.size;
  const indptr = new Int32Array(rowMaps.length + 1);
  const indices = new Int32Array(nnz);
  const values = new Float64Array(nnz);
  let at = 0;
  rowMaps.forEach((m, r) => {
    const keys = [...m.keys()].sort((a, b) => a - b);
    for (const c of keys) {
      const v = m.get(c)!;
      if (v === 0) continue;
      indices[at] = c;
      values[at] = v;
      at++;
    }
    indptr[r + 1] = at;
  });
  return { rows: rowMaps.length, cols, indptr, indices: indices.slice(0, at), values: values.slice(0, at) };
}

/** A · X, X dense (A.cols × k) → dense (A.rows × k). */
export function multiplyDense(a: SparseMatrix, x: Float64Array, k: number): Float64Array {
  const out = new Float64Array(a.rows * k);
  for (let r = 0; r < a.rows; r++) {
    const o = r * k;
    for (let p = a.indptr[r]; p < a.indptr[r + 1]; p++) {
      const v = a.values[p];
      const xo = a.indices[p] * k;
      for (let j = 0; j < k; j++) out[o + j] += v * x[xo + j];
    }
  }
  return out;
}

/** Aᵀ · X, X dense (A.rows × k) → dense (A.cols × k), without forming Aᵀ. */
export function transposeMultiplyDense(a: SparseMatrix, x: Float64Array, k: number): Float64Array {
  const out = new Float64Array(a.cols * k);
  for (let r = 0; r < a.rows; r++) {
    const xo = r * k;
    for (let p = a.indptr[r]; p < a.indptr[r + 1]; p++) {
      const v = a.values[p];
      const o = a.indices[p] * k;
      for (let j = 0; j < k; j++) out[o + j] += v * x[xo + j];
    }
  }
  return out;
}
