/**
 * The fallback never strands the reader, in real Chromium against the real search pipeline
 * (test/fixtures/site built into a pack, answered as the Worker answers): the Worker's own ways on
 * when it has them, and otherwise — a query nothing in the docs matches, on a site with no
 * FALLBACK_LINK — the reader's pinned results and a link to the docs' start page (attribute `home`).
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { STRINGS } from '../../src/widget/strings.ts';
import { REPO_ROOT, startSiteSearch, type SiteSearch } from '../support/real-search.ts';
import { useWidgetHarness } from '../support/widget-harness.ts';

const h = useWidgetHarness();
const EN = STRINGS.en;
let site: SiteSearch;

beforeAll(async () => {
  site = await startSiteSearch(path.join(REPO_ROOT, 'test/fixtures/site'), 'next-step-pack');
}, 60_000);

const part = (name: string) => h.page.locator(`recall-box [part~="${name}"]`);
const input = () => h.page.getByRole('combobox', { name: EN.label });

/** What the fallback offers to follow: its links' text and href attribute, its buttons' text. */
const waysOn = () =>
  h.page.locator('recall-box [part~="fallback"]').evaluate((f) => [...f.querySelectorAll('a, button')].map((n) => [n.getAttribute('part'), n.textContent, n.getAttribute('href')]));

describe('the fallback offers a next step', () => {
  it('links the docs\' start page when the Worker has nothing to offer (no matches, no suggestions, no link)', async () => {
    h.reply = async (_q, params) => site.answer(params);
    await h.page.goto(h.fixture('<recall-box debounce="0"></recall-box>'));
    await input().fill('pizza');
    await part('fallback-message').waitFor();
    // The real Worker's body for it: a `no-results` fallback with nothing to follow.
    const { body } = (await site.answer(new URLSearchParams({ q: 'pizza' }))) as { body: { fallback: { cause: string; suggestions: unknown[]; link?: unknown } } };
    expect(body.fallback).toMatchObject({ cause: 'no-results', suggestions: [] });
    expect(body.fallback.link).toBeUndefined();
    expect(await waysOn()).toEqual([['fallback-link', EN.browseDocs, '/']]);
    await h.page.getByRole('link', { name: EN.browseDocs }).click();
    await h.page.waitForURL(`${h.server.url}/`);
  });

  it('goes to the attribute home when set, and lists the reader\'s pinned results before it', async () => {
    h.reply = async (_q, params) => site.answer(params);
    await h.page.goto(h.fixture('<recall-box debounce="0" home="/docs/start/"></recall-box>'));
    // Pin the Routing guide's first result.
    await input().fill('routing guide ');
    const option = h.page.getByRole('option').first();
    await option.hover();
    await option.locator('[part~="pin"]').click();
    const pinned = await h.page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith('recall-box:pins:'))![1]);
    const [pin] = JSON.parse(pinned) as Array<{ url: string; title: string }>;

    await input().fill('pizza');
    await part('fallback-message').waitFor();
    expect(await waysOn()).toEqual([
      ['suggestion', pin!.title, pin!.url],
      ['fallback-link', EN.browseDocs, '/docs/start/'],
    ]);
    // `no-recent` keeps no pins, so shows none: the start page is left.
    await h.page.evaluate(() => document.querySelector('recall-box')!.setAttribute('no-recent', ''));
    await expect.poll(waysOn).toEqual([['fallback-link', EN.browseDocs, '/docs/start/']]);
  });

  it('keeps to the Worker\'s own ways on when it has them: its suggestions and the closest matches', async () => {
    h.reply = async (_q, params) => site.answer(params);
    await h.page.goto(h.fixture('<recall-box debounce="0"></recall-box>'));
    await input().fill('routing kubernetes ');
    await part('fallback-message').waitFor();
    const ways = await waysOn();
    expect(ways).toContainEqual(['suggestion', 'routing', null]);
    expect(ways).toContainEqual(['suggestion', 'Routing', '/guides/routing/']);
    expect(ways).toContainEqual(['show-anyway', EN.showAnyway, null]);
    expect(ways.map(([, text]) => text)).not.toContain(EN.browseDocs);
  });
});
