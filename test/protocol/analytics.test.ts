import { describe, expect, it } from 'vitest';
import { ANALYTICS_DEFAULTS, pageOfUrl, parseClickEvent, parsePeriod, readAnalyticsPolicy, searchEventOf, searchWrite } from '../../src/protocol/analytics.ts';
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
    expect(readAnalyticsPolicy({ ANALYTICS_MAX_ROWS: '100', ANALYTICS_MAX_AGE_DAYS: 'soon' }, warnings)).toMatchObject({ maxRows: 100, maxPageRows: 100, maxAgeDays: 90, redact: true });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/ANALYTICS_MAX_AGE_DAYS/);
  });
});
