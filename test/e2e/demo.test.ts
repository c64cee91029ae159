import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWranglerDev } from '../../bench/wrangler-dev.ts';
import { launchBrowser } from '../support/browser.ts';
import { markedAfter } from '../support/arrival.ts';

// End to end, with real parts only: the pack built from test/fixtures/site, the Worker running in
// `wrangler dev` (workerd), the demo page and widget bundle served as its static assets, and Debian's
// Chromium typing into <recall-box>.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let server: { url: string; stop(): Promise<void> };
let browser: Browser;

beforeAll(async () => {
  server = await startWranglerDev({ config: path.join(root, 'test/wrangler.test.toml'), timeoutMs: 90_000 });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the demo page searching the fixture docs through the Worker', () => {
  it('shows highlighted results for a typed query and follows one to its section', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    // The demo page has two boxes: the inline one (#search) and the modal one in the header.
    const input = page.locator('recall-box#search').locator('input');
    await input.click();
    await page.keyboard.type('route parameters');

    const first = page.locator('recall-box#search').locator('[role="option"]').first();
    await first.waitFor({ timeout: 10_000 });
    // The section's URL, with the snippet's matched words for the highlight script (rb-highlight).
    const href = new URL((await first.getAttribute('href'))!, server.url);
    expect(href.pathname + href.hash).toBe('/guides/routing/#route-parameters');
    expect(href.searchParams.get('rb-highlight')?.split(' ')).toEqual(expect.arrayContaining([expect.stringMatching(/^(route|parameter)/)]));
    const marks = await page.locator('recall-box#search').locator('mark').allTextContents();
    expect(marks.map((m) => m.toLowerCase())).toEqual(expect.arrayContaining([expect.stringMatching(/^(route|parameter)/)]));

    await first.click();
    // The Worker renders the page from the pack (PREVIEW_PAGES): a page, not NOT_FOUND, whose
    // heading the link names, with the searched words marked in that section on arrival.
    await page.waitForURL((url) => url.pathname === '/guides/routing/' && url.hash === '#route-parameters');
    const heading = page.locator('h2#route-parameters');
    await heading.waitFor({ timeout: 10_000 });
    expect(await heading.textContent()).toMatch(/route parameters/i);
    await expect
      .poll(() => markedAfter(page, 'route-parameters'))
      .toEqual(expect.arrayContaining([{ text: expect.stringMatching(/^(route|parameter)/), after: true }]));
    // The highlight parameter is taken out of the address bar: a copied link is the plain page link.
    expect(new URL(page.url()).searchParams.has('rb-highlight')).toBe(false);
    await page.close();
  });

  it('narrows a search with the filter control: the Worker\'s pool counts, a chosen pool, fewer results within it', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    const box = page.locator('recall-box#search');
    await box.locator('input').click();
    await page.keyboard.type('route');
    const group = box.getByRole('radiogroup', { name: 'pool' });
    await group.waitFor({ timeout: 10_000 });
    const values = group.locator('[role="radio"][data-value]:not([data-value=""])');
    expect(await values.count()).toBeGreaterThanOrEqual(2);
    const before = await box.locator('[role="option"]').count();
    // The smallest pool: choosing it must narrow the answer to at most its count.
    const counts = (await group.locator('[part~="facet-count"]').allTextContents()).map(Number);
    const smallest = counts.indexOf(Math.min(...counts));
    const chosen = values.nth(smallest);
    const answered = page.waitForResponse((r) => new URL(r.url()).searchParams.has('filter.pool'));
    await chosen.click();
    const response = await answered;
    expect(response.status()).toBe(200);
    expect(await chosen.getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => box.locator('[role="option"]').count()).toBeLessThanOrEqual(Math.min(counts[smallest]!, before));
    expect(await box.locator('[role="option"]').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('works under the demo page\'s enforced Content-Security-Policy: no violation, the widget styled, the page\'s script run', async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const res = await page.goto(`${server.url}/`);
    const headers = res!.headers();
    expect(headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(headers['content-security-policy']).toMatch(/style-src 'self'/);
    expect(headers['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');

    const box = page.locator('recall-box#search');
    await box.locator('input').click();
    await page.keyboard.type('middleware');
    await box.locator('[role="option"]').first().waitFor({ timeout: 10_000 });
    // The screen-reader-only live region is positioned by the widget's stylesheet: without it the
    // element would be static, in the flow.
    expect(await box.locator('[data-live="polite"]').evaluate((e) => getComputedStyle(e).position)).toBe('absolute');
    // public/demo.js (the page's own script, a file so the policy needs no inline script) ran.
    await page.locator('#log').filter({ hasText: /result/ }).waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    await page.close();
  });
});
