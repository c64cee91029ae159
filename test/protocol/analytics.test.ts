import { describe, expect, it } from 'vitest';
import { ANALYTICS_DEFAULTS, clickWrite, mergeWrites, pageOfUrl, parseClickEvent, parsePeriod, readAnalyticsPolicy, searchEventOf, searchWrite } from '../../src/protocol/analytics.ts';
import { isRecallBoxError } from '../../src/core/index.ts';

const codeOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return isRecallBoxError(e) ? e.code : String(e);
  }
  return null;
};

describe('searchEventOf', () => {
  const answered = { outcome: 'answer' as const, lang: 'en', resultUrls: ['/a/#x', '/a/#y', '/b/', '/c/?q=1#z', '/d/', '/e/', '/f/'] };
  it('keys the query, keeps the distinct pages of the top results only, and skips debug requests', () => {
    const event = searchEventOf({ q: '  Deploy   VERCEL ' }, answered, 'reader');
    expect(event).toEqual({ query: 'deploy vercel', lang: 'en', outcome: 'answer', zeroResults: false, source: 'reader', shownPages: ['/a/', '/b/', '/c/', '/d/'] });
    expect(searchEventOf({ q: 'x', debug: true }, answered, 'reader')).toBeNull();
    expect(searchEventOf({ q: '   ' }, answered, 'reader')).toBeNull();
    expect(searchEventOf({ q: 'x' }, { ...answered, resultUrls: [] }, 'agent')).toMatchObject({ zeroResults: true, source: 'agent', shownPages: [] });
  });
  it('writes a redacted query, its day, one outcome bit and the age cap', () => {
    const event = searchEventOf({ q: 'my password is hunter2 mail a@b.example' }, { ...answered, outcome: 'fallback' }, 'agent')!;
    const w = searchWrite(event, '2026-03-10T23:59:59.999Z', ANALYTICS_DEFAULTS);
    expect(w.query).toBe('my password is <secret> mail <email>');
    expect([w.day, w.keepSince]).toEqual(['2026-03-10', '2025-12-10']);
    expect([w.answer, w.uncertain, w.fallback, w.agent]).toEqual([0, 0, 1, 1]);
  });
});

describe('parseClickEvent', () => {
  it('reads a beacon body and drops the anchor of its URL', () => {
    expect(parseClickEvent('{"q":" Routing  Basics","rank":2,"url":"/guide/routing/#params"}')).toEqual({ query: 'routing basics', rank: 2, page: '/guide/routing/' });
    expect(pageOfUrl('https://docs.example.com/a/?x#y')).toBe('https://docs.example.com/a/');
  });
  it.each([
    ['not json', 'nope'],
    ['an array', '[1]'],
    ['no query', '{"rank":1,"url":"/a/"}'],
    ['rank 0', '{"q":"a","rank":0,"url":"/a/"}'],
    ['rank 1.5', '{"q":"a","rank":1.5,"url":"/a/"}'],
    ['rank past the limit', '{"q":"a","rank":51,"url":"/a/"}'],
    ['no url', '{"q":"a","rank":1}'],
    ['a huge url', JSON.stringify({ q: 'a', rank: 1, url: `/${'x'.repeat(2_000)}` })],
    ['an index that is not a string', '{"q":"a","rank":1,"url":"/a/","index":3}'],
  ])('refuses %s with BAD_EVENT', (_name, body) => {
    expect(codeOf(() => parseClickEvent(body))).toBe('BAD_EVENT');
  });
});

describe('parsePeriod', () => {
  it('defaults to the last 30 days and checks what is given', () => {
    expect(parsePeriod(undefined, undefined, '2026-03-30')).toEqual({ from: '2026-03-01', to: '2026-03-30' });
    expect(parsePeriod('2026-01-01', '2026-01-31', '2026-03-30')).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    for (const [from, to] of [['2026-02-30', '2026-03-01'], ['yesterday', undefined], ['2026-03-02', '2026-03-01'], ['2024-01-01', '2026-01-01']] as const) {
      expect(codeOf(() => parsePeriod(from, to, '2026-03-30'))).toBe('BAD_PERIOD');
    }
  });
});

describe('readAnalyticsPolicy', () => {
  it('reads the caps and names what it cannot use', () => {
    const warnings: string[] = [];
    expect(readAnalyticsPolicy({ ANALYTICS_MAX_ROWS: '100', ANALYTICS_MAX_AGE_DAYS: 'soon' }, warnings)).toMatchObject({ maxRows: 100, maxPageRows: 100, maxAgeDays: 90, redact: true, flushMs: 1_000 });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/ANALYTICS_MAX_AGE_DAYS/);
  });
  it('reads the write window, 0 to 10 s', () => {
    const warnings: string[] = [];
    expect(readAnalyticsPolicy({ ANALYTICS_FLUSH_MS: '0' }, warnings).flushMs).toBe(0);
    expect(readAnalyticsPolicy({ ANALYTICS_FLUSH_MS: '10001' }, warnings).flushMs).toBe(ANALYTICS_DEFAULTS.flushMs);
    expect(warnings).toEqual([expect.stringMatching(/ANALYTICS_FLUSH_MS .* from 0 to 10000/)]);
  });
});

describe('mergeWrites', () => {
  const search = (q: string, outcome: 'answer' | 'uncertain' | 'fallback', at: string, pages: string[], source: 'reader' | 'agent' = 'reader', lang = 'en') =>
    searchWrite({ query: q, lang, outcome, zeroResults: pages.length === 0, source, shownPages: pages }, at, ANALYTICS_DEFAULTS);
  const click = (q: string, rank: number, page: string, at: string) => clickWrite({ query: q, rank, page }, page, at, ANALYTICS_DEFAULTS);

  it('sums each (day, query) and (day, page) row once, whatever the batch gathered', () => {
    const batch = mergeWrites(
      [
        search('deploy', 'answer', '2026-03-10T10:00:00Z', ['/a/', '/b/']),
        search('deploy', 'fallback', '2026-03-10T11:00:00Z', [], 'agent', 'de'),
        search('deploy', 'answer', '2026-03-11T00:00:01Z', ['/a/']),
        search('zebra', 'uncertain', '2026-03-10T12:00:00Z', ['/b/']),
      ],
      [click('deploy', 2, '/b/', '2026-03-10T12:00:00Z'), click('deploy', 1, '/c/', '2026-03-10T13:00:00Z'), click('gone', 1, '/a/', '2026-03-10T13:00:00Z')],
    );
    expect(batch.queries).toEqual([
      // The day's last search names the row's language, as a row written search by search would.
      { day: '2026-03-10', query: 'deploy', lang: 'de', searches: 2, answers: 1, uncertain: 0, fallbacks: 1, zeroResults: 1, agent: 1 },
      { day: '2026-03-11', query: 'deploy', lang: 'en', searches: 1, answers: 1, uncertain: 0, fallbacks: 0, zeroResults: 0, agent: 0 },
      { day: '2026-03-10', query: 'zebra', lang: 'en', searches: 1, answers: 0, uncertain: 1, fallbacks: 0, zeroResults: 0, agent: 0 },
    ]);
    expect(batch.pages).toEqual([
      { day: '2026-03-10', page: '/a/', shown: 1, clicks: 1 },
      { day: '2026-03-10', page: '/b/', shown: 2, clicks: 1 },
      { day: '2026-03-11', page: '/a/', shown: 1, clicks: 0 },
      { day: '2026-03-10', page: '/c/', shown: 0, clicks: 1 },
    ]);
    // A click on a query no search of the batch made stays: the store adds it only to a row that exists.
    expect(batch.clicks).toEqual([
      { day: '2026-03-10', query: 'deploy', clicks: 2, rankSum: 3 },
      { day: '2026-03-10', query: 'gone', clicks: 1, rankSum: 1 },
    ]);
    // The newest search's age limit: 90 days before 2026-03-11.
    expect(batch.keepSince).toBe('2025-12-11');
  });

  it('writes nothing for nothing, and no age limit for clicks alone', () => {
    expect(mergeWrites([], [])).toEqual({ queries: [], pages: [], clicks: [], keepSince: '' });
    expect(mergeWrites([], [click('x', 1, '/a/', '2026-03-10T00:00:00Z')]).keepSince).toBe('');
  });
});
