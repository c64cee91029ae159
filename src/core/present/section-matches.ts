/**
 * A result's query matches from ONE pass over its searchable text (issue 19), which its snippet
 * (the matches in the prose or the code), its evidence (those in the whole text and in each
 * paragraph), the verdict and the correction all read: each used to analyse its own text again.
 * The pass reads only the stretches that can hold a query term (find-terms.ts); MMR compares
 * sections by term sets stored at build time (`sectionTerms`).
 * No token crosses a line break and the fields are joined by line breaks (fields.ts), so the tokens
 * of one part within the whole are exactly the part's own tokens, shifted.
 */
import { searchableOffsets, searchableText } from '../analysis/fields.ts';
import { findTerms } from '../analysis/find-terms.ts';
import { segment, type AnalyzerOptions, type Token } from '../analysis/segment.ts';
import { examinedPart, type TermMatch } from './snippet.ts';
import type { Section } from '../types.ts';

/** A section's searchable text, cut to the part snippets and evidence examine (MAX_EXAMINED_CHARS). */
function examinedText(section: Section): { full: string; examined: string } {
  const full = searchableText(section);
  return { full, examined: examinedPart(full) };
}

/** The distinct terms of a section's searchable text (its examined part): its term set, stored at build time for MMR (term-set.ts). */
export function sectionTerms(section: Section, analyzer: Partial<AnalyzerOptions>): Set<string> {
  return new Set(segment(examinedText(section).examined, section.lang, analyzer).map((t) => t.term));
}

export interface SectionMatches {
  /** searchableText(section). */
  full: string;
  /** The query-term tokens of `full`'s examined part (MAX_EXAMINED_CHARS), in text order, offsets into `full`. */
  matches: Token[];
  /** Those in the section's prose, offsets into `section.text`. */
  text: TermMatch[];
  /** Those in the section's code, offsets into `section.code`. */
  code: TermMatch[];
}

/** The tokens of `matches` in [at, at + length), shifted to start at 0. */
export function matchesIn(matches: readonly Token[], at: number, length: number): TermMatch[] {
  if (at < 0) return [];
  const out: TermMatch[] = [];
  for (const m of matches) if (m.start >= at && m.end <= at + length) out.push({ start: m.start - at, end: m.end - at, term: m.term });
  return out;
}

/**
 * The query's matches in a section: the tokens of its examined searchable text whose term is one
 * of `queryTerms` (find-terms.ts, which reads only the stretches that can hold them).
 */
export function sectionMatches(section: Section, queryTerms: ReadonlySet<string>, analyzer: Partial<AnalyzerOptions>): SectionMatches {
  const { full, examined } = examinedText(section);
  const offsets = searchableOffsets(section);
  const matches = findTerms(examined, section.lang, queryTerms, analyzer);
  return { full, matches, text: matchesIn(matches, offsets.text, section.text.length), code: matchesIn(matches, offsets.code, section.code.length) };
}
