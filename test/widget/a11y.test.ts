/**
 * Accessibility scans (axe-core, run inside Chromium over the page and the widget's open shadow
 * root) in the inline, modal, results and fallback states, light and dark, and screenshots of the
 * same states written to test/.generated/screenshots/ for a person to look at.
 */
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { STRINGS } from '../../src/widget/strings.ts';
import { answer, answeredResults, lowAnswer, sampleResults, useWidgetHarness, withFacets } from '../support/widget-harness.ts';

const h = useWidgetHarness({ viewport: { width: 820, height: 620 } });
const EN = STRINGS.en;
const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
export const SCREENSHOT_DIR = fileURLToPath(new URL('../.generated/screenshots/', import.meta.url));

/** A docs-like page around the widget, following the color scheme like a real docs site would. */
const PAGE_HEAD = `<meta name="color-scheme" content="light dark"><style>
  body{font:16px/1.5 system-ui,'Liberation Sans',sans-serif;margin:0;padding:2rem;background:Canvas;color:CanvasText}
  main{max-width:40rem;margin:0 auto} header{display:flex;justify-content:space-between;align-items:center;margin-bottom:1rem}
</style>`;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown; failureSummary?: string }>;
}

/** axe's serious and critical violations on the whole page, shadow roots included. */
async function seriousViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const describeViolations = (state: string, vs: Violation[]) =>
  `${state}: ${vs.length} serious/critical axe violations\n${vs.map((v) => `- ${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`).join('\n')}`).join('\n')}`;

beforeAll(async () => {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
});

function reply(q: string) {
  return q.startsWith('how') ? lowAnswer(q, sampleResults().slice(0, 2)) : answer(q, sampleResults());
}

for (const scheme of ['light', 'dark'] as const) {
  describe(`${scheme} mode`, () => {
    it('inline: idle, results with an active option, fallback, revealed matches — no serious violations', async () => {
      const { page } = h;
      h.reply = reply;
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(h.fixture('<main><h1>Docs</h1><recall-box debounce="0" confidence-badge></recall-box><p>Page text under the box.</p></main>', { head: PAGE_HEAD }));
      const input = page.getByRole('combobox', { name: EN.label });
      await input.waitFor();
      let vs = await seriousViolations(page);
      expect(vs, describeViolations('inline idle', vs)).toEqual([]);

      await input.fill('route');
      await page.locator('recall-box [role="option"]').first().waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      vs = await seriousViolations(page);
      expect(vs, describeViolations('inline results', vs)).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOT_DIR}inline-results-${scheme}.png` });

      await input.fill('how do I configure widgets');
      await page.locator('recall-box [part~="fallback-message"]').waitFor();
      vs = await seriousViolations(page);
      expect(vs, describeViolations('inline fallback', vs)).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOT_DIR}fallback-${scheme}.png` });

      await page.getByRole('button', { name: EN.showAnyway }).click();
      await page.locator('recall-box [part~="low-confidence-note"]').waitFor();
      vs = await seriousViolations(page);
      expect(vs, describeViolations('inline revealed matches', vs)).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOT_DIR}fallback-revealed-${scheme}.png` });
    });

    it('modal: the button, the open dialog with results, and the fallback — no serious violations', async () => {
      const { page } = h;
      h.reply = reply;
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(
        h.fixture('<main><header><strong>Docs</strong><recall-box mode="modal" debounce="0"></recall-box></header><h1>Getting started</h1><p>Some page text behind the dialog.</p></main>', {
          head: PAGE_HEAD,
        }),
      );
      const trigger = page.getByRole('button', { name: EN.button, exact: true });
      await trigger.waitFor();
      let vs = await seriousViolations(page);
      expect(vs, describeViolations('modal closed', vs)).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOT_DIR}modal-button-${scheme}.png`, clip: { x: 0, y: 0, width: 820, height: 140 } });

      await trigger.click();
      await page.keyboard.type('route');
      await page.locator('recall-box [role="option"]').first().waitFor();
      await page.keyboard.press('ArrowDown');
      vs = await seriousViolations(page);
      expect(vs, describeViolations('modal results', vs)).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOT_DIR}modal-results-${scheme}.png` });

      await page.getByRole('combobox', { name: EN.label }).fill('how do I configure widgets');
      await page.locator('recall-box [part~="fallback-message"]').waitFor();
      vs = await seriousViolations(page);
      expect(vs, describeViolations('modal fallback', vs)).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOT_DIR}modal-fallback-${scheme}.png` });
    });
  });
}

describe('the answer card, and a phone', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`${scheme}: the answer card above the results, inline and in a full-screen dialog at 375 px — no serious violations`, async () => {
      const { page } = h;
      h.reply = (q) => answer(q, answeredResults());
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(h.fixture('<main><h1>Docs</h1><recall-box debounce="0"></recall-box></main>', { head: PAGE_HEAD }));
      await page.getByRole('combobox', { name: EN.label }).fill('route parameters');
      await page.locator('recall-box [part~="answer"]').waitFor();
      let vs = await seriousViolations(page);
      expect(vs, describeViolations('inline answer card', vs)).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOT_DIR}answer-card-${scheme}.png` });

      await page.setViewportSize({ width: 375, height: 667 });
      await page.goto(h.fixture('<main><header><strong>Docs</strong><recall-box mode="modal" debounce="0"></recall-box></header><h1>Docs</h1></main>', { head: PAGE_HEAD }));
      await page.getByRole('button', { name: EN.button, exact: true }).click();
      await page.keyboard.type('route parameters');
      await page.locator('recall-box [part~="answer"]').waitFor();
      vs = await seriousViolations(page);
      expect(vs, describeViolations('phone modal with answer card', vs)).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOT_DIR}phone-modal-${scheme}.png` });
    });
  }
});

describe('filters and favourites', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`${scheme}: the filter control with a value chosen, a pinned result, the pinned list, and both on a phone — no serious violations`, async () => {
      const { page } = h;
      h.reply = (q) => withFacets(answer(q, sampleResults()));
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(h.fixture('<main><h1>Docs</h1><recall-box debounce="0" facets="pool"></recall-box></main>', { head: PAGE_HEAD }));
      const input = page.getByRole('combobox', { name: EN.label });
      await input.fill('route');
      await page.getByRole('radio', { name: /reference/ }).click();
      await expect.poll(() => page.getByRole('radio', { name: /reference/ }).getAttribute('aria-checked')).toBe('true');
      await input.focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Control+d');
      await page.locator('recall-box [role="option"][data-pinned]').waitFor();
      let vs = await seriousViolations(page);
      expect(vs, describeViolations('filters and a pinned result', vs)).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOT_DIR}filters-pinned-${scheme}.png` });

      await input.fill('');
      await page.locator('recall-box [part~="pinned"]').waitFor();
      vs = await seriousViolations(page);
      expect(vs, describeViolations('the pinned list', vs)).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOT_DIR}pinned-list-${scheme}.png` });

      await page.setViewportSize({ width: 375, height: 667 });
      await page.goto(h.fixture('<main><header><strong>Docs</strong><recall-box mode="modal" debounce="0" facets="pool"></recall-box></header><h1>Docs</h1></main>', { head: PAGE_HEAD }));
      await page.getByRole('button', { name: EN.button, exact: true }).click();
      await page.locator('recall-box [part~="pinned"]').waitFor();
      await page.keyboard.type('route');
      await page.locator('recall-box [part~="facet"]').waitFor();
      vs = await seriousViolations(page);
      expect(vs, describeViolations('phone modal with filters', vs)).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOT_DIR}phone-filters-${scheme}.png` });
    });
  }
});

describe('right to left', () => {
  it('a right-to-left page: screenshot of the dropdown, and no serious violations', async () => {
    const { page } = h;
    h.reply = reply;
    await page.goto(h.fixture('<main><h1>Docs</h1><recall-box debounce="0"></recall-box></main>', { head: PAGE_HEAD, dir: 'rtl' }));
    await page.getByRole('combobox', { name: EN.label }).fill('route');
    await page.locator('recall-box [role="option"]').first().waitFor();
    const vs = await seriousViolations(page);
    expect(vs, describeViolations('rtl results', vs)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOT_DIR}inline-results-rtl.png` });
  });
});
