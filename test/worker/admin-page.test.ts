import { applyD1Migrations, type D1Migration } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Env } from '../../src/worker/index.ts';
import { callIn } from '../support/worker-call.ts';
import type { D1Like } from '../../src/worker/gaps.ts';
import { sessionValue } from '../../src/admin/auth.ts';

// The owners' page (issue 53) inside workerd: who gets in (bearer, login form, cookie) and what it
// reports.

const testEnv = env as unknown as Env & { GAPS_DB: D1Like; TEST_MIGRATIONS: D1Migration[] };
const TOKEN = 'owners-page-token-0123456789abcdef';
const isolate = { ...testEnv, ANALYTICS: 'on', EDGE_CACHE: 'off', ADMIN_TOKEN: TOKEN, ISSUES_URL: 'https://github.com/org/docs/issues/new' };
const bearer = { authorization: `Bearer ${TOKEN}` };
const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

beforeAll(async () => {
  await applyD1Migrations(testEnv.GAPS_DB, testEnv.TEST_MIGRATIONS);
  // At once, as readers would: the default write window gathers them into one batch.
  await Promise.all(['route parameters', 'route parameters', 'middleware', 'deploying to kubernetes with helm', 'deploy kubernetes helm'].map((q) => callIn(isolate, `/search?q=${encodeURIComponent(q)}`)));
  await callIn(isolate, '/events', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ q: 'route parameters', rank: 1, url: '/guides/routing/#route-parameters' }) });
});

describe('the owners\' page: who gets in', () => {
  it('answers 401 without auth: the login form for the page, a typed error for its API', async () => {
    const page = await callIn(isolate, '/admin');
    expect(page.status).toBe(401);
    const html = await page.text();
    expect(html).toContain('<form method="post" action="/admin/login">');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).not.toContain('route parameters');
    for (const path of ['/admin/api/report', '/admin/api/queries.csv', '/admin/api/gaps.csv']) {
      const res = await callIn(isolate, path);
      expect([res.status, await codeOf(res)]).toEqual([401, 'UNAUTHORIZED']);
    }
  });

  it('lets in the bearer token and refuses a wrong one', async () => {
    expect((await callIn(isolate, '/admin', { headers: bearer })).status).toBe(200);
    expect((await callIn(isolate, '/admin/api/report', { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect((await callIn({ ...isolate, ADMIN_TOKEN: undefined }, '/admin/api/report', { headers: { authorization: 'Bearer ' } })).status).toBe(401);
  });

  it('logs in by the form with a session cookie, refuses a wrong token and an expired or forged cookie', async () => {
    const form = (token: string) => callIn(isolate, '/admin/login', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token }).toString(), redirect: 'manual' });
    const wrong = await form('not-the-token');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    expect(await wrong.text()).toContain('That is not the admin token.');

    const ok = await form(TOKEN);
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/admin');
    const setCookie = ok.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^recall-box-admin=\d+\.[\w-]{43}; Path=\/admin; Max-Age=28800; HttpOnly; Secure; SameSite=Strict$/);
    // Nothing of the token itself is in the cookie.
    expect(setCookie).not.toContain(TOKEN);
    const cookie = setCookie.split(';')[0]!;
    expect((await callIn(isolate, '/admin', { headers: { cookie } })).status).toBe(200);
    expect((await callIn(isolate, '/admin/api/report', { headers: { cookie } })).status).toBe(200);

    const expired = `recall-box-admin=${await sessionValue(TOKEN, Math.floor(Date.now() / 1000) - 1)}`;
    expect((await callIn(isolate, '/admin/api/report', { headers: { cookie: expired } })).status).toBe(401);
    const otherKey = `recall-box-admin=${await sessionValue('another-token', Math.floor(Date.now() / 1000) + 600)}`;
    expect((await callIn(isolate, '/admin/api/report', { headers: { cookie: otherKey } })).status).toBe(401);

    const out = await callIn(isolate, '/admin/logout', { method: 'POST', headers: { cookie }, redirect: 'manual' });
    expect(out.headers.get('set-cookie')).toMatch(/^recall-box-admin=; Path=\/admin; Max-Age=0;/);
  });

  it('serves its script and style as files, to anyone', async () => {
    const js = await callIn(isolate, '/admin/assets/admin.js');
    expect([js.status, js.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect((await callIn(isolate, '/admin/assets/admin.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
  });
});

describe('the owners\' page: what it reports', () => {
  it('reports the period day by day, top queries with clicks, grouped gaps with hints and issue links, pages', async () => {
    const res = await callIn(isolate, '/admin/api/report', { headers: bearer });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const r = (await res.json()) as {
      period: { from: string; to: string };
      days: Array<{ day: string; searches: number }>;
      totals: { searches: number; clicks: number };
      topQueries: Array<{ query: string; searches: number; clicks: number; meanClickedRank: number | null }>;
      gaps: Array<{ queries: string[]; count: number; hint: string | null; issueUrl: string | null; lookup: { nearest: unknown } | null }>;
      pages: { total: number; topClicked: Array<{ page: string; clicks: number }>; neverShown: string[]; neverShownCount: number };
    };
    expect(r.days).toHaveLength(30);
    expect(r.days.at(-1)!.day).toBe(r.period.to);
    expect(r.totals).toMatchObject({ searches: 5, clicks: 1 });
    expect(r.topQueries[0]).toMatchObject({ query: 'route parameters', searches: 2, clicks: 1, meanClickedRank: 1 });
    const helm = r.gaps.find((g) => g.queries.includes('deploy kubernetes helm'));
    expect(helm).toBeDefined();
    expect(helm!.queries).toHaveLength(2);
    expect(helm!.count).toBe(2);
    expect(helm!.hint).toMatch(/kubernetes|helm|section/i);
    expect(new URL(helm!.issueUrl!).origin + new URL(helm!.issueUrl!).pathname).toBe('https://github.com/org/docs/issues/new');
    expect(r.pages.topClicked[0]).toMatchObject({ page: '/guides/routing/', clicks: 1 });
    expect(r.pages.neverShown).not.toContain('/guides/routing/');
    expect(r.pages.neverShownCount).toBeGreaterThan(0);
    expect(r.pages.neverShownCount).toBeLessThan(r.pages.total);
  });

  it('exports CSV and refuses a bad period with BAD_PERIOD', async () => {
    const csv = await callIn(isolate, '/admin/api/queries.csv', { headers: bearer });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect((await csv.text()).split('\r\n')[0]).toBe('query,searches,answers,uncertain,fallbacks,zero_results,agent,clicks,mean_clicked_rank');
    // The gaps the page lists: the two helm phrasings one line, with what to write.
    const gaps = await callIn(isolate, '/admin/api/gaps.csv', { headers: bearer });
    expect(gaps.headers.get('content-disposition')).toMatch(/^attachment; filename="recall-box-gaps-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await gaps.text()).split('\r\n');
    expect(lines[0]).toBe('phrasings,unanswered,agent,cause,nearest_title,nearest_url,hint,issue_url');
    expect(lines.find((l) => l.includes('helm'))).toMatch(/^deploy(ing to)? kubernetes( with)? helm \| deploy(ing to)? kubernetes( with)? helm,2,0,/);
    const bad = await callIn(isolate, '/admin/api/report?from=2026-13-01', { headers: bearer });
    expect([bad.status, await codeOf(bad)]).toEqual([400, 'BAD_PERIOD']);
  });

  it('answers ANALYTICS_DISABLED when analytics are off', async () => {
    const res = await callIn({ ...testEnv, ADMIN_TOKEN: TOKEN }, '/admin/api/report', { headers: bearer });
    expect([res.status, await codeOf(res)]).toEqual([404, 'ANALYTICS_DISABLED']);
  });
});
