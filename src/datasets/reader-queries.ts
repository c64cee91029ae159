/**
 * Queries that resemble what readers type, made from any docs folder with no labelling work: what
 * `recall-box calibrate` fits the verdict on. Title and heading queries alone (title-queries.ts)
 * are the docs' own words, typed whole; readers ask questions, paraphrase, and type half a word.
 * A verdict fitted on headings only learned that an answer looks like a heading, and refused real
 * questions (issue 17 reported calibration lowering the share of held-out reader questions answered).
 *
 * Each query is judged by the page it was made from (known-item), like a title query:
 *
 * - `title`, `heading`: the page's title, a section's heading (the lookups a reader makes);
 * - `question`: a heading asked as a question ("how do i" + the heading, lower-cased): the same
 *   words under the question strategy's model, which is the one reader questions are scored by;
 * - `sentence`: a sentence of the section's prose, cut to a question's length — the stand-in for
 *   a paraphrase: natural language that shares some of the section's words, not its heading.
 *
 * Titles cut mid-word or misspelt (query-variants.ts) are left out: their words are only partly
 * matched, so they look like a withheld page's queries, and fitting on them taught the model that
 * weak matches are answers (an ad hoc fit when the kinds were chosen, not kept as a command, did
 * not separate the held-out reader questions better with them, so the simpler set won). The widget does not show the fallback for a word still being typed anyway
 * (issue 16).
 *
 * Pure and deterministic: the same pages and seed give the same queries.
 */
import type { Page } from '../core/index.ts';
import { headingQueries, titleQueries, type TitleQuery } from './title-queries.ts';

export type ReaderQueryKind = 'title' | 'heading' | 'question' | 'sentence';

export interface ReaderQuery extends TitleQuery {
  kind: ReaderQueryKind;
}

export interface ReaderQueryOptions {
  /**
   * Most queries of each kind, evenly sampled in document order. Integer ≥ 1. Default 150: four
   * kinds make ≤ 600 queries, each searched once by `recall-box calibrate`, and each kind weighs
   * alike whatever the site's shape.
   */
  perKind: number;
  /**
   * Words a sentence query keeps (its first ones), and the fewest a sentence needs. Default 12 / 6:
   * about the length of the reader questions in bench/queries, so a sentence stands in for a
   * question, not for a paragraph.
   */
  sentenceWords: { min: number; max: number };
}

export const DEFAULT_READER_QUERY_OPTIONS: Readonly<ReaderQueryOptions> = Object.freeze({
  perKind: 150,
  sentenceWords: Object.freeze({ min: 6, max: 12 }),
});

/** Every k-th item so at most `n` remain, in order. */
function evenly<T>(items: readonly T[], n: number): T[] {
  const step = Math.max(1, Math.ceil(items.length / n));
  return items.filter((_, i) => i % step === 0);
}

/** A section's first prose sentence of at least `min` words, cut to its first `max` words; null if none. */
export function sentenceQuery(text: string, words: { min: number; max: number }): string | null {
  for (const sentence of text.split(/(?<=[.!?。！？])\s+/u)) {
    const tokens = sentence.replace(/[.!?。！？:;]+$/u, '').split(/\s+/u).filter(Boolean);
    if (tokens.length >= words.min) return tokens.slice(0, words.max).join(' ');
  }
  return null;
}

export function readerQueries(pages: readonly Page[], options: ReaderQueryOptions = DEFAULT_READER_QUERY_OPTIONS): ReaderQuery[] {
  const titles = titleQueries(pages).queries;
  const headings = headingQueries(pages);
  const sentences: TitleQuery[] = [];
  for (const page of pages) {
    for (const section of page.sections) {
      const query = sentenceQuery(section.text, options.sentenceWords);
      if (query !== null) sentences.push({ query, url: section.pageUrl });
    }
  }
  const kinds: Array<[ReaderQueryKind, readonly TitleQuery[]]> = [
    ['title', titles],
    ['heading', headings],
    ['question', headings.map((h) => ({ query: `how do i ${h.query.toLowerCase()}`, url: h.url }))],
    ['sentence', sentences],
  ];
  return kinds.flatMap(([kind, queries]) => evenly(queries, options.perKind).map((q) => ({ query: q.query, url: q.url, kind })));
}
