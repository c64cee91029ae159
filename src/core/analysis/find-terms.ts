/**
 * The tokens of a text whose term is one of a few wanted terms — what a search reads of a result
 * for its snippet, evidence and verdict — found without analysing the whole text (issue 19).
 *
 * A search keeps only the tokens of its query's few terms, yet segmenting each shown result's whole
 * text was most of its presentation's work (docs/performance.md: `npm run bench`'s hybrid row
 * before and after). In text whose letters
 * and digits are ASCII (most sections of English docs), a token whose term is `t` has a surface
 * that, lower-cased, contains `t` minus its last STEM_CHANGE characters (termProbe). So the
 * lower-cased text is searched for each term's probe, and only the stretches of run characters
 * holding a hit are segmented. A stretch starts after a character no token or clitic can contain
 * (isAsciiRunChar, segment.ts), where the scan of the whole text is between tokens too, so its
 * tokens are exactly the whole text's tokens in that stretch. Text with a letter, mark or digit
 * outside ASCII is segmented whole, as before: `fold` may change such a word's length or letters
 * (NFKD, diacritics), and no probe is sure to be in it.
 *
 * Pinned by property tests against `segment` (test/core/analysis/find-terms.test.ts).
 */
import { isAsciiRunChar, segment, segmentStretches, type AnalyzerOptions, type Token } from './segment.ts';
import type { Lang } from '../types.ts';

/**
 * Most trailing characters of its term that stemming makes differ from the word it came from
 * (0..; default 2). Porter's stemmer only rewrites a word's end, and what it keeps differs from the
 * word by at most one replacement of up to two letters (`possibility` → `possibl`, `-biliti` →
 * `-ble`; `deploy` → `deploi`). Case folding of ASCII keeps every letter in place. A property
 * test stems random words built from Porter's suffixes and checks each holds its term's probe.
 */
export const STEM_CHANGE = 2;

/**
 * A letter, mark or digit outside ASCII: a text with one is segmented whole. Other characters
 * outside ASCII (dashes, curly quotes, ellipses, arrows, emoji: common in English docs) are never
 * part of a token, and lower-casing leaves them, and every ASCII letter, where they are.
 */
const NON_ASCII_WORD_CHAR = /(?![\x00-\x7f])[\p{L}\p{M}\p{N}]/u;
/** Any character outside ASCII: most texts have none, and this scan is cheaper than NON_ASCII_WORD_CHAR's. */
const NON_ASCII = /[^\x00-\x7f]/;

/**
 * Most probe hits per character of text before the whole text is segmented instead (0..; default
 * 0.25, one hit every four characters: about one in every word). Past it the stretches cover the
 * text anyway, and collecting and sorting the hits costs more than segmenting it once.
 */
export const MAX_HITS_PER_CHAR = 0.25;

/**
 * Most probes searched for in one text before it is segmented whole instead (1..; default 8). Each
 * probe is one search of the whole text, and in text that nearly repeats its probes' letters (`aaaab
 * aaaac …`) a search goes letter by letter, so past a handful of probes segmenting once is the
 * cheaper bound whatever the text. Dropping the probes another begins (probesOf) leaves most
 * queries, their completions and corrections included, well under it.
 */
export const MAX_PROBES = 8;

/**
 * The probes of `terms`, without those another probe begins: every place a longer probe occurs,
 * its beginning occurs too, and the stretch around that hit holds both (completions of a typed word
 * mostly begin with its probe).
 */
export function probesOf(terms: Iterable<string>): string[] {
  const sorted = [...new Set(Array.from(terms, termProbe))].sort();
  const kept: string[] = [];
  // Sorted, a probe that another begins comes right after it or after probes it begins too.
  for (const probe of sorted) if (kept.length === 0 || !probe.startsWith(kept[kept.length - 1]!)) kept.push(probe);
  return kept;
}

/** The part of `term` that every surface it can come from holds, lower-cased: at least its first letter, which stemming never changes. */
export function termProbe(term: string): string {
  return term.slice(0, Math.max(1, term.length - STEM_CHANGE));
}

/** An ASCII lower-case letter. */
function isLowerAscii(code: number): boolean {
  return code >= 0x61 && code <= 0x7a;
}

/**
 * Whether `at` lies between two lower-case ASCII letters, where no token starts: a word, an
 * identifier and each of its parts (segment.ts ASCII_PART) begin after a character that is not a
 * lower-case letter, or at an upper-case one. A token's term begins with its surface's first
 * letters, lower-cased (stemming only rewrites the end), so a probe found there (`conf` in
 * `misconfigured`, `a` inside most words) is no token's beginning, and its stretch need not be
 * segmented. Short probes hit mostly inside words.
 */
function insideLowerCaseWord(text: string, at: number): boolean {
  return at > 0 && isLowerAscii(text.charCodeAt(at)) && isLowerAscii(text.charCodeAt(at - 1));
}

/**
 * `segment(text, lang, analyzer)`'s tokens whose term is in `terms`, in text order. `probes`:
 * probesOf(terms), for a caller that reads several texts for the same terms (a search's results)
 * and computes them once.
 */
export function findTerms(text: string, lang: Lang, terms: ReadonlySet<string>, analyzer?: Partial<AnalyzerOptions>, probes: readonly string[] = probesOf(terms)): Token[] {
  if (terms.size === 0 || text.length === 0) return [];
  const whole = () => segment(text, lang, analyzer).filter((t) => terms.has(t.term));
  if (NON_ASCII.test(text) && NON_ASCII_WORD_CHAR.test(text)) return whole();
  const lower = text.toLowerCase();
  const hits: number[] = [];
  const most = text.length * MAX_HITS_PER_CHAR;
  if (probes.length > MAX_PROBES) return whole();
  for (const probe of probes) {
    for (let at = lower.indexOf(probe); at !== -1; at = lower.indexOf(probe, at + 1)) {
      if (insideLowerCaseWord(text, at)) continue;
      if (hits.push(at) > most) return whole();
    }
  }
  if (hits.length === 0) return [];
  hits.sort((a, b) => a - b);
  // The stretch around each hit, once: hits inside a stretch already taken are skipped.
  const stretches: Array<[number, number]> = [];
  let taken = 0;
  for (const at of hits) {
    if (at < taken) continue;
    let from = at;
    while (from > taken && isAsciiRunChar(text.charCodeAt(from - 1))) from--;
    let to = at + 1;
    while (to < text.length && isAsciiRunChar(text.charCodeAt(to))) to++;
    stretches.push([from, to]);
    taken = to;
  }
  return segmentStretches(text, stretches, lang, analyzer).filter((t) => terms.has(t.term));
}
