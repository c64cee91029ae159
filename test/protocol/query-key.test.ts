import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fnv1a, normalizeQueryKey } from '../../src/protocol/query-key.ts';

describe('normalizeQueryKey', () => {
  it('lower-cases', () => {
    expect(normalizeQueryKey('Route PARAMS')).toBe('route params');
  });

  it('collapses runs of any whitespace to one space and trims', () => {
    expect(normalizeQueryKey('  route\t\n  params  ')).toBe('route params');
    // No-break and ideographic spaces count as whitespace too.
    expect(normalizeQueryKey('route\u00a0params\u3000config')).toBe('route params config');
  });

  it('folds compatibility forms (NFKC): full-width letters and digits meet their ASCII form', () => {
    expect(normalizeQueryKey('ＡＰＩ　２')).toBe('api 2');
    expect(normalizeQueryKey('ﬁle')).toBe('file');
  });

  it('gives composed and decomposed spellings one key', () => {
    expect(normalizeQueryKey('Cafe\u0301')).toBe(normalizeQueryKey('café'));
  });

  it('keeps CJK text unchanged', () => {
    expect(normalizeQueryKey('路由 参数')).toBe('路由 参数');
  });

  it('keeps different searches apart', () => {
    expect(normalizeQueryKey('route params')).not.toBe(normalizeQueryKey('routeparams'));
  });

  // Characters that exercise every step: case, width, compatibility forms, decomposed accents,
  // several kinds of whitespace, CJK, and the Turkish dotted capital I (lower-cases to two code points).
  const pieces = ['a', 'B', 'Ω', ' ', '  ', '\t', '\n', '\u00a0', '\u3000', 'Ａ', '２', 'ﬁ', 'é', 'e\u0301', '路', 'İ', 'ß'];

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 20 }).map((a) => a.join('')), (q) => {
        const once = normalizeQueryKey(q);
        expect(normalizeQueryKey(once)).toBe(once);
        expect(once).not.toMatch(/^\s|\s$|\s{2}/u);
      }),
    );
  });
  it('gives canonically equivalent lower-case spellings one key even after case mapping (İ + U+0316)', () => {
    const key = normalizeQueryKey('\u0130\u0316');
    expect(normalizeQueryKey(key)).toBe(key);
    expect(key).toBe(normalizeQueryKey('i\u0316\u0307'));
  });
});

describe('fnv1a', () => {
  it('matches the published FNV-1a 32-bit test vectors for ASCII', () => {
    expect(fnv1a('')).toBe('811c9dc5');
    expect(fnv1a('a')).toBe('e40c292c');
    expect(fnv1a('foobar')).toBe('bf9cf968');
  });

  it('zero-pads a hash below 0x10000000 to 8 digits', () => {
    expect(fnv1a('q129')).toBe('011a04f2');
  });

  it('is always 8 lower-case hex digits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (s) => {
        expect(fnv1a(s)).toMatch(/^[0-9a-f]{8}$/);
      }),
      { numRuns: 300 },
    );
  });

  it('distinguishes strings that differ in one character, including non-ASCII', () => {
    expect(fnv1a('route')).not.toBe(fnv1a('routf'));
    expect(fnv1a('路由')).not.toBe(fnv1a('路'));
    expect(fnv1a('ab')).not.toBe(fnv1a('ba'));
  });

  it('hashes UTF-16 code units, so a CJK string gets the code-unit FNV-1a value', () => {
    // Reference value computed independently (per UTF-16 unit: xor, then multiply by 16777619 mod 2^32).
    expect(fnv1a('路由')).toBe('c0e24efd');
  });
});
