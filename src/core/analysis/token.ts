/**
 * A token — a term with its span in the analysed text — and the two ways the analyzer emits them:
 * one at a time (an empty term is never a token), or a memoised word's or run's tokens shifted to
 * where it stands.
 */

export interface Token {
  /** Normalised term used in the index and for matching (folded; stemmed for English). */
  term: string;
  /** Span of the token in the ORIGINAL input string (UTF-16 offsets, end exclusive), for highlighting. */
  start: number;
  end: number;
}

/**
 * Upper bound of each token memo (distinct words or runs, 1..∞; default 20 000, as the stem memo
 * in segment.ts): an ASCII word's tokens depend on the word and the analyzer settings alone, and a
 * dictionary-script run's on the run and its segmenter, and docs repeat their words, identifiers
 * (`JavaScript`, `astro.config.mjs`) and phrases all along, so a search's snippets and a build's
 * sections look most of them up instead of analysing them. When full a memo is cleared.
 */
const MEMO_LIMIT = 20_000;

/**
 * Pushes `key`'s tokens (offsets from its start) shifted to `offset`, from `memo`, computing and
 * memoising them on a miss; a full memo (MEMO_LIMIT) is cleared first. The word memo (segment.ts)
 * and the dictionary-run memo (unspaced.ts) both work this way.
 */
export function pushMemoised(memo: Map<string, readonly Token[]>, key: string, compute: () => readonly Token[], offset: number, out: Token[]): void {
  let tokens = memo.get(key);
  if (tokens === undefined) {
    tokens = compute();
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(key, tokens);
  }
  for (const t of tokens) out.push({ term: t.term, start: offset + t.start, end: offset + t.end });
}

export function pushTerm(out: Token[], term: string, start: number, end: number): void {
  if (term.length > 0) out.push({ term, start, end });
}
