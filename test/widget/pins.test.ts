/**
 * Pinned results (favourites) in real Chromium: the pin icon and ⌘D / Ctrl+D on the active result
 * pin and unpin, the empty box lists the pins under the recent searches, a pin is followed like a
 * result, and `no-recent` turns it all off.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WIDGET_DEFAULTS } from '../../src/widget/options.ts';
import { STRINGS } from '../../src/widget/strings.ts';
import { answer, nextEventDetail, sampleResults, useWidgetHarness } from '../support/widget-harness.ts';

const h = useWidgetHarness();
const EN = STRINGS.en;

const pinKey = () => `${WIDGET_DEFAULTS.pinKeyPrefix}${h.server.url}/search`;
const storedPins = (page: Page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[], pinKey());
/** What the polite live region says once the announce delay has passed. */
const announced = (page: Page) => page.evaluate(() => document.querySelector('recall-box')!.shadowRoot!.querySelector('[data-live=polite]')!.textContent);

describe('pinning a result', () => {
  it('with the pin icon: pins without following the link, announces it, and lists it when the box is empty', async () => {
    h.reply = (q) => answer(q, sampleResults());
    await h.page.goto(h.fixture('<recall-box debounce="0"></recall-box>'));
    const input = h.page.getByRole('combobox', { name: EN.label });
    await input.fill('route');
    const option = h.page.getByRole('option', { name: /^Route parameters/ });
    await option.hover();
    const pinned = await nextEventDetail(h.page, 'recall-box:pin');
    const url = h.page.url();
    await option.locator('[part~="pin"]').click();
    expect(await pinned()).toEqual({ url: '/guides/routing/#route-parameters', title: 'Route parameters', pinned: true });
    expect(h.page.url()).toBe(url);
    expect(await option.getAttribute('data-pinned')).not.toBeNull();
    await expect.poll(() => announced(h.page)).toBe(`${EN.pinned}: Route parameters`);
    expect(await storedPins(h.page)).toEqual([{ url: '/guides/routing/#route-parameters', title: 'Route parameters', page: 'Routing' }]);

    // The empty box: the pin, with its page, in a group titled "Pinned".
    await input.fill('');
    const group = h.page.getByRole('group', { name: EN.pinned });
    await group.waitFor();
    expect(await group.getByRole('option').allTextContents()).toEqual(['Route parametersRouting']);
    // Also after a reload: pins are kept for the site.
    await h.page.reload();
    await h.page.getByRole('combobox', { name: EN.label }).focus();
    await h.page.getByRole('group', { name: EN.pinned }).waitFor();
  });

  it('with ⌘D / Ctrl+D on the active result, and again to unpin; the input says it has the shortcut', async () => {
    h.reply = (q) => answer(q, sampleResults());
    await h.page.goto(h.fixture('<recall-box debounce="0"></recall-box>'));
    const input = h.page.getByRole('combobox', { name: EN.label });
    expect(await input.getAttribute('aria-keyshortcuts')).toBe('Control+D');
    await input.fill('route');
    await h.page.getByRole('option').first().waitFor();
    // No active option: the keys are the browser's (nothing pinned).
    await h.page.keyboard.press('Control+d');
    expect(await storedPins(h.page)).toEqual([]);
    await h.page.keyboard.press('ArrowDown');
    await h.page.keyboard.press('ArrowDown');
    const second = h.page.getByRole('option').nth(1);
    expect(await second.getAttribute('aria-selected')).toBe('true');
    await h.page.keyboard.press('Control+d');
    await expect.poll(() => second.getAttribute('data-pinned')).not.toBeNull();
    expect(await storedPins(h.page)).toHaveLength(1);
    // The active option and the query are untouched.
    expect(await second.getAttribute('aria-selected')).toBe('true');
    expect(await input.inputValue()).toBe('route');
    const unpinned = await nextEventDetail(h.page, 'recall-box:pin');
    await h.page.keyboard.press('Control+d');
    expect(await unpinned()).toMatchObject({ pinned: false });
    expect(await second.getAttribute('data-pinned')).toBeNull();
    expect(await storedPins(h.page)).toEqual([]);
    await expect.poll(() => announced(h.page)).toMatch(new RegExp(`^${EN.unpinned}: `));
  });
});

describe('the pinned list', () => {
  const pins = [
    { url: '/guides/routing/#route-parameters', title: 'Route parameters', page: 'Routing' },
    { url: 'javascript:alert(1)', title: 'Refused', page: 'Nowhere' },
    { url: '/guides/install/#setup', title: 'Setup', page: 'Install' },
  ];

  it('sits under the recent searches; a pin is followed as a result, reported with source "pinned"', async () => {
    h.reply = (q) => answer(q, sampleResults());
    h.pages.set('/guides/install/', '<!doctype html><title>Install</title><link rel="icon" href="data:,"><h1 id="setup">Setup</h1>');
    await h.page.addInitScript(
      ([recentKey, key, value]) => {
        localStorage.setItem(recentKey!, '["earlier"]');
        localStorage.setItem(key!, value!);
      },
      [`${WIDGET_DEFAULTS.recentKeyPrefix}${h.server.url}/search`, pinKey(), JSON.stringify(pins)],
    );
    // Reported to Node as it happens: the page that heard it is gone after the navigation.
    const selects: unknown[] = [];
    await h.page.exposeFunction('__reportSelect', (detail: unknown) => selects.push(detail));
    await h.page.addInitScript(() => {
      const report = (window as unknown as { __reportSelect: (d: unknown) => void }).__reportSelect;
      document.addEventListener('recall-box:select', (e) => report((e as CustomEvent).detail));
    });
    await h.page.goto(h.fixture('<recall-box debounce="0"></recall-box>'));
    const input = h.page.getByRole('combobox', { name: EN.label });
    await input.focus();
    await h.page.getByRole('group', { name: EN.pinned }).waitFor();
    // The recent search first, then the pins whose URL may be followed (the javascript: one is not listed).
    expect(await h.page.getByRole('option').allTextContents()).toEqual(['earlier', 'Route parametersRouting', 'SetupInstall']);
    // Up from nothing active: the last option.
    await h.page.keyboard.press('ArrowUp');
    await h.page.keyboard.press('Enter');
    await h.page.waitForURL(/\/guides\/install\/#setup$/);
    await expect.poll(() => selects).toEqual([{ query: '', url: '/guides/install/#setup', title: 'Setup', position: 2, source: 'pinned' }]);
  });

  it('unpins with ⌘D / Ctrl+D: the pin leaves the list and the next option becomes active', async () => {
    h.reply = (q) => answer(q, sampleResults());
    await h.page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [pinKey(), JSON.stringify(pins)]);
    await h.page.goto(h.fixture('<recall-box debounce="0"></recall-box>'));
    await h.page.getByRole('combobox', { name: EN.label }).focus();
    await h.page.getByRole('group', { name: EN.pinned }).waitFor();
    await h.page.keyboard.press('ArrowDown');
    await h.page.keyboard.press('Control+d');
    await expect.poll(() => h.page.getByRole('option').allTextContents()).toEqual(['SetupInstall']);
    expect(await h.page.getByRole('option').getAttribute('aria-selected')).toBe('true');
    expect(await storedPins(h.page)).toEqual([pins[1], pins[2]]);
    // The last pin gone: no group, no listbox, nothing active.
    await h.page.keyboard.press('Control+d');
    await expect.poll(() => h.page.getByRole('group', { name: EN.pinned }).count()).toBe(0);
    expect(await h.page.getByRole('combobox', { name: EN.label }).getAttribute('aria-activedescendant')).toBeNull();
  });

  it('survives junk in storage', async () => {
    h.reply = (q) => answer(q, sampleResults());
    await h.page.addInitScript((key) => localStorage.setItem(key, '[1,{"url":5},null,"x",{"url":"/a/","title":"A","page":"P"},{"url":"/a/","title":"dup","page":"P"}'), pinKey());
    await h.page.goto(h.fixture('<recall-box debounce="0"></recall-box>'));
    await h.page.getByRole('combobox', { name: EN.label }).focus();
    // Not JSON at all (the array is cut short): nothing listed, no error.
    expect(await h.page.getByRole('group', { name: EN.pinned }).count()).toBe(0);
    await h.page.evaluate((key) => localStorage.setItem(key, '[1,{"url":5},null,"x",{"url":"/a/","title":"A","page":"P"},{"url":"/a/","title":"dup","page":"P"}]'), pinKey());
    await h.page.getByRole('combobox', { name: EN.label }).fill('x');
    await h.page.getByRole('combobox', { name: EN.label }).fill('');
    await expect.poll(() => h.page.getByRole('option').allTextContents()).toEqual(['AP']);
  });
});

describe('no-recent', () => {
  it('keeps no pins: no icon, no keys, no list', async () => {
    h.reply = (q) => answer(q, sampleResults());
    await h.page.addInitScript((key) => localStorage.setItem(key, JSON.stringify([{ url: '/a/', title: 'A', page: 'P' }])), pinKey());
    await h.page.goto(h.fixture('<recall-box debounce="0" no-recent></recall-box>'));
    const input = h.page.getByRole('combobox', { name: EN.label });
    expect(await input.getAttribute('aria-keyshortcuts')).toBeNull();
    await input.fill('route');
    const option = h.page.getByRole('option').first();
    await option.hover();
    expect(await option.locator('[part~="pin"]').isVisible()).toBe(false);
    await h.page.keyboard.press('ArrowDown');
    await h.page.keyboard.press('Control+d');
    expect(await option.getAttribute('data-pinned')).toBeNull();
    await input.fill('');
    expect(await h.page.getByRole('group', { name: EN.pinned }).count()).toBe(0);
  });
});
