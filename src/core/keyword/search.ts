/**
 * Query time: rank the union of per-term candidates by BM25F, reading each term's postings from
 * the partition holding it (partitions.ts). The index answers synchronously from the partitions at
 * hand; `prepare` fetches the missing ones first (load.ts opens the index, residency.ts decides
 * what stays in memory).
 */
import { RecallBoxError } from '../errors.ts';
import { FIELD_NAMES, type FieldName } from '../analysis/fields.ts';
import type { Lang } from '../types.ts';
import { fieldFactors, idf, saturate } from './bm25f.ts';
import type { KeywordHead, KeywordStats } from './data.ts';
import { encodeDictionary, TermDictionary } from './dictionary.ts';
import { exactGroups, type TermVariant } from './expand.ts';
import type { FlexIndex } from './flex.ts';
import { queryConcepts } from '../analysis/query.ts';
import type { KeywordOptions } from './options.ts';
import { partitionOf } from './partitions.ts';

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

/** Per document, how many concepts its naming fields hold: in either, in the page title, in its own heading. */
interface Naming {
  named: Uint16Array;
  title: Uint16Array;
  heading: Uint16Array;
}

export interface KeywordSearchOptions {
  /** Language to analyze the query in. */
  lang: Lang;
  /** Most hits to return; default `options.defaultLimit` of the index. */
  limit?: number;
}

/** Answers queries from the partitions it holds. */
export interface KeywordView {
  /**
   * Hits sorted by score descending, ties by document ascending. A query without any index term
   * (empty, only stop words, only punctuation) has no hits; it is not an error. Throws
   * RecallBoxError('KEYWORD_NOT_RESIDENT', …) when a partition of a query term is not at hand.
   */
  search(query: string, options: KeywordSearchOptions): KeywordHit[];
  /**
   * `search` for a query already analysed as this index analyses (its distinct terms, in query
   * order: queryTerms, or the query's concepts, query-analysis.ts): the Worker's path, which has
   * analysed the query once for everything else already.
   */
  searchTerms(terms: readonly string[], limit?: number): KeywordHit[];
  /**
   * `searchTerms` where each query concept may be matched by several terms (expand.ts: the term as
   * typed, its completions, its corrections), each weighted: a document scores, per concept, the
   * best of its variants' weighted BM25F contributions, and counts the concept as named when any
   * variant names it. With one exact variant per concept it is `searchTerms` exactly. `within`:
   * only the documents it accepts are ranked — the best `limit` of those, not those among the best
   * `limit` (a filtered search's candidates, search/filters.ts); scores are the same either way.
   */
  searchGroups(groups: readonly (readonly TermVariant[])[], limit?: number, within?: (doc: number) => boolean): KeywordHit[];
  /**
   * Each of `terms` — already analysed as this index analyses (the query's concepts,
   * query-analysis.ts) — with the number of sections holding it (in any field) and the IDF BM25F
   * weighs it with: how rare, hence how telling, each concept is. A term no section holds has df 0
   * and the highest IDF. Throws KEYWORD_NOT_RESIDENT as search does.
   */
  termStats(terms: readonly string[]): TermStat[];
}

export interface KeywordIndex extends KeywordView {
  /** Number of documents the index was built over (including those without any term). */
  readonly size: number;
  /** The options the index was built with. */
  readonly options: Readonly<KeywordOptions>;
  /** Number of term partitions. */
  readonly partitions: number;
  /** Every term of the index, sorted, with how often it occurs: what exists before any postings are read. */
  readonly dictionary: TermDictionary;
  /**
   * Loads (fetching what is not resident) the partitions holding `terms` — already analysed terms,
   * as termStats takes; for a query, queryTerms(query, …) — and returns a view that answers
   * search/termStats for queries whose terms are among them, synchronously. The view holds its
   * partitions by reference, so a concurrent request evicting them from the cache cannot break it
   * (a Worker isolate serves concurrent requests interleaved at awaits). Rejects with the read's
   * error, or INDEX_CORRUPT for a bad part; neither is remembered, the next prepare reads again.
   */
  prepare(terms: readonly string[]): Promise<KeywordView>;
}

export interface TermStat {
  term: string;
  /** Sections holding the term in any field. */
  df: number;
  idf: number;
}

/** The distinct analysed terms of `query`, in query order: exactly what `search` looks up. */
export function queryTerms(query: string, lang: Lang, options: KeywordOptions): string[] {
  return queryConcepts(query, lang, options.analyzer).concepts;
}

/** Where the partitions of an index come from: all in memory, or read on demand. */
export interface PartSource {
  /** The partition if in memory now, else undefined; never reads. */
  resident(index: number): FlexIndex | undefined;
  /** The partition, read if needed. */
  load(index: number): Promise<FlexIndex>;
}

/** Every partition in memory (eager load, or one freshly built FlexSearch index). */
export function residentParts(parts: readonly FlexIndex[]): PartSource {
  return {
    resident: (index) => parts[index],
    load: async (index) => parts[index],
  };
}

/**
 * Puts BM25F ranking over a filled FlexSearch index (imported, or freshly built in tests): one
 * partition holding every term.
 */
export function rankingIndex(flex: FlexIndex, stats: KeywordStats, options: KeywordOptions): KeywordIndex {
  return partitionedIndex({ stats, options, starts: [''], dictionary: encodeDictionary([]) }, residentParts([flex]));
}

/** Puts BM25F ranking over the term partitions (head.starts) read through `source`. */
export function partitionedIndex(head: Pick<KeywordHead, 'stats' | 'options' | 'starts' | 'dictionary'>, source: PartSource): KeywordIndex {
  const { stats, options } = head;
  const factors = FIELD_NAMES.map((f) => fieldFactors(stats.fieldLengths[f], options.weights[f], options.b[f]));
  return new PartitionedIndex(new Bm25f(stats.docCount, options, factors), head.starts, TermDictionary.from(head.dictionary), source);
}

/** The partition holding a term, or undefined when it is not at hand. */
type PartOf = (term: string) => FlexIndex | undefined;

/** Ends of the KEYWORD_NOT_RESIDENT message, saying why a term's partition is not at hand. */
const NOT_RESIDENT = 'is not resident; prepare(terms) loads it';
const NOT_IN_VIEW = "is not held by this view; prepare the query's terms (queryTerms) for it";

class PartitionedIndex implements KeywordIndex {
  constructor(
    private readonly ranking: Bm25f,
    /** Each partition's first term (partitionOf). */
    private readonly starts: readonly string[],
    readonly dictionary: TermDictionary,
    private readonly source: PartSource,
  ) {}

  get partitions(): number {
    return this.starts.length;
  }

  get size(): number {
    return this.ranking.size;
  }

  get options(): Readonly<KeywordOptions> {
    return this.ranking.options;
  }

  search(query: string, options: KeywordSearchOptions): KeywordHit[] {
    return this.searchTerms(queryTerms(query, options.lang, this.options), options.limit);
  }

  searchTerms(terms: readonly string[], limit?: number): KeywordHit[] {
    return this.ranking.search(exactGroups(terms), limit, this.residentPartOf, NOT_RESIDENT);
  }

  searchGroups(groups: readonly (readonly TermVariant[])[], limit?: number, within?: (doc: number) => boolean): KeywordHit[] {
    return this.ranking.search(groups, limit, this.residentPartOf, NOT_RESIDENT, within);
  }

  termStats(terms: readonly string[]): TermStat[] {
    return this.ranking.termStats(terms, this.residentPartOf, NOT_RESIDENT);
  }

  async prepare(terms: readonly string[]): Promise<KeywordView> {
    const indexes = [...new Set(terms.map((term) => partitionOf(term, this.starts)))];
    const parts = await Promise.all(indexes.map((index) => this.source.load(index)));
    const held = new Map(indexes.map((index, i) => [index, parts[i]]));
    const partOf: PartOf = (term) => held.get(partitionOf(term, this.starts));
    const searchGroups = (groups: readonly (readonly TermVariant[])[], limit?: number, within?: (doc: number) => boolean) =>
      this.ranking.search(groups, limit, partOf, NOT_IN_VIEW, within);
    const searchTerms = (terms: readonly string[], limit?: number) => searchGroups(exactGroups(terms), limit);
    return {
      search: (query, options) => searchTerms(queryTerms(query, options.lang, this.options), options.limit),
      searchTerms,
      searchGroups,
      termStats: (terms) => this.ranking.termStats(terms, partOf, NOT_IN_VIEW),
    };
  }

  /** A term's partition if resident now (a hit also marks it recently used in a lazy cache). */
  private readonly residentPartOf: PartOf = (term) => this.source.resident(partitionOf(term, this.starts));
}

/** BM25F over the field lengths; postings come from whichever partitions the caller hands in. */
class Bm25f {
  constructor(
    readonly size: number,
    readonly options: Readonly<KeywordOptions>,
    /** Per field (FIELD_NAMES order), per document: w_f / B_f(d). */
    private readonly factors: readonly Float64Array[],
  ) {}

  /**
   * `missing` ends the KEYWORD_NOT_RESIDENT message: why a partition is not at hand. `groups`: per
   * query concept, the terms it is matched by with their weights (one exact term per concept for a
   * plain query); `matched` lists, per hit, the concepts (their first term) it matched. `within`:
   * only the documents it accepts are hits.
   */
  search(groups: readonly (readonly TermVariant[])[], limit = this.options.defaultLimit, partOf: PartOf, missing: string, within?: (doc: number) => boolean): KeywordHit[] {
    if (groups.length === 0 || limit <= 0) return [];
    // Every partition is found before any work: a query fails whole, not after ranking half.
    const holders = groups.map((variants) => this.holders(variants.map((v) => v.term), partOf, missing));
    // Dense per-document accumulators instead of Maps: a common term's postings can cover most
    // sections, and a Worker has a few milliseconds of CPU per request; typed arrays keep the
    // inner loop allocation-free (Maps here showed 30+ ms GC pauses on the Astro docs).
    const scores = new Float64Array(this.size);
    const naming: Naming = { named: new Uint16Array(this.size), title: new Uint16Array(this.size), heading: new Uint16Array(this.size) };
    const hits: number[] = [];
    const isHit = new Uint8Array(this.size);
    // Per concept, the documents it contributed to: `matched` is listed for the returned hits only.
    // Built for every hit, it was one array per matching document — on a 135,000-section site a
    // common term matches nearly all of them, and those arrays (with a sort of every hit) were
    // most of the keyword route's time there.
    const contributedTo: number[][] = [];
    const pseudo = new Float64Array(this.size);
    const seenAtTerm = new Uint32Array(this.size);
    const namedAtConcept = new Uint32Array(this.size);
    // A concept's best weighted contribution per document, over its variants.
    const best = new Float64Array(this.size);
    const containing: number[] = [];
    let variantMark = 0;
    groups.forEach((variants, c) => {
      const docs: number[] = [];
      // A variant is a guess at the word typed: when the index holds that word, no variant counts as
      // rarer than it (a rare completion of a common word would otherwise outscore the word itself).
      let typedIdf = Infinity;
      variants.forEach((variant, v) => {
        containing.length = 0;
        this.accumulate(variant.term, holders[c]![v]!, ++variantMark, c + 1, pseudo, seenAtTerm, namedAtConcept, containing, naming);
        const rarity = Math.min(idf(this.size, containing.length), typedIdf);
        if (v === 0 && containing.length > 0) typedIdf = rarity;
        const weight = variant.weight * rarity;
        for (const doc of containing) {
          const contribution = weight * saturate(pseudo[doc], this.options.k1);
          pseudo[doc] = 0;
          if (contribution <= 0) continue;
          if (best[doc] === 0) docs.push(doc);
          if (contribution > best[doc]!) best[doc] = contribution;
        }
      });
      for (const doc of docs) {
        if (isHit[doc] === 0) {
          isHit[doc] = 1;
          hits.push(doc);
        }
        scores[doc] += best[doc]!;
        best[doc] = 0;
      }
      contributedTo.push(docs);
    });
    const top = topHits(within ? hits.filter(within) : hits, scores, limit);
    const matched = new Map<number, string[]>(top.map((doc) => [doc, []]));
    groups.forEach((variants, c) => {
      for (const doc of contributedTo[c]!) matched.get(doc)?.push(variants[0]!.term);
    });
    const all = groups.length;
    return top.map((doc) => ({
      doc,
      score: scores[doc]!,
      matched: matched.get(doc)!,
      namedTerms: naming.named[doc]!,
      namedByOneField: naming.title[doc] === all || naming.heading[doc] === all,
    }));
  }

  termStats(terms: readonly string[], partOf: PartOf, missing: string): TermStat[] {
    const holders = this.holders(terms, partOf, missing);
    // One mark per term, as search() does: no clearing of a per-section array between terms.
    const seenAtTerm = new Uint32Array(this.size);
    return terms.map((term, t) => {
      let df = 0;
      for (const field of FIELD_NAMES) {
        for (const docs of holders[t].slots(field, term)) {
          if (!docs) continue;
          for (const doc of docs) {
            if (seenAtTerm[doc] !== t + 1) {
              seenAtTerm[doc] = t + 1;
              df++;
            }
          }
        }
      }
      return { term, df, idf: idf(this.size, df) };
    });
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
   * Adds tf~(term, d) into `pseudo` for every document containing the term in any field and lists
   * those documents in `containing` (its length is the df). `mark` tells this term's documents
   * from earlier terms' in `seenAtTerm`; `namedMark` (its concept's) lets a document count a
   * concept as named once, however many of its variants or naming fields hold it, and once per
   * naming field: `namedAtTerm` holds the concept's mark shifted left by two, and in the low bits
   * the naming fields found holding it so far.
   */
  private accumulate(
    term: string,
    flex: FlexIndex,
    mark: number,
    namedMark: number,
    pseudo: Float64Array,
    seenAtTerm: Uint32Array,
    namedAtTerm: Uint32Array,
    containing: number[],
    naming: Naming,
  ): void {
    FIELD_NAMES.forEach((field, f) => {
      const factor = this.factors[f];
      const bit = NAMING_BITS[field];
      const perField = bit === TITLE_BIT ? naming.title : naming.heading;
      const slots = flex.slots(field, term);
      for (let slot = 0; slot < slots.length; slot++) {
        const docs = slots[slot];
        if (!docs) continue;
        const frequency = slot + 1;
        for (const doc of docs) {
          if (seenAtTerm[doc] !== mark) {
            seenAtTerm[doc] = mark;
            containing.push(doc);
          }
          pseudo[doc] += factor[doc] * frequency;
          // A document counts a concept as named once, however many naming fields hold it, and
          // once in each naming field that does.
          if (bit !== 0) {
            const stored = namedAtTerm[doc]!;
            const fields = stored >>> 2 === namedMark ? stored & 3 : 0;
            if ((fields & bit) === 0) {
              if (fields === 0) naming.named[doc]++;
              perField[doc]++;
              namedAtTerm[doc] = (namedMark << 2) | fields | bit;
            }
          }
        }
      }
    });
  }
}

/**
 * The `limit` best of `docs` by score (descending, ties by document ascending), without sorting
 * them all: a bounded heap whose root is the worst kept hit. O(n log limit) instead of
 * O(n log n) over every matching document.
 */
export function topHits(docs: readonly number[], scores: Float64Array, limit: number): number[] {
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
