import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WranglerDev } from '../../bench/wrangler-dev.ts';
import { withRecallBox } from '../../src/integrations/vitepress/index.js';
import { buildExample, builtPages, DIST, EXAMPLE, installExample, npmRegistryReachable, PACK } from './support/vitepress-example.ts';
import { foreignWords, setUpExample, typeAndFollow, type ExampleSite, type PackSection } from './support/example.ts';

// The VitePress integration as a user runs it (examples/vitepress, docs/integrations/vitepress.md):
// recall-box's npm tarball and VitePress from npm installed into the example, `vitepress build`
// (whose buildEnd builds the pack into the site), the site and the Worker served together by
// `wrangler dev` on loopback, and Chromium using the navbar search to reach a heading.

const registry = await npmRegistryReachable();
if (!registry.ok) console.warn(`[vitepress integration] skipped: the npm registry is unreachable (${registry.why})`);

describe.skipIf(!registry.ok)('the VitePress example (examples/vitepress)', () => {
  let dev: WranglerDev;
  let browser: Browser;
  let pages: string[];
  let sections: PackSection[];

  let site: ExampleSite;

  beforeAll(async () => {
    site = await setUpExample({
      name: 'vitepress',
      dir: EXAMPLE,
      pack: PACK,
      install: installExample,
      build: { step: 'vitepress build', run: buildExample },
    });
    ({ dev, browser, pages, sections } = site);
  }, 900_000);

  afterAll(() => site?.close());

  it("indexes every page of the built site but the 404 page, at the URL the site serves it", async () => {
    const site = (await builtPages()).filter((p) => p.file !== '404.html').map((p) => p.url);
    expect([...pages].sort()).toEqual(site);
    expect(site).toContain('/guide/retries.html');
  });

  it("gives each page one section per h1–h3 of its content, addressed by the heading's own id", async () => {
    for (const { file, url } of await builtPages()) {
      if (file === '404.html' || file === 'index.html') continue; // the home layout has no headings with ids
      const html = await readFile(path.join(DIST, file), 'utf8');
      const main = /<main[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? '';
      const ids = [...main.matchAll(/<h[23][^>]*\bid="([^"]+)"/g)].map((m) => m[1]);
      expect(ids.length, file).toBeGreaterThan(0);
      const anchors = sections.filter((s) => s.pageUrl === url).map((s) => s.anchor);
      // '' is the page's intro, from its h1 to its first h2.
      expect(anchors, file).toEqual(['', ...ids]);
    }
  });

  it('indexes the content only: no word of the navbar, sidebar, outline, footer or code-block chrome', async () => {
    // Every word of a page's sections is a word of its Markdown source (front matter included, for
    // the home page's hero and features). VitePress's chrome ("Edit this page", "Previous page",
    // "On this page", "Skip to content", the sidebar's other pages, a code block's language name)
    // is not in the source, so any of it indexed fails here by name.
    for (const url of pages) {
      const source = url === '/' ? 'index.md' : url.slice(1).replace(/\.html$/, '.md');
      expect(foreignWords(sections, url, await readFile(path.join(EXAMPLE, 'docs', source), 'utf8')), url).toEqual([]);
    }
    // The language names would be words of the source too (```js): look for them as lines.
    expect(sections.filter((s) => /^(js|sh)$/m.test(s.text)).map((s) => `${s.pageUrl}#${s.anchor}`)).toEqual([]);
  });

  it('copies the widget bundles into the site for pages that load it by URL', async () => {
    for (const file of ['recall-box.js', 'recall-box-highlight.js']) {
      const res = await fetch(`${dev.url}/_recall-box/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type'), file).toMatch(/javascript/);
    }
  });

  it("serves the site for agents: the built site's llms.txt, linking each page's Markdown beside its HTML", async () => {
    const llms = await fetch(`${dev.url}/llms.txt`);
    expect(llms.status).toBe(200);
    const text = await llms.text();
    expect(text).toMatch(/^# \S/);
    expect(text).toContain('(/guide/retries.html.md)');
    expect(text).toBe(await readFile(path.join(DIST, 'llms.txt'), 'utf8'));
    const md = await fetch(`${dev.url}/guide/retries.html.md`);
    expect(md.status).toBe(200);
    expect(await md.text()).toBe(await readFile(path.join(DIST, 'guide/retries.html.md'), 'utf8'));
  });

  it("opens the navbar search, finds a section and follows it to its heading", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${dev.url}/guide/getting-started`);
    await page.waitForFunction(() => customElements.get('recall-box') !== undefined, undefined, { timeout: 20_000 });

    // The theme put <recall-box mode="modal"> in VitePress's navbar, in the page's language and
    // with the site's colors.
    const box = page.locator('.VPNavBar recall-box');
    await expect.poll(() => box.count()).toBe(1);
    expect(await box.getAttribute('mode')).toBe('modal');
    expect(await box.getAttribute('lang')).toBe('en-US');
    // The site's base URL, where the widget's fallback sends a reader to browse the docs.
    expect(await box.getAttribute('home')).toBe('/');
    const accent = await box.evaluate((e) => getComputedStyle(e).getPropertyValue('--recall-box-accent').trim());
    const brand = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--vp-c-brand-1').trim());
    expect(accent).not.toBe('');
    expect(accent).toBe(brand);

    await box.locator('[part~="button"]').click();
    const input = box.locator('[part~="input"]');
    await expect.poll(() => input.evaluate((e) => e.getRootNode() instanceof ShadowRoot && (e.getRootNode() as ShadowRoot).activeElement === e)).toBe(true);
    // The Worker's assets answer /guide/retries.html with a redirect to the clean URL, keeping the hash.
    await typeAndFollow(page, box, dev.url, {
      query: 'exponential backoff',
      href: '/guide/retries.html#exponential-backoff',
      landed: { pathname: '/guide/retries', hash: '#exponential-backoff' },
      heading: 'main h2#exponential-backoff',
      text: 'Exponential backoff',
    });
    expect(errors).toEqual([]);
    await page.close();
  });
});

// The config helper on its own (no npm, no VitePress): what it adds and keeps of a config.
describe('withRecallBox', () => {
  /** The fields withRecallBox sets, as VitePress calls them (its types are not installed here). */
  interface Added {
    title?: string;
    themeConfig: unknown;
    buildEnd(siteConfig: unknown): Promise<void>;
    transformHtml(code: string, id: string, ctx: unknown): Promise<string>;
    vue: { template: { compilerOptions: { isCustomElement(tag: string): boolean } } };
    vite: { ssr: { noExternal: unknown }; optimizeDeps: { exclude: unknown } };
  }

  it("keeps the config's own hooks and settings, running its own first", async () => {
    const calls: string[] = [];
    const config = withRecallBox(
      {
        title: 'Docs',
        themeConfig: { nav: [] },
        buildEnd: () => void calls.push('theirs'),
        transformHtml: (code: string) => code.replace('<p>', '<p class="x">'),
        vue: { template: { compilerOptions: { isCustomElement: (tag: string) => tag === 'my-el' } } },
        vite: { ssr: { noExternal: ['other'] } },
      },
      { index: false, widget: { placeholder: 'Find', 'no-recent': true } },
    ) as unknown as Added;
    expect(config.title).toBe('Docs');
    expect(config.themeConfig).toEqual({ nav: [], recallBox: { endpoint: '/search', widget: { placeholder: 'Find', 'no-recent': true }, highlight: true } });
    await config.buildEnd({ outDir: '/nowhere', site: { base: '/' } });
    expect(calls).toEqual(['theirs']);
    const isCustomElement = config.vue.template.compilerOptions.isCustomElement;
    expect(['recall-box', 'my-el', 'div'].map((t) => isCustomElement(t))).toEqual([true, true, false]);
    expect(config.vite.ssr.noExternal).toEqual(['other', 'recall-box']);
    expect(config.vite.optimizeDeps.exclude).toEqual(['recall-box']);
    const html = '<a href="#VPContent" class="VPSkipLink visually-hidden">Skip to content</a><p>';
    expect(await config.transformHtml(html, 'index.html', {})).toBe('<a href="#VPContent" data-recall-box-ignore class="VPSkipLink visually-hidden">Skip to content</a><p class="x">');
  });

  it('refuses options it does not know or cannot use, by name', () => {
    expect(() => withRecallBox({}, { endpont: '/search' } as never)).toThrow(/unknown option "endpont"/);
    expect(() => withRecallBox({}, { endpoint: '' })).toThrow(/"endpoint" must be/);
    expect(() => withRecallBox({}, { widget: { limit: {} } } as never)).toThrow(/widget attribute "limit"/);
    expect(() => withRecallBox({}, { buildArgs: ['--out', 'x'] })).toThrow(/may not set --out/);
    expect(() => withRecallBox(undefined as never)).toThrow(/takes the config object/);
  });

  it("indexes the built site and, on a project's first build, writes its Worker's setup as recall-box init does", async () => {
    // Where `vitepress build docs` runs: the project, whose VitePress root is docs/.
    const dir = await mkdtemp(path.join(tmpdir(), 'recall-box-vitepress-init-'));
    const outDir = path.join(dir, 'docs/.vitepress/dist');
    const cwd = process.cwd();
    try {
      await mkdir(path.join(outDir, 'guide'), { recursive: true });
      const page = '<!doctype html><html lang="en"><title>Setup</title><main><h1 id="setup">Setup</h1><p>Install the tool.</p><h2 id="configure">Configure</h2><p>Edit the file.</p></main></html>';
      await writeFile(path.join(outDir, 'guide/setup.html'), page);
      process.chdir(dir);
      const build = async (options = {}) => {
        const log = vi.spyOn(console, 'log').mockImplementation(() => {});
        const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
        try {
          await (withRecallBox({}, { buildArgs: ['--no-vectors'], ...options }) as unknown as Added).buildEnd({ outDir, site: { base: '/' } });
          return [...log.mock.calls, ...warn.mock.calls].flat().join('\n');
        } finally {
          log.mockRestore();
          warn.mockRestore();
        }
      };
      // init: false indexes the site and writes nothing else.
      await build({ init: false });
      expect(existsSync(path.join(outDir, '_recall-box/pack/manifest.json'))).toBe(true);
      expect(existsSync(path.join(dir, 'recall-box.config.json'))).toBe(false);

      const first = await build();
      expect(first).toMatch(/recall-box: search pack and widget written to /);
      expect(first).toMatch(/recall-box: wrote recall-box\.config\.json and wrangler\.toml/);
      // What `recall-box deploy` reads in the project: the built site as the Worker's assets, the pack inside it.
      const config = JSON.parse(await readFile(path.join(dir, 'recall-box.config.json'), 'utf8'));
      expect(config).toMatchObject({ html: 'docs/.vitepress/dist', out: 'docs/.vitepress/dist/_recall-box/pack', worker: { assets: 'docs/.vitepress/dist', packPath: '/_recall-box/pack/' } });
      expect(config.vectors).toBe(false);
      expect(await readFile(path.join(dir, 'wrangler.toml'), 'utf8')).toMatch(/directory = "\.\/docs\/\.vitepress\/dist"/);
      // Written once: the next build leaves them as they are (they are the owner's now).
      expect(await build()).not.toMatch(/wrote/);
    } finally {
      process.chdir(cwd);
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('fails the build when indexing fails, saying so', async () => {
    const config = withRecallBox({}) as unknown as Added;
    const missing = path.join(tmpdir(), 'recall-box-vitepress-no-such-site');
    await expect(config.buildEnd({ outDir: missing, site: { base: '/' } })).rejects.toThrow(/recall-box: indexing the built site failed .* exited with 1/);
  }, 60_000);
});
