/**
 * The README's pictures of the widget: docs/images/widget-light.png, widget-dark.png and
 * widget-phone.png. Run with `npx tsx scripts/screenshots.ts`.
 *
 * It starts the demo the way the end-to-end tests do (test/e2e/demo.test.ts): the widget bundle,
 * the demo page and a pack of this repository's docs/ in a temporary folder, served by the default
 * Worker under `wrangler dev` (bench/wrangler-dev.ts: its own process group, stopped as a whole),
 * and Debian's Chromium (test/support/browser.ts; `RECALL_BOX_CHROMIUM` points at another). It types
 * a query into the widget and saves each picture at a modest viewport, so the PNGs stay small.
 */
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { startWranglerDev, writeLazyPackConfig, type WranglerDev } from '../bench/wrangler-dev.ts';
import { buildPack } from '../src/indexer/build-pack.ts';
import { launchBrowser } from '../test/support/browser.ts';
import { buildWidget } from './build-widget.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'docs/images');
/** What the pictures show being typed: a query the demo page suggests. */
const QUERY = 'deploy worker';

interface Shot {
  file: string;
  context: BrowserContextOptions;
  /** The modal box (the header's button) rather than the inline one. */
  modal: boolean;
}

const SHOTS: readonly Shot[] = [
  { file: 'widget-light.png', context: { viewport: { width: 900, height: 600 }, colorScheme: 'light' }, modal: false },
  { file: 'widget-dark.png', context: { viewport: { width: 900, height: 600 }, colorScheme: 'dark' }, modal: false },
  // A phone: the dialog fills the screen (docs/widget.md, On phones).
  { file: 'widget-phone.png', context: { viewport: { width: 390, height: 700 }, colorScheme: 'light', isMobile: true, hasTouch: true }, modal: true },
];

async function shoot(browser: Browser, url: string, shot: Shot): Promise<void> {
  const context = await browser.newContext({ deviceScaleFactor: 1, ...shot.context });
  try {
    const page = await context.newPage();
    await page.goto(`${url}/`);
    const box = page.locator(shot.modal ? 'recall-box#search-modal' : 'recall-box#search');
    if (shot.modal) await box.locator('button').first().click();
    const input = box.locator('input');
    await input.click();
    await page.keyboard.type(QUERY, { delay: 40 });
    await box.locator('[role="option"]').first().waitFor({ timeout: 15_000 });
    // Let the answer card and the highlights settle (the widget debounces, then renders once).
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(OUT, shot.file) });
    console.log(`wrote docs/images/${shot.file}`);
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'recall-box-screenshots-'));
  let server: WranglerDev | undefined;
  let browser: Browser | undefined;
  try {
    const site = path.join(dir, 'site');
    await mkdir(site, { recursive: true });
    await buildWidget();
    await cp(path.join(ROOT, 'public'), site, { recursive: true, filter: (src) => !src.includes(`${path.sep}pack`) });
    await buildPack(path.join(ROOT, 'docs'), path.join(site, 'pack'), { now: () => new Date('2026-01-01T00:00:00Z') });
    const config = await writeLazyPackConfig(dir, 'recall-box-screenshots');
    server = await startWranglerDev({ config, timeoutMs: 90_000 });
    browser = await launchBrowser();
    await mkdir(OUT, { recursive: true });
    for (const shot of SHOTS) await shoot(browser, server.url, shot);
  } finally {
    await browser?.close();
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
