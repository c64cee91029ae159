/**
 * The highlight script (`recall-box/highlight`, public/recall-box-highlight.js, built here) in real
 * Chromium: a docs page opened with `rb-highlight` gets the terms marked in the section its fragment
 * names, through the CSS Custom Highlight API or, without it, `<mark>` elements; the parameter
 * leaves the address bar; a strict Content-Security-Policy sees no violation. Also: the links the
 * widget's result list builds carry the parameter and lead to such a page; and the bundle's size.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildHighlight, HIGHLIGHT_BUILD_DEFAULTS } from '../../scripts/build-highlight.ts';
import { MAX_MARKS } from '../../src/widget/highlight/index.ts';
import { launchBrowser } from '../support/browser.ts';
import { serveStatic, type StaticServer } from '../support/static-server.ts';
import { PUBLIC_DIR, sampleResults } from '../support/widget-harness.ts';

const require = createRequire(import.meta.url);

/** The policy of issue 21: no inline script or style anywhere, files from this origin only. */
const STRICT_CSP = "default-src 'none'; script-src 'self'; style-src 'self'";

/**
 * A docs page: an intro, a section "Route parameters" (h2) with a subsection (h3), then the next h2,
 * and text outside `main`. Every element holding a term has an id, so a match names where it is.
 * `inline` adds an inline <script> and <style>, which the strict policy blocks.
 */
function routingPage({ inline = true } = {}): string {
  return (
    // No `<link rel="icon" href="data:,">` (the other pages' way to skip /favicon.ico): the strict policy blocks data: images;
    // the server answers /favicon.ico instead.
    '<!doctype html><html lang="en"><meta charset="utf-8"><title>Routing</title>' +
    '<script type="module" src="/recall-box-highlight.js"></script>' +
    '<body><nav id="nav">Route parameters (nav)</nav><main>' +
    '<h1 id="routing">Routing</h1><p id="intro">This page explains route parameters.</p>' +
    '<h2 id="route-parameters">Route parameters</h2>' +
    '<p id="capture">Capture parts of the path with <code id="code">route</code> PARAMETERS: /users/:id.</p>' +
    '<textarea id="field">route parameters</textarea>' +
    (inline ? '<script>window.inlineRan = "route parameters";</script><style>/* route parameters */</style>' : '') +
    '<h3 id="optional">Optional parameters</h3><p id="optional-text">An optional route parameter ends with ?.</p>' +
    '<h2 id="wildcards">Wildcards</h2><p id="wildcard-text">A wildcard route catches parameters too.</p>' +
    '<section id="faq"><p id="faq-text">Why are route parameters strings?</p></section>' +
    '<h2><a id="anchor-in-heading"></a>Route groups</h2><p id="groups-text">Group route parameters by prefix.</p>' +
    '</main><footer id="footer">route parameters</footer></body></html>'
  );
}

/** What `?rb-highlight=route+parameters#route-parameters` marks: the h2 section, its h3 included, the textarea and script not. */
const ROUTE_PARAMETERS_MARKS = [
  ['Route', 'route-parameters'],
  ['parameters', 'route-parameters'],
  ['route', 'code'],
  ['PARAMETERS', 'capture'],
  ['parameters', 'optional'],
  ['route', 'optional-text'],
];

let browser: Browser;
let server: StaticServer;
let context: BrowserContext;
let page: Page;
/** Pages served by path, with their response headers. */
const pages = new Map<string, { html: string; headers?: Record<string, string> }>();
let problems: string[];

beforeAll(async () => {
  const built = await buildHighlight();
  console.log(`${HIGHLIGHT_BUILD_DEFAULTS.outfile}: ${built.rawBytes} B raw, ${built.gzipBytes} B gzip`);
  [browser, server] = await Promise.all([
    launchBrowser(),
    serveStatic(PUBLIC_DIR, (_req, res, url) => {
      if (url.pathname === '/favicon.ico') {
        // The routing page names no icon (see routingPage), so the browser asks for this one.
        res.writeHead(204).end();
        return true;
      }
      const found = pages.get(url.pathname);
      if (!found) return false;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...found.headers });
      res.end(found.html);
      return true;
    }),
  ]);
});

afterAll(async () => {
  await Promise.all([browser?.close(), server?.close()]);
});

beforeEach(async () => {
  pages.clear();
  pages.set('/guides/routing/', { html: routingPage() });
  problems = [];
  context = await browser.newContext();
  page = await context.newPage();
  page.setDefaultTimeout(5_000);
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
});

afterEach(async () => {
  await context.close();
  expect(problems).toEqual([]);
});

/** Opens `path` and waits until the highlight script has run (its module is loaded and evaluated). */
async function open(path: string): Promise<void> {
  await page.goto(server.url + path);
  await page.waitForFunction(() => document.readyState === 'complete');
}

/** The registered highlight's ranges as [text, id of the element holding the text]. */
function highlighted(): Promise<string[][] | null> {
  return page.evaluate(() => {
    const h = CSS.highlights.get('recall-box');
    return h ? [...h].map((r) => [r.toString(), (r.startContainer.parentElement as Element).id]) : null;
  });
}

/** The fallback's <mark>s as [text, id of the element holding the mark]. */
function marked(): Promise<string[][]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('mark')].map((m) => [
      m.hasAttribute('data-recall-box-highlight') ? (m.textContent ?? '') : `(no attribute) ${m.textContent}`,
      m.parentElement!.id,
    ]),
  );
}

/** Makes the page look like a browser without the Custom Highlight API, before any of its scripts run. */
async function withoutHighlightApi(): Promise<void> {
  await page.addInitScript(() => {
    delete (CSS as { highlights?: unknown }).highlights;
    delete (window as { Highlight?: unknown }).Highlight;
  });
}

describe('with the CSS Custom Highlight API', () => {
  it('marks the terms in the section the fragment names (its subsections in, the next h2, textarea and script out), leaving the DOM as it was', async () => {
    await open('/guides/routing/?rb-highlight=route+parameters#route-parameters');
    expect(await highlighted()).toEqual(ROUTE_PARAMETERS_MARKS);
    expect(await page.locator('mark').count()).toBe(0);
    // The look comes from a constructed stylesheet, in a layer so the site's own rule wins.
    const css = await page.evaluate(() => document.adoptedStyleSheets.flatMap((s) => [...s.cssRules].map((r) => r.cssText)).join('\n'));
    expect(css).toMatch(/@layer recall-box \{\s*::highlight\(recall-box\) \{ background-color: mark; color: marktext; \}/);
  });

  it('takes the parameter out of the address bar in place (no new history entry), keeping the other parameters and the fragment', async () => {
    await page.addInitScript(() => ((window as unknown as { historyAtStart: number }).historyAtStart = history.length));
    await open('/guides/routing/?v=2&rb-highlight=route+parameters&q=a%20b#route-parameters');
    expect(page.url()).toBe(`${server.url}/guides/routing/?v=2&q=a%20b#route-parameters`);
    expect(await page.evaluate(() => history.length - (window as unknown as { historyAtStart: number }).historyAtStart)).toBe(0);
    expect(await highlighted()).toHaveLength(ROUTE_PARAMETERS_MARKS.length);
  });

  it('marks the whole main without a fragment, and the element itself when the fragment names a non-heading', async () => {
    await open('/guides/routing/?rb-highlight=route');
    // '' is the h2 "Route groups" (the id is on the anchor inside it); nav and footer are outside main.
    expect((await highlighted())!.map(([, id]) => id)).toEqual(['intro', 'route-parameters', 'code', 'optional-text', 'wildcard-text', 'faq-text', '', 'groups-text']);
    expect(page.url()).toBe(`${server.url}/guides/routing/`);

    await open('/guides/routing/?rb-highlight=route#faq');
    expect(await highlighted()).toEqual([['route', 'faq-text']]);
  });

  it('finds the heading an anchor inside it names, and an id given percent-encoded; an unknown id marks the whole main', async () => {
    await open('/guides/routing/?rb-highlight=route#anchor-in-heading');
    expect((await highlighted())!.map(([, id]) => id)).toEqual(['', 'groups-text']); // '' is the h2 (no id), holding "Route groups"
    // The same element the browser scrolled to (:target): the id as written first, then decoded.
    pages.set('/ids/', {
      html:
        '<!doctype html><title>t</title><link rel="icon" href="data:,"><script type="module" src="/recall-box-highlight.js"></script>' +
        '<h2 id="with space">Install</h2><p id="a">install</p><h2 id="x%41">Install</h2><p id="b">install</p><h2 id="xA">Install</h2>',
    });
    const target = () => page.evaluate(() => document.querySelector(':target')?.id);
    await open('/ids/?rb-highlight=install#with%20space');
    expect(await highlighted()).toEqual([['Install', 'with space'], ['install', 'a']]);
    expect(await target()).toBe('with space');
    await open('/ids/?rb-highlight=install#x%41');
    expect(await highlighted()).toEqual([['Install', 'x%41'], ['install', 'b']]);
    expect(await target()).toBe('x%41');
    await open('/guides/routing/?rb-highlight=wildcard#no-such-id');
    expect(await highlighted()).toEqual([['Wildcard', 'wildcards'], ['wildcard', 'wildcard-text']]);
  });

  it(`stops at ${MAX_MARKS} marks on a page that repeats the term`, async () => {
    // Both ways to reach the cap: inside one text node, and across many.
    const words = 'term '.repeat(MAX_MARKS + 50) + Array.from({ length: 500 }, () => '<span>term</span>').join(' ');
    pages.set('/long/', { html: `<!doctype html><title>t</title><link rel="icon" href="data:,"><script type="module" src="/recall-box-highlight.js"></script><main>${words}</main>` });
    await open('/long/?rb-highlight=term');
    expect(await highlighted()).toHaveLength(MAX_MARKS);
  });

  it('does nothing without the parameter, nor with terms found nowhere (but still cleans the address bar)', async () => {
    await open('/guides/routing/?v=1#route-parameters');
    expect(await highlighted()).toBeNull();
    expect(page.url()).toBe(`${server.url}/guides/routing/?v=1#route-parameters`);
    await open('/guides/routing/?rb-highlight=zzz#route-parameters');
    expect(await highlighted()).toBeNull();
    expect(page.url()).toBe(`${server.url}/guides/routing/#route-parameters`);
  });
});

describe('without the CSS Custom Highlight API', () => {
  it('wraps the same matches in <mark data-recall-box-highlight>, changing no text', async () => {
    await open('/guides/routing/');
    const text = await page.locator('main').textContent();
    await withoutHighlightApi();
    await open('/guides/routing/?rb-highlight=route+parameters#route-parameters');
    expect(await page.evaluate(() => typeof CSS.highlights)).toBe('undefined');
    expect(await marked()).toEqual(ROUTE_PARAMETERS_MARKS);
    expect(await page.locator('main').textContent()).toBe(text);
    expect(await page.locator('#field').inputValue()).toBe('route parameters');
    expect(await page.evaluate(() => (window as { inlineRan?: string }).inlineRan)).toBe('route parameters');
    expect(page.url()).toBe(`${server.url}/guides/routing/#route-parameters`);
  });
});

describe('under a strict Content-Security-Policy', () => {
  for (const api of ['with', 'without'] as const) {
    it(`marks the terms with no securitypolicyviolation (${api} the Highlight API)`, async () => {
      pages.set('/strict/', { html: routingPage({ inline: false }), headers: { 'content-security-policy': STRICT_CSP } });
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { violations: string[] }).violations = seen;
        document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
      });
      if (api === 'without') await withoutHighlightApi();
      const res = await page.goto(`${server.url}/strict/?rb-highlight=route+parameters#route-parameters`);
      expect(res!.headers()['content-security-policy']).toBe(STRICT_CSP);
      await page.waitForFunction(() => document.readyState === 'complete');
      if (api === 'with') {
        expect(await highlighted()).toEqual(ROUTE_PARAMETERS_MARKS);
        // The highlight is painted in the stylesheet's colours: the constructed sheet was not blocked.
        expect(await page.evaluate(() => document.adoptedStyleSheets.length)).toBe(1);
      } else {
        expect(await marked()).toEqual(ROUTE_PARAMETERS_MARKS);
      }
      expect(page.url()).toBe(`${server.url}/strict/#route-parameters`);
      expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    });
  }

  it('(the check works: an inline <style> on the same page is reported)', async () => {
    pages.set('/strict/', { html: routingPage({ inline: true }), headers: { 'content-security-policy': STRICT_CSP } });
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { reportViolation: (v: string) => void }).reportViolation(e.violatedDirective)),
    );
    await page.goto(`${server.url}/strict/`);
    await expect.poll(() => violations.sort()).toEqual(['script-src-elem', 'style-src-elem']);
    // Chromium also logs each blocked element; those are the point of this test.
    problems = [];
  });
});

describe('result links (src/widget/views/results.ts)', () => {
  /** Bundles results.ts for the page and renders `hits` there with `links`, returning each option's href. */
  async function renderedHrefs(hits: unknown[], links: { highlightParam?: boolean }): Promise<Array<string | null>> {
    const out = await build({
      stdin: {
        contents: "import { groupByPage, renderGroups } from './src/widget/views/results.ts'; window.results = { groupByPage, renderGroups };",
        resolveDir: process.cwd(),
        loader: 'ts',
      },
      bundle: true,
      format: 'iife',
      write: false,
      logLevel: 'silent',
    });
    await page.addScriptTag({ content: out.outputFiles[0]!.text });
    return page.evaluate(
      ([hits, links]) => {
        const { groupByPage, renderGroups } = (window as any).results;
        const { options } = renderGroups(document, groupByPage(hits), document.baseURI, ' › ', links);
        return options.map((o: { node: Element }) => o.node.getAttribute('href'));
      },
      [hits, links] as const,
    );
  }

  const hits = () => [
    ...sampleResults(),
    { ...sampleResults()[1]!, id: 'q', url: '/guides/install/?v=2#setup' },
    { ...sampleResults()[1]!, id: 'subdomain', url: 'https://docs.example.org/guides/' },
    { ...sampleResults()[1]!, id: 'bad', url: 'javascript:alert(1)' },
  ];

  it("carry each snippet's highlighted terms before the fragment, after the URL's own query; refused URLs stay unlinked; off means the URL as given", async () => {
    await open('/guides/routing/');
    expect(await renderedHrefs(hits(), { highlightParam: true })).toEqual([
      '/guides/routing/?rb-highlight=route+parameters#route-parameters',
      '/guides/routing/?rb-highlight=route#optional-parameters',
      '/guides/install/?rb-highlight=route#setup',
      '/guides/install/?v=2&rb-highlight=route#setup',
      'https://docs.example.org/guides/?rb-highlight=route',
      null,
    ]);
    expect(await renderedHrefs(hits(), { highlightParam: false })).toEqual([
      '/guides/routing/#route-parameters',
      '/guides/routing/#optional-parameters',
      '/guides/install/#setup',
      '/guides/install/?v=2#setup',
      'https://docs.example.org/guides/',
      null,
    ]);
  });

  it('lead to the section with its terms marked', async () => {
    pages.set('/guides/start/', { html: '<!doctype html><title>Start</title><link rel="icon" href="data:,">' });
    await open('/guides/start/');
    const [href] = await renderedHrefs(hits(), { highlightParam: true });
    await page.evaluate((href) => {
      const a = document.createElement('a');
      a.href = href!;
      a.textContent = 'first result';
      document.body.append(a);
    }, href);
    await page.getByText('first result').click();
    await page.waitForURL(`${server.url}/guides/routing/#route-parameters`);
    expect(await highlighted()).toEqual(ROUTE_PARAMETERS_MARKS);
  });
});

describe('public/recall-box-highlight.js', () => {
  const bundle = () => readFile(HIGHLIGHT_BUILD_DEFAULTS.outfile, 'utf8');

  it('stays within the 2 KiB gzip budget', async () => {
    expect(HIGHLIGHT_BUILD_DEFAULTS.gzipBudgetBytes).toBe(2 * 1024);
    const gzipBytes = gzipSync(await bundle(), { level: HIGHLIGHT_BUILD_DEFAULTS.gzipLevel }).length;
    expect(gzipBytes).toBeLessThanOrEqual(HIGHLIGHT_BUILD_DEFAULTS.gzipBudgetBytes);
    // The budget measures the real thing, not an empty file.
    expect(gzipBytes).toBeGreaterThan(512);
  });

  it('contains no HTML-parsing sink and imports nothing at run time', async () => {
    const code = await bundle();
    expect(code).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|DOMParser|createContextualFragment|setHTMLUnsafe|parseHTMLUnsafe/);
    expect(code).not.toMatch(/\bimport\s*[\s{*"'(]|\brequire\(/);
  });

  it('is the package export `recall-box/highlight`, and a file the package ships', async () => {
    expect(require.resolve('recall-box/highlight')).toBe(HIGHLIGHT_BUILD_DEFAULTS.outfile);
    const pkg = JSON.parse(await readFile(require.resolve('recall-box/package.json'), 'utf8')) as { files: string[] };
    expect(pkg.files).toContain('public/recall-box-highlight.js');
  });
});
