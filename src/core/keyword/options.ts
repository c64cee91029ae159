/**
 * Every tunable of the keyword route, in one place with its meaning, range and default.
 *
 * The options are chosen at build time and stored in the index data, so the query side ranks with
 * exactly the parameters (and analyzes with exactly the analyzer settings) the index was built for.
 */
import { RecallBoxError } from '../errors.ts';
import { FIELD_NAMES, type FieldName } from '../analysis/fields.ts';
import { DEFAULT_ANALYZER_OPTIONS, type AnalyzerOptions } from '../analysis/segment.ts';
import { isRecord } from '../is-record.ts';

/** One number per searchable field. */
export type PerField = Readonly<Record<FieldName, number>>;

export interface KeywordOptions {
  /**
   * BM25F field weights w_f: a term occurrence in field f counts as w_f occurrences in the body.
   * Range ≥ 0 (0 makes a field unsearchable). Default title 8, headings 6, body 1.
   */
  weights: PerField;
  /**
   * BM25F length normalisation b_f per field: 0 ignores the field's length, 1 divides the term
   * frequency by (field length / average field length). Range 0..1. Default title 1,
   * headings 1, body 0.75.
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
 * sentence and there are no headings. The field weights and the title/heading b are therefore set
 * on docs sites, with the two lookups readers make most — a page by its title and a section by its
 * heading — as known-item query sets built from the Hono and Astro (en) docs (page-level
 * nDCG@10; `npm run eval:titles -- <docs> --out q.jsonl [--headings]`, then
 * `npx tsx scripts/keyword-sweep.ts <docs>=q.jsonl ../shared/datasets/cranfield --variant
 * name='{"weights":…,"b":…}'`), with Cranfield as a check that prose ranking does not suffer:
 *
 *   weights · b(title, headings)   Astro titles  Hono titles  Astro headings  Hono headings  Cranfield
 *   3/2/1 · .5/.5 (first version)   0.970        0.963        0.902           0.954          0.3780
 *   5/3/1 · 1/1                     0.996        0.982        0.933           0.966          0.3794
 *   8/4/1 · 1/1                     0.998        1.000        0.950           0.966          0.3814
 *   8/6/1 · 1/1  (default)          0.995        0.987        0.970           0.974          0.3814
 *   6/6/1 · 1/1                     0.992        0.961        0.970           0.977          0.3798
 *   8/6/1 · .75/.75                 0.995        0.978        0.968           0.974          0.3811
 *
 * With 3/2/1 a page titled "Routing" lost to pages whose long titles and bodies mention routes many
 * times: BM25F saturates the summed pseudo-frequency, so a title match was worth little more than a
 * few body mentions. Strong title and heading weights with full length normalisation (b = 1) on
 * those short fields make a title or heading that IS the query outrank one that merely contains it.
 * k1 and the body's b stay at the textbook values (Cranfield's optimum, k1 2.0, gains +0.005 on one
 * collection of long abstracts: no reason to saturate more slowly on short docs sections).
 *
 * maxTermFrequency: with k1 = 1.2 the saturation tf/(tf + K) is within 4% of its limit at tf = 32
 * for a field of average length, so capping there changes no measured figure, while every slot up
 * to the largest stored tf costs bytes in the export (an empty slot is a `null`).
 */
export const DEFAULT_KEYWORD_OPTIONS: Readonly<KeywordOptions> = Object.freeze({
  weights: Object.freeze({ title: 8, headings: 6, body: 1 }),
  b: Object.freeze({ title: 1, headings: 1, body: 0.75 }),
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

