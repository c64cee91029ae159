import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ADMIN_CSS, ADMIN_JS } from '../../src/admin/static-files.ts';
import { loginHtml, pageHtml, PAGE_CSP } from '../../src/admin/page-html.ts';

/**
 * What the owners' page adds, gzipped (level 9): measured 2,388 B of script (6,143 B raw) and 935 B of style (2,200 B raw)
 * (`npx vitest run --config vitest.unit.config.ts test/admin/static-files.test.ts`, printed below).
 * The budget leaves room for a table more, not for a charting library.
 */
const BUDGET = { js: 3_000, css: 1_500 };

describe("the owners' page's files", () => {
  it('stay small gzipped', () => {
    const js = gzipSync(ADMIN_JS, { level: 9 }).length;
    const css = gzipSync(ADMIN_CSS, { level: 9 }).length;
    console.log(`admin.js ${ADMIN_JS.length} B (${js} B gzipped), admin.css ${ADMIN_CSS.length} B (${css} B gzipped)`);
    expect(js).toBeLessThanOrEqual(BUDGET.js);
    expect(css).toBeLessThanOrEqual(BUDGET.css);
  });
  it('is parseable script with no inline code in either document', () => {
    expect(() => new Function(ADMIN_JS)).not.toThrow();
    const hostile = { topQueries: [{ query: '</script><script>alert(1)</script><!-- x' }] };
    for (const html of [pageHtml(), pageHtml(hostile), loginHtml('x <b>')]) {
      // Script from a file, or a JSON data block (never run, so the CSP allows it): nothing else.
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)(?! type="application\/json" id="report">)/);
      expect(html).not.toMatch(/\sstyle=|<style|\son[a-z]+=/i);
    }
    expect(loginHtml('x <b>')).toContain('x &#60;b&#62;');
    // A reader's query in the page's report neither closes the data block nor opens a comment, and reads back whole.
    const block = /<script type="application\/json" id="report">([\s\S]*?)<\/script>/.exec(pageHtml(hostile));
    expect(block![1]).not.toContain('<');
    expect(JSON.parse(block![1]!)).toEqual(hostile);
    expect(pageHtml()).not.toContain('id="report"');
    expect(PAGE_CSP).toContain("script-src 'self'");
    expect(PAGE_CSP).not.toContain('unsafe-inline');
  });
});
