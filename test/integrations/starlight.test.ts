import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startWranglerDev, type WranglerDev } from '../../bench/wrangler-dev.ts';
import { buildExample, builtPages, DIST, EXAMPLE, installExample, npmRegistryReachable, PACK } from './support/starlight-example.ts';
import { foreignWords, setUpExample, typeAndFollow, type ExampleSite, type PackSection } from './support/example.ts';

// The Astro/Starlight integration as a user runs it (examples/starlight, docs/integrations/astro.md):
// recall-box's npm tarball and Astro + Starlight from npm installed into the example, `astro build`
// (whose astro:build:done builds the pack into dist/), the site and the Worker served together by
// `wrangler dev` on loopback, and Chromium using Starlight's own search (now recall-box's) to reach
// a heading.

/** The integration's hooks, as Starlight and Astro call them (src/integrations/astro/index.js is plain JavaScript). */
type Hook = (context: Record<string, unknown>) => unknown;
type RecallBox = (options?: unknown) => { name: string; hooks: Record<string, Hook> };
const { default: recallBox } = (await import(pathToFileURL(path.resolve('src/integrations/astro/index.js')).href)) as { default: RecallBox };

const logger = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

// Without npm or Astro: the object recallBox() returns, called as Starlight and Astro call it.
describe('recallBox(), as Starlight and Astro call it', () => {
  it('as a Starlight plugin: replaces the search component, turns Pagefind off, marks code chrome and adds its Astro integration', () => {
    const updateConfig = vi.fn();
    const addIntegration = vi.fn();
    const config = { title: 'Docs', components: { Footer: './src/Footer.astro' }, expressiveCode: { themes: ['github-dark'] } };
    recallBox().hooks['config:setup']!({ config, updateConfig, addIntegration, logger: logger() });
    const updates = Object.assign({}, ...updateConfig.mock.calls.map(([u]) => u));
    expect(updates.components).toEqual({ Footer: './src/Footer.astro', Search: 'recall-box/astro/Search.astro' });
    expect(updates.pagefind).toBe(false);
    expect(updates.expressiveCode.themes).toEqual(['github-dark']);
    expect(updates.expressiveCode.plugins.map((p: { name: string }) => p.name)).toEqual(['recall-box: code frame labels']);
    expect(addIntegration).toHaveBeenCalledTimes(1);
    expect(Object.keys(addIntegration.mock.calls[0]![0].hooks).sort()).toEqual(['astro:build:done', 'astro:config:done', 'astro:config:setup']);
  });

  it("keeps Starlight's search with replaceSearch: false, and leaves Expressive Code alone when it is off", () => {
    const updateConfig = vi.fn();
    recallBox({ replaceSearch: false }).hooks['config:setup']!({ config: { expressiveCode: false }, updateConfig, addIntegration: vi.fn(), logger: logger() });
    expect(updateConfig).not.toHaveBeenCalled();
  });

  it('as an Astro integration beside Starlight: says to move it into the plugins', () => {
    const log = logger();
    const updateConfig = vi.fn();
    recallBox().hooks['astro:config:setup']!({ config: { integrations: [{ name: '@astrojs/starlight' }, { name: 'recall-box' }] }, updateConfig, logger: log });
    expect(log.warn.mock.calls[0]![0]).toMatch(/starlight\(\{ plugins: \[recallBox\(\)\] \}\)/);
    expect(updateConfig.mock.calls[0]![0].vite.ssr).toEqual({ noExternal: ['recall-box'] });
  });

  it('rejects options it does not know or that it sets itself, naming them', () => {
    expect(() => recallBox({ endpoin: '/search' })).toThrow(/unknown option "endpoin"/);
    expect(() => recallBox({ buildArgs: ['--out', 'x'] })).toThrow(/may not set --out/);
    expect(() => recallBox({ widget: { endpoint: '/x' } })).toThrow(/use the "endpoint" option/);
    expect(() => recallBox({ widget: { limit: [5] } })).toThrow(/widget attribute "limit"/);
    expect(() => recallBox({ highlight: 'yes' })).toThrow(/"highlight" must be true or false/);
  });

  it("indexes the built site and, on a project's first build, writes its Worker's setup as recall-box init does", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'recall-box-astro-init-'));
    try {
      await mkdir(path.join(dir, 'dist/guide'), { recursive: true });
      const page = '<!doctype html><html lang="en"><title>Setup</title><main><h1 id="_top">Setup</h1><p>Install the tool.</p><h2 id="configure">Configure</h2><p>Edit the file.</p></main></html>';
      await writeFile(path.join(dir, 'dist/guide/index.html'), page);
      const build = async () => {
        const { hooks } = recallBox();
        hooks['astro:config:done']!({ config: { root: pathToFileURL(`${dir}/`), base: '/' } });
        const log = logger();
        await hooks['astro:build:done']!({ dir: pathToFileURL(`${dir}/dist/`), logger: log });
        return log.info.mock.calls.flat().join('\n');
      };
      const first = await build();
      expect(existsSync(path.join(dir, 'dist/_recall-box/pack/manifest.json'))).toBe(true);
      expect(first).toMatch(/wrote recall-box\.config\.json and wrangler\.toml/);
      const config = JSON.parse(await readFile(path.join(dir, 'recall-box.config.json'), 'utf8'));
      expect(config).toMatchObject({ html: 'dist', out: 'dist/_recall-box/pack', worker: { assets: 'dist', packPath: '/_recall-box/pack/' } });
      expect(await readFile(path.join(dir, 'wrangler.toml'), 'utf8')).toMatch(/directory = "\.\/dist"/);

      // Written once: the next build leaves them as they are (they are the owner's now).
      expect(await build()).not.toMatch(/wrote/);
      // A wrangler.toml of the owner's, without the config, is not touched either.
      await rm(path.join(dir, 'recall-box.config.json'));
      await writeFile(path.join(dir, 'wrangler.toml'), 'name = "mine"\n');
      expect(await build()).toMatch(/wrangler\.toml exists without recall-box\.config\.json/);
      expect(await readFile(path.join(dir, 'wrangler.toml'), 'utf8')).toBe('name = "mine"\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails the build, with the CLI\'s reason in the log, when the site cannot be indexed', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'recall-box-astro-empty-'));
    try {
      await mkdir(path.join(dir, 'dist'));
      const { hooks } = recallBox();
      hooks['astro:config:done']!({ config: { root: pathToFileURL(`${dir}/`), base: '/' } });
      const log = logger();
      await expect(hooks['astro:build:done']!({ dir: pathToFileURL(`${dir}/dist/`), logger: log })).rejects.toThrow(/indexing the built site failed .* exited with 1/);
      expect(log.warn.mock.calls.flat().join('\n')).toMatch(/DOCS_EMPTY/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

const registry = await npmRegistryReachable();
if (!registry.ok) console.warn(`[starlight integration] skipped: the npm registry is unreachable (${registry.why})`);

describe.skipIf(!registry.ok)('the Starlight example (examples/starlight)', () => {
  let dev: WranglerDev;
  let browser: Browser;
  let buildLog: string;
  let pages: string[];
  let sections: PackSection[];

  let site: ExampleSite;

  beforeAll(async () => {
    site = await setUpExample({
      name: 'starlight',
      dir: EXAMPLE,
      pack: PACK,
      install: installExample,
      build: { step: 'astro build', run: buildExample },
      // The walkthrough's last step (docs/integrations/astro.md, From an empty folder), offline: `npx recall-box deploy --local` in the project,
      // which builds the pack from the config `astro build` wrote and serves site and search with wrangler dev.
      serve: {
        step: 'recall-box deploy --local',
        run: () =>
          startWranglerDev({
            config: path.join(EXAMPLE, 'wrangler.toml'),
            timeoutMs: 180_000,
            command: (port, inspector) => ({
              file: process.execPath,
              args: [path.join(EXAMPLE, 'node_modules/recall-box/bin/recall-box.js'), 'deploy', '--local', '--port', String(port), '--', '--inspector-port', String(inspector)],
              cwd: EXAMPLE,
            }),
          }),
      },
    });
    ({ dev, browser, pages, sections, buildLog } = site);
  }, 900_000);

  afterAll(() => site?.close());

  it("builds the pack within `astro build`, its output in Astro's log, and Pagefind's index no more", () => {
    expect(buildLog).toMatch(/\[recall-box\] built pack [0-9a-f]+ /);
    expect(buildLog).toMatch(/\[recall-box\] search pack and widget written to /);
    // Starlight's own search and its Pagefind index are replaced, not built beside recall-box.
    expect(existsSync(path.join(DIST, 'pagefind'))).toBe(false);
  });

  it('indexes every page of the built site but the 404 page, at the URL the site serves it', async () => {
    const site = (await builtPages(DIST)).filter((p) => p.file !== '404.html').map((p) => p.url);
    expect([...pages].sort()).toEqual(site);
    expect(site).toContain('/guides/rollbacks/');
  });

  it("gives each page one section per h1–h3 of its content, addressed by the heading's own id", async () => {
    for (const { file, url } of await builtPages(DIST)) {
      if (file === '404.html') continue;
      const html = await readFile(path.join(DIST, file), 'utf8');
      const main = /<main[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? '';
      // Starlight's h1 (the page title) has id "_top": the page's intro, addressed by the page URL.
      expect(main, file).toMatch(/<h1 id="_top"/);
      const ids = [...main.matchAll(/<h[23][^>]*\bid="([^"]+)"/g)].map((m) => m[1]);
      expect(ids.length, file).toBeGreaterThan(0);
      const anchors = sections.filter((s) => s.pageUrl === url).map((s) => s.anchor);
      expect(anchors, file).toEqual(['', ...ids]);
    }
  });

  it("indexes the content only: no word of Starlight's header, sidebar, table of contents, pagination or code-block chrome", async () => {
    // Every word of a page's sections is a word of its Markdown source (front matter included, for
    // the title). Starlight's chrome ("On this page", "Overview", "Previous", "Next", "Section titled",
    // the sidebar's other pages, Expressive Code's "Terminal window") is not in the source, so any
    // of it indexed fails here by name.
    for (const url of pages) {
      const source = url === '/' ? 'index.md' : `${url.slice(1, -1)}.md`;
      expect(foreignWords(sections, url, await readFile(path.join(EXAMPLE, 'src/content/docs', source), 'utf8')), url).toEqual([]);
    }
  });

  it("indexes Starlight's asides as content, in the section they stand in", () => {
    const dataLoss = sections.find((s) => s.pageUrl === '/guides/rollbacks/' && s.anchor === 'data-loss');
    expect(dataLoss?.text).toMatch(/Take a backup[\s\S]*asks for confirmation when DATABASE_URL points at a host other than localhost/);
  });

  it('copies the widget bundles into the site for pages that load it by URL', async () => {
    for (const file of ['recall-box.js', 'recall-box-highlight.js']) {
      const res = await fetch(`${dev.url}/_recall-box/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type'), file).toMatch(/javascript/);
    }
  });

  it("opens Starlight's search with Ctrl K, finds a section and follows it to its heading", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${dev.url}/guides/getting-started/`);
    await page.waitForFunction(() => customElements.get('recall-box') !== undefined, undefined, { timeout: 20_000 });

    // The plugin put <recall-box mode="modal"> where Starlight's search was, in the page's language,
    // with the example's placeholder and Starlight's colors.
    expect(await page.locator('site-search').count()).toBe(0);
    const box = page.locator('header recall-box');
    await expect.poll(() => box.count()).toBe(1);
    expect(await box.getAttribute('mode')).toBe('modal');
    expect(await box.getAttribute('lang')).toBe('en');
    expect(await box.getAttribute('placeholder')).toBe('Search the Quarry docs');
    // The site's base URL, where the widget's fallback sends a reader to browse the docs.
    expect(await box.getAttribute('home')).toBe('/');
    const accent = await box.evaluate((e) => getComputedStyle(e).getPropertyValue('--recall-box-accent').trim());
    const starlight = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--sl-color-text-accent').trim());
    expect(accent).not.toBe('');
    expect(accent).toBe(starlight);
    // The widget follows Starlight's light/dark switch (<html data-theme>).
    await expect.poll(() => box.getAttribute('theme')).toMatch(/^(light|dark)$/);
    await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
    await expect.poll(() => box.getAttribute('theme')).toBe('dark');

    // Starlight's shortcut (Ctrl K here, ⌘ K on a Mac) opens the dialog with the input focused.
    await page.locator('main h1').click();
    await page.keyboard.press('Control+k');
    const input = box.locator('[part~="input"]');
    await expect.poll(() => input.evaluate((e) => (e.getRootNode() as ShadowRoot).activeElement === e)).toBe(true);
    await typeAndFollow(page, box, dev.url, {
      query: 'irreversible migrations',
      href: '/guides/rollbacks/#irreversible-migrations',
      landed: { pathname: '/guides/rollbacks/', hash: '#irreversible-migrations' },
      heading: 'main h2#irreversible-migrations',
      text: 'Irreversible migrations',
    });
    // The highlight script the component loads took the searched words out of the address bar.
    await expect.poll(() => new URL(page.url()).searchParams.has('rb-highlight')).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });
});
