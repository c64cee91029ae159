/**
 * <recall-box>'s states and configuration in real Chromium: loading (only after the delay),
 * offline, error with retry, recent searches, strings per language, theming, right-to-left, the
 * confidence badge, the search event and the properties.
 */
import { describe, expect, it } from 'vitest';
import { WIDGET_DEFAULTS } from '../../src/widget/options.ts';
import { STRINGS } from '../../src/widget/strings.ts';
import { answer, inShadow, sampleResults, useWidgetHarness } from '../support/widget-harness.ts';

const h = useWidgetHarness();
const EN = STRINGS.en;

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('loading, offline and errors', () => {
  it('shows "Searching…" only once a request has taken the loading delay, and clears it with the answer', async () => {
    const { page } = h;
    const gate = deferred();
    h.reply = (q) => ({ ...answer(q, sampleResults()), gate: gate.promise });
    await page.clock.install({ time: new Date('2030-01-01T00:00:00Z') });
    await page.goto(h.fixture('<recall-box debounce="0"></recall-box>'));
    await page.clock.pauseAt(new Date('2030-01-01T00:01:00Z'));
    const status = page.locator('recall-box [part~="status"]');
    await page.getByRole('combobox', { name: EN.label }).fill('route');
    await page.clock.runFor(1);
    await h.requestFor('route');
    await page.clock.runFor(WIDGET_DEFAULTS.loadingDelayMs - 2);
    expect(await status.isVisible()).toBe(false);
    await page.clock.runFor(1);
    expect(await status.textContent()).toBe(EN.loading);
    expect(await status.getAttribute('data-kind')).toBe('loading');
    expect(await status.isVisible()).toBe(true);
    expect(await page.locator('recall-box [role="listbox"]').getAttribute('aria-busy')).toBe('true');
    gate.resolve();
    await page.locator('recall-box [role="option"]').first().waitFor();
    expect(await status.isVisible()).toBe(false);
    expect(await page.locator('recall-box [role="listbox"]').getAttribute('aria-busy')).toBeNull();
  });

  it('says it is offline without sending a request, and searches by itself once back online', async () => {
    const { page, context } = h;
    h.reply = (q) => answer(q, sampleResults());
    await page.goto(h.fixture('<recall-box debounce="0"></recall-box>'));
    await context.setOffline(true);
    await page.getByRole('combobox', { name: EN.label }).fill('route');
    const status = page.locator('recall-box [part~="status"]');
    await page.locator('recall-box [part~="status"]', { hasText: EN.offline }).waitFor();
    expect(await status.getAttribute('data-kind')).toBe('offline');
    expect(h.requests).toEqual([]);
    await context.setOffline(false);
    await page.locator('recall-box [role="option"]').first().waitFor();
    expect(h.requests.map((r) => r.params.get('q'))).toEqual(['route']);
    expect(await status.isVisible()).toBe(false);
  });

  it('offers "Try again" with an error, which repeats the query', async () => {
    const { page } = h;
    h.expectedConsole = [/status of 500/];
    let broken = true;
    h.reply = (q) => (broken ? { status: 500, body: { error: { code: 'INTERNAL', message: 'something went wrong.' } } } : answer(q, sampleResults()));
    await page.goto(h.fixture('<recall-box debounce="0"></recall-box>'));
    await page.getByRole('combobox', { name: EN.label }).fill('route');
    await page.locator('recall-box [part~="status"]', { hasText: 'Something went wrong.' }).waitFor();
    expect(await page.locator('recall-box [part~="status"]').getAttribute('data-kind')).toBe('error');
    broken = false;
    await page.getByRole('button', { name: EN.retry }).click();
    await page.locator('recall-box [role="option"]').first().waitFor();
    expect(await page.getByRole('button', { name: EN.retry }).isVisible()).toBe(false);
    expect(h.requests.map((r) => r.params.get('q'))).toEqual(['route', 'route']);
  });
});

describe('recent searches', () => {
  const key = () => `${WIDGET_DEFAULTS.recentKeyPrefix}${h.server.url}/search`;

  it('remembers a query that led to a result, offers it on focus, reruns it, and forgets it on Clear', async () => {
    const { page } = h;
    h.reply = (q) => answer(q, sampleResults());
    h.pages.set('/guides/install/', '<!doctype html><title>Install</title><link rel="icon" href="data:,"><h1 id="setup">Setup</h1>');
    const url = h.fixture('<recall-box debounce="0"></recall-box><button>After</button>');
    await page.goto(url);
    const input = page.getByRole('combobox', { name: EN.label });
    await input.fill('route');
    await page.locator('recall-box [role="option"]', { hasText: 'Setup' }).click();
    await page.waitForURL(/\/guides\/install\/\?rb-highlight=[^#]+#setup$/);
    expect(await page.evaluate((k) => localStorage.getItem(k), key())).toBe('["route"]');

    await page.goto(url);
    await input.focus();
    const recent = page.locator('recall-box [part~="recent"]');
    await recent.first().waitFor();
    expect(await recent.allTextContents()).toEqual(['route']);
    expect(await page.locator('recall-box [part~="recent-header"]').textContent()).toContain(EN.recent);
    expect(await page.getByRole('listbox', { name: EN.recent }).isVisible()).toBe(true);
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await recent.first().getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.locator('recall-box [role="option"]', { hasText: 'Setup' }).waitFor();
    expect(await input.inputValue()).toBe('route');

    await input.fill('');
    await recent.first().waitFor();
    await page.getByRole('button', { name: EN.clearRecent }).click();
    await recent.first().waitFor({ state: 'detached' });
    expect(await page.locator('recall-box [part~="recent-header"]').isVisible()).toBe(false);
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate((k) => localStorage.getItem(k), key())).toBeNull();
  });

  it(`shows at most ${WIDGET_DEFAULTS.recentMax}, ignores junk in storage, and keeps lists apart per endpoint`, async () => {
    const { page } = h;
    const stored = ['a1', 'a2', 42, '', 'a3', 'a4', 'a5', 'a6', 'a7'];
    await page.addInitScript(
      ([k, v]) => {
        localStorage.setItem(k!, v!);
        localStorage.setItem(k!.replace(/\/search$/, '/other-search'), '["other"]');
      },
      [key(), JSON.stringify(stored)],
    );
    await page.goto(h.fixture('<recall-box></recall-box><recall-box endpoint="/other-search" label="Other"></recall-box>'));
    await page.getByRole('combobox', { name: EN.label }).focus();
    const first = page.locator('recall-box').first().locator('[part~="recent"]');
    await first.first().waitFor();
    expect(await first.allTextContents()).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    await page.getByRole('combobox', { name: 'Other' }).focus();
    expect(await page.locator('recall-box').nth(1).locator('[part~="recent"]').allTextContents()).toEqual(['other']);
  });

  it('no-recent keeps nothing and shows nothing', async () => {
    const { page } = h;
    h.reply = (q) => answer(q, sampleResults());
    await page.addInitScript((k) => localStorage.setItem(k, '["old"]'), key());
    await page.goto(
      h.fixture(`<recall-box no-recent debounce="0"></recall-box><script>
        document.addEventListener('recall-box:select', (e) => e.preventDefault());
      </script>`),
    );
    const input = page.getByRole('combobox', { name: EN.label });
    await input.focus();
    expect(await page.locator('recall-box [part~="recent"]').count()).toBe(0);
    expect(await input.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps searching and opening results when storage throws (private mode, quota)', async () => {
    const { page } = h;
    h.reply = (q) => answer(q, sampleResults());
    h.pages.set('/guides/install/', '<!doctype html><title>Install</title><link rel="icon" href="data:,"><h1 id="setup">Setup</h1>');
    await page.addInitScript(() => {
      for (const name of ['getItem', 'setItem', 'removeItem'] as const) {
        Storage.prototype[name] = () => {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        };
      }
    });
    await page.goto(h.fixture('<recall-box debounce="0"></recall-box>'));
    const input = page.getByRole('combobox', { name: EN.label });
    await input.focus();
    await input.fill('route');
    await page.locator('recall-box [role="option"]', { hasText: 'Setup' }).click();
    await page.waitForURL(/\/guides\/install\/\?rb-highlight=[^#]+#setup$/);
  });
});

describe('strings per language', () => {
  it('follows the lang attribute (and sends it), the page language otherwise, and takes overrides', async () => {
    const { page } = h;
    h.reply = (q) => answer(q, sampleResults());
    await page.goto(
      h.fixture('<recall-box id="ja" lang="ja" debounce="0"></recall-box><recall-box id="page" debounce="0"></recall-box><recall-box id="zh" lang="zh"></recall-box><recall-box id="pt" lang="pt-BR"></recall-box>', {
        lang: 'es',
      }),
    );
    await page.getByRole('combobox', { name: STRINGS.ja!.label }).fill('ルート');
    expect((await h.requestFor('ルート')).params.get('lang')).toBe('ja');
    await page.locator('#ja [role="option"]').first().waitFor();
    await expect.poll(() => page.locator('#ja [data-live="polite"]').textContent()).toBe('3 件の結果');

    const es = page.getByRole('combobox', { name: STRINGS.es!.label });
    expect(await es.getAttribute('placeholder')).toBe(STRINGS.es!.placeholder);
    await es.fill('zzz');
    // The page's language picks the strings, but only the attribute filters the results.
    expect((await h.requestFor('zzz')).params.get('lang')).toBeNull();
    expect(await page.getByRole('combobox', { name: STRINGS['zh-cn']!.label }).getAttribute('placeholder')).toBe(STRINGS['zh-cn']!.placeholder);
    expect(await page.getByRole('combobox', { name: STRINGS.pt!.label }).getAttribute('placeholder')).toBe(STRINGS.pt!.placeholder);

    await page.evaluate(() => {
      const box = document.getElementById('page') as HTMLElement & { strings: object };
      box.strings = { placeholder: 'Busca aquí', nonsense: 'x', label: 42 };
    });
    expect(await es.getAttribute('placeholder')).toBe('Busca aquí');
    const strings = await page.evaluate(() => (document.getElementById('page') as HTMLElement & { strings: Record<string, string> }).strings);
    expect(strings.label).toBe(STRINGS.es!.label);
    expect(strings).not.toHaveProperty('nonsense');
  });
});

describe('theming and direction', () => {
  const background = (id: string) =>
    h.page.locator(`#${id}`).evaluate((box) => getComputedStyle(box.shadowRoot!.querySelector('[part~="search"]')!).backgroundColor);

  it('is light or dark by prefers-color-scheme, and by the theme attribute either way', async () => {
    const { page } = h;
    await page.goto(h.fixture('<recall-box id="auto"></recall-box><recall-box id="dark" theme="dark"></recall-box><recall-box id="light" theme="light"></recall-box>'));
    await page.waitForFunction(() => customElements.get('recall-box') !== undefined);
    await page.emulateMedia({ colorScheme: 'light' });
    expect([await background('auto'), await background('dark'), await background('light')]).toEqual(['rgb(255, 255, 255)', 'rgb(22, 27, 34)', 'rgb(255, 255, 255)']);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect([await background('auto'), await background('dark'), await background('light')]).toEqual(['rgb(22, 27, 34)', 'rgb(22, 27, 34)', 'rgb(255, 255, 255)']);
  });

  it('takes colors from --recall-box-* custom properties and styles through ::part()', async () => {
    const { page } = h;
    h.reply = (q) => answer(q, sampleResults());
    await page.goto(
      h.fixture('<recall-box debounce="0"></recall-box>', {
        head: '<style>recall-box{--recall-box-accent:rgb(124, 58, 237)} recall-box::part(group-title){text-transform:uppercase}</style>',
      }),
    );
    await page.getByRole('combobox', { name: EN.label }).fill('route');
    const title = page.locator('recall-box [part~="title"]').first();
    await title.waitFor();
    expect(await title.evaluate((t) => getComputedStyle(t).color)).toBe('rgb(124, 58, 237)');
    expect(await page.locator('recall-box [part~="group-title"]').first().evaluate((t) => getComputedStyle(t).textTransform)).toBe('uppercase');
  });

  it('mirrors its layout right to left', async () => {
    const { page } = h;
    h.reply = (q) => answer(q, sampleResults());
    await page.goto(h.fixture('<div style="width:30rem"><recall-box debounce="0"></recall-box></div>', { lang: 'en', dir: 'rtl' }));
    const input = page.getByRole('combobox', { name: EN.label });
    await input.fill('route');
    await page.locator('recall-box [role="option"]').first().waitFor();
    const layout = await inShadow(page, (root) => {
      const icon = root.querySelector('.search [part~=icon]')!.getBoundingClientRect();
      const input = root.querySelector('input')!.getBoundingClientRect();
      const option = root.querySelector('[role=option]')!.getBoundingClientRect();
      const title = root.querySelector('[role=option] [part~=title]')!;
      const range = document.createRange();
      range.selectNodeContents(title);
      const text = range.getBoundingClientRect();
      return { iconRightOfInput: icon.left > input.left, direction: getComputedStyle(title).direction, textHugsRight: option.right - text.right < 20 && text.left - option.left > 40 };
    });
    expect(layout).toEqual({ iconRightOfInput: true, direction: 'rtl', textHugsRight: true });
  });
});

describe('badge, events and properties', () => {
  it('shows the confidence badge only with the confidence-badge attribute', async () => {
    const { page } = h;
    h.reply = (q) => answer(q, sampleResults(), q === 'route' ? 'high' : 'medium');
    await page.goto(h.fixture('<recall-box debounce="0" confidence-badge></recall-box><recall-box id="plain" debounce="0" label="Plain"></recall-box>'));
    await page.getByRole('combobox', { name: EN.label }).fill('route');
    const badge = page.locator('recall-box').first().locator('[part~="badge"]');
    await badge.waitFor();
    expect([await badge.textContent(), await badge.getAttribute('data-level')]).toEqual([EN.confidenceHigh, 'high']);
    await page.getByRole('combobox', { name: EN.label }).fill('router');
    await page.locator('recall-box [part~="badge"]', { hasText: EN.confidenceMedium }).waitFor();
    await page.getByRole('combobox', { name: 'Plain' }).fill('route');
    await page.locator('#plain [role="option"]').first().waitFor();
    expect(await page.locator('#plain [part~="badge"]').isVisible()).toBe(false);
  });

  it('fires recall-box:search once per request sent (bubbling, composed), with searchParams added to the request', async () => {
    const { page } = h;
    h.reply = (q) => answer(q, sampleResults());
    await page.addInitScript(() => {
      (window as unknown as { __searches: unknown[] }).__searches = [];
      document.addEventListener('recall-box:search', (e) =>
        (window as unknown as { __searches: unknown[] }).__searches.push({ ...(e as CustomEvent).detail, bubbles: e.bubbles, composed: e.composed }),
      );
    });
    await page.goto(
      h.fixture(`<div id="host"></div><script type="module">
        const box = document.createElement('recall-box');
        box.searchParams = { confidence: 'relaxed' };
        document.getElementById('host').attachShadow({ mode: 'open' }).append(box);
      </script>`),
    );
    const input = page.getByRole('combobox', { name: EN.label });
    // Typed fast, within the default debounce: one request, one event.
    await input.pressSequentially('route', { delay: 10 });
    await page.locator('recall-box [role="option"]').first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { __searches: unknown[] }).__searches)).toEqual([{ query: 'route', bubbles: true, composed: true }]);
    expect((await h.requestFor('route')).params.get('confidence')).toBe('relaxed');
  });

  it('keeps properties set before the element was defined (frameworks often do that)', async () => {
    const { page } = h;
    await page.goto(
      h.fixture(`<recall-box id="early" debounce="0"></recall-box><script>
        // A classic script: runs before the bundle (a module script) defines the element.
        const box = document.getElementById('early');
        box.strings = { placeholder: 'Set early' };
        box.searchParams = { confidence: 'relaxed' };
      </script>`),
    );
    const input = page.getByRole('combobox', { name: EN.label });
    await expect.poll(() => input.getAttribute('placeholder')).toBe('Set early');
    await input.fill('route');
    expect((await h.requestFor('route')).params.get('confidence')).toBe('relaxed');
  });

  it('search(), open() and close() drive the box from script', async () => {
    const { page } = h;
    h.reply = (q) => answer(q, sampleResults());
    await page.goto(h.fixture('<recall-box mode="modal"></recall-box>'));
    await page.waitForFunction(() => customElements.get('recall-box') !== undefined);
    await page.evaluate(() => {
      const box = document.querySelector('recall-box')!;
      box.open();
      box.search('route');
    });
    await page.locator('recall-box [role="option"]').first().waitFor();
    expect(await page.evaluate(() => document.querySelector('recall-box')!.query)).toBe('route');
    await page.evaluate(() => document.querySelector('recall-box')!.close());
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});
