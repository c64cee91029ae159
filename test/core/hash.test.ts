import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fnv1a, fnv1aHex } from '../../src/core/hash.ts';

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
