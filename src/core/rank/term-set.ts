/**
 * A section's distinct terms as a sorted array of their 32-bit hashes: what MMR compares sections
 * by (mmr.ts), computed once at build time and stored with the section (`StoredSection.termSet`),
 * so a search compares its ~30 candidates without analysing their text (issue 19); only the results
 * shown are analysed, for their snippets and evidence.
 *
 * The Jaccard index of two term sets equals that of the terms themselves unless two distinct terms
 * of the pair share a hash (FNV-1a, 32 bits: for two sections of 100 terms each, the ~20,000 pairs
 * of distinct terms collide with odds of about 1 in 200,000), which only makes the two sections
 * look slightly more alike.
 */
import { RecallBoxError } from '../errors.ts';
import { fnv1a } from '../hash.ts';
import { decodeHashes, encodeHashes } from '../codec/binary.ts';

/** Distinct term hashes, ascending. */
export type TermSet = Uint32Array;

/** The term set of `terms` (duplicates allowed). */
export function termSetOf(terms: Iterable<string>): TermSet {
  return Uint32Array.from(new Set(Array.from(terms, fnv1a))).sort();
}

/**
 * Jaccard index |a ∩ b| / |a ∪ b| in [0, 1], by one merge of the sorted arrays. Two empty sets
 * give 0, not NaN: a section with no terms carries no evidence of repeating another, so it must
 * not be penalised as a duplicate.
 */
export function termSetJaccard(a: TermSet, b: TermSet): number {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) return 0;
  // Each element read once, into x and y: MMR runs dozens of these a query, in a young isolate
  // often before V8 has optimised this loop, where each typed-array read is an inline-cache lookup
  // (docs/performance.md: code a young isolate has not optimised yet).
  let shared = 0;
  let i = 0;
  let j = 0;
  let x = a[0]!;
  let y = b[0]!;
  for (;;) {
    if (x < y) {
      if (++i === n) break;
      x = a[i]!;
    } else if (x > y) {
      if (++j === m) break;
      y = b[j]!;
    } else {
      shared++;
      if (++i === n || ++j === m) break;
      x = a[i]!;
      y = b[j]!;
    }
  }
  return shared / (n + m - shared);
}

const BYTES_PER_HASH = 4;

/** The stored form: base64 of the hashes as little-endian uint32 (5⅓ characters a term in the block's JSON). */
export function encodeTermSet(set: TermSet): string {
  let binary = '';
  for (const byte of encodeHashes(set)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** 1 at the char code of each base64 digit (`A`–`Z`, `a`–`z`, `0`–`9`, `+`, `/`), else 0. */
const BASE64_DIGIT = (() => {
  const table = new Uint8Array(128);
  for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/') table[c.charCodeAt(0)] = 1;
  return table;
})();

/**
 * Whether `text` can be a stored term set: base64 in its padded form (groups of four characters,
 * the last may end in `=` or `==`) of a whole number of hashes. Checked for every section of every
 * block read — on a large site a first-time query reads a dozen blocks or more — so by one loop over
 * char codes: the regular expression of the definition (test/core/rank/term-set.test.ts) was one
 * of the costliest steps of reading a block in a profile of the ×20 replica's queries.
 */
export function isStoredTermSet(text: string): boolean {
  if (text.length % 4 !== 0) return false;
  const padding = paddingOf(text);
  for (let i = 0; i < text.length - padding; i++) {
    const c = text.charCodeAt(i);
    if (c >= BASE64_DIGIT.length || BASE64_DIGIT[c] === 0) return false;
  }
  return decodedLength(text) % BYTES_PER_HASH === 0;
}

/** The `=` characters that pad base64's last group: 0, 1 or 2. */
function paddingOf(text: string): number {
  return text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
}

function decodedLength(text: string): number {
  return (text.length / 4) * 3 - paddingOf(text);
}

/**
 * The term set stored as `text` (encodeTermSet). Throws RecallBoxError('INDEX_CORRUPT') on text
 * that is not base64 of whole hashes, or on hashes out of order (a set from another encoder). A
 * block's sets were checked with isStoredTermSet when it was read; this checks only what decoding
 * finds anyway.
 */
export function decodeTermSet(text: string): TermSet {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    throw notHashes();
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return decodeHashes(bytes, "A section's stored term set");
}

function notHashes(): RecallBoxError {
  return new RecallBoxError('INDEX_CORRUPT', 'A section\'s stored term set is not base64 of 4-byte hashes.');
}
