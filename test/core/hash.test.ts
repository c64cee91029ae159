import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fnv1a, FNV1A_START, fnv1aHex, fnv1aStep } from '../../src/core/hash.ts';

describe('fnv1aHex', () => {
  it('matches the published FNV-1a 32-bit test vectors for ASCII', () => {
    expect(fnv1aHex('')).toBe('811c9dc5');
    expect(fnv1aHex('a')).toBe('e40c292c');
    expect(fnv1aHex('foobar')).toBe('bf9cf968');
  });

  it('zero-pads a hash below 0x10000000 to 8 digits', () => {
    expect(fnv1aHex('q129')).toBe('011a04f2');
  });

  it('is always 8 lower-case hex digits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (s) => {
        expect(fnv1aHex(s)).toMatch(/^[0-9a-f]{8}$/);
      }),
      { numRuns: 300 },
    );
  });

  it('distinguishes strings that differ in one character, including non-ASCII', () => {
    expect(fnv1aHex('route')).not.toBe(fnv1aHex('routf'));
    expect(fnv1aHex('路由')).not.toBe(fnv1aHex('路'));
    expect(fnv1aHex('ab')).not.toBe(fnv1aHex('ba'));
  });

  it('hashes UTF-16 code units, so a CJK string gets the code-unit FNV-1a value', () => {
    // Reference value computed independently (per UTF-16 unit: xor, then multiply by 16777619 mod 2^32).
    expect(fnv1aHex('路由')).toBe('c0e24efd');
  });
});

describe('fnv1a', () => {
  it('is FNV-1a 32-bit as an unsigned integer (published test vectors for ASCII, where code units are bytes)', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });

  it('hashes UTF-16 code units whole (pinned: the embedding buckets stored in packs depend on it)', () => {
    // '路' is one code unit, 0x8DEF: (basis ^ 0x8DEF) · prime mod 2^32.
    expect(fnv1a('路')).toBe(Number((BigInt((0x811c9dc5 ^ 0x8def) >>> 0) * 0x01000193n) % 2n ** 32n));
  });

  it('is fnv1aStep over the code units from FNV1A_START', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (s) => {
        let h = FNV1A_START;
        for (let i = 0; i < s.length; i++) h = fnv1aStep(h, s.charCodeAt(i));
        expect(h >>> 0).toBe(fnv1a(s));
      }),
    );
  });
});
