/**
 * Query time: import the stored index once, then rank the union of per-term candidates by BM25F.
 */
import { FIELD_NAMES } from '../fields.ts';
import type { Lang } from '../types.ts';
import { fieldFactors, idf, saturate } from './bm25f.ts';
import { validateKeywordIndexData, type KeywordIndexData, type KeywordStats } from './data.ts';
import { analyze, createFlexIndex, type FlexIndex } from './flex.ts';
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
   * NAMING_FIELDS). Equal to the query's term count when the section is named by the query — what
   * a reader who types a heading expects first (see core/name-match.ts).
   */
  namedTerms: number;
}

/** The fields that name a section (page title + tags, and its own heading), as opposed to its body. */
export const NAMING_FIELDS: ReadonlySet<string> = new Set(['title', 'headings']);

export interface KeywordSearchOptions {
  /** Language to analyze the query in. */
  lang: Lang;
  /** Most hits to return; default `options.defaultLimit` of the index. */
  limit?: number;
}

export interface KeywordIndex {
  /** Number of documents the index was built over (including those without any term). */
  readonly size: number;
  /** The options the index was built with. */
  readonly options: Readonly<KeywordOptions>;
  /**
   * Hits sorted by score descending, ties by document ascending. A query without any index term
   * (empty, only stop words, only punctuation) has no hits; it is not an error.
   */
  search(query: string, options: KeywordSearchOptions): KeywordHit[];
  /**
   * Each of `terms` — already analysed as this index analyses (the query's concepts,
   * query-analysis.ts) — with the number of sections holding it (in any field) and the IDF BM25F
   * weighs it with: how rare, hence how telling, each concept is. A term no section holds has df 0
   * and the highest IDF.
   */
  termStats(terms: readonly string[]): TermStat[];
}

export interface TermStat {
  term: string;
  /** Sections holding the term in any field. */
  df: number;
  idf: number;
}

/**
 * Validates and imports a stored index; throws RecallBoxError('INDEX_CORRUPT', …) on malformed
 * data. Async to match the pack loader and leave room for chunked imports; the work itself is
 * synchronous and happens once per isolate: the returned index is never added to.
 */
export async function loadKeywordIndex(stored: KeywordIndexData): Promise<KeywordIndex> {
  const { data, chunks } = validateKeywordIndexData(stored);
  const { options, stats } = data;
  const flex = createFlexIndex(options.maxTermFrequency);
  // Chunks go in already parsed: validation had to parse them anyway, and parsing each twice
  // would double the largest cost of a Worker's cold start.
  for (const chunk of chunks) flex.importChunk(chunk.key, chunk.data);
  return rankingIndex(flex, stats, options);
}

/** Puts BM25F ranking over a filled FlexSearch index (imported, or freshly built in tests). */
export function rankingIndex(flex: FlexIndex, stats: KeywordStats, options: KeywordOptions): KeywordIndex {
  const factors = FIELD_NAMES.map((f) => fieldFactors(stats.fieldLengths[f], options.weights[f], options.b[f]));
  return new Bm25fIndex(flex, stats.docCount, options, factors);
}

class Bm25fIndex implements KeywordIndex {
  constructor(
    private readonly flex: FlexIndex,
    readonly size: number,
    readonly options: Readonly<KeywordOptions>,
    /** Per field (FIELD_NAMES order), per document: w_f / B_f(d). */
    private readonly factors: readonly Float64Array[],
  ) {}

  search(query: string, { lang, limit = this.options.defaultLimit }: KeywordSearchOptions): KeywordHit[] {
    const queryTerms = [...new Set(analyze(query, lang, this.options.analyzer))];
    if (queryTerms.length === 0 || limit <= 0) return [];
    // Dense per-document accumulators instead of Maps: a common term's postings can cover most
    // sections, and a Worker has a few milliseconds of CPU per request; typed arrays keep the
    // inner loop allocation-free (Maps here showed 30+ ms GC pauses on the Astro docs).
    const scores = new Float64Array(this.size);
    const named = new Uint16Array(this.size);
    const matched: string[][] = [];
    const hits: number[] = [];
    const pseudo = new Float64Array(this.size);
    const seenAtTerm = new Uint32Array(this.size);
    const containing: number[] = [];
    queryTerms.forEach((term, t) => {
      containing.length = 0;
      this.accumulate(term, t + 1, pseudo, seenAtTerm, containing, named);
      const weight = idf(this.size, containing.length);
      for (const doc of containing) {
        const contribution = weight * saturate(pseudo[doc], this.options.k1);
        pseudo[doc] = 0;
        if (contribution <= 0) continue;
        if (matched[doc] === undefined) {
          matched[doc] = [];
          hits.push(doc);
        }
        scores[doc] += contribution;
        matched[doc].push(term);
      }
    });
    return hits
      .map((doc) => ({ doc, score: scores[doc], matched: matched[doc], namedTerms: named[doc] }))
      .sort((a, b) => b.score - a.score || a.doc - b.doc)
      .slice(0, limit);
  }

  termStats(terms: readonly string[]): TermStat[] {
    // One mark per term, as search() does: no clearing of a per-section array between terms.
    const seenAtTerm = new Uint32Array(this.size);
    return terms.map((term, t) => {
      let df = 0;
      for (const field of FIELD_NAMES) {
        for (const docs of this.flex.slots(field, term)) {
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

  /**
   * Adds tf~(term, d) into `pseudo` for every document containing the term in any field and lists
   * those documents in `containing` (its length is the df). `mark` tells this term's documents
   * from earlier terms' in `seenAtTerm`.
   */
  private accumulate(term: string, mark: number, pseudo: Float64Array, seenAtTerm: Uint32Array, containing: number[], named: Uint16Array): void {
    // A document counts a term as named once, however many naming fields hold it.
    const namedAt = new Set<number>();
    FIELD_NAMES.forEach((field, f) => {
      const factor = this.factors[f];
      const naming = NAMING_FIELDS.has(field);
      const slots = this.flex.slots(field, term);
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
          if (naming && !namedAt.has(doc)) {
            namedAt.add(doc);
            named[doc]++;
          }
        }
      }
    });
  }
}
