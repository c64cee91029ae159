import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { LOOKUP_MEMO, registerAdminPage } from '../../src/admin/routes.ts';
import type { GapLookup } from '../../src/admin/report.ts';
import { memoryAnalyticsStore } from '../../src/server/memory-analytics.ts';

// The owners' page's routes on a plain Hono app and the memory store: what the page does with its
// gap lookups and the report it comes with (the Worker's own tests are test/worker/admin-page.test.ts).

const TOKEN = 'routes-test-token-0123456789abcdef';
const bearer = { authorization: `Bearer ${TOKEN}` };

async function ownersPage() {
  const store = memoryAnalyticsStore();
  const looked: string[] = [];
  let clock = Date.parse('2026-03-10T12:00:00Z');
  const lookup = async (q: string): Promise<GapLookup> => {
    looked.push(q);
    return { outcome: 'fallback', cause: 'not-covered', unknownWords: ['helm'], nearest: { title: 'Deploy', url: '/deploy/' } };
  };
  const app = new Hono();
  registerAdminPage(app, { adminToken: TOKEN, analytics: store, issuesUrl: null, lookup, pages: async () => ['/deploy/', '/never/'], now: () => clock });
  await store.recordSearch({ query: 'kubernetes helm', lang: 'en', outcome: 'fallback', zeroResults: false, source: 'reader', shownPages: ['/deploy/'] }, new Date(clock).toISOString());
  return { app, looked, advance: (ms: number) => (clock += ms) };
}

describe("the owners' page's routes", () => {
  it('searches a gap on the pack once per LOOKUP_MEMO.ttlMs, then again', async () => {
    const { app, looked, advance } = await ownersPage();
    const report = async () => (await (await app.request('/admin/api/report', { headers: bearer })).json()) as { gaps: Array<{ hint: string }> };
    expect((await report()).gaps[0]!.hint).toMatch(/helm/);
    await report();
    advance(LOOKUP_MEMO.ttlMs - 1);
    await report();
    expect(looked).toEqual(['kubernetes helm']);
    advance(1);
    await report();
    expect(looked).toEqual(['kubernetes helm', 'kubernetes helm']);
  });

  it('comes with the default period\'s report, the one the API gives', async () => {
    const { app } = await ownersPage();
    const html = await (await app.request('/admin', { headers: bearer })).text();
    const held = /<script type="application\/json" id="report">([\s\S]*?)<\/script>/.exec(html);
    expect(held).not.toBeNull();
    const api = await (await app.request('/admin/api/report', { headers: bearer })).json();
    expect(JSON.parse(held![1]!)).toEqual(api);
  });

  it('comes without a report when analytics are off: the page asks the API, which says why', async () => {
    const app = new Hono();
    registerAdminPage(app, { adminToken: TOKEN, analytics: null, issuesUrl: null, lookup: async () => Promise.reject(new Error('unused')), pages: async () => [] });
    expect(await (await app.request('/admin', { headers: bearer })).text()).not.toContain('id="report"');
  });
});
