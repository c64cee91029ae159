/**
 * Hashed character n-grams of a term (fastText's subword trick): `<config>` gives `<co`, `con`, …,
 * `ig>`, `<con`, …, each hashed into one of a fixed number of buckets. A misspelt or unseen term
 * shares most of its n-grams with the word it resembles, so its embedding lands near that word.
 *
 * Pure and deterministic on every runtime: the hash is 32-bit FNV-1a over UTF-16 code units with
 * `Math.imul`, so build (Node) and query (Worker) agree bit for bit.
 */

import { fnv1a, FNV1A_START, fnv1aStep } from '../hash.ts';

/** Marks the start of a term, so `<con` (a prefix) differs from `con` inside a word. */
export const NGRAM_START = '<';
/** Marks the end of a term, so `ig>` (a suffix) differs from `ig` inside a word. */
export const NGRAM_END = '>';

/**
 * The n-grams of `<term>` of every length minN … maxN, in code points (a surrogate pair is one
 * character, so no n-gram holds half of one). The whole marked term is not among them once it is
 * shorter than maxN + 1: that is the term's own row. A term shorter than minN − 2 has none.
 */
export function ngramsOf(term: string, minN: number, maxN: number): string[] {
  const chars = Array.from(NGRAM_START + term + NGRAM_END);
  const out: string[] = [];
  for (let n = minN; n <= maxN; n++) {
    for (let i = 0; i + n <= chars.length; i++) out.push(chars.slice(i, i + n).join(''));
  }
  return out;
}

/** Bucket (0 … buckets−1) of each n-gram of `term`, in `ngramsOf` order; empty when buckets is 0. */
export function ngramBuckets(term: string, minN: number, maxN: number, buckets: number): number[] {
  if (buckets <= 0) return [];
  return ngramsOf(term, minN, maxN).map((g) => fnv1a(g) % buckets);
}

/**
 * Every distinct n-gram of the vocabulary terms, as sorted unique 32-bit FNV-1a hashes: what
 * `isKnownNgram` looks a query's n-grams up in. Hashes, not strings, keep the set a flat array
 * (4 bytes per n-gram; the Astro docs' 10 360 terms give ~60 000); a collision of two different
 * n-grams' 32-bit hashes is rare enough to ignore here.
 */
export function knownNgramHashes(terms: readonly string[], minN: number, maxN: number): Uint32Array {
  // The hash of every n-gram, without building n-gram strings: from each start code point, FNV-1a
  // is extended code point by code point and recorded at lengths minN..maxN — the same values as
  // fnv1a(ngramsOf(…)[i]), since FNV-1a runs over UTF-16 code units in order. Building the strings
  // (one per n-gram, ~200 000 for the Astro docs' vocabulary) made this the largest part of loading
  // the semantic files; `npm run bench`'s "pack load in Node" row shows the load as it is now.
  let hashes = new Uint32Array(1 << 16);
  let count = 0;
  let starts = new Int32Array(64);
  for (const term of terms) {
    const marked = NGRAM_START + term + NGRAM_END;
    if (starts.length < marked.length + 1) starts = new Int32Array(marked.length * 2 + 1);
    // starts[i]: the UTF-16 offset of code point i; starts[points] = marked.length.
    let points = 0;
    for (let u = 0; u < marked.length; u++) {
      const c = marked.charCodeAt(u);
      const trailing = c >= 0xdc00 && c <= 0xdfff && u > 0 && marked.charCodeAt(u - 1) >= 0xd800 && marked.charCodeAt(u - 1) <= 0xdbff;
      if (!trailing) starts[points++] = u;
    }
    starts[points] = marked.length;
    for (let start = 0; start + minN <= points; start++) {
      let h = FNV1A_START;
      for (let n = 1; n <= maxN && start + n <= points; n++) {
        for (let u = starts[start + n - 1]!; u < starts[start + n]!; u++) {
          h = fnv1aStep(h, marked.charCodeAt(u));
        }
        if (n < minN) continue;
        if (count === hashes.length) {
          const grown = new Uint32Array(hashes.length * 2);
          grown.set(hashes);
          hashes = grown;
        }
        hashes[count++] = h >>> 0;
      }
    }
  }
  const sorted = hashes.subarray(0, count).sort();
  let unique = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[unique++] = sorted[i]!;
  return sorted.slice(0, unique);
}

/** Whether `hash` is in the sorted array `known` (binary search). */
export function isKnownNgram(known: Uint32Array, hash: number): boolean {
  let lo = 0;
  let hi = known.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = known[mid]!;
    if (v === hash) return true;
    if (v < hash) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
