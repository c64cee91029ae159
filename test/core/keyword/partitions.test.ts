import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFlexIndex } from '../../../src/core/keyword/flex.ts';
import { partitionCount, partitionExport, partitionOf, utf8Length } from '../../../src/core/keyword/partitions.ts';

/** The full 32-bit hash: partitionOf with 2^32 partitions is the identity on it. */
const fnv1a = (term: string) => partitionOf(term, 2 ** 32);

describe('partitionOf', () => {
  it('is FNV-1a 32-bit (published test vectors for ASCII, where code units are bytes)', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });

  it('hashes UTF-16 code units whole (pinned: the stored format depends on it)', () => {
    // '路' is one code unit, 0x8DEF: (basis ^ 0x8DEF) · prime mod 2^32.
    expect(fnv1a('路')).toBe(Number((BigInt((0x811c9dc5 ^ 0x8def) >>> 0) * 0x01000193n) % 2n ** 32n));
  });

  it('is always an integer in 0..partitions − 1, and 0 for one partition', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.integer({ min: 1, max: 100_000 }), (term, partitions) => {
        const p = partitionOf(term, partitions);
        expect(Number.isInteger(p) && p >= 0 && p < partitions).toBe(true);
        expect(partitionOf(term, 1)).toBe(0);
      }),
    );
  });

  it('spreads terms over the partitions', () => {
    const counts = new Array(8).fill(0);
    for (let i = 0; i < 8000; i++) counts[partitionOf(`term${i}`, 8)]++;
    for (const n of counts) expect(n).toBeGreaterThan(800);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses %s partitions', (partitions) => {
    expect(() => partitionOf('x', partitions)).toThrow(RangeError);
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

describe('partitionExport', () => {
  it('re-chunks each part to no more entries per chunk than FlexSearch used, and drops the register', () => {
    const exported = {
      'body.1.map': JSON.stringify([['a', [[0]]], ['b', [[1]]], ['c', [[0]]]]),
      'body.2.map': JSON.stringify([['d', [[1]]]]),
      'title.1.map': JSON.stringify([['a', [null, [1]]]]),
      '1.reg': '[0,1]',
    };
    const [part] = partitionExport(exported, 1);
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
    const parts = partitionExport(await flex.export(), 7);
    const imported = parts.map((part) => {
      const copy = createFlexIndex(4);
      for (const [key, text] of Object.entries(part)) copy.importChunk(key, JSON.parse(text));
      return copy;
    });
    for (const word of words) {
      const home = imported[partitionOf(word, 7)];
      for (const field of ['title', 'body'] as const) {
        expect(JSON.stringify(home.slots(field, word)), `${field} ${word}`).toBe(JSON.stringify(flex.slots(field, word).map((s) => s ?? null)));
      }
    }
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
