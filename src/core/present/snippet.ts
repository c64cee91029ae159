import { segment, type AnalyzerOptions } from '../analysis/segment.ts';
import type { Lang } from '../types.ts';

/** A piece of a section's text to show under a result, with the query's matches marked. */
export interface Snippet {
  text: string;
  /** [start, end) UTF-16 offsets into `text`, sorted and non-overlapping. */
  highlights: Array<[number, number]>;
  /** Whether the excerpt is prose or code, so the widget can render code as code. */
  kind: 'text' | 'code';
}

export interface SnippetOptions {
  /** Target length of the excerpt in characters (see DEFAULT_SEARCH_OPTIONS.snippetLength). */
  length: number;
  /**
   * Characters of context kept before the first match in the window. Range 0..length/2. A match at
   * the very start of an excerpt reads as if cut from nowhere; a few words before it orient the reader.
   */
  lead: number;
  /**
   * How far (characters) a cut may move to land on whitespace instead of mid-word. Scripts without
   * spaces (Chinese, Japanese) find none and are cut where the window ends.
   */
  snapDistance: number;
}

export const DEFAULT_SNIPPET_OPTIONS: Readonly<SnippetOptions> = Object.freeze({ length: 180, lead: 40, snapDistance: 20 });

const ELLIPSIS = '…';

interface Match {
  start: number;
  end: number;
  term: string;
}

/** The query's matches in a text: tokens whose analysed term is one of the query's terms. */
function findMatches(text: string, lang: Lang, queryTerms: ReadonlySet<string>, analyzer: Partial<AnalyzerOptions>): Match[] {
  return segment(text, lang, analyzer).filter((t) => queryTerms.has(t.term));
}

/** Merge overlapping spans: an identifier's whole token and its parts cover the same characters. */
export function mergeSpans(spans: Array<[number, number]>): Array<[number, number]> {
  const sorted = [...spans].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: Array<[number, number]> = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** The window start that covers the most distinct query terms (then the most matches, then the earliest). */
function bestWindowStart(matches: Match[], length: number, lead: number): number {
  let best = { start: 0, distinct: -1, count: -1 };
  for (const anchor of matches) {
    const start = Math.max(0, anchor.start - lead);
    const inside = matches.filter((m) => m.start >= start && m.end <= start + length);
    const distinct = new Set(inside.map((m) => m.term)).size;
    if (distinct > best.distinct || (distinct === best.distinct && inside.length > best.count)) {
      best = { start, distinct, count: inside.length };
    }
  }
  return best.start;
}

/**
 * Move a cut that falls mid-word forward to the next word start, but never past `stop` (the first
 * match in the window): a snippet built around a match must keep it.
 */
function snapStart(text: string, start: number, maxMove: number, stop: number): number {
  if (start <= 0 || /\s/.test(text[start - 1]!)) return start;
  const limit = Math.min(text.length, start + maxMove, stop);
  for (let i = start; i < limit; i++) if (/\s/.test(text[i]!)) return i + 1;
  return start;
}

function snapEnd(text: string, end: number, maxMove: number): number {
  if (end >= text.length) return text.length;
  const limit = Math.max(0, end - maxMove);
  for (let i = end; i > limit; i--) if (/\s/.test(text[i]!)) return i;
  return end;
}

function excerpt(text: string, matches: Match[], kind: Snippet['kind'], options: SnippetOptions): Snippet {
  const best = matches.length > 0 ? bestWindowStart(matches, options.length, options.lead) : 0;
  // A window that would run past the end is pulled back, so a short section is shown whole and a
  // match near the end keeps the context before it instead of an empty tail.
  const rawStart = Math.max(0, Math.min(best, text.length - options.length));
  const firstMatch = matches.find((m) => m.start >= rawStart)?.start ?? text.length;
  const start = snapStart(text, rawStart, options.snapDistance, firstMatch);
  const end = snapEnd(text, Math.min(text.length, start + options.length), options.snapDistance);
  const prefix = start > 0 ? ELLIPSIS : '';
  const suffix = end < text.length ? ELLIPSIS : '';
  const shift = prefix.length - start;
  const highlights = mergeSpans(
    matches.filter((m) => m.start >= start && m.end <= end).map((m): [number, number] => [m.start + shift, m.end + shift]),
  );
  return { text: prefix + text.slice(start, end) + suffix, highlights, kind };
}

/**
 * Build the snippet of a section for a query: from its prose when the prose matches, else from its
 * code when the code matches, else the start of the prose. Uses the same segment() as the index, so
 * what is highlighted is exactly what was matched.
 */
export function makeSnippet(
  section: { text: string; code: string; lang: Lang },
  queryTerms: ReadonlySet<string>,
  analyzer: Partial<AnalyzerOptions>,
  options: SnippetOptions = DEFAULT_SNIPPET_OPTIONS,
): Snippet {
  const textMatches = findMatches(section.text, section.lang, queryTerms, analyzer);
  if (textMatches.length > 0 || section.code.length === 0) return excerpt(section.text, textMatches, 'text', options);
  const codeMatches = findMatches(section.code, section.lang, queryTerms, analyzer);
  if (codeMatches.length > 0 || section.text.length === 0) return excerpt(section.code, codeMatches, 'code', options);
  return excerpt(section.text, [], 'text', options);
}
