/**
 * The FlexSearch `Document` that finds candidates, configured so that it holds exactly our terms
 * and, per (term, field, document), the term frequency the BM25F ranking needs.
 *
 * Two decisions make that work:
 *
 * 1. Our analyzer is the tokenizer. Text is analyzed with `segment()` (with the document's own
 *    language) BEFORE it reaches FlexSearch and handed over as terms joined by single spaces; the
 *    FlexSearch `encode` function only splits on those spaces. FlexSearch's own encoders
 *    re-normalise (every built-in charset splits `c.json` and `astro:content` at the punctuation;
 *    the Latin ones also rewrite letters, `getstaticpaths` → `ketstatekpaths`), so the whole
 *    identifier the analyzer keeps as a term of its own would not exist in the index, and the
 *    field lengths and matched terms would disagree with what `segment()` produced everywhere else.
 *    Pre-analysis is also the only way to analyze each document in its own language: a FlexSearch
 *    encoder is one function for the whole index.
 *
 * 2. Term frequency lives in FlexSearch's score slots. FlexSearch files a (term, document) pair in
 *    one of `resolution` slots chosen by a `score` function; ours returns tf − 1 (capped). A lookup
 *    with `resolve: false` returns the slots themselves, so the slot index gives back the tf. The
 *    export therefore already IS the postings-with-frequencies the ranking needs, and the pack
 *    carries no second inverted index next to it: the only extra statistics are field lengths.
 *
 * FlexSearch's own ranking (by position of the first occurrence) and its AND semantics for
 * multi-term queries are not used: candidates are the union of one single-term lookup per query
 * term and field, which by construction loses no document that contains a query term.
 */
import { Document } from 'flexsearch';
import type { DocumentData, DocumentOptions } from 'flexsearch';
import { FIELD_NAMES, type FieldName, type SectionFields } from '../analysis/fields.ts';
import { terms, type AnalyzerOptions } from '../analysis/segment.ts';
import type { Lang } from '../types.ts';

/** Terms handed to FlexSearch, per field. */
export type AnalyzedFields = Record<FieldName, string[]>;

/**
 * Slots of one term in one field: `slots[i]` lists the documents in which the term occurs
 * i + 1 times (the last slot: at least that many). Slots with no document are empty or null.
 */
export type TermSlots = ReadonlyArray<readonly number[] | null | undefined>;

export interface FlexIndex {
  /** Adds one document's analyzed fields under its position `id`. Build time only. */
  add(id: number, fields: AnalyzedFields): void;
  /** The slots of `term` in `field` (empty when the term does not occur there). */
  slots(field: FieldName, term: string): TermSlots;
  /** FlexSearch's own export: key → JSON string. */
  export(): Promise<Record<string, string>>;
  /** Imports one exported chunk, already parsed (see loadKeywordIndex for why). */
  importChunk(key: string, data: unknown): void;
  /**
   * FlexSearch's own multi-term search with `suggest` (OR-like) semantics, for measuring what it
   * would miss compared with the per-term union; not used for ranking.
   */
  suggest(query: string[], limit: number): number[];
}

/** Analyzes text into index terms. The terms never contain a space (the hand-over separator). */
export function analyze(text: string, lang: Lang, analyzer: AnalyzerOptions): string[] {
  // segment() terms are runs of word characters and joiners, so this split is a no-op today; it
  // keeps the join-on-space hand-over lossless even if a segmenter ever yields a spaced "word".
  return terms(text, lang, analyzer).flatMap((t) => (/\s/.test(t) ? t.split(/\s+/).filter((p) => p !== '') : [t]));
}

/** Analyzes a document's fields with its language. */
export function analyzeFields(fields: SectionFields, lang: Lang, analyzer: AnalyzerOptions): AnalyzedFields {
  return {
    title: analyze(fields.title, lang, analyzer),
    headings: analyze(fields.headings, lang, analyzer),
    body: analyze(fields.body, lang, analyzer),
  };
}

const splitOnSpace = (content: string): string[] => (content === '' ? [] : content.split(' '));

/** Creates an empty FlexSearch index whose slots record term frequencies up to `maxTermFrequency`. */
export function createFlexIndex(maxTermFrequency: number): FlexIndex {
  const document = new Document<DocumentData>(flexOptions(maxTermFrequency));
  return {
    add(id, fields) {
      document.add(id, {
        title: fields.title.join(' '),
        headings: fields.headings.join(' '),
        body: fields.body.join(' '),
      });
    },
    slots(field, term) {
      // `resolve: false` hands back FlexSearch's intermediate result: the term's slot array.
      const found = document.search(term, { field, resolve: false }) as unknown as { result?: TermSlots };
      return found.result ?? [];
    },
    async export() {
      const out: Record<string, string> = {};
      await document.export((key: string, data: string) => {
        out[key] = data;
      });
      return out;
    },
    importChunk(key, data) {
      // FlexSearch parses a string chunk itself but also accepts the parsed value; the types only
      // declare the string form.
      document.import(key, data as string);
    },
    suggest(query, limit) {
      const results = document.search(query.join(' '), { suggest: true, limit }) as Array<{ result: number[] }>;
      return [...new Set(results.flatMap((r) => r.result))];
    },
  };
}

function flexOptions(maxTermFrequency: number): DocumentOptions<DocumentData> {
  return {
    tokenize: 'strict',
    resolution: maxTermFrequency,
    encode: splitOnSpace,
    score: termFrequencySlot(maxTermFrequency),
    document: { id: 'id', index: [...FIELD_NAMES] },
  };
}

/**
 * FlexSearch calls `score(content, term, …)` once per distinct term of a field's content, with the
 * same `content` array for every term of that field. Counting is done once per content array
 * (remembered by identity) instead of once per term, which would be quadratic in the field length.
 */
function termFrequencySlot(maxTermFrequency: number): (content: string[], term: string) => number {
  let counted: string[] | undefined;
  let counts = new Map<string, number>();
  return (content, term) => {
    if (content !== counted) {
      counted = content;
      counts = new Map();
      for (const t of content) counts.set(t, (counts.get(t) ?? 0) + 1);
    }
    return Math.min(counts.get(term) ?? 1, maxTermFrequency) - 1;
  };
}
