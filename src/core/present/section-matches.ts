/**
 * A result's query matches from ONE analysis of its searchable text (issue 19), which MMR's term
 * sets come from too. The snippet reads the matches in the prose or the code, the evidence those in
 * the whole text and in each paragraph: each used to analyse its own text again, and MMR once more,
 * the largest share of a search's CPU.
 * No token crosses a line break and the fields are joined by line breaks (fields.ts), so the tokens
 * of one part within the whole are exactly the part's own tokens, shifted.
 */
import { searchableOffsets, searchableText } from '../analysis/fields.ts';
import { segment, type AnalyzerOptions, type Token } from '../analysis/segment.ts';
import { examinedLength, type TermMatch } from './snippet.ts';
import type { Section } from '../types.ts';

/** A section's searchable text analysed: every token of its examined part, and their distinct terms. */
export interface AnalysedSection {
  /** searchableText(section). */
  full: string;
  /** The tokens of `full`'s examined part (MAX_EXAMINED_CHARS), in text order. */
  tokens: Token[];
  /** Their distinct terms: what MMR compares sections by. */
  terms: ReadonlySet<string>;
  /** Where the prose and the code start in `full` (fields.ts searchableOffsets). */
  offsets: { text: number; code: number };
}

/** One analysis of the section's searchable text (its examined part), for MMR, the snippet and the evidence alike. */
export function analyseSection(section: Section, analyzer: Partial<AnalyzerOptions>): AnalysedSection {
  const full = searchableText(section);
  const tokens = segment(full.slice(0, examinedLength(full)), section.lang, analyzer);
  return { full, tokens, terms: new Set(tokens.map((t) => t.term)), offsets: searchableOffsets(section) };
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

/** The query's matches in a section, from its analysis (`analysed`, made here when not given). */
export function sectionMatches(
  section: Section,
  queryTerms: ReadonlySet<string>,
  analyzer: Partial<AnalyzerOptions>,
  analysed: AnalysedSection = analyseSection(section, analyzer),
): SectionMatches {
  const { full, offsets } = analysed;
  const matches = analysed.tokens.filter((t) => queryTerms.has(t.term));
  return { full, matches, text: matchesIn(matches, offsets.text, section.text.length), code: matchesIn(matches, offsets.code, section.code.length) };
}
