import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../src/indexer/ingest/index.ts';

const page = (body: string, head = '<title>Caching</title>'): string =>
  `<!doctype html><html lang="en"><head>${head}</head><body>${body}</body></html>`;

describe('HTML pages', () => {
  const html = page(`
    <header>Site banner</header>
    <nav><a href="/guides/routing/">Routing</a> sidebar</nav>
    <main>
      <h1>Caching</h1>
      <p>Responses are cached at the edge.</p>
      <script>trackPageView()</script>
      <style>.x { color: red }</style>
      <noscript>Enable JavaScript</noscript>
      <template><p>template text</p></template>
      <svg><text>svg label</text></svg>
      <h2 id="etag">ETag <a class="header-anchor" href="#etag">#</a></h2>
      <p>Use <code>etag()</code> with <a href="../guides/middleware.mdx">middleware</a>.</p>
      <aside><p>Tip: purge after deploys.</p></aside>
      <pre><code>app.use(etag())</code></pre>
    </main>
    <footer>Copyright footer</footer>`);
  const p = parseDocument('concepts/caching.html', html);
  const text = p.sections.map((s) => `${s.title}\n${s.text}\n${s.code}`).join('\n');

  it('indexes only <main>, without scripts, styles, nav, header, footer, noscript, template or svg', () => {
    expect(text).toContain('Responses are cached at the edge.');
    for (const chrome of ['Site banner', 'sidebar', 'trackPageView', 'color: red', 'Enable JavaScript', 'template text', 'svg label', 'Copyright footer']) {
      expect(text).not.toContain(chrome);
    }
  });

  it('keeps <aside> inside main: it holds real tips', () => {
    expect(p.sections.find((s) => s.anchor === 'etag')?.text).toContain('Tip: purge after deploys.');
  });

  it('uses heading ids as anchors and drops permalink markers from heading text', () => {
    const etag = p.sections.find((s) => s.anchor === 'etag');
    expect(etag?.title).toBe('ETag');
    expect(etag?.url).toBe('/concepts/caching/#etag');
  });

  it('splits sections like Markdown, with <pre> as code and links resolved', () => {
    expect(p.sections.map((s) => s.url)).toEqual(['/concepts/caching/', '/concepts/caching/#etag']);
    const etag = p.sections[1];
    expect(etag.code).toBe('app.use(etag())');
    expect(etag.text).toContain('Use etag() with middleware.');
    expect(etag.links).toEqual(['/guides/middleware/']);
  });

  it('takes the title from <title>, the description from meta, and lang from <html lang>', () => {
    const q = parseDocument(
      'x.html',
      `<html lang="zh-CN"><head><title>Kept title</title><meta name="description" content="A description."></head><body><main><p>Text.</p></main></body></html>`,
    );
    expect(q.title).toBe('Kept title');
    expect(q.description).toBe('A description.');
    expect(q.lang).toBe('zh-cn');
  });

  it('prefers the content h1 over a <title> with a site-name suffix', () => {
    const q = parseDocument('x.html', page('<main><h1>Caching</h1><p>Text.</p></main>', '<title>Caching | Skylark</title>'));
    expect(q.title).toBe('Caching');
    expect(q.sections.map((s) => [s.url, s.breadcrumb])).toEqual([['/x/', ['Caching']]]);
  });

  it('falls back to <article>, then <body>, and to the first h1 for the title', () => {
    const article = parseDocument('a.html', page('<div>Outside</div><article><h1>Article title</h1><p>Inside.</p></article>', ''));
    expect(article.title).toBe('Article title');
    expect(article.sections.map((s) => s.text).join('\n')).toBe('Inside.');
    const body = parseDocument('b.html', page('<nav>menu</nav><p>Body text.</p>', ''));
    expect(body.sections.map((s) => s.text)).toEqual(['Body text.']);
  });

  it('reports a page with nothing but chrome as NO_CONTENT', () => {
    expect(() => parseDocument('c.html', page('<nav>menu</nav><footer>f</footer>', ''))).toThrow(/NO_CONTENT/);
  });
});
