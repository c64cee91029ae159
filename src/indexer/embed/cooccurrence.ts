/**
 * The two term statistics the embeddings can be factorised from, as sparse matrices with one row
 * per vocabulary term:
 * - TF-IDF term × section (latent semantic analysis): terms are close when they occur in the same
 *   sections;
 * - PPMI term × term in a window (Levy & Goldberg's SVD word vectors): terms are close when they
 *   occur near the same words.
 */
import type { Corpus } from './corpus.ts';
import { sparseFromRows, type SparseMatrix } from './sparse.ts';

/**
 * Term × section TF-IDF: (1 + ln tf) · ln(N / df), each section's column scaled to unit length so
 * a long section does not outweigh many short ones in the factorisation.
 */
export function tfidfMatrix(corpus: Corpus): SparseMatrix {
  const n = corpus.streams.length;
  const rows = corpus.terms.map(() => new Map<number, number>());
  corpus.streams.forEach((stream, doc) => {
    const tf = new Map<number, number>();
    for (const id of stream) if (id >= 0) tf.set(id, (tf.get(id) ?? 0) + 1);
    const weights = [...tf].map(([id, f]) => [id, (1 + Math.log(f)) * Math.log(n / corpus.docFrequencies[id])] as const);
    const norm = Math.sqrt(weights.reduce((s, [, w]) => s + w * w, 0));
    if (norm === 0) return;
    for (const [id, w] of weights) rows[id].set(doc, w / norm);
  });
  return sparseFromRows(rows, n);
}

/**
 * Term × term positive PMI over co-occurrences at most `window` positions apart (symmetric, each
 * pair counted once per occurrence pair), with the context distribution raised to `smoothing`
 * (0.75 in Levy et al.), which keeps rare contexts from getting huge PMI.
 */
export function ppmiMatrix(corpus: Corpus, window: number, smoothing: number): SparseMatrix {
  const v = corpus.terms.length;
  const pairs = corpus.terms.map(() => new Map<number, number>());
  for (const stream of corpus.streams) {
    for (let p = 0; p < stream.length; p++) {
      const a = stream[p];
      if (a < 0) continue;
      const end = Math.min(stream.length, p + window + 1);
      for (let q = p + 1; q < end; q++) {
        const b = stream[q];
        if (b < 0 || b === a) continue;
        pairs[a].set(b, (pairs[a].get(b) ?? 0) + 1);
        pairs[b].set(a, (pairs[b].get(a) ?? 0) + 1);
      }
    }
  }
  const rowSums = new Float64Array(v);
  pairs.forEach((m, i) => {
    for (const c of m.values()) rowSums[i] += c;
  });
  const smoothed = Float64Array.from(rowSums, (c) => Math.pow(c, smoothing));
  let smoothedTotal = 0;
  for (let i = 0; i < v; i++) smoothedTotal += smoothed[i];
  const rows = pairs.map((m, i) => {
    const out = new Map<number, number>();
    for (const [j, c] of m) {
      // PMI = log(P(i,j) / (P(i) · Pα(j))) with P(i,j) = c/T, P(i) = rowSum(i)/T, Pα(j) = cα(j)/Σcα:
      // the total T cancels.
      const pmi = Math.log((c * smoothedTotal) / (rowSums[i] * smoothed[j]));
      if (pmi > 0) out.set(j, pmi);
    }
    return out;
  });
  return sparseFromRows(rows, v);
}
