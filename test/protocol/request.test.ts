import { describe, expect, it } from 'vitest';
import { filtersFromQuery, parseSearchRequest, type RawSearchRequest } from '../../src/protocol/request.ts';
import { decodeQueryString } from '../../src/protocol/query-string.ts';
import { DEFAULT_SEARCH_OPTIONS } from '../../src/core/search/options.ts';
import { thrown } from '../support/errors.ts';

const parse = (raw: RawSearchRequest) => parseSearchRequest(raw, DEFAULT_SEARCH_OPTIONS);

const codeOf = (fn: () => unknown) => thrown(fn).code;

describe('parseSearchRequest: q', () => {
  it('trims the query and applies the default limit and no language', () => {
    expect(parse({ q: '  routing params' })).toEqual({ q: 'routing params', limit: 10, lang: null });
  });

  it('keeps, of trailing white space, only that the last word is finished', () => {
    expect(parse({ q: '  routing params \n' })).toEqual({ q: 'routing params', limit: 10, lang: null, lastWordFinished: true });
    expect(parse({ q: 'routing para' }).lastWordFinished).toBeUndefined();
  });

  it.each([['1', true], ['true', true], [true, true], [1, true], ['0', undefined], ['', undefined], [undefined, undefined], ['yes', undefined]])(
    'reads exact=%j as %j',
    (exact, wanted) => {
      expect(parse({ q: 'routing', exact }).exact).toBe(wanted);
    },
  );

  it.each([
    ['missing', {}],
    ['empty', { q: '' }],
    ['blank', { q: '  \t\n ' }],
  ])('rejects a %s query with QUERY_EMPTY', (_name, raw) => {
    expect(codeOf(() => parse(raw))).toBe('QUERY_EMPTY');
  });

  it.each([
    ['a number', 42],
    ['null', null],
    ['an array', ['routing']],
    ['an object', { q: 'routing' }],
    ['a boolean', true],
  ])('rejects a q that is %s with QUERY_EMPTY', (_name, q) => {
    expect(codeOf(() => parse({ q }))).toBe('QUERY_EMPTY');
  });

  it('counts the length in code points: 256 emoji (512 UTF-16 units) are accepted', () => {
    const q = '😀'.repeat(256);
    expect(q.length).toBe(512);
    expect(parse({ q }).q).toBe(q);
  });

  it('rejects 257 code points with QUERY_TOO_LONG', () => {
    expect(codeOf(() => parse({ q: '😀'.repeat(257) }))).toBe('QUERY_TOO_LONG');
    expect(codeOf(() => parse({ q: 'a'.repeat(257) }))).toBe('QUERY_TOO_LONG');
  });

  it('measures the length after trimming', () => {
    const q = 'a'.repeat(256);
    expect(parse({ q: `   ${q}   ` }).q).toBe(q);
  });

  it('follows maxQueryLength of the options it is given', () => {
    const options = { ...DEFAULT_SEARCH_OPTIONS, maxQueryLength: 3 };
    expect(parseSearchRequest({ q: '路由器' }, options).q).toBe('路由器');
    expect(codeOf(() => parseSearchRequest({ q: '路由器们' }, options))).toBe('QUERY_TOO_LONG');
  });
});

describe('parseSearchRequest: limit', () => {
  it.each([
    [1, 1],
    [50, 50],
    [7, 7],
    ['1', 1],
    ['50', 50],
    [' 12 ', 12],
  ])('accepts limit %j as %i', (limit, expected) => {
    expect(parse({ q: 'x', limit }).limit).toBe(expected);
  });

  it.each([undefined, null, ''])('uses the default limit for %j', (limit) => {
    expect(parse({ q: 'x', limit }).limit).toBe(DEFAULT_SEARCH_OPTIONS.defaultLimit);
  });

  it.each([0, 51, -1, 1.5, '1.5', 'ten', '0', '51', '-1', '1e1', 'Infinity', Number.NaN, true, [5], { n: 5 }])(
    'rejects limit %j with BAD_LIMIT',
    (limit) => {
      expect(codeOf(() => parse({ q: 'x', limit }))).toBe('BAD_LIMIT');
    },
  );

  it('follows maxLimit of the options it is given', () => {
    const options = { ...DEFAULT_SEARCH_OPTIONS, maxLimit: 5 };
    expect(parseSearchRequest({ q: 'x', limit: 5 }, options).limit).toBe(5);
    expect(codeOf(() => parseSearchRequest({ q: 'x', limit: 6 }, options))).toBe('BAD_LIMIT');
  });

  it('checks the query before the limit', () => {
    expect(codeOf(() => parse({ q: '', limit: 'ten' }))).toBe('QUERY_EMPTY');
  });
});

describe('parseSearchRequest: lang', () => {
  it.each([
    ['zh-CN', 'zh-cn'],
    ['zh_CN', 'zh-cn'],
    ['EN', 'en'],
    [' ja ', 'ja'],
  ])('normalises %j to %j', (lang, expected) => {
    expect(parse({ q: 'x', lang }).lang).toBe(expected);
  });

  it.each([undefined, null, ''])('treats lang %j as "any language"', (lang) => {
    expect(parse({ q: 'x', lang }).lang).toBeNull();
  });

  it.each(['not a lang', 'e', 'zh/cn', '123', 5, ['en'], { lang: 'en' }])('rejects lang %j with UNKNOWN_LANGUAGE', (lang) => {
    expect(codeOf(() => parse({ q: 'x', lang }))).toBe('UNKNOWN_LANGUAGE');
  });
});

describe('parseSearchRequest: characters no page holds', () => {
  it.each([
    ['a NUL', '\u0000'],
    ['control characters', '\u0000\u001b\u007f\u0085'],
    ['a lone high surrogate', '\ud800'],
    ['a lone low surrogate between spaces', ' \udc00 '],
  ])('answers a query of %s with QUERY_EMPTY', (_name, q) => {
    expect(codeOf(() => parse({ q }))).toBe('QUERY_EMPTY');
  });

  it('reads them as spaces between words, and a trailing one as a finished word', () => {
    expect(parse({ q: 'route\u0000params' }).q).toBe('route params');
    expect(parse({ q: 'route\ud800' })).toEqual({ q: 'route', limit: 10, lang: null, lastWordFinished: true });
    // An emoji is a surrogate pair, not two lone halves: kept.
    expect(parse({ q: 'deploy 🚀' }).q).toBe('deploy 🚀');
  });

  it('answers an index that is not a string with BAD_REQUEST saying so, and quotes at most 64 characters of an unknown one', () => {
    const wrong = thrown(() => parseSearchRequest({ q: 'x', index: ['default'] }, DEFAULT_SEARCH_OPTIONS, ['default']));
    expect(wrong.code).toBe('BAD_REQUEST');
    expect(wrong.message).toContain('index must be a string');
    const unknown = thrown(() => parseSearchRequest({ q: 'x', index: 'v'.repeat(300) }, DEFAULT_SEARCH_OPTIONS, ['default']));
    expect(unknown.code).toBe('UNKNOWN_INDEX');
    expect(unknown.message).not.toContain('v'.repeat(65));
  });

  it('quotes at most 64 characters of a bad language tag', () => {
    const error = thrown(() => parse({ q: 'x', lang: `<${'z'.repeat(999)}` }));
    expect(error.code).toBe('UNKNOWN_LANGUAGE');
    expect(error.message).toContain(`"<${'z'.repeat(63)}…"`);
  });
});

describe('parseSearchRequest: filters and facets', () => {
  it('takes a POST body\'s filters object, names sorted, values normalised as the build stores them', () => {
    expect(parse({ q: 'x', filters: { tags: '  routing \n basics ', pool: 'reference' } })).toEqual({
      q: 'x',
      limit: 10,
      lang: null,
      filters: { pool: 'reference', tags: 'routing basics' },
    });
    expect(Object.keys(parse({ q: 'x', filters: { version: 'v5', lang: 'en', pool: 'index' } }).filters!)).toEqual(['lang', 'pool', 'version']);
  });

  it('takes the query string\'s filter.<facet> parameters, the first of each name', () => {
    const params = decodeQueryString('?q=x&filter.pool=reference&filter.tags=a+b&filter.tags=c&filters=ignored&filter=ignored');
    expect(filtersFromQuery(params)).toEqual({ pool: 'reference', tags: 'a b' });
    expect(parse({ q: 'x', filters: filtersFromQuery(params) }).filters).toEqual({ pool: 'reference', tags: 'a b' });
    expect(filtersFromQuery(decodeQueryString('?q=x&lang=en'))).toBeUndefined();
  });

  it('sets no filter for an absent, null or empty value, or an empty object', () => {
    for (const filters of [undefined, null, {}, { pool: '' }, { pool: '   ' }, { pool: null }]) {
      expect(parse({ q: 'x', filters })).not.toHaveProperty('filters');
    }
    expect(parse({ q: 'x', filters: { pool: '', tags: 'a' } }).filters).toEqual({ tags: 'a' });
  });

  it('reads a lang filter as a language tag, one cache key per language; a value that is no tag stays as sent', () => {
    expect(parse({ q: 'x', filters: { lang: 'zh_CN' } }).filters).toEqual({ lang: 'zh-cn' });
    expect(parse({ q: 'x', filters: { lang: 'not a tag!' } }).filters).toEqual({ lang: 'not a tag!' });
  });

  it.each<[string, unknown]>([
    ['a string', 'pool=reference'],
    ['a list', [['pool', 'reference']]],
    ['a number', 5],
  ])('refuses filters that are %s with BAD_REQUEST', (_name, filters) => {
    const e = thrown(() => parse({ q: 'x', filters }));
    expect(e.code).toBe('BAD_REQUEST');
    expect(e.message).toContain('filters must be an object');
  });

  it.each<[string, unknown]>([
    ['a number', 5],
    ['a list of values', ['guides', 'reference']],
    ['an object', { value: 'guides' }],
    ['a boolean', true],
  ])('refuses a filter value that is %s with BAD_REQUEST naming the facet', (_name, value) => {
    const e = thrown(() => parse({ q: 'x', filters: { pool: value } }));
    expect(e.code).toBe('BAD_REQUEST');
    expect(e.message).toContain('the filter on "pool" must be a string');
  });

  it('refuses a value longer than any facet value (64 characters) with BAD_REQUEST, quoting at most 64 characters', () => {
    expect(parse({ q: 'x', filters: { tags: 'é'.repeat(64) } }).filters).toEqual({ tags: 'é'.repeat(64) });
    const e = thrown(() => parse({ q: 'x', filters: { tags: 'v'.repeat(500) } }));
    expect(e.code).toBe('BAD_REQUEST');
    expect(e.message).not.toContain('v'.repeat(65));
  });

  it('refuses more filters than a pack can have facets (10) with BAD_REQUEST', () => {
    const filters = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}`, 'x']));
    expect(codeOf(() => parse({ q: 'x', filters }))).toBe('BAD_REQUEST');
    expect(Object.keys(parse({ q: 'x', filters: Object.fromEntries(Object.entries(filters).slice(0, 10)) }).filters!)).toHaveLength(10);
  });

  it.each(['sidebar.order', '__proto__', '', '9lives', 'a'.repeat(33), 'tag s'])('refuses the facet name %j, which no facet can have, with UNKNOWN_FACET', (name) => {
    const filters = Object.create(null) as Record<string, string>;
    filters[name] = 'x';
    const e = thrown(() => parse({ q: 'x', filters }));
    expect(e.code).toBe('UNKNOWN_FACET');
    expect(e.message).not.toContain('a'.repeat(65));
  });

  it('reads filter.__proto__ from a query string as a name like any other (refused), not as the object\'s prototype', () => {
    const filters = filtersFromQuery(decodeQueryString('?q=x&filter.__proto__=x'));
    expect(Object.keys(filters!)).toEqual(['__proto__']);
    expect(codeOf(() => parse({ q: 'x', filters }))).toBe('UNKNOWN_FACET');
  });

  it('takes facets=1 (or true) as asking for the facet counts', () => {
    expect(parse({ q: 'x', facets: '1' }).facets).toBe(true);
    expect(parse({ q: 'x', facets: true }).facets).toBe(true);
    expect(parse({ q: 'x', facets: '0' })).not.toHaveProperty('facets');
  });
});
