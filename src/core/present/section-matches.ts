/**
 * A result's query matches from ONE pass over its searchable text (issue 19), which its snippet
 * (the matches in the prose or the code), its evidence (those in the whole text and in each
 * paragraph), the verdict and the correction all read: each used to analyse its own text again.
 * The pass reads only the stretches that can hold a query term (find-terms.ts); MMR compares
 * sections by term sets stored at build time (`sectionTerms`).
 * No token crosses a line break and the fields are joined by line breaks (fields.ts), so the tokens
 * of one part within the whole are exactly the part's own tokens, shifted.
 */
import { searchableLayout, searchableText, type SearchablePart } from '../analysis/fields.ts';
import { findTerms, probesOf } from '../analysis/find-terms.ts';
import { segment, type AnalyzerOptions, type Token } from '../analysis/segment.ts';
import { examinedPart, type TermMatch } from './snippet.ts';
import type { Section } from '../types.ts';

/** The distinct terms of a section's searchable text (its examined part): its term set, stored at build time for MMR (term-set.ts). */
export function sectionTerms(section: Section, analyzer: Partial<AnalyzerOptions>): Set<string> {
  return new Set(segment(examinedPart(searchableText(section)), section.lang, analyzer).map((t) => t.term));
}

export interface SectionMatches {
  /** searchableText(section). */
  full: string;
  /** Where its parts are in `full` (searchableLayout). */
  parts: readonly SearchablePart[];
  /** The query-term tokens of `full`'s examined part (MAX_EXAMINED_CHARS), in text order, offsets into `full`. */
  matches: Token[];
  /** Those in the section's prose, offsets into `section.text`. */
  text: TermMatch[];
  /** Those in the section's code, offsets into `section.code`. */
  code: TermMatch[];
}

/** The index of the first of `items` (in order of `start`) starting at or after `at`, by binary search; their length when none does. */
export function firstAtOrAfter(items: ReadonlyArray<{ start: number }>, at: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (items[mid]!.start < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The tokens lying wholly in [range.start, range.end). `tokens` are in text order (by start), so
 * the range's are one run found by binary search: each paragraph or sentence reads its own
 * matches only, where filtering every match for every one cost paragraphs × matches (issue 19).
 * What evidence.ts cuts paragraphs with and answer.ts sentences.
 */
export function tokensWithin(tokens: readonly Token[], range: { start: number; end: number }): Token[] {
  const out: Token[] = [];
  for (let i = firstAtOrAfter(tokens, range.start); i < tokens.length && tokens[i]!.start < range.end; i++) if (tokens[i]!.end <= range.end) out.push(tokens[i]!);
  return out;
}

/** The tokens of `matches` in [at, at + length), shifted to start at 0. */
export function matchesIn(matches: readonly Token[], at: number, length: number): TermMatch[] {
  const out: TermMatch[] = [];
  for (const m of matches) if (m.start >= at && m.end <= at + length) out.push({ start: m.start - at, end: m.end - at, term: m.term });
  return out;
}

/**
 * The query's matches in a section: the tokens of its examined searchable text whose term is one
 * of `queryTerms` (find-terms.ts, which reads only the stretches that can hold them). `probes`:
 * probesOf(queryTerms), computed once by a search for all its results.
 */
export function sectionMatches(
  section: Section,
  queryTerms: ReadonlySet<string>,
  analyzer: Partial<AnalyzerOptions>,
  probes: readonly string[] = probesOf(queryTerms),
  keep?: (token: Token, full: string) => boolean,
): SectionMatches {
  const { text: full, parts } = searchableLayout(section);
  const found = findTerms(examinedPart(full), section.lang, queryTerms, analyzer, probes);
  // `keep`: a match the search does not count (a completion the typed word does not begin: search/results.ts).
  const matches = keep ? found.filter((t) => keep(t, full)) : found;
  const partMatches = (name: 'text' | 'code') => {
    const part = parts.find((p) => p.name === name);
    return part ? matchesIn(matches, part.start, part.end - part.start) : [];
  };
  return { full, parts, matches, text: partMatches('text'), code: partMatches('code') };
}
