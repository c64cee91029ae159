/**
 * "Did you mean": when the keyword route matched a word the index lacks by a correction, the
 * answer says which words were read as what, in the words of the docs themselves (a term is a
 * stem, `confid`; a reader is shown `confidence`, as the top results write it).
 */
import type { Token } from '../analysis/segment.ts';
import { boundedEditDistance, type TermVariant } from '../keyword/expand.ts';
import type { Lang } from '../types.ts';

export interface Correction {
  /** The query as it was searched: each corrected word replaced by the docs' word. */
  query: string;
  /** Each corrected word, as typed and as read. */
  words: Array<{ typed: string; corrected: string }>;
}

/**
 * The correction of a search, or null when no word was corrected (or the corrected terms appear
 * in none of `texts`, the results' text with its tokens as the search analysed it, so there is no
 * docs' word to show). `groups[i]` and `resolved[i]` are concept i's variants and the term
 * standing for it (matching.ts); `words[i]` is how the reader typed it.
 */
export function correctionOf(
  q: string,
  words: readonly string[],
  groups: readonly (readonly TermVariant[])[],
  resolved: readonly string[],
  texts: ReadonlyArray<{ text: string; tokens: readonly Token[] }>,
): Correction | null {
  const wanted = new Map<string, number[]>();
  groups.forEach((variants, i) => {
    const used = variants.find((v) => v.term === resolved[i]);
    if (used?.kind === 'typo') wanted.set(resolved[i]!, [...(wanted.get(resolved[i]!) ?? []), i]);
  });
  if (wanted.size === 0) return null;
  // Every way the results write each corrected term (`deploy`, `deploying`, `deployed`).
  const surfaces = new Map<string, Set<string>>();
  for (const { text, tokens } of texts) {
    for (const token of tokens) {
      if (wanted.has(token.term)) surfaces.set(token.term, (surfaces.get(token.term) ?? new Set()).add(text.slice(token.start, token.end)));
    }
  }
  const corrected: Correction['words'] = [];
  let query = q;
  for (const [term, concepts] of wanted) {
    const forms = [...(surfaces.get(term) ?? [])];
    if (forms.length === 0) continue;
    for (const i of concepts) {
      const typed = words[i]!;
      // The form nearest to what the reader typed: `deplo` reads as `deploy`, not `deploying`.
      const found = nearest(typed, forms);
      // The reader's case: a word typed in lower case is shown in lower case.
      const shown = typed === typed.toLowerCase() ? found.toLowerCase() : found;
      corrected.push({ typed, corrected: shown });
      query = replaceWord(query, typed, shown);
    }
  }
  return corrected.length === 0 ? null : { query, words: corrected };
}

/** The form with the fewest edits from `typed` (case aside), the first written on a tie. */
function nearest(typed: string, forms: readonly string[]): string {
  const lower = typed.toLowerCase();
  let best = forms[0]!;
  let bestDistance = Infinity;
  for (const form of forms) {
    const distance = boundedEditDistance(lower, form.toLowerCase(), Math.max(lower.length, form.length));
    if (distance < bestDistance) [best, bestDistance] = [form, distance];
  }
  return best;
}

/** `query` with the first occurrence of `word` as a whole word (not inside another) replaced by `by`. */
function replaceWord(query: string, word: string, by: string): string {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return query.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u'), () => by);
}
