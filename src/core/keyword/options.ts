/**
 * Every tunable of the keyword route, in one place with its meaning, range and default.
 *
 * The options are chosen at build time and stored in the index data, so the query side ranks with
 * exactly the parameters (and analyzes with exactly the analyzer settings) the index was built for.
 */
import { RecallBoxError } from '../errors.ts';
import { FIELD_NAMES, type FieldName } from '../fields.ts';
import { DEFAULT_ANALYZER_OPTIONS, type AnalyzerOptions } from '../segment.ts';

/** One number per searchable field. */
export type PerField = Readonly<Record<FieldName, number>>;

export interface KeywordOptions {
  /**
   * BM25F field weights w_f: a term occurrence in field f counts as w_f occurrences in the body.
   * Range ≥ 0 (0 makes a field unsearchable). Default title 3, headings 2, body 1.
   */
  weights: PerField;
  /**
   * BM25F length normalisation b_f per field: 0 ignores the field's length, 1 divides the term
   * frequency by (field length / average field length). Range 0..1. Default title 0.5,
   * headings 0.5, body 0.75.
   */
  b: PerField;
  /**
   * BM25 saturation k1: how fast repeated occurrences stop adding score (0 = presence only).
   * Range ≥ 0, typically 0.5..2. Default 1.2.
   */
  k1: number;
  /**
   * Largest term frequency stored per (term, field, document); larger counts are stored as this
   * value. It is also the number of FlexSearch score slots. Range integer 1..255. Default 32.
   */
  maxTermFrequency: number;
  /** Hits `search` returns when the caller gives no limit. Range integer ≥ 1. Default 50. */
  defaultLimit: number;
  /** Analyzer settings, applied identically to documents (build) and queries (search). */
  analyzer: AnalyzerOptions;
}

/**
 * Measured on Cranfield (1,400 abstracts, 225 queries, graded nDCG@10; title → title, text →
 * body; `npx tsx scripts/keyword-cranfield.ts --sweep`); Lunr 2.3.9 default pipeline in the same
 * run: 0.3744. One parameter changed from the defaults per row:
 *
 *   defaults (k1 1.2, b .5/.5/.75, weights 3/2/1)   0.3780
 *   weights 1/1/1                                   0.3681   (fields not weighed: −0.010)
 *   weights 2/1.5/1 · 5/3/1 · 10/5/1                0.3746 · 0.3791 · 0.3769
 *   b .75/.75/.75 · .3/.3/.75 · .5/.5/.5 · .5/.5/.9  0.3763 · 0.3759 · 0.3728 · 0.3763
 *   k1 0.9 · 1.5 · 2.0                              0.3714 · 0.3796 · 0.3831
 *   maxTermFrequency 8 · 255                        0.3772 · 0.3780 (export 608 · 610 KiB, as 32)
 *
 * Cranfield is a stand-in, not the target: every abstract repeats its title as its first
 * sentence and there are no headings. So the defaults stay at the textbook values (k1 1.2, b 0.75
 * for prose; b 0.5 for the short title/heading fields, whose length says little about topicality)
 * rather than the Cranfield optimum: +0.005 for k1 2.0 on one collection of long abstracts is no
 * reason to saturate more slowly on short docs sections. The weights are a moderate 3/2/1 order,
 * not fitted; Cranfield only confirms that weighing fields helps (+0.010 over equal weights) and
 * that the route stays above Lunr.
 *
 * maxTermFrequency: with k1 = 1.2 the saturation tf/(tf + K) is within 4% of its limit at tf = 32
 * for a field of average length, so capping there changes no measured figure, while every slot up
 * to the largest stored tf costs bytes in the export (an empty slot is a `null`).
 */
export const DEFAULT_KEYWORD_OPTIONS: Readonly<KeywordOptions> = Object.freeze({
  weights: Object.freeze({ title: 3, headings: 2, body: 1 }),
  b: Object.freeze({ title: 0.5, headings: 0.5, body: 0.75 }),
  k1: 1.2,
  maxTermFrequency: 32,
  defaultLimit: 50,
  analyzer: DEFAULT_ANALYZER_OPTIONS,
});

/** What callers may pass: any subset, with per-field numbers and analyzer settings merged field by field. */
export interface KeywordOptionsInput {
  weights?: Partial<PerField>;
  b?: Partial<PerField>;
  k1?: number;
  maxTermFrequency?: number;
  defaultLimit?: number;
  analyzer?: Partial<AnalyzerOptions>;
}

/** Merges `input` over the defaults and validates; throws RecallBoxError('INVALID_OPTIONS', …). */
export function resolveKeywordOptions(input: KeywordOptionsInput = {}): KeywordOptions {
  const d = DEFAULT_KEYWORD_OPTIONS;
  const options: KeywordOptions = {
    weights: { ...d.weights, ...input.weights },
    b: { ...d.b, ...input.b },
    k1: input.k1 ?? d.k1,
    maxTermFrequency: input.maxTermFrequency ?? d.maxTermFrequency,
    defaultLimit: input.defaultLimit ?? d.defaultLimit,
    analyzer: { ...d.analyzer, ...input.analyzer },
  };
  const problem = keywordOptionsProblem(options);
  if (problem !== undefined) throw new RecallBoxError('INVALID_OPTIONS', `keyword options: ${problem}`);
  return options;
}

/**
 * Describes the first thing wrong with a complete options value, or `undefined` if it is valid.
 * Shared by option resolution (INVALID_OPTIONS) and index loading (INDEX_CORRUPT).
 */
export function keywordOptionsProblem(value: unknown): string | undefined {
  if (!isRecord(value)) return 'not an object';
  for (const key of ['weights', 'b'] as const) {
    const perField = value[key];
    if (!isRecord(perField)) return `${key} is not an object`;
    for (const field of FIELD_NAMES) {
      const n = perField[field];
      if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) return `${key}.${field} must be a number ≥ 0`;
      if (key === 'b' && n > 1) return `b.${field} must be between 0 and 1`;
    }
  }
  if (typeof value.k1 !== 'number' || !Number.isFinite(value.k1) || value.k1 < 0) return 'k1 must be a number ≥ 0';
  const cap = value.maxTermFrequency;
  if (!Number.isInteger(cap) || (cap as number) < 1 || (cap as number) > 255) {
    return 'maxTermFrequency must be an integer between 1 and 255';
  }
  if (!Number.isInteger(value.defaultLimit) || (value.defaultLimit as number) < 1) {
    return 'defaultLimit must be an integer ≥ 1';
  }
  const analyzer = value.analyzer;
  if (!isRecord(analyzer)) return 'analyzer is not an object';
  for (const key of ['stem', 'stopWords', 'splitIdentifiers'] as const) {
    if (typeof analyzer[key] !== 'boolean') return `analyzer.${key} must be a boolean`;
  }
  return undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
