/**
 * BM25F over a keyword index's postings: the score of each document for a query's concepts (each
 * matched by its best variant), the concepts it matched and whether its naming fields hold them,
 * and each term's df and IDF. The postings come from whichever partitions the caller hands in
 * (search.ts: the resident ones, or those a query's view holds).
 */
import { RecallBoxError } from '../errors.ts';
import { FIELD_NAMES, type FieldName } from '../analysis/fields.ts';
import { idf, saturate } from './bm25f.ts';
import type { TermVariant } from './expand.ts';
import type { FlexIndex } from './flex.ts';
import type { KeywordOptions } from './options.ts';

export interface KeywordHit {
  /** Document position in the input of `buildKeywordIndex`. */
  doc: number;
  /** BM25F score: comparable within one query only. */
  score: number;
  /** Distinct query terms (analyzed) found in this document, in query order. */
  matched: string[];
  /**
   * How many of the query's distinct terms occur in the section's title or heading fields (the
   * naming fields, NAMING_BITS). Equal to the query's term count when the section is named by the query — what
   * a reader who types a heading expects first (see core/rank/name-match.ts).
   */
  namedTerms: number;
  /**
   * Whether one naming field alone — the page title or the section's own heading — holds every
   * concept of the query: the section's heading (or its page's title) is what the reader typed,
   * rather than a page title and a heading that hold it between them ("Basic Usage" is the heading
   * of one section, not "Basic Auth" › "Usage").
   */
  namedByOneField: boolean;
}

/**
 * The fields that name a section — page title + tags, and its own heading — as opposed to its
 * body, each with its bit in the per-concept marks of `accumulate` (0: not a naming field).
 */
const TITLE_BIT = 1;
const NAMING_BITS: Readonly<Record<FieldName, number>> = { title: TITLE_BIT, headings: 2, body: 0 };

export interface TermStat {
  term: string;
  /** Sections holding the term in any field. */
  df: number;
  idf: number;
}

/** The partition holding a term, or undefined when it is not at hand. */
export type PartOf = (term: string) => FlexIndex | undefined;

/** BM25F over the field lengths; postings come from whichever partitions the caller hands in. */
export class Bm25f {
  constructor(
    readonly size: number,
    readonly options: Readonly<KeywordOptions>,
    /** Per field (FIELD_NAMES order), per document: w_f / B_f(d). */
    private readonly factors: readonly Float64Array[],
  ) {}

  /** The working arrays of `search`, allocated by the first one (Scratch). */
  private scratch: Scratch | undefined;

  /**
   * `missing` ends the KEYWORD_NOT_RESIDENT message: why a partition is not at hand. `groups`: per
   * query concept, the terms it is matched by with their weights (one exact term per concept for a
   * plain query); `matched` lists, per hit, the concepts (their first term) it matched. `within`:
   * only the documents it accepts are hits. `counted`: where each looked-up term's df (the number
   * of documents holding it, whatever `within` accepts) is recorded, for termStats.
   */
  search(
    groups: readonly (readonly TermVariant[])[],
    limit = this.options.defaultLimit,
    partOf: PartOf,
    missing: string,
    within?: (doc: number) => boolean,
    counted?: Map<string, number>,
  ): KeywordHit[] {
    if (groups.length === 0 || limit <= 0) return [];
    // Every partition is found before any work: a query fails whole, not after ranking half.
    const holders = groups.map((variants) => this.holders(variants.map((v) => v.term), partOf, missing));
    this.scratch ??= new Scratch(this.size);
    const scratch = this.scratch;
    try {
      return this.rank(groups, holders, limit, scratch, within, counted);
    } finally {
      scratch.reset();
    }
  }

  /** The ranking proper, in `scratch` (search resets it after, whatever happens). */
  private rank(
    groups: readonly (readonly TermVariant[])[],
    holders: readonly FlexIndex[][],
    limit: number,
    scratch: Scratch,
    within: ((doc: number) => boolean) | undefined,
    counted: Map<string, number> | undefined,
  ): KeywordHit[] {
    // Per concept, the documents it contributed to (a copy of its `conceptDocs`): `matched` is
    // listed for the returned hits only (matchedConcepts). Built for every hit, it was one array
    // per matching document — on a 135,000-section site a common term matches nearly all of them,
    // and those arrays (with a sort of every hit) were most of the keyword route's time there.
    const contributedTo: Int32Array[] = [];
    let variantMark = 0;
    groups.forEach((variants, c) => {
      let docs = 0;
      // A variant is a guess at the word typed: when the index holds that word, no variant counts as
      // rarer than it (a rare completion of a common word would otherwise outscore the word itself).
      let typedIdf = Infinity;
      variants.forEach((variant, v) => {
        const count = this.accumulate(variant.term, holders[c]![v]!, ++variantMark, c + 1, scratch);
        counted?.set(variant.term, count);
        const rarity = Math.min(idf(this.size, count), typedIdf);
        if (v === 0 && count > 0) typedIdf = rarity;
        docs = keepBest(scratch, count, variant.weight * rarity, this.options.k1, docs);
      });
      addConcept(scratch, docs);
      contributedTo.push(scratch.conceptDocs.slice(0, docs));
    });
    const hits = scratch.hits.subarray(0, scratch.hitCount);
    const top = topHits(within ? hits.filter(within) : hits, scratch.scores, limit);
    const matched = matchedConcepts(scratch, top, groups, contributedTo);
    const all = groups.length;
    return top.map((doc) => ({
      doc,
      score: scratch.scores[doc]!,
      matched: matched.get(doc)!,
      namedTerms: scratch.named[doc]!,
      namedByOneField: scratch.title[doc] === all || scratch.heading[doc] === all,
    }));
  }

  /** `counted`: dfs a search already recorded (search's `counted`), used instead of reading the postings again. */
  termStats(terms: readonly string[], partOf: PartOf, missing: string, counted?: ReadonlyMap<string, number>): TermStat[] {
    const holders = this.holders(terms, partOf, missing);
    this.scratch ??= new Scratch(this.size);
    const scratch = this.scratch;
    try {
      // One mark per term, as search() does: no clearing of a per-section array between terms.
      return terms.map((term, t) => {
        const known = counted?.get(term);
        if (known !== undefined) return { term, df: known, idf: idf(this.size, known) };
        let df = 0;
        for (const field of FIELD_NAMES) {
          for (const docs of holders[t]!.slots(field, term)) if (docs) df += markNew(docs, t + 1, scratch);
        }
        return { term, df, idf: idf(this.size, df) };
      });
    } finally {
      scratch.reset();
    }
  }

  /** The partition holding each term; throws KEYWORD_NOT_RESIDENT for the first one not at hand. */
  private holders(terms: readonly string[], partOf: PartOf, missing: string): FlexIndex[] {
    return terms.map((term) => {
      const part = partOf(term);
      if (part === undefined) {
        throw new RecallBoxError('KEYWORD_NOT_RESIDENT', `keyword index: the partition of "${term}" ${missing}`);
      }
      return part;
    });
  }

  /**
   * Adds tf~(term, d) into `scratch.pseudo` for every document containing the term in any field,
   * lists those documents first in `scratch.containing` and returns how many (the df). `mark` tells
   * this term's documents from earlier terms' in `scratch.seen`; `namedMark` (its concept's) lets a
   * document count a concept as named once, however many of its variants or naming fields hold it,
   * and once per naming field: `scratch.namedAt` holds the concept's mark shifted left by two, and
   * in the low bits the naming fields found holding it so far.
   */
  private accumulate(term: string, flex: FlexIndex, mark: number, namedMark: number, scratch: Scratch): number {
    let count = 0;
    for (let f = 0; f < FIELD_NAMES.length; f++) {
      const field = FIELD_NAMES[f]!;
      const bit = NAMING_BITS[field];
      const slots = flex.slots(field, term);
      for (let slot = 0; slot < slots.length; slot++) {
        const docs = slots[slot];
        if (docs) count = addPostings(docs, slot + 1, this.factors[f]!, mark, namedMark, bit, scratch, count);
      }
    }
    return count;
  }
}

/**
 * Per-document working arrays of a search, allocated once per index and reused: a search runs
 * synchronously from start to end, so one set serves every query of an isolate, and each search
 * puts every entry it set back to 0 (`reset`, over the documents it `touched`). Allocated per
 * query they were 5 MB on a 135,000-section index, zeroed and collected each time. Dense typed
 * arrays rather than Maps: a common term's postings can cover most sections, and Maps here showed
 * 30+ ms GC pauses on the Astro docs.
 */
class Scratch {
  /** Per document, its BM25F score so far; > 0 exactly for the hits. */
  readonly scores: Float64Array;
  /** Per document, tf~ of the term being accumulated. */
  readonly pseudo: Float64Array;
  /** Per document, its concept's best weighted contribution so far, over the concept's variants. */
  readonly best: Float64Array;
  /** Per document, the mark of the last term that found it (0: none this search). */
  readonly seen: Uint32Array;
  /** Per document, the concept mark and naming-field bits (see accumulate). */
  readonly namedAt: Uint32Array;
  /** Per document, how many concepts its naming fields hold: in either, in the page title, in its own heading. */
  readonly named: Uint16Array;
  readonly title: Uint16Array;
  readonly heading: Uint16Array;
  /** The documents of the term being accumulated, first `count` entries. */
  readonly containing: Int32Array;
  /** The documents the concept being ranked contributes to, first entries. */
  readonly conceptDocs: Int32Array;
  /** The documents with a score, first `hitCount` entries. */
  readonly hits: Int32Array;
  hitCount = 0;
  /** Per document, 1 while it is among the hits returned (matchedConcepts), else 0. */
  readonly isTop: Uint8Array;
  /** Every document any term found this search, first `touchedCount` entries. */
  readonly touched: Int32Array;
  touchedCount = 0;

  constructor(size: number) {
    this.scores = new Float64Array(size);
    this.pseudo = new Float64Array(size);
    this.best = new Float64Array(size);
    this.seen = new Uint32Array(size);
    this.namedAt = new Uint32Array(size);
    this.named = new Uint16Array(size);
    this.title = new Uint16Array(size);
    this.heading = new Uint16Array(size);
    this.containing = new Int32Array(size);
    this.conceptDocs = new Int32Array(size);
    this.hits = new Int32Array(size);
    this.isTop = new Uint8Array(size);
    this.touched = new Int32Array(size);
  }

  /**
   * Puts back to 0 every entry the search set. A search that completes leaves pseudo and best at 0
   * already (after each term and concept); they are cleared too for one that stopped midway.
   */
  reset(): void {
    for (let i = 0; i < this.touchedCount; i++) {
      const doc = this.touched[i]!;
      this.scores[doc] = 0;
      this.pseudo[doc] = 0;
      this.best[doc] = 0;
      this.seen[doc] = 0;
      this.namedAt[doc] = 0;
      this.named[doc] = 0;
      this.title[doc] = 0;
      this.heading[doc] = 0;
    }
    this.touchedCount = 0;
    this.hitCount = 0;
  }
}

/**
 * One slot of a term's postings in one field (documents holding it `frequency` times): adds to
 * their tf~, lists those new to this term in `containing` after its first `count` entries, and
 * counts the concept as named where `bit` is a naming field's. Returns the new count. A function
 * of its own, over typed arrays, so the engine compiles this loop — the keyword route's — alone.
 */
function addPostings(docs: readonly number[], frequency: number, factor: Float64Array, mark: number, namedMark: number, bit: number, scratch: Scratch, count: number): number {
  const { pseudo, containing, namedAt } = scratch;
  const perField = bit === TITLE_BIT ? scratch.title : scratch.heading;
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!;
    if (firstSeen(scratch, doc, mark)) containing[count++] = doc;
    pseudo[doc] += factor[doc]! * frequency;
    // A document counts a concept as named once, however many naming fields hold it, and
    // once in each naming field that does.
    if (bit !== 0) {
      const stored = namedAt[doc]!;
      const fields = stored >>> 2 === namedMark ? stored & 3 : 0;
      if ((fields & bit) === 0) {
        if (fields === 0) scratch.named[doc]++;
        perField[doc]++;
        namedAt[doc] = (namedMark << 2) | fields | bit;
      }
    }
  }
  return count;
}

/**
 * Whether the term of `mark` finds `doc` for the first time, marking it found (`scratch.seen`) and,
 * when no term of this search has found it yet, touched (for reset).
 */
function firstSeen(scratch: Scratch, doc: number, mark: number): boolean {
  const last = scratch.seen[doc]!;
  if (last === mark) return false;
  if (last === 0) scratch.touched[scratch.touchedCount++] = doc;
  scratch.seen[doc] = mark;
  return true;
}

/** How many of `docs` the term of `mark` finds for the first time (firstSeen). */
function markNew(docs: readonly number[], mark: number, scratch: Scratch): number {
  let found = 0;
  for (let i = 0; i < docs.length; i++) if (firstSeen(scratch, docs[i]!, mark)) found++;
  return found;
}

/**
 * Saturates the tf~ of the term just accumulated (its first `count` documents in `containing`),
 * weighs it, keeps each document's best contribution for the concept in `best` — listing in
 * `conceptDocs`, after its first `docs` entries, those it is the concept's first for — and puts
 * tf~ back to 0 for the next term. Returns the new number of the concept's documents.
 */
function keepBest(scratch: Scratch, count: number, weight: number, k1: number, docs: number): number {
  const { containing, pseudo, best, conceptDocs } = scratch;
  for (let i = 0; i < count; i++) {
    const doc = containing[i]!;
    const contribution = weight * saturate(pseudo[doc]!, k1);
    pseudo[doc] = 0;
    if (contribution <= 0) continue;
    if (best[doc] === 0) conceptDocs[docs++] = doc;
    if (contribution > best[doc]!) best[doc] = contribution;
  }
  return docs;
}

/**
 * Per document of `top`, the concepts (their first term, in query order) that contributed to it.
 * A concept's documents can be most of the index, so they are checked against the few top ones
 * by a per-document mark (`isTop`), not a map lookup each.
 */
function matchedConcepts(scratch: Scratch, top: readonly number[], groups: readonly (readonly TermVariant[])[], contributedTo: readonly Int32Array[]): Map<number, string[]> {
  const matched = new Map<number, string[]>(top.map((doc) => [doc, []]));
  const { isTop } = scratch;
  for (const doc of top) isTop[doc] = 1;
  groups.forEach((variants, c) => {
    const docs = contributedTo[c]!;
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!;
      if (isTop[doc] === 1) matched.get(doc)!.push(variants[0]!.term);
    }
  });
  for (const doc of top) isTop[doc] = 0;
  return matched;
}

/** Adds a concept's best contributions (its first `docs` documents in `conceptDocs`) into the scores, listing new hits in `hits`. */
function addConcept(scratch: Scratch, docs: number): void {
  const { conceptDocs, scores, best, hits } = scratch;
  for (let i = 0; i < docs; i++) {
    const doc = conceptDocs[i]!;
    if (scores[doc] === 0) hits[scratch.hitCount++] = doc;
    scores[doc] += best[doc]!;
    best[doc] = 0;
  }
}

/**
 * The `limit` best of `docs` by score (descending, ties by document ascending), without sorting
 * them all: a bounded heap whose root is the worst kept hit. O(n log limit) instead of
 * O(n log n) over every matching document.
 */
export function topHits(docs: ArrayLike<number> & Iterable<number>, scores: Float64Array, limit: number): number[] {
  if (limit <= 0) return [];
  // `a` ranks below `b`: lower score, or the same score and a later document.
  const worse = (a: number, b: number) => scores[a]! < scores[b]! || (scores[a] === scores[b] && a > b);
  const heap = new Int32Array(Math.min(limit, docs.length));
  let size = 0;
  for (const doc of docs) {
    if (size < heap.length) {
      // Sift up: parents worse than `doc` move down into the hole.
      let i = size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!worse(doc, heap[parent]!)) break;
        heap[i] = heap[parent]!;
        i = parent;
      }
      heap[i] = doc;
    } else if (worse(heap[0]!, doc)) {
      // `doc` replaces the worst kept hit; sift down: the worse child moves up into the hole.
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= size) break;
        const child = left + 1 < size && worse(heap[left + 1]!, heap[left]!) ? left + 1 : left;
        if (!worse(heap[child]!, doc)) break;
        heap[i] = heap[child]!;
        i = child;
      }
      heap[i] = doc;
    }
  }
  return Array.from(heap.subarray(0, size)).sort((a, b) => scores[b]! - scores[a]! || a - b);
}
