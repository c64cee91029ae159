/** Folding: the one normal form of a term's letters (case and diacritics), for every script. */

/** All ASCII: folded by lower-casing alone (and the analyzer's ASCII fast paths, segment.ts). */
export const ASCII = /^[\x00-\x7f]*$/;
/**
 * Hiragana, katakana, CJK unified ideographs and Hangul syllables: `fold` leaves these unchanged
 * (no compatibility decomposition; canonical ones recompose), so they skip normalisation.
 */
const FOLD_INVARIANT = /^[\u3041-\u3096\u30a1-\u30fa\u30fc\u4e00-\u9fff\uac00-\ud7a3]*$/;
/**
 * Diacritical marks removed by `fold`: the Combining Diacritical Marks blocks (U+0300–036F,
 * 1AB0–1AFF, 1DC0–1DFF, 20D0–20FF, FE20–FE2F). Not every `\p{M}`: the vowel signs of Devanagari,
 * Thai, etc. are marks too, and stripping them would merge unrelated words.
 */
const DIACRITICS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;

/** Fold case and diacritics: NFKD, strip combining marks, lower-case ('Ünïcödé' → 'unicode'). */
export function fold(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  if (FOLD_INVARIANT.test(text)) return text;
  // NFC at the end recomposes what stripping kept (kana + voiced mark, Hangul jamo), so `が` stays
  // `が` instead of becoming `か` + U+3099, and full-width/half-width forms meet in one spelling.
  return text.normalize('NFKD').replace(DIACRITICS, '').normalize('NFC').toLowerCase();
}
