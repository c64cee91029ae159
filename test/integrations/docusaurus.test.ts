import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WranglerDev } from '../../bench/wrangler-dev.ts';
import { BUILD, buildExample, builtPages, EXAMPLE, installExample, npmRegistryReachable, PACK } from './support/docusaurus-example.ts';
import { foreignWords, setUpExample, typeAndFollow, type ExampleSite, type PackSection } from './support/example.ts';

// The Docusaurus integration as a user runs it (examples/docusaurus, docs/integrations/docusaurus.md):
// recall-box's npm tarball and Docusaurus from npm installed into the example, `docusaurus build`
// (whose postBuild builds the pack into build/), the site and the Worker served together by
// `wrangler dev` on loopback, and Chromium using the navbar search to reach a heading.

/** The plugin as Docusaurus calls it (src/integrations/docusaurus/index.js is plain JavaScript). */
interface Plugin {
  name: string;
  getThemePath(): string;
  contentLoaded(args: { actions: { setGlobalData(data: unknown): void } }): Promise<void>;
  injectHtmlTags(): { headTags?: { tagName: string; attributes: Record<string, string> }[] };
  postBuild(props: { outDir: string; siteDir: string; baseUrl: string }): Promise<void>;
}
const plugin = (await import(pathToFileURL(path.resolve('src/integrations/docusaurus/index.js')).href)) as {
  default: (context: { siteDir: string; baseUrl: string }, options?: unknown) => Plugin;
  validateOptions(args: { options?: Record<string, unknown> }): Record<string, unknown>;
};

// Without npm or Docusaurus: the plugin's hooks, called as Docusaurus calls them.
describe('recall-box/docusaurus, as Docusaurus calls it', () => {
  const context = { siteDir: '/site', baseUrl: '/' };

  it("provides the theme's SearchBar and the marked DocItem/Content, and the widget's options as global data", async () => {
    const instance = plugin.default(context, { id: 'default', widget: { placeholder: 'Find', 'no-recent': true } });
    expect(instance.name).toBe('recall-box');
    for (const component of ['SearchBar/index.js', 'DocItem/Content/index.js']) {
      expect(existsSync(path.join(instance.getThemePath(), component)), component).toBe(true);
    }
    const setGlobalData = vi.fn();
    await instance.contentLoaded({ actions: { setGlobalData } });
    expect(setGlobalData).toHaveBeenCalledWith({ endpoint: '/search', widget: { placeholder: 'Find', 'no-recent': true }, highlight: true });
  });

  it('loads the widget bundles from the built site, under its baseUrl, only in a production build', () => {
    const env = process.env.NODE_ENV;
    try {
      process.env.NODE_ENV = 'production';
      const srcs = (options?: unknown, baseUrl = '/') => plugin.default({ siteDir: '/site', baseUrl }, options).injectHtmlTags().headTags?.map((t) => `${t.tagName} ${t.attributes.type} ${t.attributes.src}`);
      expect(srcs()).toEqual(['script module /_recall-box/recall-box.js', 'script module /_recall-box/recall-box-highlight.js']);
      expect(srcs({ highlight: false }, '/docs/')).toEqual(['script module /docs/_recall-box/recall-box.js']);
      // `docusaurus start` has no bundles in the site: the SearchBar imports the widget instead.
      process.env.NODE_ENV = 'development';
      expect(plugin.default(context).injectHtmlTags()).toEqual({});
    } finally {
      process.env.NODE_ENV = env;
    }
  });

  it('checks its options when Docusaurus validates them, naming the wrong one, and gives the instance its id', () => {
    expect(plugin.validateOptions({ options: { endpoint: '/api/search' } })).toEqual({ endpoint: '/api/search', id: 'default' });
    expect(plugin.validateOptions({})).toEqual({ id: 'default' });
    expect(() => plugin.validateOptions({ options: { endpont: '/search' } })).toThrow(/unknown option "endpont"/);
    expect(() => plugin.default(context, { buildArgs: ['--out', 'x'] })).toThrow(/may not set --out/);
    expect(() => plugin.default(context, { widget: { mode: 'inline' } })).toThrow(/widget\.mode is set by the plugin/);
    expect(() => plugin.default(context, { widget: { limit: [5] } })).toThrow(/widget attribute "limit"/);
    expect(() => plugin.default(context, { init: 'no' })).toThrow(/"init" must be true or false/);
  });

  it('indexes the built site in postBuild and, on the first build, writes the Worker\'s setup as recall-box init does', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'recall-box-docusaurus-init-'));
    try {
      await mkdir(path.join(dir, 'build/guide'), { recursive: true });
      const page = '<!doctype html><html lang="en"><title>Setup | Docs</title><main><article><div data-recall-box-body><header><h1>Setup</h1></header><p>Install the tool.</p><h2 id="configure">Configure</h2><p>Edit the file.</p></div></article></main></html>';
      await writeFile(path.join(dir, 'build/guide/index.html'), page);
      const log = vi.spyOn(console, 'log').mockImplementation(() => {});
      await plugin.default({ siteDir: dir, baseUrl: '/' }).postBuild({ outDir: path.join(dir, 'build'), siteDir: dir, baseUrl: '/' });
      const printed = log.mock.calls.flat().join('\n');
      log.mockRestore();
      expect(existsSync(path.join(dir, 'build/_recall-box/pack/manifest.json'))).toBe(true);
      expect(existsSync(path.join(dir, 'build/_recall-box/recall-box.js'))).toBe(true);
      expect(printed).toMatch(/\[recall-box\] wrote recall-box\.config\.json and wrangler\.toml/);
      const config = JSON.parse(await readFile(path.join(dir, 'recall-box.config.json'), 'utf8'));
      expect(config).toMatchObject({ html: 'build', out: 'build/_recall-box/pack', worker: { assets: 'build', packPath: '/_recall-box/pack/' } });
    } finally {
      vi.restoreAllMocks();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('with index: false builds no pack but still copies the bundles the pages load', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'recall-box-docusaurus-noindex-'));
    try {
      await mkdir(path.join(dir, 'build'));
      await plugin.default({ siteDir: dir, baseUrl: '/' }, { index: false }).postBuild({ outDir: path.join(dir, 'build'), siteDir: dir, baseUrl: '/' });
      expect(existsSync(path.join(dir, 'build/_recall-box/recall-box.js'))).toBe(true);
      expect(existsSync(path.join(dir, 'build/_recall-box/recall-box-highlight.js'))).toBe(true);
      expect(existsSync(path.join(dir, 'build/_recall-box/pack'))).toBe(false);
      expect(existsSync(path.join(dir, 'recall-box.config.json'))).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails the build, saying so, when the site cannot be indexed', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'recall-box-docusaurus-empty-'));
    try {
      await mkdir(path.join(dir, 'build'));
      vi.spyOn(console, 'log').mockImplementation(() => {});
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const build = plugin.default({ siteDir: dir, baseUrl: '/' }).postBuild({ outDir: path.join(dir, 'build'), siteDir: dir, baseUrl: '/' });
      await expect(build).rejects.toThrow(/recall-box: indexing the built site failed .* exited with 1/);
      expect(warn.mock.calls.flat().join('\n')).toMatch(/DOCS_EMPTY/);
    } finally {
      vi.restoreAllMocks();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

const registry = await npmRegistryReachable();
if (!registry.ok) console.warn(`[docusaurus integration] skipped: the npm registry is unreachable (${registry.why})`);

describe.skipIf(!registry.ok)('the Docusaurus example (examples/docusaurus)', () => {
  let dev: WranglerDev;
  let browser: Browser;
  let buildLog: string;
  let pages: string[];
  let sections: PackSection[];

  let site: ExampleSite;

  beforeAll(async () => {
    site = await setUpExample({
      name: 'docusaurus',
      dir: EXAMPLE,
      pack: PACK,
      install: installExample,
      build: { step: 'docusaurus build', run: buildExample },
    });
    ({ dev, browser, pages, sections, buildLog } = site);
  }, 900_000);

  afterAll(() => site?.close());

  it('builds the pack within `docusaurus build`, its output in the build log', () => {
    expect(buildLog).toMatch(/\[recall-box\] built pack [0-9a-f]+ /);
    expect(buildLog).toMatch(/\[recall-box\] search pack and widget written to /);
  });

  it('indexes every doc page of the built site, and not the 404 page, at the URL the site serves it', async () => {
    const site = (await builtPages(BUILD)).filter((p) => p.file !== '404.html').map((p) => p.url);
    expect([...pages].sort()).toEqual(site);
    expect(site).toEqual(['/', '/guides/installation/', '/guides/restoring/', '/guides/snapshots/', '/reference/cli/']);
  });

  it("gives each page one section per h2–h3 of the doc's article, addressed by the heading's own id", async () => {
    for (const { file, url } of await builtPages(BUILD)) {
      if (file === '404.html') continue;
      const html = await readFile(path.join(BUILD, file), 'utf8');
      // The plugin's DocItem/Content marks the doc's title and Markdown, and nothing else.
      expect(html.match(/data-recall-box-body/g), file).toHaveLength(1);
      const body = html.slice(html.indexOf('data-recall-box-body'));
      const ids = [...body.matchAll(/<h[23][^>]*\bid="([^"]+)"/g)].map((m) => m[1]);
      expect(ids.length, file).toBeGreaterThan(0);
      const anchors = sections.filter((s) => s.pageUrl === url).map((s) => s.anchor);
      // '' is the page's intro: Docusaurus's h1 has no id, so it is addressed by the page URL.
      expect(anchors, file).toEqual(['', ...ids]);
    }
  });

  it("indexes the docs' words only: nothing of the navbar, sidebar, table of contents, breadcrumbs, pagination or footer", async () => {
    // Every word of a page's sections is a word of its Markdown source (front matter included, for
    // the home page's title). The classic theme's chrome (the TOC's "On this page" and its list of
    // the page's headings, the sidebar's other pages, "Edit this page", "Previous", "Next", the
    // footer, the headings' "Direct link to …" permalinks) is not in the source, so any of it
    // indexed fails here by name.
    for (const url of pages) {
      const source = url === '/' ? 'intro.md' : `${url.slice(1, -1)}.md`;
      expect(foreignWords(sections, url, await readFile(path.join(EXAMPLE, 'docs', source), 'utf8')), url).toEqual([]);
    }
    // Phrases that are chrome only, looked for as such; and the permalinks' zero-width spaces.
    const all = sections.map((s) => [s.title, s.text, ...s.breadcrumb].join('\n')).join('\n');
    for (const chrome of ['On this page', 'Edit this page', 'Direct link', 'Documentation', 'Skip to main content', 'here to show recall-box']) {
      expect(all, chrome).not.toContain(chrome);
    }
    expect(all).not.toMatch(/\u200b/);
  });

  it("keeps an admonition's text in its section", () => {
    const section = sections.find((s) => s.pageUrl === '/guides/restoring/' && s.anchor === 'restore-a-whole-snapshot');
    expect(section?.text).toMatch(/Restoring over the live folder[\s\S]*Stop the services that write there first\./);
  });

  it('puts the SearchBar in the navbar and the widget bundles in every built page, served by the Worker', async () => {
    const html = await readFile(path.join(BUILD, 'guides/snapshots/index.html'), 'utf8');
    expect(html).toContain('<script type="module" src="/_recall-box/recall-box.js" data-recall-box="">');
    expect(html).toContain('<script type="module" src="/_recall-box/recall-box-highlight.js" data-recall-box="">');
    const element = html.match(/<nav[^>]*class="[^"]*navbar[\s\S]*<div class="recall-box-search"><recall-box ([^>]*)><\/recall-box><\/div>/);
    expect(element, 'the SearchBar in the navbar').not.toBeNull();
    // `home` is the site's base URL: where the widget's fallback sends a reader to browse the docs.
    const attributes = Object.fromEntries([...element![1].matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    expect(attributes).toEqual({ mode: 'modal', endpoint: '/search', lang: 'en', theme: 'light', placeholder: 'Search the Driftwood docs', home: '/' });
    for (const file of ['recall-box.js', 'recall-box-highlight.js']) {
      const res = await fetch(`${dev.url}/_recall-box/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type'), file).toMatch(/javascript/);
    }
  });

  it('opens the navbar search, finds a section and follows it to its heading', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${dev.url}/guides/installation/`);
    await page.waitForFunction(() => customElements.get('recall-box') !== undefined, undefined, { timeout: 20_000 });

    // <recall-box mode="modal"> in the classic theme's navbar, in the page's language, with the
    // example's placeholder and Infima's primary color.
    const box = page.locator('nav.navbar recall-box');
    await expect.poll(() => box.count()).toBe(1);
    expect(await box.getAttribute('mode')).toBe('modal');
    expect(await box.getAttribute('lang')).toBe('en');
    expect(await box.getAttribute('placeholder')).toBe('Search the Driftwood docs');
    const accent = await box.evaluate((e) => getComputedStyle(e).getPropertyValue('--recall-box-accent').trim());
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--ifm-color-primary').trim());
    expect(accent).not.toBe('');
    expect(accent).toBe(primary);

    // The widget follows Docusaurus's color mode switch.
    const toggle = page.locator('nav.navbar button[title*="mode" i]').first();
    for (let i = 0; i < 3 && (await page.evaluate(() => document.documentElement.dataset.theme)) !== 'dark'; i++) await toggle.click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await expect.poll(() => box.getAttribute('theme')).toBe('dark');

    await box.locator('[part~="button"]').click();
    const input = box.locator('[part~="input"]');
    await expect.poll(() => input.evaluate((e) => (e.getRootNode() as ShadowRoot).activeElement === e)).toBe(true);
    await typeAndFollow(page, box, dev.url, {
      query: 'retention policies',
      href: '/guides/snapshots/#retention-policies',
      landed: { pathname: '/guides/snapshots/', hash: '#retention-policies' },
      heading: 'article h2#retention-policies',
      text: 'Retention policies',
    });
    // The highlight script took the searched words out of the address bar.
    await expect.poll(() => new URL(page.url()).searchParams.has('rb-highlight')).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });
});
