/**
 * The order sections are stored in, which is their ids' order and so decides which sections share
 * a block (core/pack/sections-file.ts cuts blocks from consecutive sections).
 *
 * Why it matters: a first-time query on a lazily read pack reads the blocks of the sections it
 * shows and compares, each block a fetch. Page order keeps a page's sections together, but a site
 * that holds the same page several times — versioned docs (`/v1/`, `/v2/`, …), copies under several
 * products, the ×20 replica of `npm run bench -- --scale --large` — stores each copy of a section in
 * a block of its own, and a query that matches one matches them all: one block read per copy.
 *
 * So pages whose sections are mostly the same text (near-duplicate pages) are stored side by side,
 * and within such a group each section is stored next to its identical copies. A page with no
 * near-duplicate keeps its place and its sections' order, so a site without duplicated pages is
 * stored exactly as in page order (the same pack, byte for byte).
 */
import { fnv1a } from '../core/hash.ts';

/** What the order reads of a section. */
export interface OrderedSection {
  text: string;
  code: string;
}

/**
 * Shortest section (characters of text and code) whose text counts as evidence that two pages are
 * copies: heading-only and one-line sections ("See also", an empty intro) are alike across
 * unrelated pages.
 */
const MIN_EVIDENCE_CHARS = 40;

/**
 * Share of a page's evidence sections (the larger page's) another page must hold identical for the
 * two to be near-duplicates. 0.8: a page of ten sections with two edited or added between versions
 * is still a copy; two unrelated pages sharing a boilerplate section or two are not.
 */
const NEAR_DUPLICATE_SHARE = 0.8;

/**
 * A text held by more pages than this is boilerplate, not evidence of a copy, and is not compared
 * (which also bounds the work: each page compares with at most this many pages per section).
 */
const MAX_PAGES_PER_TEXT = 256;

/** A section's text and code as a key: equal keys are (up to a 32-bit collision, harmless here) equal content. */
function contentKey(s: OrderedSection): string | null {
  if (s.text.length + s.code.length < MIN_EVIDENCE_CHARS) return null;
  return `${fnv1a(s.text)}.${fnv1a(s.code)}.${s.text.length}.${s.code.length}`;
}

/**
 * The sections of `pages` in storage order: page order, except that a page near-duplicating an
 * earlier one joins that page's group, and a group stores each section followed by its identical
 * copies in the group's other pages. Pure; every section appears once.
 */
export function storageOrder<S extends OrderedSection>(pages: readonly { sections: readonly S[] }[]): S[] {
  const keys = pages.map((p) => p.sections.map(contentKey));
  const distinct = keys.map((k) => new Set(k.filter((x): x is string => x !== null)));
  const pagesWith = new Map<string, number[]>();
  /** Per page, the first page of its group (itself when it starts one). */
  const groupOf: number[] = [];
  const members = new Map<number, number[]>();
  pages.forEach((_, p) => {
    const shared = new Map<number, number>();
    for (const key of distinct[p]!) {
      const earlier = pagesWith.get(key);
      if (earlier === undefined || earlier.length > MAX_PAGES_PER_TEXT) continue;
      for (const q of earlier) shared.set(q, (shared.get(q) ?? 0) + 1);
    }
    let best = -1;
    let bestShare = NEAR_DUPLICATE_SHARE;
    for (const [q, count] of shared) {
      const share = count / Math.max(distinct[p]!.size, distinct[q]!.size);
      if (share >= bestShare && (best === -1 || share > bestShare)) [best, bestShare] = [q, share];
    }
    const group = best === -1 ? p : groupOf[best]!;
    groupOf.push(group);
    if (group === p) members.set(p, [p]);
    else members.get(group)!.push(p);
    for (const key of distinct[p]!) {
      const list = pagesWith.get(key);
      if (list === undefined) pagesWith.set(key, [p]);
      else if (list.length <= MAX_PAGES_PER_TEXT) list.push(p);
    }
  });
  const order: S[] = [];
  for (const [, group] of members) {
    if (group.length === 1) {
      order.push(...pages[group[0]!]!.sections);
      continue;
    }
    // Each key's sections across the group, in page order; a section is emitted with the first of them.
    const copies = new Map<string, S[]>();
    for (const p of group) {
      pages[p]!.sections.forEach((s, i) => {
        const key = keys[p]![i];
        if (key === null) return;
        const list = copies.get(key);
        if (list === undefined) copies.set(key, [s]);
        else list.push(s);
      });
    }
    const emitted = new Set<S>();
    for (const p of group) {
      pages[p]!.sections.forEach((s, i) => {
        if (emitted.has(s)) return;
        const key = keys[p]![i];
        for (const c of key === null ? [s] : copies.get(key)!) {
          if (!emitted.has(c)) {
            emitted.add(c);
            order.push(c);
          }
        }
      });
    }
  }
  return order;
}
