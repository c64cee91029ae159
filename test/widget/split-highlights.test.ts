import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitHighlights, type HighlightRange, type TextSegment } from '../../src/widget/split-highlights.ts';

/** A lone (unpaired) surrogate makes a string ill-formed: it renders as U+FFFD. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Compact form for assertions: highlighted runs in [brackets]. */
function show(segments: TextSegment[]): string {
  return segments.map((s) => (s.highlighted ? `[${s.text}]` : s.text)).join('');
}

describe('splitHighlights', () => {
  it('wraps each range and keeps the text between them', () => {
    expect(splitHighlights('install the worker', [[0, 7], [12, 18]])).toEqual([
      { text: 'install', highlighted: true },
      { text: ' the ', highlighted: false },
      { text: 'worker', highlighted: true },
    ]);
  });

  it('returns the whole text as one plain run when there are no ranges', () => {
    expect(splitHighlights('plain text', [])).toEqual([{ text: 'plain text', highlighted: false }]);
  });

  it('returns nothing for empty text, whatever the ranges', () => {
    expect(splitHighlights('', [[0, 3]])).toEqual([]);
  });

  it('sorts unsorted ranges', () => {
    expect(show(splitHighlights('abcdefgh', [[6, 8], [0, 2]]))).toBe('[ab]cdef[gh]');
  });

  it('merges overlapping, nested and touching ranges into one mark', () => {
    expect(show(splitHighlights('abcdefgh', [[1, 4], [2, 6]]))).toBe('a[bcdef]gh');
    expect(show(splitHighlights('abcdefgh', [[1, 7], [2, 3]]))).toBe('a[bcdefg]h');
    expect(show(splitHighlights('abcdefgh', [[1, 3], [3, 5]]))).toBe('a[bcde]fgh');
  });

  it('clamps ranges that reach outside the text', () => {
    expect(show(splitHighlights('abc', [[-5, 1]]))).toBe('[a]bc');
    expect(show(splitHighlights('abc', [[2, 99]]))).toBe('ab[c]');
  });

  it('drops ranges that are empty, reversed, entirely out of bounds or not numbers', () => {
    const bad = [
      [2, 2],
      [3, 1],
      [10, 20],
      [-9, -1],
      [Number.NaN, 2],
      ['0', '2'],
      [1],
      null,
      'oops',
    ] as unknown as HighlightRange[];
    expect(splitHighlights('abcd', bad)).toEqual([{ text: 'abcd', highlighted: false }]);
  });

  it('rounds fractional offsets outwards', () => {
    expect(show(splitHighlights('abcdef', [[1.5, 3.2]]))).toBe('a[bcd]ef');
  });

  it('treats Infinity as the end of the text', () => {
    expect(show(splitHighlights('abcdef', [[4, Number.POSITIVE_INFINITY]]))).toBe('abcd[ef]');
  });

  it('tolerates a non-array ranges value', () => {
    expect(splitHighlights('abc', null as unknown as HighlightRange[])).toEqual([{ text: 'abc', highlighted: false }]);
  });

  describe('unicode (offsets are UTF-16 code units)', () => {
    it('highlights CJK, accented and astral-plane text at the given offsets', () => {
      const text = 'Größe: 日本語のテキスト 🚀 launch';
      const at = (word: string): HighlightRange => [text.indexOf(word), text.indexOf(word) + word.length];
      const marks = splitHighlights(text, [at('テキスト'), at('🚀'), at('Größe')])
        .filter((s) => s.highlighted)
        .map((s) => s.text);
      expect(marks).toEqual(['Größe', 'テキスト', '🚀']);
    });

    it('widens a range that would cut a surrogate pair, never emitting a lone surrogate', () => {
      const text = 'a🚀b😀c'; // 🚀 is code units 1–2, 😀 is 4–5
      expect(show(splitHighlights(text, [[2, 3]]))).toBe('a[🚀]b😀c');
      expect(show(splitHighlights(text, [[2, 4]]))).toBe('a[🚀b]😀c');
      expect(show(splitHighlights(text, [[3, 5]]))).toBe('a🚀[b😀]c');
    });

    it('keeps a combining sequence as the server delimited it', () => {
      const text = 'cafe\u0301 au lait'; // "café" with a combining acute accent
      expect(splitHighlights(text, [[0, 5]])[0]).toEqual({ text: 'cafe\u0301', highlighted: true });
    });
  });

  describe('invariants for arbitrary ranges', () => {
    const rangesArb = fc.array(fc.tuple(fc.integer({ min: -5, max: 40 }), fc.integer({ min: -5, max: 40 })), {
      maxLength: 8,
    });

    it('concatenation gives back the text, no run is empty, and runs alternate', () => {
      fc.assert(
        fc.property(fc.string({ maxLength: 30, unit: 'grapheme' }), rangesArb, (text, ranges) => {
          const segments = splitHighlights(text, ranges);
          expect(segments.map((s) => s.text).join('')).toBe(text);
          for (const s of segments) expect(s.text).not.toBe('');
          for (let i = 1; i < segments.length; i++) {
            expect(segments[i].highlighted).not.toBe(segments[i - 1].highlighted);
          }
        }),
      );
    });

    it('never splits a well-formed string into ill-formed pieces', () => {
      fc.assert(
        fc.property(fc.string({ maxLength: 20, unit: 'grapheme' }), rangesArb, (text, ranges) => {
          for (const s of splitHighlights(text, ranges)) expect(s.text).not.toMatch(LONE_SURROGATE);
        }),
      );
    });

    it('highlights every in-bounds code unit a valid range covers', () => {
      fc.assert(
        fc.property(fc.string({ minLength: 1, maxLength: 30 }), rangesArb, (text, ranges) => {
          const covered = new Array<boolean>(text.length).fill(false);
          let pos = 0;
          for (const s of splitHighlights(text, ranges)) {
            covered.fill(s.highlighted, pos, pos + s.text.length);
            pos += s.text.length;
          }
          for (const [start, end] of ranges) {
            for (let i = Math.max(0, start); i < Math.min(end, text.length); i++) expect(covered[i]).toBe(true);
          }
        }),
      );
    });
  });
});
