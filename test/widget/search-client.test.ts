import { describe, expect, it } from 'vitest';
import { parseDebounce, WIDGET_DEFAULTS } from '../../src/widget/options.ts';
import { STRINGS } from '../../src/widget/strings.ts';
import { buildSearchUrl, errorMessage, parseFacetCounts, parseHits } from '../../src/widget/search-client.ts';

describe('buildSearchUrl', () => {
  it('resolves a site-relative endpoint against the page and encodes the query', () => {
    const url = buildSearchUrl('/search', { query: 'a&b = c/日本' }, 'https://docs.example.com/guides/page.html');
    expect(new URL(url).origin + new URL(url).pathname).toBe('https://docs.example.com/search');
    expect(new URL(url).searchParams.get('q')).toBe('a&b = c/日本');
  });

  it('passes limit and lang through only when set', () => {
    const withAll = new URL(buildSearchUrl('/search', { query: 'x', limit: '5', lang: 'ja' }, 'https://d.example/'));
    expect([...withAll.searchParams]).toEqual([['q', 'x'], ['limit', '5'], ['lang', 'ja']]);
    const bare = new URL(buildSearchUrl('/search', { query: 'x', limit: null, lang: '' }, 'https://d.example/'));
    expect([...bare.searchParams]).toEqual([['q', 'x']]);
  });

  it('keeps parameters already in an absolute endpoint', () => {
    const url = new URL(buildSearchUrl('https://search.example/api/search?site=docs', { query: 'x' }, 'https://d.example/'));
    expect(url.searchParams.get('site')).toBe('docs');
    expect(url.searchParams.get('q')).toBe('x');
  });
});

describe('parseHits', () => {
  it('reads well-formed results', () => {
    const hits = parseHits({
      query: 'install',
      results: [
        {
          id: '/a/#b',
          url: '/a/#b',
          title: 'B',
          breadcrumb: ['A', 'B'],
          lang: 'en',
          snippet: { text: 'install it', highlights: [[0, 7]], kind: 'code' },
          score: 1,
          rank: 1,
        },
      ],
    });
    expect(hits).toEqual([
      {
        id: '/a/#b',
        url: '/a/#b',
        title: 'B',
        breadcrumb: ['A', 'B'],
        lang: 'en',
        snippet: { text: 'install it', highlights: [[0, 7]], kind: 'code' },
      },
    ]);
  });

  it('drops results without a string url or title and repairs missing optional fields', () => {
    const hits = parseHits({
      results: [null, 'x', { title: 'no url' }, { url: '/u', title: 5 }, { url: '/ok', title: 'Ok', breadcrumb: ['A', 3, null], snippet: 'bad' }],
    });
    expect(hits).toEqual([
      { id: '/ok', url: '/ok', title: 'Ok', breadcrumb: ['A'], lang: undefined, snippet: { text: '', highlights: [], kind: 'text' } },
    ]);
  });

  it('keeps only array-shaped highlights', () => {
    const hits = parseHits({ results: [{ url: '/u', title: 'T', snippet: { text: 'abc', highlights: [[0, 1], 'x', 3] } }] });
    expect(hits?.[0].snippet.highlights).toEqual([[0, 1]]);
  });

  it('returns null when the body has no results array', () => {
    for (const body of [undefined, null, 'text', {}, { results: 'no' }]) expect(parseHits(body)).toBeNull();
  });
});

describe('errorMessage', () => {
  it('uses error.message from the Worker error body, capitalised to stand alone', () => {
    expect(errorMessage({ error: { code: 'BAD_LIMIT', message: 'limit must be 1–50.' } }, 400)).toBe('Limit must be 1–50.');
    expect(errorMessage({ error: { code: 'X', message: 'Already a sentence.' } }, 500)).toBe('Already a sentence.');
  });

  it('falls back to a message naming the status', () => {
    for (const body of [undefined, 'Bad Gateway', { error: 'x' }, { error: { message: '  ' } }]) {
      expect(errorMessage(body, 502)).toBe(`${STRINGS.en.failed} (HTTP 502)`);
    }
  });
});

describe('parseDebounce', () => {
  it('uses the attribute value in milliseconds', () => {
    expect(parseDebounce('0')).toBe(0);
    expect(parseDebounce('300')).toBe(300);
  });

  it('falls back to the default for missing or invalid values', () => {
    for (const value of [null, '', 'fast', '-1', 'NaN', 'Infinity']) expect(parseDebounce(value)).toBe(WIDGET_DEFAULTS.debounceMs);
  });

  it('clamps absurdly long debounces', () => {
    expect(parseDebounce('60000')).toBe(WIDGET_DEFAULTS.maxDebounceMs);
  });
});

describe('parseFacetCounts', () => {
  it('keeps well-formed {value, count} entries per facet, drops the rest', () => {
    const body = {
      facets: {
        pool: [{ value: 'guides', count: 3 }, { value: '', count: 1 }, { value: 'x', count: -1 }, { value: 'y' }, null, 'z', { value: 'reference', count: 0 }],
        version: 'v5',
        tags: [],
      },
    };
    expect(parseFacetCounts(body)).toEqual({ pool: [{ value: 'guides', count: 3 }, { value: 'reference', count: 0 }], tags: [] });
  });

  it('gives no facets for a body without them, or with junk there', () => {
    for (const body of [{}, null, 'x', { facets: [] }, { facets: 'pool' }]) expect(parseFacetCounts(body)).toEqual({});
  });
});
