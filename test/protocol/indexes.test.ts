import { describe, expect, it } from 'vitest';
import { parseIndexes, selectIndex, type IndexEntry } from '../../src/protocol/indexes.ts';
import { parseSearchRequest } from '../../src/protocol/request.ts';
import { DEFAULT_SEARCH_OPTIONS } from '../../src/core/search/options.ts';
import { codeOf } from '../support/errors.ts';

const INDEXES: IndexEntry[] = parseIndexes(JSON.stringify({ en: '/pack-en/', 'zh-cn': 'pack-zh', v2: { path: '/pack-v2/', languages: ['ja'] } }));

describe('parseIndexes', () => {
  it('keeps the order, normalises paths and takes a language-shaped name as the index language', () => {
    expect(INDEXES).toEqual([
      { name: 'en', path: '/pack-en/', languages: ['en'] },
      { name: 'zh-cn', path: '/pack-zh/', languages: ['zh-cn'] },
      { name: 'v2', path: '/pack-v2/', languages: ['ja'] },
    ]);
    expect(parseIndexes('{"v2": "/pack-v2/", "docs": "/d/"}').map((i) => i.languages)).toEqual([[], []]);
  });

  it.each([
    ['not JSON', '{en: /pack/}'],
    ['an array', '["/pack/"]'],
    ['empty', '{}'],
    ['a bad name', '{"a b": "/pack/"}'],
    ['no path', '{"en": {"languages": ["en"]}}'],
    ['an empty path', '{"en": " "}'],
    ['languages that are not tags', '{"en": {"path": "/p/", "languages": "en"}}'],
  ])('refuses a list that is %s', (_name, raw) => {
    expect(() => parseIndexes(raw)).toThrow();
  });
});

describe('selectIndex', () => {
  it('takes the named index first, whatever the language', () => {
    expect(selectIndex(INDEXES, { index: 'v2', lang: 'en' }).name).toBe('v2');
  });

  it('picks by exact language, then by base language, else the first', () => {
    expect(selectIndex(INDEXES, { lang: 'ja' }).name).toBe('v2');
    expect(selectIndex(INDEXES, { lang: 'zh' }).name).toBe('zh-cn');
    expect(selectIndex(INDEXES, { lang: 'en-us' }).name).toBe('en');
    expect(selectIndex(INDEXES, { lang: 'fr' }).name).toBe('en');
    expect(selectIndex(INDEXES, { lang: null }).name).toBe('en');
  });

  it('refuses a name it does not have with UNKNOWN_INDEX', () => {
    expect(codeOf(() => selectIndex(INDEXES, { index: 'v9', lang: null }))).toBe('UNKNOWN_INDEX');
  });
});

describe('parseSearchRequest: index', () => {
  const names = INDEXES.map((i) => i.name);
  it('accepts a known index and leaves it out when absent', () => {
    expect(parseSearchRequest({ q: 'x', index: 'v2' }, DEFAULT_SEARCH_OPTIONS, names).index).toBe('v2');
    expect(parseSearchRequest({ q: 'x', index: '' }, DEFAULT_SEARCH_OPTIONS, names)).not.toHaveProperty('index');
  });

  it('refuses an unknown index with 400 UNKNOWN_INDEX naming the known ones', () => {
    expect(() => parseSearchRequest({ q: 'x', index: 'v9' }, DEFAULT_SEARCH_OPTIONS, names)).toThrow(/UNKNOWN_INDEX.*en, zh-cn, v2/);
    expect(codeOf(() => parseSearchRequest({ q: 'x', index: 3 }, DEFAULT_SEARCH_OPTIONS, names))).toBe('BAD_REQUEST');
    expect(codeOf(() => parseSearchRequest({ q: 'x', index: 'en' }, DEFAULT_SEARCH_OPTIONS))).toBe('UNKNOWN_INDEX');
  });
});
