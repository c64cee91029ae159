/**
 * The top-k a kernel must return, computed the obvious way: every score by the shared formula,
 * one full sort by (score desc, id asc), filter, cut. Deliberately naive so it is easy to trust.
 */
import { quantizeQuery, score, type QuantizedVectors, type TopK } from '../../../src/core/vector/index.ts';

export function referenceTopK(v: QuantizedVectors, query: Float32Array, k: number, minScore = -Infinity): TopK {
  const q = quantizeQuery(query);
  const all: { id: number; score: number }[] = [];
  for (let i = 0; i < v.count; i++) {
    let dot = 0;
    for (let j = 0; j < v.dim; j++) dot += v.data[i * v.dim + j] * q.values[j];
    all.push({ id: i, score: score(dot, v.scales[i], q.scale) });
  }
  const kept = all
    .filter((e) => e.score >= minScore)
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .slice(0, k);
  return { ids: Int32Array.from(kept, (e) => e.id), scores: Float32Array.from(kept, (e) => e.score) };
}

/**
 * A top-k as plain arrays of ids and score bit patterns, for exact comparison with toEqual: the
 * same bits, so no tolerance at all and +0 ≠ −0.
 */
export function bits(t: TopK): { ids: number[]; scoreBits: number[] } {
  return { ids: [...t.ids], scoreBits: [...new Uint32Array(t.scores.buffer, t.scores.byteOffset, t.scores.length)] };
}
