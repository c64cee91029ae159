/**
 * The training corpus: every section's analysed terms, the vocabulary chosen from them, and each
 * section as a stream of vocabulary rows.
 */
import { terms } from '../../core/analysis/segment.ts';
import type { AnalyzerOptions } from '../../core/analysis/segment.ts';
import type { Lang } from '../../core/types.ts';

/** One unit of training text (a section's searchable text, or a test collection's document). */
export interface EmbedDoc {
  text: string;
  lang: Lang;
}

export interface Corpus {
  /** Vocabulary, row order: most frequent first, ties by code-unit order (locale-independent). */
  terms: string[];
  /** Occurrences of each vocabulary term in the corpus. */
  counts: Float64Array;
  /** Sections holding each vocabulary term. */
  docFrequencies: Float64Array;
  /** All term occurrences, vocabulary or not: SIF's probabilities are counts over this. */
  totalTokens: number;
  /** Each document's terms as vocabulary rows, in text order; −1 for a term outside the vocabulary. */
  streams: Int32Array[];
  /** Each document's analysed terms, in text order. */
  docTerms: string[][];
}

/** Analyses the documents and chooses the vocabulary: ≥ minDocFrequency sections, at most maxVocabulary terms. */
export function buildCorpus(
  docs: readonly EmbedDoc[],
  analyzer: AnalyzerOptions,
  limits: { minDocFrequency: number; maxVocabulary: number },
): Corpus {
  const analysed = docs.map((d) => terms(d.text, d.lang, analyzer));
  const count = new Map<string, number>();
  const df = new Map<string, number>();
  let totalTokens = 0;
  for (const doc of analysed) {
    totalTokens += doc.length;
    for (const t of doc) count.set(t, (count.get(t) ?? 0) + 1);
    for (const t of new Set(doc)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const chosen = [...count.keys()]
    .filter((t) => df.get(t)! >= limits.minDocFrequency)
    .sort((a, b) => count.get(b)! - count.get(a)! || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, limits.maxVocabulary);
  const row = new Map(chosen.map((t, i) => [t, i]));
  return {
    terms: chosen,
    counts: Float64Array.from(chosen, (t) => count.get(t)!),
    docFrequencies: Float64Array.from(chosen, (t) => df.get(t)!),
    totalTokens,
    streams: analysed.map((doc) => Int32Array.from(doc, (t) => row.get(t) ?? -1)),
    docTerms: analysed,
  };
}
