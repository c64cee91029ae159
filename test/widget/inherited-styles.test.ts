/**
 * A host page's text styles do not reach into the box, in real Chromium: a docs theme that sets
 * `white-space: nowrap` (VitePress's nav bar, where the box sits) made snippets run off the panel,
 * and `text-transform`, `letter-spacing`, `text-align`, `line-height` and the like distorted
 * them. The box keeps the page's typeface and size, and its `--recall-box-*` theming.
 */
import { describe, expect, it } from 'vitest';
import { STRINGS } from '../../src/widget/strings.ts';
import { answer, hit, useWidgetHarness } from '../support/widget-harness.ts';

const h = useWidgetHarness();
const EN = STRINGS.en;

/** Every inherited text property a theme might set on an ancestor, at a value that shows. */
const HOSTILE_BODY =
  'white-space: nowrap; line-height: 3; text-transform: uppercase; letter-spacing: 5px; word-spacing: 20px; text-align: right; ' +
  'text-indent: 80px; font-style: italic; font-weight: 900; font-variant: small-caps; text-shadow: 2px 2px red; font-family: Georgia, serif; font-size: 15px; ' +
  '--recall-box-accent: rgb(1, 2, 3);';

/** A snippet far longer than one line of the panel. */
const LONG = 'Route parameters capture parts of the path, so that one handler serves every user page and reads the id from the request; '.repeat(4).trim();

describe('inherited styles from the host page', () => {
  it('wraps snippets inside the panel and writes them normally, in the page\'s typeface, themed by its custom properties', async () => {
    h.reply = (q) => answer(q, [hit({ title: 'Route parameters', snippet: { text: LONG, highlights: [[0, 5]] } })]);
    // The width of a docs theme's nav search slot (608 px: the panel's clientWidth in the report).
    await h.page.goto(h.fixture(`<style>body { ${HOSTILE_BODY} } .nav { width: 608px; }</style><div class="nav"><recall-box debounce="0"></recall-box></div>`));
    await h.page.getByRole('combobox', { name: EN.label }).fill('route');
    const snippet = h.page.locator('recall-box [part~="snippet"]');
    await snippet.waitFor();
    const seen = await h.page.evaluate(() => {
      const root = document.querySelector('recall-box')!.shadowRoot!;
      const drop = root.querySelector<HTMLElement>('[part~="dropdown"]')!;
      const s = root.querySelector<HTMLElement>('[part~="snippet"]')!;
      const style = getComputedStyle(s);
      return {
        drop: { scrollWidth: drop.scrollWidth, clientWidth: drop.clientWidth },
        snippet: { scrollWidth: s.scrollWidth, clientWidth: s.clientWidth, lines: Math.round(s.getBoundingClientRect().height / parseFloat(style.lineHeight)) },
        style: {
          whiteSpace: style.whiteSpace,
          textTransform: style.textTransform,
          letterSpacing: style.letterSpacing,
          wordSpacing: style.wordSpacing,
          textAlign: style.textAlign,
          textIndent: style.textIndent,
          fontStyle: style.fontStyle,
          fontWeight: style.fontWeight,
          fontVariant: style.fontVariant,
          textShadow: style.textShadow,
          fontFamily: style.fontFamily,
        },
        lineHeightEm: parseFloat(style.lineHeight) / parseFloat(style.fontSize),
        title: getComputedStyle(root.querySelector('[part~="title"]')!).color,
      };
    });
    // It wraps: nothing runs off the panel, and the long snippet takes several lines.
    expect(seen.drop.scrollWidth).toBeLessThanOrEqual(seen.drop.clientWidth);
    expect(seen.snippet.scrollWidth).toBeLessThanOrEqual(seen.snippet.clientWidth);
    expect(seen.snippet.lines).toBeGreaterThan(1);
    // It reads normally: none of the page's text styles, but its typeface.
    expect(seen.style).toEqual({
      whiteSpace: 'normal',
      textTransform: 'none',
      letterSpacing: 'normal',
      wordSpacing: '0px',
      textAlign: 'start',
      textIndent: '0px',
      fontStyle: 'normal',
      fontWeight: '400',
      fontVariant: 'normal',
      textShadow: 'none',
      fontFamily: 'Georgia, serif',
    });
    expect(seen.lineHeightEm).toBeCloseTo(1.5, 1);
    // Theming still comes through from the page.
    expect(seen.title).toBe('rgb(1, 2, 3)');
  });
});
