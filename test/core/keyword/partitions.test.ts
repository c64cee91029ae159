import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFlexIndex } from '../../../src/core/keyword/flex.ts';
import {
  COMPACT_PART_BYTES,
  LARGE_INDEX_PART_BYTES,
  partBytesFor,
  partitionCount,
  partitionExport,
  partitionOf,
  resolveKeywordStorageOptions,
  utf8Length,
} from '../../../src/core/keyword/partitions.ts';
import { DEFAULT_KEYWORD_RESIDENCY_OPTIONS } from '../../../src/core/keyword/residency.ts';
import { compareTerms } from '../../../src/core/keyword/dictionary.ts';

/** Sorted distinct terms beginning with '', as a head's starts are. */
const startsOf = (terms: string[]) => ['', ...[...new Set(terms)].filter((t) => t !== '').sort(compareTerms)];

describe('partitionOf', () => {
  it('is the last partition whose first term is ≤ the term', () => {
    const starts = ['', 'config', 'route'];
    expect(partitionOf('adapter', starts)).toBe(0);
    expect(partitionOf('config', starts)).toBe(1);
    expect(partitionOf('configur', starts)).toBe(1);
    expect(partitionOf('render', starts)).toBe(1);
    expect(partitionOf('route', starts)).toBe(2);
    expect(partitionOf('zod', starts)).toBe(2);
    expect(partitionOf('', starts)).toBe(0);
  });

  it('always names the partition whose range holds the term, and 0 for one partition', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.array(fc.string({ unit: 'binary' }), { maxLength: 30 }), (term, terms) => {
        const starts = startsOf(terms);
        const p = partitionOf(term, starts);
        expect(compareTerms(starts[p]!, term)).toBeLessThanOrEqual(0);
        if (p + 1 < starts.length) expect(compareTerms(term, starts[p + 1]!)).toBeLessThan(0);
        expect(partitionOf(term, [''])).toBe(0);
      }),
    );
  });
});

describe('partitionCount', () => {
  it('is ceil(bytes / partBytes), at least 1', () => {
    expect(partitionCount(0, 10)).toBe(1);
    expect(partitionCount(10, 10)).toBe(1);
    expect(partitionCount(11, 10)).toBe(2);
    expect(partitionCount(1000, 1)).toBe(1000);
  });
});

describe('partBytesFor', () => {
  const budget = DEFAULT_KEYWORD_RESIDENCY_OPTIONS.residentBytes;

  it("'auto': compact parts while the postings fit the default residency budget, smaller parts beyond it", () => {
    expect(LARGE_INDEX_PART_BYTES).toBeLessThan(COMPACT_PART_BYTES);
    expect(partBytesFor(0, 'auto')).toBe(COMPACT_PART_BYTES);
    expect(partBytesFor(budget, 'auto')).toBe(COMPACT_PART_BYTES);
    expect(partBytesFor(budget + 1, 'auto')).toBe(LARGE_INDEX_PART_BYTES);
    expect(partBytesFor(50 * budget, 'auto')).toBe(LARGE_INDEX_PART_BYTES);
  });

  it('a size given is used whatever the postings', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1 }), (total, partBytes) => {
        expect(partBytesFor(total, partBytes)).toBe(partBytes);
      }),
    );
  });

  it("resolves to 'auto' by default and keeps a size given; anything else is INVALID_OPTIONS", () => {
    expect(resolveKeywordStorageOptions()).toEqual({ partBytes: 'auto' });
    expect(resolveKeywordStorageOptions({ partBytes: 'auto' })).toEqual({ partBytes: 'auto' });
    expect(resolveKeywordStorageOptions({ partBytes: 4096 })).toEqual({ partBytes: 4096 });
    for (const partBytes of ['big', 0, 2.5, -1]) {
      expect(() => resolveKeywordStorageOptions({ partBytes } as never)).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
    }
  });
});

describe('partitionExport', () => {
  it('re-chunks each part to no more entries per chunk than FlexSearch used, and drops the register', () => {
    const exported = {
      'body.1.map': JSON.stringify([['a', [[0]]], ['b', [[1]]], ['c', [[0]]]]),
      'body.2.map': JSON.stringify([['d', [[1]]]]),
      'title.1.map': JSON.stringify([['a', [null, [1]]]]),
      '1.reg': '[0,1]',
    };
    const {
      parts: [part],
    } = partitionExport(exported, 1);
    expect(part).toEqual({
      'body.1.map': JSON.stringify([['a', [[0]]], ['b', [[1]]], ['c', [[0]]]]),
      'body.2.map': JSON.stringify([['d', [[1]]]]),
      'title.1.map': JSON.stringify([['a', [null, [1]]]]),
    });
  });

  it('gives back the same slots per term after FlexSearch import of every part', async () => {
    const flex = createFlexIndex(4);
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`);
    for (let d = 0; d < 10; d++) flex.add(d, { title: [words[d]], headings: [], body: words.filter((_, i) => i % (d + 1) === 0) });
    const { parts, starts } = partitionExport(await flex.export(), 7);
    expect(parts.length).toBeGreaterThan(1);
    const imported = parts.map((part) => {
      const copy = createFlexIndex(4);
      for (const [key, text] of Object.entries(part)) copy.importChunk(key, JSON.parse(text));
      return copy;
    });
    for (const word of words) {
      const home = imported[partitionOf(word, starts)];
      for (const field of ['title', 'body'] as const) {
        expect(JSON.stringify(home.slots(field, word)), `${field} ${word}`).toBe(JSON.stringify(flex.slots(field, word).map((s) => s ?? null)));
      }
    }
  });
  it('cuts sorted term ranges of about equal bytes, and lists every term once with its postings count', async () => {
    const flex = createFlexIndex(4);
    const words = Array.from({ length: 60 }, (_, i) => `t${String(i).padStart(2, '0')}`);
    for (let d = 0; d < 12; d++) flex.add(d, { title: [], headings: [words[d]!], body: words.filter((_, i) => i % (d + 1) === 0) });
    const { parts, starts, terms } = partitionExport(await flex.export(), 5);
    expect(parts).toHaveLength(5);
    expect(starts[0]).toBe('');
    expect(terms.map((t) => t.term)).toEqual([...words].sort(compareTerms));
    // t00 is in every document's body (12) and document 0's headings (1).
    expect(terms.find((t) => t.term === 't00')!.count).toBe(13);
    parts.forEach((part, i) => {
      const held = Object.values(part).flatMap((text) => (JSON.parse(text) as Array<[string, unknown]>).map(([term]) => term));
      for (const term of held) expect(partitionOf(term, starts), term).toBe(i);
    });
    // A prefix of consecutive terms reads at most the partitions its range spans: here t0… is in the first one or two.
    const prefixParts = new Set(words.filter((w) => w.startsWith('t0')).map((w) => partitionOf(w, starts)));
    expect(prefixParts.size).toBeLessThanOrEqual(2);
  });
});

describe('utf8Length', () => {
  it('equals the encoded length, surrogate pairs and lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        // A lone surrogate encodes as U+FFFD: three bytes, as counted.
        expect(utf8Length(s)).toBe(new TextEncoder().encode(s).length);
      }),
    );
  });
});
