import { describe, expect, it } from 'vitest';
import { escapeHtml, renderPreviewHome, renderPreviewPage } from '../../src/preview/page-html.ts';
import type { StoredSection } from '../../src/core/index.ts';
import { sectionOf } from '../support/section.ts';

const stored = (over: Partial<StoredSection>): StoredSection => ({ ...sectionOf(over), pool: 'knowledge', termSet: '', ...over });

const page = [
  stored({ anchor: '', title: 'Routing', breadcrumb: ['Routing'], depth: 1, text: 'How requests find handlers.', code: '', pageUrl: '/guides/routing/' }),
  stored({ anchor: 'route-parameters', title: 'Route parameters', breadcrumb: ['Routing', 'Route parameters'], depth: 2, text: 'First paragraph.\nSecond paragraph.', code: "app.get('/:id', h)" }),
  stored({ anchor: 'wildcards', title: 'Wildcards', breadcrumb: ['Routing', 'Route parameters', 'Wildcards'], depth: 3, text: 'Stars match the rest.', code: '' }),
];

describe('renderPreviewPage', () => {
  it('gives each section its heading, at its depth, with the anchor a result links to as its id', () => {
    const html = renderPreviewPage(page);
    expect(html).toContain('<h1>Routing</h1>');
    expect(html).toContain('<h2 id="route-parameters">Route parameters</h2>');
    expect(html).toContain('<h3 id="wildcards">Wildcards</h3>');
    // The intro has no heading of its own: the page's h1 is written once.
    expect(html.match(/<h1/g)).toHaveLength(1);
  });

  it('writes one paragraph per line of a section, and its code as code, in document order', () => {
    const html = renderPreviewPage(page);
    expect(html).toContain('<p>First paragraph.</p>\n<p>Second paragraph.</p>');
    expect(html).toContain('<pre><code>app.get(&#39;/:id&#39;, h)</code></pre>');
    expect(html.indexOf('How requests')).toBeLessThan(html.indexOf('First paragraph'));
    expect(html.indexOf('First paragraph')).toBeLessThan(html.indexOf('Stars match'));
  });

  it('escapes every piece of pack text: a heading, a paragraph, an anchor or code that looks like markup stays text', () => {
    const hostile = stored({ anchor: '"><script>x()</script>', title: '<img src=x onerror=alert(1)>', breadcrumb: ['</title><script>'], depth: 2, text: '<b>bold</b> & co', code: '</code></pre><script>' });
    const html = renderPreviewPage([hostile]);
    expect(html).not.toMatch(/<script>|<img|<b>/);
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt; &amp; co');
    expect(html).toContain('id="&quot;&gt;&lt;script&gt;x()&lt;/script&gt;"');
  });

  it('loads the widget and the highlight script, and links the list of pages only when there is one', () => {
    const html = renderPreviewPage(page, { pageList: '/_recall-box/pages/' });
    expect(html).toContain('<script type="module" src="/recall-box.js"></script>');
    expect(html).toContain('<script type="module" src="/recall-box-highlight.js"></script>');
    expect(html).toContain('<recall-box mode="modal" endpoint="/search"');
    expect(html).toContain('href="/_recall-box/pages/"');
    expect(renderPreviewPage(page)).not.toContain('All pages');
  });
});

describe('renderPreviewHome', () => {
  it('lists every page as a link, escaped, and has a search box', () => {
    const html = renderPreviewHome([{ url: '/a/', title: 'A & B' }, { url: '/b/', title: '' }]);
    expect(html).toContain('<a href="/a/">A &amp; B</a>');
    // A page without a title is listed by its URL.
    expect(html).toContain('<a href="/b/">/b/</a>');
    expect(html).toContain('<recall-box id="search" endpoint="/search">');
  });
});

describe('escapeHtml', () => {
  it('leaves no character that could open a tag or close an attribute', () => {
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });
});
