/**
 * The tokens of a text whose term is one of a few wanted terms — what a search reads of a result
 * for its snippet, evidence and verdict — found without analysing the whole text (issue 19).
 *
 * `segment` over a result's text was a third of the pipeline's CPU (an ad hoc CPU profile of the
 * queries of `npm run bench`'s hybrid row), though a search only keeps the tokens of its query's
 * few terms. In text that is ASCII in its letters and digits (most sections of English docs), a
 * token whose term is `t` has a surface that, lower-cased, contains `t` minus its last STEM_CHANGE
 * characters (termProbe). So the lower-cased text is searched for each term's probe, and only the
 * stretches of run characters holding a hit are segmented. A stretch starts after a character no token or clitic can contain (isRunChar), where
 * `segment`'s scan of the whole text would be between tokens too, so its tokens are exactly the
 * whole text's tokens in that stretch. Text with a letter, mark or digit outside ASCII is segmented
 * whole, as before: `fold` may change such a word's length or letters (NFKD, diacritics), and no
 * probe is sure to be in it.
 *
 * Pinned by a property test against `segment` (test/core/analysis/find-terms.test.ts).
 */
import { segment, segmentStretches, type AnalyzerOptions, type Token } from './segment.ts';
import type { Lang } from '../types.ts';

/**
 * Most trailing characters of its term that stemming makes differ from the word it came from
 * (0..; default 2). Porter's stemmer only rewrites a word's end, and what it keeps differs from the
 * word by at most one replacement of up to two letters (`possibility` → `possibl`, `-biliti` →
 * `-ble`; `say` → `sai`). Over every word of the Hono and Astro docs and the two test collections,
 * and 300,000 random words built from Porter's suffixes, the most seen was 1 (ad hoc check, no
 * project command). Case folding of ASCII keeps every letter in place.
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
 * 0.25, one hit every four characters: about one in every word). Past it the stretches would cover
 * the text anyway, and sorting the hits would cost more than segmenting it; without the bound a
 * query of many short terms that all share a probe, against a text of the one letter they start
 * with, collected a hit per term per character (ad hoc: 14–55 ms for one 32 KiB section, where
 * segmenting it whole takes about 1 ms).
 */
export const MAX_HITS_PER_CHAR = 0.25;

/**
 * Most probes searched for in one text before it is segmented whole instead (1..; default 8).
 * Each probe is one search of the whole text, and in a text of nearly one repeated letter a
 * search costs about a sixth of segmenting it (ad hoc: 60 probes over a 32 KiB section of
 * `aaaab aaaac …` took 7.5 ms, segmenting it 0.75 ms), so past a handful of probes segmenting is
 * cheaper whatever the text. A query's terms, its completions and corrections included, have a
 * median of 7–9 terms, and fewer probes once those a shorter probe already finds are dropped.
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

/**
 * Characters a token (segment.ts: letters, digits, `_`, `$`, joined by `.`, `-`, `:`) or an
 * English clitic (`'s`, `’s`) can hold, in a text whose letters and digits are all ASCII. Every
 * other character ends a stretch that segments as it does inside the whole text.
 */
function isRunChar(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) || // a-z
    (code >= 0x41 && code <= 0x5a) || // A-Z
    (code >= 0x30 && code <= 0x3a) || // 0-9 and `:`
    code === 0x5f || // _
    code === 0x24 || // $
    code === 0x2e || // .
    code === 0x2d || // -
    code === 0x27 || // '
    code === 0x2019 // ’
  );
}

/** `segment(text, lang, analyzer)`'s tokens whose term is in `terms`, in text order. */
export function findTerms(text: string, lang: Lang, terms: ReadonlySet<string>, analyzer?: Partial<AnalyzerOptions>): Token[] {
  if (terms.size === 0 || text.length === 0) return [];
  const whole = () => segment(text, lang, analyzer).filter((t) => terms.has(t.term));
  if (NON_ASCII.test(text) && NON_ASCII_WORD_CHAR.test(text)) return whole();
  const lower = text.toLowerCase();
  const hits: number[] = [];
  const most = text.length * MAX_HITS_PER_CHAR;
  const probes = probesOf(terms);
  if (probes.length > MAX_PROBES) return whole();
  for (const probe of probes) {
    for (let at = lower.indexOf(probe); at !== -1; at = lower.indexOf(probe, at + 1)) {
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
    while (from > taken && isRunChar(text.charCodeAt(from - 1))) from--;
    let to = at + 1;
    while (to < text.length && isRunChar(text.charCodeAt(to))) to++;
    stretches.push([from, to]);
    taken = to;
  }
  return segmentStretches(text, stretches, lang, analyzer).filter((t) => terms.has(t.term));
}
