/**
 * Reader-shaped variants of known-item queries (issue 16): what a reader sends while still typing
 * the last word, and what a reader sends with one slip of the finger. Generated from any query set
 * (titles, headings), deterministically, so a change to prefix or typo handling is measured on
 * every docs folder the same way: `npm run eval:titles -- <docs> --out f.jsonl --as-you-type`.
 */
import { mulberry32 } from '../core/index.ts';
import type { TitleQuery } from './title-queries.ts';

/** A variant with what was done to the query, for reading the report per kind of variant. */
export interface QueryVariant extends TitleQuery {
  /** `prefix-N`: the last word cut after N letters; `half`: cut at half; `typo-<edit>`: one edit. */
  variant: string;
}

export interface AsYouTypeOptions {
  /**
   * Fewest letters of the last word a keystroke variant keeps. Range ≥ 1. Default 3: with fewer, a
   * prefix matches too much of any dictionary to name one page (DocSearch, Orama and MiniSearch
   * all search from the first letter, but no reader expects an answer to "de").
   */
  minPrefix: number;
}

export const DEFAULT_AS_YOU_TYPE_OPTIONS: Readonly<AsYouTypeOptions> = Object.freeze({ minPrefix: 3 });

/** Words as a reader separates them: by white space. */
const words = (query: string) => query.split(/\s+/u).filter((w) => w !== '');

/**
 * What the box holds at each keystroke of a query's last word: the query with its last word cut
 * after `minPrefix`, `minPrefix + 1`, … letters (never the whole word), and cut at half its length
 * (rounded up) — the mid-word moment most searches are sent at. Letters are code points, so a CJK
 * last word is cut by characters. Each distinct text appears once per query (a half cut that equals
 * a keystroke variant is kept once, as `half`).
 */
export function asYouTypeQueries(queries: readonly TitleQuery[], options: AsYouTypeOptions = DEFAULT_AS_YOU_TYPE_OPTIONS): QueryVariant[] {
  const out: QueryVariant[] = [];
  for (const q of queries) {
    const parts = words(q.query);
    const last = [...(parts.pop() ?? '')];
    const head = parts.length > 0 ? `${parts.join(' ')} ` : '';
    const cut = (n: number) => head + last.slice(0, n).join('');
    const half = Math.ceil(last.length / 2);
    const seen = new Set<string>();
    if (half < last.length && half >= 1) {
      seen.add(cut(half));
      out.push({ query: cut(half), url: q.url, variant: 'half' });
    }
    for (let n = options.minPrefix; n < last.length; n++) {
      if (seen.has(cut(n))) continue;
      seen.add(cut(n));
      out.push({ query: cut(n), url: q.url, variant: `prefix-${n}` });
    }
  }
  return out;
}

/** The four Damerau–Levenshtein edits: one letter dropped, added, replaced, or two neighbours swapped. */
export const TYPO_EDITS = ['delete', 'insert', 'substitute', 'transpose'] as const;
export type TypoEdit = (typeof TYPO_EDITS)[number];

export interface TypoOptions {
  /** Fewest letters a word needs to get the typo. Range ≥ 2. Default 5: shorter words are often names or codes a reader types carefully. */
  minLetters: number;
}

export const DEFAULT_TYPO_OPTIONS: Readonly<TypoOptions> = Object.freeze({ minLetters: 5 });

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';

/** A word the typo may go in: Latin letters only (an identifier or a CJK run is not a typed word). */
const typable = (word: string, minLetters: number) => word.length >= minLetters && /^[A-Za-z]+$/.test(word);

/** An index in 0..n − 1 drawn from `random` (clamped: `random()` may return a value just under 1 that rounds up). */
function pickIndex(random: () => number, n: number): number {
  return Math.min(n - 1, Math.floor(random() * n));
}

/** `word` with one `edit` at a position and letter drawn from `random`; never `word` itself. */
export function applyTypo(word: string, edit: TypoEdit, random: () => number): string {
  const pick = (n: number) => pickIndex(random, n);
  const letter = (not: string) => {
    const choices = ALPHABET.replace(not.toLowerCase(), '');
    return choices[pick(choices.length)]!;
  };
  switch (edit) {
    case 'delete': {
      const i = pick(word.length);
      return word.slice(0, i) + word.slice(i + 1);
    }
    case 'insert': {
      const i = pick(word.length + 1);
      return word.slice(0, i) + letter('') + word.slice(i);
    }
    case 'substitute': {
      const i = pick(word.length);
      return word.slice(0, i) + letter(word[i]!) + word.slice(i + 1);
    }
    case 'transpose': {
      // Two different neighbours, so the swap changes the word; a word of one repeated letter has none.
      const spots = [...word.slice(1)].flatMap((c, i) => (c.toLowerCase() === word[i]!.toLowerCase() ? [] : [i]));
      if (spots.length === 0) return applyTypo(word, 'substitute', random);
      const i = spots[pick(spots.length)]!;
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    }
  }
}

/**
 * Each query with one typo: one Damerau edit (TYPO_EDITS, drawn uniformly) in one of its words of
 * at least `minLetters` Latin letters, all drawn from `seed`. Queries with no such word are left
 * out (a typo set holds only queries that have one).
 */
export function typoQueries(queries: readonly TitleQuery[], seed: number, options: TypoOptions = DEFAULT_TYPO_OPTIONS): QueryVariant[] {
  const random = mulberry32(seed);
  const out: QueryVariant[] = [];
  for (const q of queries) {
    const parts = words(q.query);
    const eligible = parts.flatMap((w, i) => (typable(w, options.minLetters) ? [i] : []));
    if (eligible.length === 0) continue;
    const at = eligible[pickIndex(random, eligible.length)]!;
    const edit = TYPO_EDITS[pickIndex(random, TYPO_EDITS.length)]!;
    parts[at] = applyTypo(parts[at]!, edit, random);
    out.push({ query: parts.join(' '), url: q.url, variant: `typo-${edit}` });
  }
  return out;
}
