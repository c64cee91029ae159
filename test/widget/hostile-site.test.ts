/**
 * Security, end to end with real data: docs whose titles, headings, body text and code are
 * `<img onerror>`, `<script>`, `<svg onload>`, `<iframe>` and `javascript:` links
 * (test/fixtures/hostile-site), built into a pack by the real builder and searched by the real
 * pipeline in Node, the bodies served to the widget in Chromium. Nothing may run, no element may be
 * made from document text, and no `javascript:` URL may become a link — while the hostile text
 * itself is shown, as text.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { STRINGS } from '../../src/widget/strings.ts';
import { startHostileSearch, type HostileSearch } from '../support/hostile-site.ts';
import { useWidgetHarness } from '../support/widget-harness.ts';

const h = useWidgetHarness();
let hostile: HostileSearch;

beforeAll(async () => {
  hostile = await startHostileSearch();
}, 60_000);

/** Queries that reach every payload: in results, breadcrumbs, snippets and fallback suggestions. */
const QUERIES = ['onerror', 'script', 'javascript', 'setup', 'iframe', 'pwned', 'link payloads'];

/** Payload text that must be on screen, as text, by the end. */
const SHOWN_AS_TEXT = ['<img src=x onerror=', '<script>window.__pwned', '<svg onload=', '<iframe src="javascript:', '](javascript:'];

interface Inspection {
  pwned: unknown;
  /** Elements in the shadow root that document text could have produced. */
  injected: string[];
  /** Elements anywhere in the shadow root with an on* attribute. */
  handlers: string[];
  /** Document-level elements that would mean markup escaped the shadow root. */
  documentInjected: number;
  /** Every link's href attribute and resolved protocol. */
  links: Array<{ href: string | null; protocol: string }>;
  text: string;
}

const inspect = () =>
  h.page.evaluate((): Inspection => {
    const root = document.querySelector('recall-box')!.shadowRoot!;
    const all = [...root.querySelectorAll('*')];
    return {
      pwned: (window as unknown as { __pwned?: unknown }).__pwned,
      injected: [...root.querySelectorAll('img, script, iframe, object, embed, math, svg:not([part~="icon"]), svg:not([part~="icon"]) *')].map((e) => e.outerHTML),
      handlers: all.filter((e) => [...e.attributes].some((a) => a.name.toLowerCase().startsWith('on'))).map((e) => e.outerHTML),
      documentInjected: document.querySelectorAll('img, iframe, object, embed, body script:not([type="module"])').length,
      links: [...root.querySelectorAll('a')].map((a) => ({ href: a.getAttribute('href'), protocol: a.protocol })),
      text: root.textContent ?? '',
    };
  });

describe('a docs site full of payloads, searched for real', () => {
  for (const mode of ['inline', 'modal'] as const) {
    it(`${mode}: runs nothing, makes no element from document text, links nothing but http(s)`, async () => {
      const { page } = h;
      h.reply = async (_q, params) => hostile.answer(params);
      await page.goto(h.fixture(`<recall-box mode="${mode}" debounce="0"></recall-box>`));
      await page.waitForFunction(() => customElements.get('recall-box') !== undefined);
      await page.evaluate(() => {
        (window as unknown as { __answers: number }).__answers = 0;
        document.addEventListener('recall-box:results', () => (window as unknown as { __answers: number }).__answers++);
      });
      if (mode === 'modal') await page.getByRole('button', { name: STRINGS.en.button, exact: true }).click();
      const input = page.getByRole('combobox', { name: STRINGS.en.label });
      let shown = '';
      let listed = 0;
      for (const [i, q] of QUERIES.entries()) {
        await input.fill(q);
        await page.waitForFunction((n) => (window as unknown as { __answers: number }).__answers === n, i + 1);
        const reveal = page.getByRole('button', { name: STRINGS.en.showAnyway });
        if (await reveal.isVisible()) await reveal.click();
        const found = await inspect();
        expect(found.pwned, q).toBeUndefined();
        expect(found.injected, q).toEqual([]);
        expect(found.handlers, q).toEqual([]);
        expect(found.documentInjected, q).toBe(0);
        for (const link of found.links) {
          expect(['http:', 'https:'], `${q}: ${link.href}`).toContain(link.protocol);
          expect(link.href?.replace(/[\s\u0000-\u001f]/g, '').toLowerCase(), q).not.toMatch(/^(javascript|data|vbscript):/);
        }
        listed += await page.locator('recall-box [role="option"]').count();
        shown += found.text;
      }
      // The test saw the payloads (as text), so its "nothing ran" means something.
      expect(listed).toBeGreaterThan(QUERIES.length);
      for (const payload of SHOWN_AS_TEXT) expect(shown, payload).toContain(payload);

      // Every result link is a site path: nothing from the documents' own links made it into an href.
      await input.fill('pwned');
      await page.waitForFunction((n) => (window as unknown as { __answers: number }).__answers === n, QUERIES.length + 1);
      const reveal = page.getByRole('button', { name: STRINGS.en.showAnyway });
      if (await reveal.isVisible()) await reveal.click();
      const hrefs = await page.locator('recall-box [role="option"]').evaluateAll((os) => os.map((o) => o.getAttribute('href')));
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) expect(href === null || href.startsWith('/')).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    });
  }
});
