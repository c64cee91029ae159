/**
 * Query time: rank the union of per-term candidates by BM25F (bm25f-scorer.ts), reading each
 * term's postings from the partition holding it (partitions.ts). The index answers synchronously from the partitions at
 * hand; `prepare` fetches the missing ones first (load.ts opens the index, residency.ts decides
 * what stays in memory).
 */
import { FIELD_NAMES } from '../analysis/fields.ts';
import type { Lang } from '../types.ts';
import { fieldFactors } from './bm25f.ts';
import { Bm25f, type KeywordHit, type PartOf, type TermStat } from './bm25f-scorer.ts';
import type { KeywordHead, KeywordStats } from './data.ts';
import { encodeDictionary, TermDictionary } from './dictionary.ts';
import { exactGroups, type TermVariant } from './expand.ts';
import type { FlexIndex } from './flex.ts';
import { queryConcepts } from '../analysis/query.ts';
import type { KeywordOptions } from './options.ts';
import { partitionOf } from './partitions.ts';

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
   * `signal`: the request's end (ResidentCache.get), for the others waiting on its reads.
   */
  prepare(terms: readonly string[], signal?: AbortSignal): Promise<KeywordView>;
}

/** The distinct analysed terms of `query`, in query order: exactly what `search` looks up. */
export function queryTerms(query: string, lang: Lang, options: KeywordOptions): string[] {
  return queryConcepts(query, lang, options.analyzer).concepts;
}

/** Where the partitions of an index come from: all in memory, or read on demand. */
export interface PartSource {
  /** The partition if in memory now, else undefined; never reads. */
  resident(index: number): FlexIndex | undefined;
  /** The partition, read if needed; `signal` as prepare's. */
  load(index: number, signal?: AbortSignal): Promise<FlexIndex>;
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

  async prepare(terms: readonly string[], signal?: AbortSignal): Promise<KeywordView> {
    const indexes = [...new Set(terms.map((term) => partitionOf(term, this.starts)))];
    const parts = await Promise.all(indexes.map((index) => this.source.load(index, signal)));
    const held = new Map(indexes.map((index, i) => [index, parts[i]]));
    const partOf: PartOf = (term) => held.get(partitionOf(term, this.starts));
    // The df of every term this view's searches looked up: a query's verdict asks termStats for
    // terms its keyword route has just counted, and would otherwise read their postings again.
    const counted = new Map<string, number>();
    const searchGroups = (groups: readonly (readonly TermVariant[])[], limit?: number, within?: (doc: number) => boolean) =>
      this.ranking.search(groups, limit, partOf, NOT_IN_VIEW, within, counted);
    const searchTerms = (terms: readonly string[], limit?: number) => searchGroups(exactGroups(terms), limit);
    return {
      search: (query, options) => searchTerms(queryTerms(query, options.lang, this.options), options.limit),
      searchTerms,
      searchGroups,
      termStats: (terms) => this.ranking.termStats(terms, partOf, NOT_IN_VIEW, counted),
    };
  }

  /** A term's partition if resident now (a hit also marks it recently used in a lazy cache). */
  private readonly residentPartOf: PartOf = (term) => this.source.resident(partitionOf(term, this.starts));
}

export type { KeywordHit, TermStat };
