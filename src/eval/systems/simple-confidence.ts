/**
 * recall-box's confidence score until the confidence issue lands: how much of the query the best
 * answer covers.
 *
 *   confidence = |distinct query terms found in the top hit| / |distinct query terms|
 *
 * Terms are the analysed terms (`terms(q, lang)`: folded, stop-worded, stemmed), so `how do I
 * configure routing` is judged on `configur` and `rout` only, and a query of nothing but stop words
 * or punctuation has no terms and confidence 0. No hit also means 0.
 *
 * Why it is honest: it reads nothing but the query and the hits the system returned — no relevance
 * judgement, no statistic of the test collection, no parameter fitted to it — so it is exactly
 * what the Worker could compute for a live request, and its AUROC in the harness measures a score
 * that could ship. It deliberately ignores the BM25F score's magnitude: that is comparable only
 * within one query, so a threshold on it would mean different things for different queries.
 */

/**
 * @param queryTerms the query's analysed terms (duplicates allowed; counted once)
 * @param topMatched the analysed query terms the top hit contains, or undefined when there is no hit
 * @returns a share in [0, 1]
 */
export function simpleConfidence(queryTerms: readonly string[], topMatched: readonly string[] | undefined): number {
  const asked = new Set(queryTerms);
  if (asked.size === 0 || topMatched === undefined) return 0;
  const found = new Set(topMatched.filter((t) => asked.has(t)));
  return found.size / asked.size;
}
