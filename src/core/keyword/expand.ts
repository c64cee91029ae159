/**
 * What a reader's query terms may also match (issue 16): the dictionary terms an unfinished last
 * word begins (`deplo` → `deploy`, `deployment`), and the terms one or two edits from a word the
 * index does not hold (`conifdenc` → `confid`). Each variant carries a weight below 1, so a
 * document holding the term as typed always outranks one that only holds a completion or a
 * correction of it. Pure: the dictionary is the keyword head's (dictionary.ts).
 */
import { CJK_CHAR } from '../analysis/lang.ts';
import { compareTerms, type TermDictionary } from './dictionary.ts';

/** One term a query concept is looked up as. */
export interface TermVariant {
  term: string;
  /** Multiplies the term's BM25F contribution: 1 for the term as typed, below 1 otherwise. */
  weight: number;
  kind: 'exact' | 'prefix' | 'typo';
}

export interface ExpansionOptions {
  /**
   * Most completions of an unfinished last word, most frequent first. Range integer ≥ 0 (0: no
   * prefix matching). Default 8: the words a reader is likely typing; more reads more partitions
   * and postings for completions that rarely win.
   */
  maxCompletions: number;
  /**
   * Fewest letters of an unfinished word before it is completed. Range ≥ 1. Default 2: one letter
   * matches too much to mean anything. A word in a CJK script is completed from its first
   * character, which is a syllable or a word of its own (`コ` → コンポーネント, `组` → 组件).
   */
  minPrefix: number;
  /**
   * An unfinished last word the index holds is completed too, by the terms it begins that occur at
   * least this many times as often as it does: `ast` (a rare term) is most likely `astro` being
   * typed, while `hono`, far more frequent than anything it begins, is the word itself. Range ≥ 1,
   * or Infinity (a word the index holds is never completed). Default 4: on the as-you-type title
   * sets MRR@10 rises from 0.846 to 0.865 (Astro en) and 0.848 to 0.881 (Hono), the same queries
   * finished unchanged; 2 and 10 measure within 0.004 of it (`scripts/options-sweep.ts` on the
   * `npm run eval:titles -- <docs> --as-you-type` sets, the "before" figures with
   * knownCompletionRatio 1e12; its header shows how variants are named).
   */
  knownCompletionRatio: number;
  /**
   * Weight of the other completions of an unfinished last word the index holds — those less than
   * knownCompletionRatio times as frequent as it, which a reader may as well be typing
   * (`Cloudflare Work` → workers, `Other Res` → response, `Type Defin` → definitions). Range
   * [0, 1); 0: not looked up. Default 0.3: well below the word as typed, and a completion never
   * counts as rarer than the word it completes (keyword/search.ts), so a finished `Install Astro`
   * is not outranked by pages naming `@astrojs/…`. Measured (`scripts/options-sweep.ts` on the
   * `npm run eval:titles -- <docs> [--headings] [--as-you-type]` sets and the reader questions,
   * MRR@10, 0 → 0.3): as-you-type titles 0.8628 → 0.8722 (Astro en) and 0.8942 → 0.9094 (Hono),
   * as-you-type headings 0.9291 → 0.9400 and 0.9500 → 0.9678; finished titles, headings and the
   * question sets unchanged; 0.5 within 0.002 of it, 0.7 lower on Hono's titles as you type. On
   * every row of `npm run eval -- --suite` (Cranfield and CISI included, unchanged): macro-average
   * 0.8655 → 0.8691, no row lower.
   */
  knownPrefixWeight: number;
  /** Weight of a completion's contribution. Range (0, 1). Default 0.8: below the typed term, above a correction. */
  prefixWeight: number;
  /**
   * Most corrections of a word the index does not hold, closest first, then most frequent. Range
   * integer ≥ 0 (0: no typo tolerance). Default 3.
   */
  maxCorrections: number;
  /** Fewest letters for one edit to be tolerated. Default 4: shorter words have too many neighbours (`cat` ~ `car`, `cap`, `bat`). */
  minLettersOneEdit: number;
  /** Fewest letters for two edits. Default 8: as DocSearch and MiniSearch allow about one edit per four letters. */
  minLettersTwoEdits: number;
  /** Weight of a correction at distance 1 and 2. Range (0, 1). Default 0.7 and 0.5: the further, the less sure. */
  typoWeights: readonly [number, number];
}

export const DEFAULT_EXPANSION_OPTIONS: Readonly<ExpansionOptions> = Object.freeze({
  maxCompletions: 8,
  minPrefix: 2,
  knownCompletionRatio: 4,
  knownPrefixWeight: 0.3,
  prefixWeight: 0.8,
  maxCorrections: 3,
  minLettersOneEdit: 4,
  minLettersTwoEdits: 8,
  typoWeights: Object.freeze([0.7, 0.5]) as readonly [number, number],
});

/** Each concept looked up as itself alone: a query matched as typed. */
export function exactGroups(concepts: readonly string[]): TermVariant[][] {
  return concepts.map((term) => [{ term, weight: 1, kind: 'exact' }]);
}

/**
 * The optimal-string-alignment (restricted Damerau–Levenshtein) distance between `a` and `b` in
 * UTF-16 code units, or `max + 1` as soon as it must exceed `max`: one row of the table at a time,
 * abandoned when a whole row is over the bound.
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) d = Math.min(d, prevPrev[j - 2]! + 1);
      row.push(d);
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return Math.min(prev[b.length]!, max + 1);
}

/** A term of letters only, in any script: what a typo correction may apply to. */
const LETTERS_ONLY = /^\p{L}+$/u;

/** Edits tolerated for a word of `length` letters: 0, 1 or 2. */
function editsFor(length: number, options: ExpansionOptions): number {
  return length >= options.minLettersTwoEdits ? 2 : length >= options.minLettersOneEdit ? 1 : 0;
}

/**
 * The index term a spelling analyses to (the analyzer's stem of it, `plainWordTerm`): what lets a
 * correction be found on the word as the reader typed it rather than on its stem.
 */
export type TermOfWord = (word: string) => string;

/** A word as typed, with the function that analyses a spelling of it into an index term. */
export interface TypedWord {
  typed: string;
  termOf: TermOfWord;
}

/** Typed words whose one-edit spellings are tried: lower-case Latin letters, the alphabet they are edited over. */
const LATIN_WORD = /^[a-z]+$/;
const LATIN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Every spelling one edit from `word` — a letter dropped, two neighbours swapped, a letter
 * replaced or added (a–z) — with whether the edit touches the first letter. About 54 per letter.
 */
export function* oneEditSpellings(word: string): Generator<{ spelling: string; firstLetter: boolean }> {
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const firstLetter = i === 0;
    if (i < word.length) {
      const tail = word.slice(i + 1);
      yield { spelling: head + tail, firstLetter };
      if (i + 1 < word.length && word[i] !== word[i + 1]) yield { spelling: head + word[i + 1] + word[i] + word.slice(i + 2), firstLetter };
      for (const c of LATIN_ALPHABET) if (c !== word[i]) yield { spelling: head + c + tail, firstLetter };
    }
    // An added letter before position i touches the first letter only at i = 0.
    for (const c of LATIN_ALPHABET) yield { spelling: head + c + word.slice(i), firstLetter };
  }
}

/**
 * The index terms of the spellings one edit from the typed word, most frequent first, split by
 * whether the edit touched the first letter. Needed because the index holds stems: a slip in a
 * word's ending hides its stem (`settign` is one swap from `setting`, whose stem `set` is four
 * edits from `settign`), and two words whose stems are one edit apart may be far apart as typed
 * (`copmonents` is one swap from `components` → `compon`, five edits from `commons`).
 */
function spelledCorrections(concept: string, word: TypedWord, dictionary: TermDictionary): { kept: string[]; first: string[] } {
  const kept = new Map<string, number>();
  const first = new Map<string, number>();
  for (const { spelling, firstLetter } of oneEditSpellings(word.typed)) {
    const term = word.termOf(spelling);
    if (term === concept || kept.has(term) || first.has(term)) continue;
    const count = dictionary.count(term);
    if (count > 0) (firstLetter ? first : kept).set(term, count);
  }
  const byCount = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1] || compareTerms(a[0], b[0])).map(([t]) => t);
  return { kept: byCount(kept), first: byCount(first) };
}

/**
 * The dictionary terms a word the index does not hold may have been meant as, at most
 * `maxCorrections`, closest first, then most frequent. With the word as typed (`word`, a word of
 * Latin letters): the terms of its one-edit spellings (spelledCorrections), which keep its first
 * letter; failing those, terms within the tolerated edits of its stem (`term`) with the same first
 * letter; failing both, one-edit spellings that change the first letter. Readers rarely mistype a
 * first letter, and a wrong first letter is as often another word (`fin-body` is not `wing-body`),
 * so such a reading comes last; comparing stems only within one first letter also keeps the scan
 * to a small contiguous slice of the sorted dictionary.
 */
export function corrections(term: string, dictionary: TermDictionary, options: ExpansionOptions = DEFAULT_EXPANSION_OPTIONS, word?: TypedWord): Array<TermVariant & { distance: number }> {
  const max = editsFor(term.length, options);
  if (options.maxCorrections <= 0) return [];
  const variants = (found: ReadonlyArray<{ term: string; distance: number }>) =>
    found.slice(0, options.maxCorrections).map((f) => ({ term: f.term, weight: options.typoWeights[f.distance - 1]!, kind: 'typo' as const, distance: f.distance }));
  const oneEdit = (terms: readonly string[]) => variants(terms.map((t) => ({ term: t, distance: 1 })));
  const spelled = word && LATIN_WORD.test(word.typed) && editsFor(word.typed.length, options) > 0 ? spelledCorrections(term, word, dictionary) : null;
  if (spelled && spelled.kept.length > 0) return oneEdit(spelled.kept);
  const byStem = max === 0 ? [] : stemCorrections(term, dictionary, max);
  if (byStem.length > 0) return variants(byStem);
  return spelled ? oneEdit(spelled.first) : [];
}

/** The dictionary terms of `term`'s first letter within `max` edits of it, closest first, then most frequent. */
function stemCorrections(term: string, dictionary: TermDictionary, max: number): Array<{ term: string; distance: number; count: number }> {
  const found: Array<{ term: string; distance: number; count: number }> = [];
  const { terms, counts } = dictionary;
  // The terms of the same first letter are one contiguous range of the sorted dictionary.
  const end = dictionary.lowerBound(String.fromCharCode(term.charCodeAt(0) + 1));
  for (let i = dictionary.lowerBound(term[0]!); i < end; i++) {
    const candidate = terms[i]!;
    if (candidate === term || Math.abs(candidate.length - term.length) > max) continue;
    const distance = boundedEditDistance(term, candidate, max);
    if (distance <= max) found.push({ term: candidate, distance, count: counts[i]! });
  }
  return found.sort((a, b) => a.distance - b.distance || b.count - a.count || (a.term < b.term ? -1 : 1));
}

/**
 * The variants each concept is looked up as, in concept order: the concept itself (weight 1); for
 * the last concept of a query still being typed (`lastIsPartial`) that the index does not hold,
 * its completions (lastWordCandidates; from its stem and from `unstemmed[i]`, the word as typed,
 * analysed without stemming); for a concept of letters only that the index does not hold and
 * cannot complete, its corrections; failing both, the stem a last word was typed past.
 * A concept with no variant stays listed as itself (it matches nothing, as today). `termOf`, the
 * analyzer's term of a spelling, lets corrections be sought on the word as typed (`corrections`).
 * `typed`: the concepts the unfinished last word made, completed alike — by default the last one;
 * an identifier being typed makes several (`npm-ac`: the whole `npm-ac` and its parts `npm`, `ac`),
 * and its whole is completed too (`npm-access`), not only its last part.
 */
export function expandConcepts(
  concepts: readonly string[],
  dictionary: TermDictionary,
  lastIsPartial: boolean,
  options: ExpansionOptions = DEFAULT_EXPANSION_OPTIONS,
  unstemmed: readonly string[] = concepts,
  termOf?: TermOfWord,
  typed: ReadonlySet<number> = new Set([concepts.length - 1]),
): TermVariant[][] {
  return concepts.map((concept, i) => {
    const known = dictionary.has(concept);
    const variants: TermVariant[] = [{ term: concept, weight: 1, kind: 'exact' }];
    // A word the index holds is taken as the reader typed it, finished or not, unless it begins
    // far more frequent terms (knownCompletionRatio): completing every known word would outrank what
    // a reader who finished typing it looks for (measured on the Astro title lookups while this
    // rule was being written), and a stem that is a term already matches the word's forms.
    // A term that starts in a CJK script: one character already says much (see minPrefix).
    const longEnough = CJK_CHAR.test([...concept][0] ?? '') || [...concept].length >= options.minPrefix;
    const add = (terms: readonly string[], weight: number, kind: TermVariant['kind']) => {
      for (const term of terms) if (variants.length <= options.maxCompletions && !variants.some((v) => v.term === term)) variants.push({ term, weight, kind });
    };
    let within: string | null = null;
    if (lastIsPartial && typed.has(i) && longEnough && (!known || Number.isFinite(options.knownCompletionRatio))) {
      const candidates = lastWordCandidates(concept, unstemmed[i] ?? concept, known, dictionary, options);
      // The stem the word was typed past comes first among its completions: it is the word itself.
      if (candidates.completions.length > 0) add([...(candidates.stem ? [candidates.stem] : []), ...candidates.completions], options.prefixWeight, 'prefix');
      if (options.knownPrefixWeight > 0) add(candidates.rarer, options.knownPrefixWeight, 'prefix');
      within = candidates.stem;
    }
    // Only a word of letters is corrected: a number (`1978`), a version or an identifier
    // (`sub-set`, `1972-1979`) typed as the reader means it is not a slip of another one.
    if (!known && variants.length === 1 && LETTERS_ONLY.test(concept)) {
      const word = termOf ? { typed: unstemmed[i] ?? concept, termOf } : undefined;
      for (const c of corrections(concept, dictionary, options, word)) variants.push({ term: c.term, weight: c.weight, kind: c.kind });
    }
    // Neither completed nor corrected: the stem inside it is the best reading left (`authenticatio`
    // → `authent`). After corrections, which a short stem would otherwise hide (`helpeqrs` is
    // `helper` mistyped, not `help`: measured on the Hono typo titles).
    if (within !== null && variants.length === 1) add([within], options.prefixWeight, 'prefix');
    return variants;
  });
}

/**
 * What an unfinished last word may become. `completions`: the terms its stem or its typed form
 * begins, most frequent first (a cut word's stem is often not the finished word's: `lay` stems to
 * `lai`, `layout` to `layout`); for a word the index holds (`known`), only those at least
 * knownCompletionRatio times as frequent. `stem`: for a word it lacks, the longest term the typed
 * form extends, keeping half the word and `minLettersOneEdit` letters — the word typed past its stem
 * (`componen` → `compon`, the stem of `component`; `authenticatio` → `authent`) — or null.
 */
function lastWordCandidates(
  stem: string,
  typed: string,
  known: boolean,
  dictionary: TermDictionary,
  options: ExpansionOptions,
): { completions: string[]; rarer: string[]; stem: string | null } {
  const floor = known ? dictionary.count(stem) * options.knownCompletionRatio : 0;
  const found = new Map<string, number>();
  const below = new Map<string, number>();
  for (const prefix of new Set([stem, typed])) {
    for (const c of dictionary.completions(prefix, options.maxCompletions)) (c.count >= floor ? found : below).set(c.term, c.count);
  }
  const ordered = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1] || compareTerms(a[0], b[0])).map(([term]) => term);
  const within = known ? null : dictionary.longestPrefixOf(typed, Math.max(options.minLettersOneEdit, Math.ceil([...typed].length / 2)));
  return { completions: ordered(found), rarer: ordered(below), stem: within === stem ? null : within };
}

/**
 * Whether the query's last word is still being typed: it does not end in white space or
 * punctuation (the reader has not moved on to the next word).
 */
export function endsMidWord(q: string): boolean {
  return /[\p{L}\p{N}]$/u.test(q);
}
