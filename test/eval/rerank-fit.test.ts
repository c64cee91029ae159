import { describe, expect, it } from 'vitest';
import { RERANK_FEATURES, linearScores } from '../../src/core/rank/rerank.ts';
import { fitRerankWeights, type LabelledList } from '../../src/eval/rerank-fit.ts';

const COVERAGE = RERANK_FEATURES.indexOf('coverage');
const FUSED = RERANK_FEATURES.indexOf('fusedReciprocalRank');

/** A deterministic list of `n` candidates in which the answer (at `answer`) covers the most of the query, whatever its fused rank. */
function list(n: number, answer: number, seed: number): LabelledList {
  const rows = Array.from({ length: n }, (_, i) => {
    const row = new Array<number>(RERANK_FEATURES.length).fill(0);
    row[FUSED] = 1 / (i + 1);
    row[COVERAGE] = i === answer ? 1 : ((seed * 7 + i * 13) % 10) / 20;
    return row;
  });
  return { rows, relevant: rows.map((_, i) => i === answer) };
}

describe('fitRerankWeights', () => {
  const training = Array.from({ length: 40 }, (_, q) => list(10, (q * 3) % 10, q));

  it('learns the feature that marks the answer, and ranks unseen lists by it', () => {
    const w = fitRerankWeights(training);
    expect(w.coverage).toBeGreaterThan(0);
    expect(w.coverage).toBeGreaterThan(Math.abs(w.fusedReciprocalRank));
    const unseen = Array.from({ length: 10 }, (_, q) => list(10, (q * 7 + 1) % 10, q + 100));
    for (const l of unseen) {
      const s = linearScores(l.rows, w);
      expect(s.indexOf(Math.max(...s))).toBe(l.relevant.indexOf(true));
    }
  });

  it('gives 0 to a feature constant over the training rows, and is deterministic', () => {
    const w = fitRerankWeights(training);
    expect(w.pageSections).toBe(0);
    expect(fitRerankWeights(training)).toEqual(w);
  });

  it('ignores lists that teach nothing: no answer among the candidates, or only answers', () => {
    const none: LabelledList = { ...list(10, 0, 1), relevant: new Array(10).fill(false) };
    const all: LabelledList = { ...list(10, 0, 2), relevant: new Array(10).fill(true) };
    expect(fitRerankWeights([...training, none, all])).toEqual(fitRerankWeights(training));
  });
});
