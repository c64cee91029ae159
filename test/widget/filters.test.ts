/**
 * Filters from the widget's side in real Chromium: `filter-<facet>` attributes preset the Worker's
 * `filter.<facet>` parameters, and a fallback for a search the filters emptied reports its cause.
 */
import { describe, expect, it } from 'vitest';
import { STRINGS } from '../../src/widget/strings.ts';
import { answer, lowAnswer, sampleResults, useWidgetHarness } from '../support/widget-harness.ts';

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
    const cause = h.page.evaluate(() => new Promise((resolve) => document.addEventListener('recall-box:fallback', (e) => resolve((e as CustomEvent).detail.cause))));
    await h.page.getByRole('combobox', { name: EN.label }).fill('route');
    expect(await cause).toBe('filtered');
    expect(await h.page.locator('recall-box [part~="fallback-message"]').textContent()).toMatch(/filters chosen/);
  });
});
