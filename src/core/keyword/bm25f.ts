/**
 * BM25F, the "simple" form (Robertson, Zaragoza & Taylor 2004; Zaragoza et al., TREC 2004): field
 * term frequencies are length-normalised per field, weighted, and summed into one pseudo-frequency
 * BEFORE saturation, so a term repeated across title and body saturates once instead of being
 * counted as independent evidence per field (which per-field BM25 summed would do).
 *
 *   B_f(d)   = (1 − b_f) + b_f · len_f(d) / avglen_f
 *   tf~(t,d) = Σ_f w_f · tf_f(t,d) / B_f(d)
 *   score(d) = Σ_t idf(t) · tf~ / (k1 + tf~)
 *   idf(t)   = ln(1 + (N − df + 0.5) / (df + 0.5))        (always > 0, unlike the classic form)
 *
 * Pure arithmetic, no index access: the searcher feeds it frequencies read from FlexSearch.
 */

/** Inverse document frequency of a term found in `df` of `docCount` documents. */
export function idf(docCount: number, df: number): number {
  return Math.log(1 + (docCount - df + 0.5) / (df + 0.5));
}

/**
 * w_f / B_f(d) for every document: the factor by which one occurrence of a term in this field of
 * this document adds to tf~. Precomputed once at load so ranking is one multiply per posting.
 *
 * The average length is taken over the documents where the field is NOT empty (as Lucene does:
 * its per-field docCount counts documents having the field). Averaged over all documents, a field
 * that most documents lack (headings of page intros, tags) gets a tiny average, and the one-word
 * heading of a section that has one is then normalised as if it were many times too long: in the
 * ranking test a `CORS` heading fell below a body-only match because of that.
 */
export function fieldFactors(lengths: readonly number[], weight: number, b: number): Float64Array {
  const factors = new Float64Array(lengths.length);
  let total = 0;
  let present = 0;
  for (const n of lengths) {
    total += n;
    if (n > 0) present++;
  }
  // A field empty in every document has no average; its terms cannot occur, so any factor works.
  const average = present > 0 ? total / present : 1;
  for (let d = 0; d < lengths.length; d++) {
    // An empty field holds no term, so its factor is never read; b = 1 would make it 0/0.
    factors[d] = lengths[d] > 0 ? weight / (1 - b + (b * lengths[d]) / average) : 0;
  }
  return factors;
}

/** The saturated contribution of a pseudo-frequency, in [0, 1] (1 only when k1 = 0: presence only). */
export function saturate(pseudoFrequency: number, k1: number): number {
  return pseudoFrequency > 0 ? pseudoFrequency / (k1 + pseudoFrequency) : 0;
}
