import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWranglerDev } from '../../bench/wrangler-dev.ts';
import { ANALYTICS_CONFIG, seededAnalytics } from '../../bench/analytics-seed.ts';
import { launchBrowser } from '../support/browser.ts';

// The owners' page end to end (issue 53): the real Worker under `wrangler dev` (the test toml) on a
// local D1 kept in a temporary folder, migrated and seeded offline with `wrangler d1 … --local
// --persist-to`, 10,000 stored rows; Chromium logs in with the form, reads the chart's data, and
// takes the light and dark screenshots of docs/images/.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const config = ANALYTICS_CONFIG;
const TOKEN = 'e2e-owners-page-token-0123456789abcdef';
const SEEDED_ROWS = 10_000;
let server: { url: string; stop(): Promise<void> };
let browser: Browser;
let persistTo: string;

beforeAll(async () => {
  persistTo = await mkdtemp(path.join(tmpdir(), 'recall-box-admin-'));
  await seededAnalytics(persistTo, SEEDED_ROWS);
  server = await startWranglerDev({
    config,
    persistTo,
    vars: { ANALYTICS: 'on', ADMIN_TOKEN: TOKEN, ISSUES_URL: 'https://github.com/org/docs/issues/new', EDGE_CACHE: 'off' },
    timeoutMs: 90_000,
  });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (persistTo) await rm(persistTo, { recursive: true, force: true });
});


async function loaded(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('body[data-loaded=""]').waitFor({ timeout: 15_000 });
}

describe("the owners' page under wrangler dev", () => {
  it('logs in with the form, draws the period from the stored rows, and a reload without asking for them again', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const page = await context.newPage();
    const denied = await page.goto(`${server.url}/admin`);
    expect(denied!.status()).toBe(401);
    await page.locator('#token').fill('wrong');
    await page.locator('button[type=submit]').click();
    await expect.poll(() => page.locator('.error').textContent()).toMatch(/not the admin token/);
    await page.locator('#token').fill(TOKEN);
    await Promise.all([page.waitForURL(`${server.url}/admin`), page.locator('button[type=submit]').click()]);
    await page.locator('body[data-loaded=""]').waitFor({ timeout: 30_000 });
    const cookie = (await context.cookies()).find((c) => c.name === 'recall-box-admin');
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/admin' });

    // The chart's data is the API's: one bar group per day of the period, its searches as stored.
    const api = await (await fetch(`${server.url}/admin/api/report`, { headers: { authorization: `Bearer ${TOKEN}` } })).json() as {
      days: Array<{ day: string; searches: number }>;
      totals: { searches: number };
      gaps: Array<{ queries: string[]; issueUrl: string }>;
    };
    const bars = await page.locator('#chart svg g[data-day]').evaluateAll((gs) => gs.map((g) => ({ day: g.getAttribute('data-day'), searches: Number(g.getAttribute('data-searches')) })));
    expect(bars).toEqual(api.days.map((d) => ({ day: d.day, searches: d.searches })));
    expect(bars).toHaveLength(30);
    expect(api.totals.searches).toBeGreaterThan(SEEDED_ROWS);
    expect(await page.locator('#queries tbody tr').count()).toBe(50);
    // The two phrasings are one gap, with a new-issue link.
    expect(api.gaps[0]!.queries.length).toBeGreaterThan(1);
    expect(await page.locator('#gaps a', { hasText: 'New issue' }).first().getAttribute('href')).toMatch(/^https:\/\/github\.com\/org\/docs\/issues\/new\?title=/);

    // A reload draws the report the page came with: no request of its own for it (the load time
    // is `npm run bench:analytics`'s to measure, not a test's).
    const asked: string[] = [];
    page.on('request', (r) => void (r.url().includes('/admin/api/report') && asked.push(r.url())));
    await loaded(page, `${server.url}/admin`);
    expect(await page.locator('#chart svg g[data-day]').count()).toBe(api.days.length);
    expect(asked).toEqual([]);

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const file = path.join(root, `docs/images/admin-${scheme}.png`);
      await page.screenshot({ path: file, clip: { x: 0, y: 0, width: 1100, height: 900 } });
      expect((await stat(file)).size).toBeLessThan(200_000);
    }
    await context.close();
  });

  it('refuses the page and its API without auth, and an expired session after sign-out', async () => {
    expect((await fetch(`${server.url}/admin/api/report`)).status).toBe(401);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/admin`);
    await page.locator('#token').fill(TOKEN);
    await Promise.all([page.waitForURL(`${server.url}/admin`), page.locator('button[type=submit]').click()]);
    await page.locator('button', { hasText: 'Sign out' }).click();
    await page.locator('#token').waitFor();
    expect((await context.cookies()).find((c) => c.name === 'recall-box-admin')).toBeUndefined();
    await context.close();
  });
});
