/**
 * <recall-box> on a phone, in real Chromium emulating one (375 × 667, touch, no hover): the modal
 * fills the screen, every control is a 44 px touch target, no keyboard hints, and the dialog
 * follows the visual viewport (which the on-screen keyboard shrinks), and an empty box is never a
 * blank screen.
 */
import { describe, expect, it } from 'vitest';
import { WIDGET_DEFAULTS } from '../../src/widget/options.ts';
import { STRINGS } from '../../src/widget/strings.ts';
import { answer, answeredResults, useWidgetHarness } from '../support/widget-harness.ts';

const PHONE = { width: 375, height: 667 };
const h = useWidgetHarness({ viewport: PHONE, isMobile: true, hasTouch: true });
const EN = STRINGS.en;

/** WCAG 2.5.5's target size, the small-screen styles' minimum. */
const TOUCH_TARGET_PX = 44;

async function openWithResults(): Promise<void> {
  h.reply = (q) => answer(q, answeredResults());
  await h.page.goto(h.fixture('<recall-box mode="modal" debounce="0"></recall-box>'));
  await h.page.getByRole('button', { name: EN.button }).tap();
  await h.page.getByRole('combobox', { name: EN.label }).fill('route parameters');
  await h.page.locator('recall-box [role="option"]').first().waitFor();
}

describe('on a phone', () => {
  it('opens the dialog full-screen', async () => {
    await openWithResults();
    const box = await h.page.locator('recall-box dialog').boundingBox();
    expect(box).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
  });

  it('shows no keyboard hints: neither the footer nor the shortcut on the button', async () => {
    await h.page.goto(h.fixture('<recall-box mode="modal" debounce="0"></recall-box>'));
    expect(await h.page.locator('recall-box [part~="shortcut-hint"]').isVisible()).toBe(false);
    await h.page.getByRole('button', { name: EN.button }).tap();
    await h.page.getByRole('combobox', { name: EN.label }).waitFor();
    expect(await h.page.locator('recall-box [part~="footer"]').isVisible()).toBe(false);
  });

  it('makes every control at least 44 px tall: input, close button, results, the answer card\'s link', async () => {
    await openWithResults();
    const small = await h.page.evaluate((min) => {
      const root = document.querySelector('recall-box')!.shadowRoot!;
      const controls = [...root.querySelectorAll<HTMLElement>('dialog input, dialog button, dialog [role="option"], dialog a')];
      return controls
        .filter((c) => c.getClientRects().length > 0)
        .map((c) => ({ what: c.getAttribute('part') ?? c.tagName, height: c.getBoundingClientRect().height, width: c.getBoundingClientRect().width }))
        .filter((c) => c.height < min || c.width < min);
    }, TOUCH_TARGET_PX);
    expect(small).toEqual([]);
    // The check saw the controls it is about.
    expect(await h.page.locator('recall-box [part~="answer-link"]').isVisible()).toBe(true);
  });

  it('sizes the dialog to the visual viewport, and follows it when it shrinks (the on-screen keyboard)', async () => {
    await openWithResults();
    const heights = () =>
      h.page.evaluate(() => ({
        visual: Math.round(window.visualViewport!.height),
        dialog: Math.round(document.querySelector('recall-box')!.shadowRoot!.querySelector('dialog')!.getBoundingClientRect().height),
      }));
    expect(await heights()).toEqual({ visual: PHONE.height, dialog: PHONE.height });
    await h.page.setViewportSize({ width: PHONE.width, height: 380 });
    await expect.poll(heights).toEqual({ visual: 380, dialog: 380 });
    // The results stay on screen: the first option is inside the shrunk dialog.
    const option = await h.page.locator('recall-box [role="option"]').first().boundingBox();
    expect(option!.y + option!.height).toBeLessThanOrEqual(380);
  });

  it('never opens on a blank screen: the empty box shows a hint, or the recent searches when there are some', async () => {
    await h.page.goto(h.fixture('<recall-box mode="modal" debounce="0"></recall-box>'));
    await h.page.getByRole('button', { name: EN.button }).tap();
    const hint = h.page.locator('recall-box [part~="status"][data-kind="hint"]');
    await hint.waitFor();
    expect(await hint.textContent()).toBe(EN.typeToSearch);
    // The hint is in the dialog's visible body, under the search row.
    const [row, line] = await Promise.all([h.page.locator('recall-box [part~="search"]').boundingBox(), hint.boundingBox()]);
    expect(line!.y).toBeGreaterThanOrEqual(row!.y + row!.height);
    expect(line!.y + line!.height).toBeLessThanOrEqual(PHONE.height);

    // A search the reader made (stored as the box stores it): the empty box lists it instead of the hint.
    await h.page.evaluate(([key, query]) => localStorage.setItem(key!, JSON.stringify([query])), [`${WIDGET_DEFAULTS.recentKeyPrefix}${h.server.url}/search`, 'route parameters']);
    await h.page.reload();
    await h.page.getByRole('button', { name: EN.button }).tap();
    await h.page.getByRole('option', { name: 'route parameters' }).waitFor();
    expect(await hint.count()).toBe(0);
  });
});
