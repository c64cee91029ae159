import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IngestResult } from '../../../src/indexer/ingest/options.ts';
import type { Page, Section } from '../../../src/core/types.ts';
import { commonTitleSuffix, ingestBuiltSite, pageSpecificDescriptions, parseBuiltPage, siteNameOf, urlForBuiltPage } from '../../../src/indexer/ingest/built-site.ts';
import { weightOf } from '../../../src/indexer/ingest/built-html.ts';
import { codeOf, codeOfAsync } from '../../support/errors.ts';

const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/built-site');

const page = (result: IngestResult, url: string): Page => {
  const found = result.pages.find((p) => p.url === url);
  if (!found) throw new Error(`no page ${url} in ${result.pages.map((p) => p.url).join(', ')}`);
  return found;
};
const brief = (s: Section) => ({ url: s.url, title: s.title, breadcrumb: s.breadcrumb });
const allText = (result: IngestResult) => result.pages.flatMap((p) => p.sections.map((s) => `${s.title}\n${s.breadcrumb.join('\n')}\n${s.text}\n${s.code}`)).join('\n');

/** One page's sections, built from HTML given inline. */
const sectionsOf = (html: string, file = 'page.html') => parseBuiltPage(file, html).page.sections.map(brief);
const doc = (body: string, head = '') => `<!doctype html><html lang="en"><head>${head}</head><body>${body}</body></html>`;

describe('urlForBuiltPage', () => {
  it.each([
    ['index.html', '/', '/'],
    ['guides/index.html', '/', '/guides/'],
    ['guides/setup.html', '/', '/guides/setup.html'],
    ['index.html', '/docs/', '/docs/'],
    ['guides/index.html', '/docs/', '/docs/guides/'],
    ['guides/setup.html', '/docs/', '/docs/guides/setup.html'],
    ['zh-cn/路由.html', '/', '/zh-cn/路由.html'],
  ])('%s under %s → %s', (file, base, url) => {
    expect(urlForBuiltPage(file, base)).toBe(url);
  });
});

describe('commonTitleSuffix', () => {
  it('finds the site name every title ends with, the home page being just the name', () => {
    expect(commonTitleSuffix(['Skylark', 'Guides | Skylark', 'Caching | Skylark'])).toBe(' | Skylark');
    expect(commonTitleSuffix(['Guides – Docs', 'Caching – Docs'])).toBe(' – Docs');
  });

  it('gives the site\'s name, which titles llms.txt', () => {
    expect(siteNameOf(' | Skylark')).toBe('Skylark');
    expect(siteNameOf(' – Astro Docs')).toBe('Astro Docs');
  });

  it('finds none when one title lacks it, or only one page has it', () => {
    expect(commonTitleSuffix(['Guides | Skylark', 'Caching | Skylark', 'About us'])).toBeUndefined();
    expect(commonTitleSuffix(['Skylark', 'Guides | Skylark'])).toBeUndefined();
    expect(commonTitleSuffix(['Guides', 'Caching'])).toBeUndefined();
    expect(commonTitleSuffix([])).toBeUndefined();
  });
});

describe('ingestBuiltSite on a site without body markers', () => {
  let result: IngestResult;
  beforeAll(async () => {
    result = await ingestBuiltSite(path.join(FIXTURE, 'plain'));
  });

  it('reads every .html file, skipping the 404 page and redirects', () => {
    expect(result.files).toBe(8);
    expect(result.pages.map((p) => p.url)).toEqual(['/fr/', '/guides/caching.html', '/guides/', '/', '/legacy.html', '/reference/api.html']);
    expect(result.skipped).toEqual([
      { path: '404.html', code: 'NOT_FOUND_PAGE', reason: expect.any(String) },
      { path: 'old/redirect.html', code: 'REDIRECT_PAGE', reason: 'a redirect page (redirects to /guides/)' },
    ]);
    expect(result.warnings).toEqual([]);
    // The name every <title> ends with: the site's, for llms.txt.
    expect(result.siteName).toBe('Skylark');
  });

  it('cuts sections at headings with their real ids as anchors', () => {
    expect(page(result, '/guides/').sections.map(brief)).toEqual([
      { url: '/guides/', title: 'Guides', breadcrumb: ['Guides'] },
      { url: '/guides/#routing', title: 'Routing', breadcrumb: ['Guides', 'Routing'] },
      { url: '/guides/#middleware', title: 'Middleware', breadcrumb: ['Guides', 'Middleware'] },
    ]);
    expect(page(result, '/guides/caching.html').sections.map(brief)).toEqual([
      { url: '/guides/caching.html', title: 'Caching', breadcrumb: ['Caching'] },
      // The id exactly as the page has it, percent-encoded in the URL.
      { url: '/guides/caching.html#with%20space', title: 'Cache keys', breadcrumb: ['Caching', 'Cache keys'] },
      // No id of its own: its enclosing <section id> and its ¶ permalink name it.
      { url: '/guides/caching.html#invalidation', title: 'Invalidation', breadcrumb: ['Caching', 'Invalidation'] },
      // A repeated id is the first heading's: the second starts no section.
      { url: '/guides/caching.html#routing', title: 'Repeated id', breadcrumb: ['Caching', 'Repeated id'] },
    ]);
  });

  it('gives a heading without an id of its own the id the page has for it, or no section', () => {
    const api = page(result, '/reference/api.html');
    expect(api.sections.map(brief)).toEqual([
      { url: '/reference/api.html', title: 'API reference', breadcrumb: ['API reference'] },
      // <a id="create-app"></a> just before it.
      { url: '/reference/api.html#create-app', title: 'createApp()', breadcrumb: ['API reference', 'createApp()'] },
      { url: '/reference/api.html#serve', title: 'serve()', breadcrumb: ['API reference', 'serve()'] },
    ]);
    // "Undocumented helpers" has no anchor on the page: its text stays in the section before it.
    expect(api.sections[1]!.text).toBe('Creates an application instance.\nUndocumented helpers\nHelpers without an anchor of their own.');
    const guides = page(result, '/guides/');
    expect(guides.sections[1]!.text).toContain('Route parameters\nA colon marks a parameter');
    // Every section URL's anchor is an id of the page: no slug was made up.
    const anchors = result.pages.flatMap((p) => p.sections.map((s) => s.anchor)).filter((a) => a !== '');
    expect(anchors.sort()).toEqual(['create-app', 'install', 'invalidation', 'middleware', 'notes', 'routing', 'routing', 'serve', 'with space']);
  });

  it('titles a page by its first h1, else by <title> without the site name', () => {
    expect(result.pages.map((p) => [p.url, p.title])).toEqual([
      ['/fr/', 'Accueil'],
      ['/guides/caching.html', 'Caching'],
      ['/guides/', 'Guides'],
      ['/', 'Skylark'],
      ['/legacy.html', 'Legacy page'],
      ['/reference/api.html', 'API reference'],
    ]);
  });

  it('takes the language from <html lang>, else the path and the default', () => {
    expect(page(result, '/fr/').lang).toBe('fr-fr');
    expect(page(result, '/legacy.html').lang).toBe('en');
    expect(page(result, '/').lang).toBe('en');
  });

  it('reads <main> only, without chrome, ignored or weight-0 parts, and keeps asides inside the content', () => {
    const text = allText(result);
    for (const absent of [
      'banner',
      'sidebar',
      'Sidebar outside main',
      'footer words',
      'Edit this page',
      'Section titled',
      'Ignored banner',
      'Weightless',
      'Template text',
      'noscript',
      'analytics',
      'Page not found',
      'Redirecting',
    ]) {
      expect(text, absent).not.toContain(absent);
    }
    expect(page(result, '/guides/').sections[1]!.text).toContain('Tip: name your routes for readable logs.');
    // data-recall-box-weight="2": kept (the weight itself is not used yet).
    expect(page(result, '/guides/').sections[2]!.text).toBe('Middleware runs before handlers.\nMiddleware composes like onions.');
    // No <main>: the body, without its banner <header> and sidebar <aside>, with the article's own.
    expect(page(result, '/legacy.html').sections.map((s) => s.text)).toEqual([
      'This page has no main element; its article is read.\nNote inside the article.',
      'Old notes kept for reference.',
    ]);
  });

  it('links pages however the site writes the link', () => {
    const links = (url: string) => page(result, url).sections.map((s) => s.links);
    expect(links('/')).toEqual([['/guides/'], []]);
    expect(links('/guides/')).toEqual([['/reference/api.html', '/guides/caching.html'], [], []]);
    // `./` and the clean `/reference/api`.
    expect(links('/guides/caching.html')[1]).toEqual(['/guides/', '/reference/api.html']);
    // `/guides` without a slash, `../guides/index.html#routing`; not the external link nor the image.
    expect(links('/reference/api.html')).toEqual([['/guides/'], [], ['/guides/']]);
  });

  it('puts every page under --base-url', async () => {
    const based = await ingestBuiltSite(path.join(FIXTURE, 'plain'), { baseUrl: '/docs' });
    expect(based.pages.map((p) => p.url)).toEqual([
      '/docs/fr/',
      '/docs/guides/caching.html',
      '/docs/guides/',
      '/docs/',
      '/docs/legacy.html',
      '/docs/reference/api.html',
    ]);
    // Relative links follow the base; the fixture's site-absolute ones name pages without it.
    expect(page(based, '/docs/guides/').sections[0]!.links).toContain('/docs/reference/api.html');
  });
});

describe('ingestBuiltSite on a site with body markers', () => {
  let result: IngestResult;
  beforeAll(async () => {
    result = await ingestBuiltSite(path.join(FIXTURE, 'marked'));
  });

  it('indexes only the pages that have [data-recall-box-body], as Pagefind does', () => {
    expect(result.pages.map((p) => p.url)).toEqual(['/docs/a.html', '/docs/b.html']);
    expect(result.skipped).toEqual([{ path: 'index.html', code: 'NO_BODY_MARKER', reason: expect.stringContaining('2 pages have one') }]);
  });

  it('reads the marked elements only, each one a block of its own', () => {
    const text = allText(result);
    expect(text).not.toContain('outside the marked body');
    expect(text).not.toContain('Advertisement');
    const [alpha, beta] = result.pages;
    expect(alpha!.sections.map(brief)).toEqual([
      { url: '/docs/a.html', title: 'Alpha', breadcrumb: ['Alpha'] },
      { url: '/docs/a.html#shards', title: 'Shards', breadcrumb: ['Alpha', 'Shards'] },
    ]);
    expect(beta!.sections.map((s) => [s.url, s.text])).toEqual([
      ['/docs/b.html', 'Beta covers replication\nand failover.'],
      ['/docs/b.html#failover', 'Failover promotes a replica. Alpha has more.'],
    ]);
    expect(alpha!.sections[0]!.links).toEqual(['/docs/b.html']);
    expect(beta!.sections[1]!.links).toEqual(['/docs/a.html']);
  });
});

describe('descriptions', () => {
  it('keeps a description no other page has, and drops one the site repeats', () => {
    expect([...pageSpecificDescriptions(['How to deploy.', 'Docs', undefined, 'Docs', 'Routes and params.'])].sort()).toEqual(['How to deploy.', 'Routes and params.']);
    expect(pageSpecificDescriptions([undefined, 'Docs', 'Docs']).size).toBe(0);
  });

  it('puts a page-specific <meta name="description"> on its page and every section, as front matter does; a default goes nowhere', async () => {
    const { mkdtemp, writeFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(path.join(tmpdir(), 'built-descriptions-'));
    try {
      const meta = (d: string) => `<meta name="description" content="  ${d}  ">`;
      await writeFile(path.join(dir, 'deploy.html'), doc('<main><h1 id="_top">Deploy</h1><p>Steps.</p><h2 id="cli">CLI</h2><p>Run it.</p></main>', meta('How to   deploy your site.')));
      await writeFile(path.join(dir, 'routes.html'), doc('<main><h1 id="_top">Routes</h1><p>Paths.</p></main>', meta('The site default.')));
      await writeFile(path.join(dir, 'other.html'), doc('<main><h1 id="_top">Other</h1><p>More.</p></main>', meta('The site default.')));
      const result = await ingestBuiltSite(dir);
      const deploy = page(result, '/deploy.html');
      expect(deploy.description).toBe('How to deploy your site.');
      expect(deploy.sections.map((s) => s.description)).toEqual(['How to deploy your site.', 'How to deploy your site.']);
      for (const url of ['/routes.html', '/other.html']) {
        expect(page(result, url).description).toBe('');
        expect(page(result, url).sections.every((s) => s.description === '')).toBe(true);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('ingestBuiltSite errors', () => {
  it('fails for a missing folder or one without .html files', async () => {
    expect(await codeOfAsync(ingestBuiltSite(path.join(FIXTURE, 'missing')))).toBe('DOCS_NOT_FOUND');
    expect(await codeOfAsync(ingestBuiltSite(path.join(FIXTURE, 'plain', 'assets')))).toBe('DOCS_EMPTY');
  });
});

describe('parseBuiltPage', () => {
  it('drops an h1 without an anchor at the top: it is the title, the intro is the page URL', () => {
    const html = doc('<main><h1>Start</h1><p>Intro text.</p><h2 id="next">Next</h2><p>More.</p></main>');
    expect(sectionsOf(html)).toEqual([
      { url: '/page.html', title: 'Start', breadcrumb: ['Start'] },
      { url: '/page.html#next', title: 'Next', breadcrumb: ['Start', 'Next'] },
    ]);
    expect(parseBuiltPage('page.html', html).page.sections[0]!.text).toBe('Intro text.');
  });

  it('takes an enclosing id only for the first heading inside it', () => {
    const html = doc('<main><div id="content"><h1 id="t">T</h1><p>a</p><h2>Later</h2><p>b</p></div></main>');
    expect(sectionsOf(html).map((s) => s.url)).toEqual(['/page.html']);
  });

  it('does not take the target of a heading whose text links elsewhere', () => {
    const html = doc('<main><h1 id="t">T</h1><p>a</p><h2><a href="#t">See T</a></h2><p>b</p></main>');
    expect(sectionsOf(html).map((s) => s.url)).toEqual(['/page.html']);
  });

  it('takes an id inside the heading (DocBook)', () => {
    const html = doc('<main><h1 id="t">T</h1><p>a</p><div class="titlepage"><h2 class="title"><a name="ch.intro"></a>1. Intro</h2></div><p>b</p></main>');
    expect(sectionsOf(html)).toEqual([
      { url: '/page.html', title: 'T', breadcrumb: ['T'] },
      { url: '/page.html#ch.intro', title: '1. Intro', breadcrumb: ['T', '1. Intro'] },
    ]);
  });

  it('takes <a name> just before a heading, and not an id past text', () => {
    const html = doc('<main><h1 id="t">T</h1><p>a</p><a name="old"></a> <h2>Old</h2><p>b</p><span id="far"></span><p>text</p><h2>Far</h2><p>c</p></main>');
    expect(sectionsOf(html).map((s) => s.url)).toEqual(['/page.html', '/page.html#old']);
  });

  it('reads <body> when there is no <main>, and the title from <title> or the file name', () => {
    expect(parseBuiltPage('a/setup.html', doc('<p>Only text.</p>', '<title>Set up</title>')).page.title).toBe('Set up');
    expect(parseBuiltPage('a/setup.html', doc('<p>Only text.</p>')).page.title).toBe('setup');
    expect(parseBuiltPage('a/index.html', doc('<p>Only text.</p>')).page.title).toBe('a');
  });

  it('uses only the outermost of nested markers', () => {
    const html = doc('<div data-recall-box-body><p>outer</p><div data-recall-box-body><p>inner</p></div></div>');
    const built = parseBuiltPage('page.html', html);
    expect(built.marked).toBe(true);
    expect(built.page.sections[0]!.text).toBe('outer\ninner');
  });

  it('reads data-recall-box-weight as a number ≥ 0; only 0 leaves the element out', () => {
    const el = (weight: string) => ({ type: 'element' as const, tagName: 'p', properties: { dataRecallBoxWeight: weight }, children: [] });
    expect(weightOf(el('0'))).toBe(0);
    expect(weightOf(el('0.0'))).toBe(0);
    expect(weightOf(el('2.5'))).toBe(2.5);
    for (const bad of ['', ' ', '-1', 'heavy', 'Infinity']) expect(weightOf(el(bad)), bad).toBeUndefined();
    const html = doc('<main><p data-recall-box-weight="">empty weight</p><p data-recall-box-weight="x">bad weight</p><p data-recall-box-weight="0.0">zero</p></main>');
    expect(parseBuiltPage('page.html', html).page.sections[0]!.text).toBe('empty weight\nbad weight');
  });

  it('skips binary, empty and too deeply nested pages with their codes', () => {
    expect(codeOf(() => parseBuiltPage('page.html', doc('<main>a\u0000b</main>')))).toBe('BINARY_CONTENT');
    expect(codeOf(() => parseBuiltPage('page.html', doc('<main><nav>menu</nav></main>')))).toBe('NO_CONTENT');
    expect(codeOf(() => parseBuiltPage('page.html', doc(`<main>${'<div>'.repeat(20000)}deep</main>`)))).toBe('PARSE_FAILED');
  });

  it('reads a page with a byte order mark', () => {
    expect(parseBuiltPage('page.html', `\uFEFF${doc('<main><h1 id="x">Hi</h1><p>there</p></main>')}`).page.title).toBe('Hi');
  });
});

describe('word boundaries a theme draws with its layout', () => {
  it("keeps VitePress's home hero apart: a name and a text in classed spans side by side", () => {
    const hero = doc(
      '<main><div class="VPHero"><h1 class="heading"><span class="name clip">Tidepool</span><span class="text">Background jobs for Node</span></h1><p class="tagline">Queues that survive restarts</p></div><h2 id="install">Install</h2><p>Run it.</p></main>',
    );
    const { page } = parseBuiltPage('index.html', hero);
    const all = page.sections.map((s) => `${s.title} ${s.breadcrumb.join(' ')} ${s.text}`).join(' ');
    expect(all).toContain('Tidepool Background jobs for Node');
    expect(all).not.toContain('TidepoolBackground');
  });

  it('leaves code exactly as written, and a word split by plain markup whole', () => {
    const html = doc('<main><h1>Api</h1><p>Call <code><span class="tok">app</span><span class="tok">.get</span></code> on <span>rout</span><span>ing</span> and <b>bold</b><i>text</i>.</p></main>');
    const { page } = parseBuiltPage('api.html', html);
    const text = page.sections.map((s) => `${s.text}\n${s.code}`).join('\n');
    expect(text).toContain('app.get');
    expect(text).toContain('routing');
    expect(text).toContain('boldtext');
  });
});
