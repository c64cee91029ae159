/**
 * custom-elements.json against the element itself: the file is what the generator makes of the
 * current JSDoc, and it lists every attribute the element reads, every event it sends, every part
 * it renders, every custom property its stylesheet reads and every public member — no more, no
 * less. A part, attribute or event added without documentation (or removed with it left in) fails.
 */
import { readFile, readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { formatManifest, generateManifest, MANIFEST_DEFAULTS, type Manifest } from '../../scripts/build-manifest.ts';
import { WIDGET_EVENTS } from '../../src/widget/events.ts';
import { WIDGET_ATTRIBUTES, WIDGET_DEFAULTS } from '../../src/widget/options.ts';
import { STRINGS } from '../../src/widget/strings.ts';
import { STYLES } from '../../src/widget/styles.ts';
import { answer, answeredResults, hit, lowAnswer, sampleResults, useWidgetHarness } from '../support/widget-harness.ts';

const h = useWidgetHarness();
const EN = STRINGS.en;
const WIDGET_SRC = new URL('../../src/widget/', import.meta.url);

const manifest = async () => JSON.parse(await readFile(MANIFEST_DEFAULTS.outfile, 'utf8')) as Manifest;
const declaration = async () => (await manifest()).modules[0]!.declarations[0]!;
const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort();

describe('custom-elements.json', () => {
  it('is what the generator makes of the current source (run `npm run build:manifest` after changing the JSDoc)', async () => {
    expect(await readFile(MANIFEST_DEFAULTS.outfile, 'utf8')).toBe(formatManifest(await generateManifest()));
    const m = await manifest();
    expect(m.schemaVersion).toBe('1.0.0');
    expect(m.modules[0]!.exports).toContainEqual({ kind: 'custom-element-definition', name: 'recall-box', declaration: { name: 'RecallBoxElement', module: 'public/recall-box.js' } });
  });

  it('lists exactly the attributes the element observes, and every attribute the source reads', async () => {
    const documented = sorted((await declaration()).attributes.map((a) => a.name));
    expect(documented).toEqual(sorted(WIDGET_ATTRIBUTES));
    const read: string[] = [];
    // Every source file of the widget, its views/ included.
    for (const file of await readdir(WIDGET_SRC, { recursive: true })) {
      if (!file.endsWith('.ts')) continue;
      const code = await readFile(new URL(file, WIDGET_SRC), 'utf8');
      for (const m of code.matchAll(/(?:get|has)Attribute\('([^']+)'\)/g)) read.push(m[1]!);
    }
    expect(read.length).toBeGreaterThan(5);
    for (const name of read) expect(documented, `the source reads the attribute "${name}"`).toContain(name);
  });

  it('lists exactly the events the element can dispatch', async () => {
    expect(sorted((await declaration()).events.map((e) => e.name))).toEqual(sorted(WIDGET_EVENTS));
  });

  it('lists exactly the custom properties the stylesheet reads', async () => {
    const used = sorted([...STYLES.matchAll(/--recall-box-[\w-]+/g)].map((m) => m[0]));
    expect(sorted((await declaration()).cssProperties.map((p) => p.name))).toEqual(used);
  });

  it('lists exactly the parts the element renders across its states, and members it really has', async () => {
    const { page } = h;
    h.reply = (q) => {
      if (q === 'broken') return { status: 500, body: { error: { code: 'INTERNAL', message: 'broken.' } } };
      if (q.startsWith('how')) {
        const low = lowAnswer(q, sampleResults());
        const fallback = (low.body as { fallback: { suggestions: unknown[] } }).fallback;
        fallback.suggestions.push({ kind: 'page', text: 'Refused', url: 'javascript:void 0' });
        return low;
      }
      if (q === 'answered') return answer(q, answeredResults());
      if (q === 'midleware') {
        const corrected = answer(q, sampleResults());
        return { ...corrected, body: { ...(corrected.body as object), correction: { query: 'middleware', words: [{ typed: 'midleware', corrected: 'middleware' }] } } };
      }
      const listed = answer(q, [...sampleResults(), hit({ id: 'bad', url: 'javascript:void 0', title: 'Refused link' })]);
      // The filter control's parts need facet counts (attribute facets="pool").
      return { ...listed, body: { ...(listed.body as object), facets: { pool: [{ value: 'guides', count: 3 }, { value: 'reference', count: 1 }] } } };
    };
    h.expectedConsole = [/status of 500/];
    await page.addInitScript(
      ([recent, pins]) => {
        localStorage.setItem(recent!, '["earlier"]');
        localStorage.setItem(pins!, JSON.stringify([{ url: '/guides/routing/', title: 'Routing', page: 'Guides' }]));
      },
      [`${WIDGET_DEFAULTS.recentKeyPrefix}${h.server.url}/search`, `${WIDGET_DEFAULTS.pinKeyPrefix}${h.server.url}/search`],
    );
    await page.goto(h.fixture('<recall-box id="inline" debounce="0" confidence-badge facets="pool"></recall-box><recall-box id="modal" mode="modal" label="Modal search"></recall-box>'));
    const seen = new Set<string>();
    const collect = async () => {
      const parts = await page.evaluate(() =>
        [...document.querySelectorAll('recall-box')].flatMap((box) => [...box.shadowRoot!.querySelectorAll('[part]')].flatMap((e) => e.getAttribute('part')!.split(/\s+/))),
      );
      for (const p of parts) seen.add(p);
    };
    const input = page.getByRole('combobox', { name: EN.label });
    await input.focus();
    await page.locator('#inline [part~="recent"]').waitFor();
    await page.locator('#inline [part~="pinned"]').waitFor();
    await collect();
    await input.fill('route');
    await page.locator('#inline [part~="unlinked"]').waitFor();
    await page.locator('#inline [part~="facet-count"]').first().waitFor();
    await collect();
    await input.fill('how do I');
    await page.locator('#inline [part~="show-anyway"]').waitFor();
    await collect();
    await page.getByRole('button', { name: EN.showAnyway }).click();
    await page.locator('#inline [part~="low-confidence-note"]').waitFor();
    await collect();
    await input.fill('midleware');
    await page.locator('#inline [part~="search-instead"]').waitFor();
    await collect();
    await input.fill('answered');
    await page.locator('#inline [part~="answer"]').waitFor();
    await collect();
    await input.fill('broken');
    await page.getByRole('button', { name: EN.retry }).waitFor();
    await collect();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: EN.button, exact: true }).click();
    await collect();

    const d = await declaration();
    expect(sorted(seen)).toEqual(sorted(d.cssParts.map((p) => p.name)));

    const members = await page.evaluate((names) => {
      const proto = customElements.get('recall-box')!.prototype as Record<string, unknown>;
      return names.map(([name, kind]) => [name, kind === 'method' ? typeof proto[name] === 'function' : name in proto]);
    }, d.members.map((m) => [m.name, m.kind]));
    for (const [name, present] of members) expect(present, `member ${name}`).toBe(true);
    expect(await page.evaluate(() => [...(customElements.get('recall-box') as unknown as { observedAttributes: string[] }).observedAttributes].sort())).toEqual(
      sorted(d.attributes.map((a) => a.name)),
    );
  });
});
