/**
 * Filters from the widget's side in real Chromium: `filter-<facet>` attributes preset the Worker's
 * `filter.<facet>` parameters, the `facets` attribute's filter control (an APG radio group per
 * facet, remembered per site), and a fallback for a search the filters emptied.
 */
import { describe, expect, it } from 'vitest';
import { WIDGET_DEFAULTS } from '../../src/widget/options.ts';
import { STRINGS } from '../../src/widget/strings.ts';
import { answer, lowAnswer, nextEventDetail, sampleResults, useWidgetHarness, withFacets } from '../support/widget-harness.ts';

const h = useWidgetHarness();
const EN = STRINGS.en;

describe('filter-<facet> attributes', () => {
  it('send filter.<facet> with every search, read at each search, searchParams winning', async () => {
    h.reply = (q) => answer(q, sampleResults());
    await h.page.goto(h.fixture('<recall-box debounce="0" filter-pool="reference" filter-version="v5" filter-empty=""></recall-box>'));
    const input = h.page.getByRole('combobox', { name: EN.label });
    await input.fill('route');
    const first = await h.requestFor('route');
    expect(first.params.get('filter.pool')).toBe('reference');
    expect(first.params.get('filter.version')).toBe('v5');
    // An empty value presets nothing.
    expect(first.params.has('filter.empty')).toBe(false);
    await h.page.evaluate(() => {
      const box = document.querySelector('recall-box')!;
      box.setAttribute('filter-version', 'v4');
      box.removeAttribute('filter-pool');
      box.searchParams = { 'filter.tags': 'routing' };
    });
    await input.fill('install');
    const second = await h.requestFor('install');
    expect(second.params.get('filter.version')).toBe('v4');
    expect(second.params.has('filter.pool')).toBe(false);
    expect(second.params.get('filter.tags')).toBe('routing');
  });
});

describe('a fallback the filters caused', () => {
  it('reports cause "filtered" in recall-box:fallback', async () => {
    h.reply = (q) => {
      const low = lowAnswer(q, sampleResults().slice(0, 1));
      const body = low.body as { fallback: Record<string, unknown> };
      body.fallback = { ...body.fallback, cause: 'filtered', message: 'Nothing matches this search with the filters chosen; other parts of the docs do.' };
      return low;
    };
    await h.page.goto(h.fixture('<recall-box debounce="0" filter-version="v9"></recall-box>'));
    const fallback = await nextEventDetail(h.page, 'recall-box:fallback');
    await h.page.getByRole('combobox', { name: EN.label }).fill('route');
    expect(((await fallback()) as { cause: string }).cause).toBe('filtered');
    expect(await h.page.locator('recall-box [part~="fallback-message"]').textContent()).toMatch(/filters chosen/);
  });
});

/** The radios of the filter control, as name → aria-checked, in order. */
async function radios(page: import('playwright-core').Page): Promise<Array<[string, string | null]>> {
  const all = page.getByRole('radio');
  const out: Array<[string, string | null]> = [];
  for (let i = 0; i < (await all.count()); i++) out.push([((await all.nth(i).textContent()) ?? '').trim(), await all.nth(i).getAttribute('aria-checked')]);
  return out;
}

/** The id of the element focused inside the box's shadow root, by its radio's facet and value. */
const focusedRadio = (page: import('playwright-core').Page) =>
  page.evaluate(() => {
    const active = document.querySelector('recall-box')!.shadowRoot!.activeElement as HTMLElement | null;
    return active?.getAttribute('role') === 'radio' ? `${active.dataset.facet}=${active.dataset.value}` : null;
  });

describe('the filter control (attribute facets)', () => {
  it('asks for the counts and shows one radio group per facet with a choice, All checked', async () => {
    h.reply = (q) => withFacets(answer(q, sampleResults()));
    await h.page.goto(h.fixture('<recall-box debounce="0" facets="pool version"></recall-box>'));
    await h.page.getByRole('combobox', { name: EN.label }).fill('route');
    expect((await h.requestFor('route')).params.get('facets')).toBe('1');
    const group = h.page.getByRole('radiogroup', { name: 'pool' });
    await group.waitFor();
    // `version` has one value in this answer: nothing to choose, no group. `lang` was not asked for.
    expect(await h.page.getByRole('radiogroup').count()).toBe(1);
    expect(await radios(h.page)).toEqual([
      [EN.all, 'true'],
      ['guides 3', 'false'],
      ['reference 1', 'false'],
    ]);
  });

  it('searches again within a chosen value, says so in recall-box:filter, and remembers it for the site', async () => {
    h.reply = (q) => withFacets(answer(q, sampleResults()));
    await h.page.goto(h.fixture('<recall-box debounce="0" facets="pool"></recall-box>'));
    const input = h.page.getByRole('combobox', { name: EN.label });
    await input.fill('route');
    await h.page.getByRole('radiogroup', { name: 'pool' }).waitFor();
    const event = await nextEventDetail(h.page, 'recall-box:filter');
    const before = h.requests.length;
    await h.page.getByRole('radio', { name: 'reference 1' }).click();
    expect(await event()).toEqual({ facet: 'pool', value: 'reference' });
    await expect.poll(() => h.requests.length).toBe(before + 1);
    expect(h.requests.at(-1)!.params.get('q')).toBe('route');
    expect(h.requests.at(-1)!.params.get('filter.pool')).toBe('reference');
    // The click kept the focus in the input, where the reader types.
    expect(await h.page.evaluate(() => document.querySelector('recall-box')!.shadowRoot!.activeElement?.id)).toBe('q');

    // A new page view on the same site: the next search is narrowed the same way, the choice shown.
    await h.page.reload();
    await h.page.getByRole('combobox', { name: EN.label }).fill('install');
    expect((await h.requestFor('install')).params.get('filter.pool')).toBe('reference');
    await expect.poll(() => radios(h.page)).toEqual([
      [EN.all, 'false'],
      ['guides 3', 'false'],
      ['reference 1', 'true'],
    ]);
    const stored = await h.page.evaluate((key) => localStorage.getItem(key), `${WIDGET_DEFAULTS.filterKeyPrefix}${h.server.url}/search`);
    expect(JSON.parse(stored!)).toEqual(['pool=reference']);
  });

  it('moves and chooses with the arrow keys, Home and End, and keeps the focus on the choice across the new answer', async () => {
    h.reply = (q) => withFacets(answer(q, sampleResults()));
    await h.page.goto(h.fixture('<recall-box debounce="0" facets="pool"></recall-box>'));
    const input = h.page.getByRole('combobox', { name: EN.label });
    await input.fill('route');
    await h.page.getByRole('radiogroup', { name: 'pool' }).waitFor();
    // Tab reaches the group at its checked radio (roving tabindex): one stop for the group.
    await h.page.keyboard.press('Tab');
    expect(await focusedRadio(h.page)).toBe('pool=');
    await h.page.keyboard.press('ArrowRight');
    await expect.poll(() => h.requests.at(-1)!.params.get('filter.pool')).toBe('guides');
    await expect.poll(() => focusedRadio(h.page)).toBe('pool=guides');
    // After the answer to the narrowed search replaced the control, the focus is still there.
    await expect.poll(() => radios(h.page)).toEqual([
      [EN.all, 'false'],
      ['guides 3', 'true'],
      ['reference 1', 'false'],
    ]);
    expect(await focusedRadio(h.page)).toBe('pool=guides');
    await h.page.keyboard.press('End');
    await expect.poll(() => focusedRadio(h.page)).toBe('pool=reference');
    // Polled as the other requests are: the focus moves at once, the request follows it.
    await expect.poll(() => h.requests.at(-1)!.params.get('filter.pool')).toBe('reference');
    // Past the last radio: back to the first, All, which sends no filter.
    await h.page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedRadio(h.page)).toBe('pool=');
    await expect.poll(() => h.requests.at(-1)!.params.has('filter.pool')).toBe(false);
  });

  it('starts from a filter-<facet> preset; the reader\'s All overrides it, also on the next visit', async () => {
    h.reply = (q) => withFacets(answer(q, sampleResults()));
    await h.page.goto(h.fixture('<recall-box debounce="0" facets="pool" filter-pool="guides"></recall-box>'));
    const input = h.page.getByRole('combobox', { name: EN.label });
    await input.fill('route');
    expect((await h.requestFor('route')).params.get('filter.pool')).toBe('guides');
    await expect.poll(() => radios(h.page)).toEqual([
      [EN.all, 'false'],
      ['guides 3', 'true'],
      ['reference 1', 'false'],
    ]);
    await h.page.getByRole('radio', { name: EN.all }).click();
    await expect.poll(() => h.requests.at(-1)!.params.has('filter.pool')).toBe(false);
    expect(h.requests.at(-1)!.params.get('q')).toBe('route');
    await h.page.reload();
    await h.page.getByRole('combobox', { name: EN.label }).fill('install');
    expect((await h.requestFor('install')).params.has('filter.pool')).toBe(false);
  });

  it('stays under a fallback the filter caused, with the chosen value listed at 0, so the reader can undo it', async () => {
    h.reply = (q, params) => {
      if (!params.get('filter.pool')) return withFacets(answer(q, sampleResults()));
      const low = lowAnswer(q, []);
      const body = low.body as { fallback: Record<string, unknown> };
      body.fallback = { ...body.fallback, cause: 'filtered', message: 'Nothing matches this search with the filters chosen; other parts of the docs do.' };
      return withFacets(low, { pool: [{ value: 'guides', count: 3 }, { value: 'reference', count: 0 }] });
    };
    await h.page.goto(h.fixture('<recall-box debounce="0" facets="pool" filter-pool="reference"></recall-box>'));
    await h.page.getByRole('combobox', { name: EN.label }).fill('route');
    await h.page.locator('recall-box [part~="fallback-message"]').waitFor();
    expect(await radios(h.page)).toEqual([
      [EN.all, 'false'],
      ['guides 3', 'false'],
      ['reference 0', 'true'],
    ]);
    await h.page.getByRole('radio', { name: EN.all }).click();
    await h.page.locator('recall-box [role="option"]').first().waitFor();
    expect(await h.page.locator('recall-box [part~="fallback"]').isVisible()).toBe(false);
  });

  it('applies a stored choice only to a facet the control shows, and survives junk in storage', async () => {
    h.reply = (q) => withFacets(answer(q, sampleResults()));
    const key = `${WIDGET_DEFAULTS.filterKeyPrefix}${h.server.url}/search`;
    await h.page.addInitScript((k) => localStorage.setItem(k, JSON.stringify(['version=v4', 7, 'nonsense', { pool: 'x' }])), key);
    await h.page.goto(h.fixture('<recall-box debounce="0" facets="pool"></recall-box>'));
    await h.page.getByRole('combobox', { name: EN.label }).fill('route');
    const request = await h.requestFor('route');
    expect(request.params.has('filter.version')).toBe(false);
    expect(request.params.has('filter.pool')).toBe(false);
  });
});
