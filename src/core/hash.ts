/**
 * FNV-1a, 32 bit (Fowler–Noll–Vo; the published offset basis and prime), over a string's UTF-16
 * code units in order, each unit XORed in whole (not as two bytes). Not cryptographic: it spreads
 * short, similar strings (terms, n-grams, cache keys) well enough, is a few lines with no table or
 * dependency, and is synchronous (crypto.subtle is not). The embedding's n-gram buckets store what
 * it computes, so changing it changes the pack format.
 */
const FNV_PRIME = 0x01000193;

/** The hash of the empty string (the offset basis): where every hash starts. */
export const FNV1A_START = 0x811c9dc5;

/**
 * The hash so far extended by one UTF-16 code unit, as a signed 32-bit integer (`>>> 0` gives the
 * value): for callers that hash many overlapping strings incrementally (embed/ngrams.ts).
 */
export function fnv1aStep(h: number, unit: number): number {
  return Math.imul(h ^ unit, FNV_PRIME);
}

/** The hash as an unsigned 32-bit integer. */
export function fnv1a(text: string): number {
  let h = FNV1A_START;
  for (let i = 0; i < text.length; i++) h = fnv1aStep(h, text.charCodeAt(i));
  return h >>> 0;
}

/** The hash as 8 hex digits (ETags, cache keys). */
export function fnv1aHex(text: string): string {
  return fnv1a(text).toString(16).padStart(8, '0');
}
