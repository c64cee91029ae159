import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeQueryKey, searchRequestKey } from '../../src/protocol/query-key.ts';

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

  it('gives an ASCII query the key the full normalisation gives (its fast path changes nothing)', () => {
    const full = (q: string) => q.normalize('NFKC').toLowerCase().normalize('NFKC').replace(/\s+/gu, ' ').trim();
    fc.assert(
      fc.property(fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)) }), (q) => {
        expect(normalizeQueryKey(q)).toBe(full(q));
      }),
    );
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


describe('searchRequestKey', () => {
  const base = { q: 'Deplo', limit: 10, lang: null };

  it('is one key for requests a reader calls the same search', () => {
    expect(searchRequestKey({ ...base, q: '  deplo' })).toBe(searchRequestKey(base));
  });

  it('keeps a finished last word apart from one being typed: they are read differently', () => {
    expect(searchRequestKey({ ...base, lastWordFinished: true })).not.toBe(searchRequestKey(base));
  });

  it('is the key it always was for a request without filters or facets (the same ETags and cache entries)', () => {
    expect(searchRequestKey(base)).toBe(['deplo', 10, '', '', '', '', '', ''].join('\u0000'));
    expect(searchRequestKey({ ...base, filters: {} })).toBe(searchRequestKey(base));
  });

  it('gives each set of filters its own key, whatever their order, and facets=1 its own', () => {
    const a = searchRequestKey({ ...base, filters: { pool: 'reference', tags: 'routing' } });
    expect(searchRequestKey({ ...base, filters: { tags: 'routing', pool: 'reference' } })).toBe(a);
    expect(a).not.toBe(searchRequestKey(base));
    expect(a).not.toBe(searchRequestKey({ ...base, filters: { pool: 'reference' } }));
    expect(a).not.toBe(searchRequestKey({ ...base, filters: { pool: 'reference', tags: 'routin' } }));
    // A value holding the separators cannot pass for two parts.
    expect(searchRequestKey({ ...base, filters: { pool: 'a","b' } })).not.toBe(searchRequestKey({ ...base, filters: { pool: 'a', b: '' } }));
    expect(searchRequestKey({ ...base, facets: true })).not.toBe(searchRequestKey(base));
  });
});
