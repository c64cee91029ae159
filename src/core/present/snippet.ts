import { findTerms } from '../analysis/find-terms.ts';
import type { AnalyzerOptions } from '../analysis/segment.ts';
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

/**
 * Most characters of a section's text that snippets and evidence analyse per query: the first
 * 32 KiB (UTF-16 units). Presentation analyses each result's text, so without a bound one huge
 * section made a query cost seconds (issue 19; `npm run bench` times such pages, see
 * bench/adversarial.ts). The longest section of the Astro en docs is 17,608 characters and of the
 * Hono docs 3,895 (the build summary's "longest section"), so no real section is cut; matches past
 * the bound are not shown and do not count towards evidence coverage.
 */
export const MAX_EXAMINED_CHARS = 32_768;

/**
 * How much of `text` presentation analyses: all of it up to MAX_EXAMINED_CHARS, else up to the
 * last white space before the bound (no token crosses white space, so none is cut in two), or the
 * bound itself in text without spaces.
 */
export function examinedLength(text: string, max = MAX_EXAMINED_CHARS): number {
  if (text.length <= max) return text.length;
  const space = text.slice(0, max + 1).search(/\s\S*$/u);
  return space > 0 ? space : max;
}

/** The part of `text` presentation analyses (examinedLength). */
export function examinedPart(text: string): string {
  return text.slice(0, examinedLength(text));
}

/** The query's matches in a text (its examined part): tokens whose analysed term is one of the query's terms. */
function findMatches(text: string, lang: Lang, queryTerms: ReadonlySet<string>, analyzer: Partial<AnalyzerOptions>): TermMatch[] {
  return findTerms(examinedPart(text), lang, queryTerms, analyzer);
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

/** A term match in a text: [start, end) UTF-16 offsets and the analysed term. */
export interface TermMatch {
  start: number;
  end: number;
  term: string;
}

/**
 * The window start that covers the most distinct query terms (then the most matches, then the
 * earliest). Candidate windows start `lead` characters before each match (never before 0) and are
 * `length` long; a match counts when it lies wholly inside. `matches` in text order (by start).
 *
 * One sliding pass (issue 19): candidate starts and ends only move right, so a match enters the
 * window once (when the window's end reaches its end) and leaves once (when the start passes its
 * start), and the counts are kept up to date instead of re-counting every match for every
 * candidate — O(n log n) for the sort by end, where re-counting was O(n²): a section repeating
 * the query's words 60,000 times took seconds per query. Chooses exactly the window re-counting
 * chose (a property test holds the two to each other).
 */
export function bestWindowStart(matches: readonly TermMatch[], length: number, lead: number): number {
  const byEnd = matches.map((_, i) => i).sort((a, b) => matches[a]!.end - matches[b]!.end || a - b);
  const entered = new Uint8Array(matches.length);
  const perTerm = new Map<string, number>();
  let count = 0;
  let nextToEnter = 0;
  let nextToLeave = 0;
  const add = (m: TermMatch, by: 1 | -1) => {
    const n = (perTerm.get(m.term) ?? 0) + by;
    if (n === 0) perTerm.delete(m.term);
    else perTerm.set(m.term, n);
    count += by;
  };
  let best = { start: 0, distinct: -1, count: -1 };
  for (const anchor of matches) {
    const start = Math.max(0, anchor.start - lead);
    const end = start + length;
    // Leaving: matches that start before the window (in text order; each leaves once).
    for (; nextToLeave < matches.length && matches[nextToLeave]!.start < start; nextToLeave++) {
      if (entered[nextToLeave] === 1) add(matches[nextToLeave]!, -1);
      entered[nextToLeave] = 2;
    }
    // Entering: matches whose end the window now reaches, unless they already left.
    for (; nextToEnter < byEnd.length && matches[byEnd[nextToEnter]!]!.end <= end; nextToEnter++) {
      const i = byEnd[nextToEnter]!;
      if (entered[i] !== 0 || matches[i]!.start < start) {
        entered[i] = 2;
        continue;
      }
      entered[i] = 1;
      add(matches[i]!, 1);
    }
    if (perTerm.size > best.distinct || (perTerm.size === best.distinct && count > best.count)) {
      best = { start, distinct: perTerm.size, count };
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

/** The excerpt of `text` around `matches` (its query-term tokens, in text order): the window with the most distinct terms, snapped to words, `…` at cuts. */
export function excerptOf(text: string, matches: readonly TermMatch[], kind: Snippet['kind'], options: SnippetOptions): Snippet {
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
  return snippetFrom(section, findMatches(section.text, section.lang, queryTerms, analyzer), () => findMatches(section.code, section.lang, queryTerms, analyzer), options);
}

/**
 * makeSnippet from matches found already (`textMatches` in the prose; `codeMatches`, asked for only
 * when the prose has none, in the code): for a search that analysed the section once (section-matches.ts).
 */
export function snippetFrom(
  section: { text: string; code: string },
  textMatches: readonly TermMatch[],
  codeMatches: () => readonly TermMatch[],
  options: SnippetOptions = DEFAULT_SNIPPET_OPTIONS,
): Snippet {
  if (textMatches.length > 0 || section.code.length === 0) return excerptOf(section.text, textMatches, 'text', options);
  const inCode = codeMatches();
  if (inCode.length > 0 || section.text.length === 0) return excerptOf(section.code, inCode, 'code', options);
  return excerptOf(section.text, [], 'text', options);
}
