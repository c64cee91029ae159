import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terms } from '../../src/core/analysis/segment.ts';
import { launchBrowser } from '../support/browser.ts';
import { SEGMENT_SAMPLES } from '../support/segment-samples.ts';

// src/core is meant to run unchanged in the browser. Here the analyzer itself is bundled for
// Chromium and must produce, from Chromium's ICU, exactly the terms Node produces.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let browser: Browser;
let bundle: string;

beforeAll(async () => {
  const out = await build({
    entryPoints: [path.join(root, 'src/core/analysis/segment.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'recallBoxSegment',
    platform: 'browser',
  });
  bundle = out.outputFiles[0]!.text;
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('segment() inside Chromium', () => {
  it('analyses Chinese, Japanese, Korean and English exactly as Node does', async () => {
    const page = await browser.newPage();
    await page.addScriptTag({ content: bundle });
    const inBrowser = await page.evaluate(
      (samples) =>
        samples.map((s) =>
          (globalThis as unknown as { recallBoxSegment: { terms(t: string, l: string): string[] } }).recallBoxSegment.terms(s.text, s.lang),
        ),
      SEGMENT_SAMPLES as Array<{ text: string; lang: string }>,
    );
    expect(inBrowser).toEqual(SEGMENT_SAMPLES.map((s) => terms(s.text, s.lang)));
    expect(inBrowser[0]!.length).toBeGreaterThan(3);
    await page.close();
  });
});
