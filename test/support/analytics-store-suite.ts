/**
 * One suite for every analytics store (the D1 store in workerd, test/worker/analytics-store.test.ts;
 * the memory store `recall-box serve` uses, test/server/memory-analytics.test.ts): what a store
 * keeps and reads back, through its interface only, so the owners' page means the same on both.
 */
import { expect, it } from 'vitest';
import { ANALYTICS_DEFAULTS, type AnalyticsPolicy, type SearchEvent, type SearchOutcomeName } from '../../src/protocol/analytics.ts';
import type { AnalyticsStore } from '../../src/worker/analytics.ts';

/** A fresh, empty store keeping what `policy` says. */
export type MakeStore = (policy: AnalyticsPolicy) => Promise<AnalyticsStore>;

const event = (query: string, outcome: SearchOutcomeName, shownPages: string[], source: 'reader' | 'agent' = 'reader'): SearchEvent => ({
  query,
  lang: 'en',
  outcome,
  zeroResults: shownPages.length === 0,
  source,
  shownPages,
});
const MARCH = { from: '2026-03-01', to: '2026-03-31' };
// Written at once (ANALYTICS_FLUSH_MS 0): the suite reads right after each write.
const POLICY: AnalyticsPolicy = { ...ANALYTICS_DEFAULTS, flushMs: 0 };

export function analyticsStoreSuite(make: MakeStore): void {
  it("sums a period's searches per day and per query, by outcome and asker; a gap query counts its unanswered days only", async () => {
    const store = await make(POLICY);
    await store.recordSearch(event('deploy', 'answer', ['/a/', '/b/']), '2026-03-10T08:00:00Z');
    await store.recordSearch(event('deploy', 'answer', ['/a/']), '2026-03-10T09:00:00Z');
    await store.recordSearch(event('deploy', 'fallback', ['/b/'], 'agent'), '2026-03-11T09:00:00Z');
    await store.recordSearch(event('zebra', 'uncertain', []), '2026-03-10T10:00:00Z');
    await store.recordSearch(event('zebra', 'fallback', []), '2026-03-12T10:00:00Z');
    await store.recordSearch(event('february', 'answer', ['/a/']), '2026-02-20T10:00:00Z');
    const report = await store.report(MARCH, 10, 10);
    const counts = { answers: 0, uncertain: 0, fallbacks: 0, zeroResults: 0, agent: 0, clicks: 0 };
    expect(report.days).toEqual([
      { day: '2026-03-10', ...counts, searches: 3, answers: 2, uncertain: 1, zeroResults: 1 },
      { day: '2026-03-11', ...counts, searches: 1, fallbacks: 1, agent: 1 },
      { day: '2026-03-12', ...counts, searches: 1, fallbacks: 1, zeroResults: 1 },
    ]);
    expect(report.topQueries).toEqual([
      { query: 'deploy', lang: 'en', ...counts, searches: 3, answers: 2, fallbacks: 1, agent: 1, clickRankSum: 0 },
      { query: 'zebra', lang: 'en', ...counts, searches: 2, uncertain: 1, fallbacks: 1, zeroResults: 2, clickRankSum: 0 },
    ]);
    // zebra was never answered (2 days); deploy only on 03-11 (its answered day is not part of its gap).
    expect(report.gapQueries.map((q) => [q.query, q.searches])).toEqual([
      ['zebra', 2],
      ['deploy', 1],
    ]);
    expect(report.pages).toEqual(expect.arrayContaining([{ page: '/a/', shown: 2, clicks: 0 }, { page: '/b/', shown: 2, clicks: 0 }]));
    expect(report.pages).toHaveLength(2);
    expect(await store.topQueries(MARCH, 1)).toEqual([report.topQueries[0]]);
    expect((await store.report({ from: '2026-02-01', to: '2026-02-28' }, 10, 10)).topQueries.map((q) => q.query)).toEqual(['february']);
  });

  it("adds a click to its query's row of the day and to the page; a click on a query nobody searched that day adds no query", async () => {
    const store = await make(POLICY);
    await store.recordSearch(event('routing', 'answer', ['/a/']), '2026-03-10T08:00:00Z');
    await store.recordClick({ query: 'routing', rank: 3, page: '/b/' }, '/b/', '2026-03-10T08:01:00Z');
    await store.recordClick({ query: 'routing', rank: 1, page: '/a/' }, '/a/', '2026-03-10T08:02:00Z');
    await store.recordClick({ query: 'routing', rank: 1, page: '/a/' }, '/a/', '2026-03-11T08:02:00Z');
    await store.recordClick({ query: 'never searched', rank: 1, page: '/a/' }, '/a/', '2026-03-10T08:03:00Z');
    const report = await store.report(MARCH, 10, 10);
    expect(report.topQueries).toEqual([expect.objectContaining({ query: 'routing', searches: 1, clicks: 2, clickRankSum: 4 })]);
    expect(report.pages).toEqual([
      { page: '/a/', shown: 1, clicks: 3 },
      { page: '/b/', shown: 0, clicks: 1 },
    ]);
  });

  it('keeps at most maxRows query rows, the least searched and oldest dropped first: a flood pushes out no query asked twice', async () => {
    const store = await make({ ...POLICY, maxRows: 3, maxPageRows: 2 });
    await store.recordSearch(event('kept', 'answer', ['/kept/']), '2026-03-10T08:00:00Z');
    await store.recordSearch(event('kept', 'answer', ['/kept/']), '2026-03-10T08:00:01Z');
    for (let i = 0; i < 12; i++) await store.recordSearch(event(`flood ${i}`, 'fallback', [`/made-up/${i}/`]), '2026-03-10T09:00:00Z');
    const report = await store.report(MARCH, 10, 10);
    // The newest two flood rows stay: each new row pushes out the oldest row searched once.
    expect(report.topQueries.map((q) => q.query)).toEqual(['kept', 'flood 10', 'flood 11']);
    expect(report.pages.map((p) => p.page).sort()).toEqual(['/kept/', '/made-up/11/']);
  });

  it('drops the rows older than maxAgeDays once a newer search is written', async () => {
    const store = await make({ ...POLICY, maxAgeDays: 10 });
    await store.recordSearch(event('old', 'answer', ['/a/']), '2026-03-01T08:00:00Z');
    await store.recordSearch(event('recent', 'answer', ['/b/']), '2026-03-05T08:00:00Z');
    await store.recordSearch(event('new', 'answer', ['/c/']), '2026-03-14T08:00:00Z');
    const report = await store.report(MARCH, 10, 10);
    expect(report.topQueries.map((q) => q.query).sort()).toEqual(['new', 'recent']);
    expect(report.pages.map((p) => p.page).sort()).toEqual(['/b/', '/c/']);
  });
}
