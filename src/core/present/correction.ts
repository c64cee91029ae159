/**
 * "Did you mean": when the keyword route matched a word the index lacks by a correction, the
 * answer says which words were read as what, in the words of the docs themselves (a term is a
 * stem, `confid`; a reader is shown `confidence`, as the top results write it).
 */
import { segment, type AnalyzerOptions } from '../analysis/segment.ts';
import type { TermVariant } from '../keyword/expand.ts';
import type { Lang } from '../types.ts';

export interface Correction {
  /** The query as it was searched: each corrected word replaced by the docs' word. */
  query: string;
  /** Each corrected word, as typed and as read. */
  words: Array<{ typed: string; corrected: string }>;
}

/**
 * The correction of a search, or null when no word was corrected (or the corrected terms appear
 * in none of `texts`, the results' text, so there is no docs' word to show). `groups[i]` and
 * `resolved[i]` are concept i's variants and the term standing for it (matching.ts); `words[i]`
 * is how the reader typed it.
 */
export function correctionOf(
  q: string,
  words: readonly string[],
  groups: readonly (readonly TermVariant[])[],
  resolved: readonly string[],
  texts: ReadonlyArray<{ text: string; lang: Lang }>,
  analyzer: Partial<AnalyzerOptions>,
): Correction | null {
  const wanted = new Map<string, number[]>();
  groups.forEach((variants, i) => {
    const used = variants.find((v) => v.term === resolved[i]);
    if (used?.kind === 'typo') wanted.set(resolved[i]!, [...(wanted.get(resolved[i]!) ?? []), i]);
  });
  if (wanted.size === 0) return null;
  const surface = new Map<string, string>();
  for (const { text, lang } of texts) {
    for (const token of segment(text, lang, analyzer)) {
      if (wanted.has(token.term) && !surface.has(token.term)) surface.set(token.term, text.slice(token.start, token.end));
    }
    if (surface.size === wanted.size) break;
  }
  const corrected: Correction['words'] = [];
  let query = q;
  for (const [term, concepts] of wanted) {
    const found = surface.get(term);
    if (found === undefined) continue;
    for (const i of concepts) {
      const typed = words[i]!;
      // The reader's case: a word typed in lower case is shown in lower case.
      const shown = typed === typed.toLowerCase() ? found.toLowerCase() : found;
      corrected.push({ typed, corrected: shown });
      query = query.replace(typed, shown);
    }
  }
  return corrected.length === 0 ? null : { query, words: corrected };
}
