/**
 * A result's query matches from ONE analysis of its searchable text per query (issue 19). The
 * snippet reads the matches in the prose or the code, the evidence those in the whole text and in
 * each paragraph: each used to analyse its own text again, the largest share of a search's CPU.
 * No token crosses a line break and the fields are joined by line breaks (fields.ts), so the tokens
 * of one part within the whole are exactly the part's own tokens, shifted.
 */
import { searchableOffsets, searchableText } from '../analysis/fields.ts';
import { segment, type AnalyzerOptions, type Token } from '../analysis/segment.ts';
import { examinedLength, type TermMatch } from './snippet.ts';
import type { Section } from '../types.ts';

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

export function sectionMatches(section: Section, queryTerms: ReadonlySet<string>, analyzer: Partial<AnalyzerOptions>): SectionMatches {
  const full = searchableText(section);
  const matches = segment(full.slice(0, examinedLength(full)), section.lang, analyzer).filter((t) => queryTerms.has(t.term));
  const at = searchableOffsets(section);
  return { full, matches, text: matchesIn(matches, at.text, section.text.length), code: matchesIn(matches, at.code, section.code.length) };
}
