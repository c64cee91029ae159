import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPack } from '../../src/indexer/build-pack.ts';
import { startNodeServer, type RunningNodeServer } from '../../src/server/node-server.ts';
import { PAGE_LIST_PATH } from '../../src/preview/routes.ts';
import { launchBrowser } from '../support/browser.ts';
import { markedAfter } from '../support/arrival.ts';

// `recall-box serve` as an owner previews their docs: the Node server on a pack of the fixture site
// with the package's widget (built by the browser suite's global setup), and Chromium reading it.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let dir: string;
let server: RunningNodeServer;
let browser: Browser;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'recall-box-serve-e2e-'));
  await buildPack(path.join(ROOT, 'test/fixtures/site'), dir);
  server = await startNodeServer({ packDir: dir, port: 0 });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('recall-box serve in Chromium', () => {
  it('lists the pages, and a result typed there opens its page at its heading with the words marked, under the page policy', async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
    await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { reportViolation(v: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`)));
    await page.goto(`${server.url}${PAGE_LIST_PATH}`);
    expect(await page.locator('main a[href="/guides/routing/"]').count()).toBe(1);

    const box = page.locator('recall-box#search');
    await box.locator('input').click();
    await page.keyboard.type('route parameters');
    const first = box.locator('[role="option"]').first();
    await first.waitFor({ timeout: 10_000 });
    await first.click();
    await page.waitForURL((url) => url.pathname === '/guides/routing/' && url.hash === '#route-parameters');
    await page.locator('h2#route-parameters').waitFor({ timeout: 10_000 });
    await expect.poll(() => markedAfter(page, 'route-parameters')).toEqual(expect.arrayContaining([{ text: expect.stringMatching(/^(route|parameter)/), after: true }]));
    // The page's own search box (the dialog) is there and styled: the widget ran under the policy.
    expect(await page.locator('recall-box[mode="modal"]').evaluate((el) => el.shadowRoot !== null)).toBe(true);
    expect(violations).toEqual([]);
    await page.close();
  });
});
