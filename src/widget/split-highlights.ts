/**
 * Splitting a snippet into plain and highlighted runs, so the renderer can build `<mark>` elements
 * with `textContent` instead of concatenating HTML.
 */

/** One run of snippet text, either inside a highlight or between highlights. */
export interface TextSegment {
  text: string;
  highlighted: boolean;
}

/** `[start, end)` in UTF-16 code units, as the Worker sends them. */
export type HighlightRange = readonly [number, number];

/**
 * Splits `text` at the given highlight ranges.
 *
 * The ranges come over the network, so nothing about them is trusted: they may overlap, be
 * unsorted, reach outside the text, be reversed, hold non-integers, or not be pairs of numbers at
 * all. Bad ranges are clamped or dropped; overlapping and touching ranges are merged; a range edge
 * falling inside a surrogate pair is widened so an emoji is never cut into two lone halves.
 * Concatenating the returned texts always gives back `text` exactly; no segment is empty.
 */
export function splitHighlights(text: string, ranges: readonly HighlightRange[]): TextSegment[] {
  if (text === '') return [];
  const segments: TextSegment[] = [];
  let cursor = 0;
  for (const [start, end] of normalizeRanges(text, ranges)) {
    if (start > cursor) segments.push({ text: text.slice(cursor, start), highlighted: false });
    segments.push({ text: text.slice(start, end), highlighted: true });
    cursor = end;
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor), highlighted: false });
  return segments;
}

/** Valid, clamped, sorted, merged, non-empty ranges that respect surrogate pairs. */
function normalizeRanges(text: string, ranges: readonly HighlightRange[]): Array<[number, number]> {
  const clean: Array<[number, number]> = [];
  for (const range of Array.isArray(ranges) ? ranges : []) {
    if (!Array.isArray(range)) continue;
    const [rawStart, rawEnd] = range as unknown[];
    if (!isNumber(rawStart) || !isNumber(rawEnd)) continue;
    // Rounding outwards keeps every character the server meant to highlight; an edge between the
    // two halves of a surrogate pair moves outwards too.
    const start = clamp(Math.floor(rawStart), text.length);
    const end = clamp(Math.ceil(rawEnd), text.length);
    const edges: [number, number] = [splitsPair(text, start) ? start - 1 : start, splitsPair(text, end) ? end + 1 : end];
    if (edges[1] > edges[0]) clean.push(edges);
  }
  clean.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Array<[number, number]> = [];
  for (const range of clean) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push(range);
  }
  return merged;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && !Number.isNaN(v);

const clamp = (n: number, max: number): number => Math.min(max, Math.max(0, n));

/** Whether position `i` falls between the high and the low half of a surrogate pair. */
const splitsPair = (text: string, i: number): boolean => /^[\uD800-\uDBFF][\uDC00-\uDFFF]$/.test(text.slice(i - 1, i + 1));
