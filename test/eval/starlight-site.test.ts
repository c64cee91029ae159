import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/core/index.ts';
import { loadPack } from '../../src/core/pack/load.ts';
import { everySection } from '../../src/core/pack/section-store.ts';
import { buildPack, type BuildSummary } from '../../src/indexer/build-pack.ts';
import { fsPackSource } from '../../src/indexer/fs-source.ts';
import { ingestBuiltSite } from '../../src/indexer/ingest/built-site.ts';
import { ingestDirectory } from '../../src/indexer/ingest/index.ts';
import { builtPathFor, readSourcePage, renderStarlightPage, renderStarlightSite, servedUrlOf, type RenderedSite } from '../../src/eval/starlight-site.ts';

const SITE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/site');

describe('builtPathFor', () => {
  it('lays pages out as Starlight does: a folder per page, index files as their folder', () => {
    expect(builtPathFor('guides/foo.mdx')).toBe('guides/foo/index.html');
    expect(builtPathFor('guides/index.md')).toBe('guides/index.html');
    expect(builtPathFor('index.md')).toBe('index.html');
    expect(servedUrlOf(builtPathFor('guides/foo.mdx'))).toBe('/guides/foo/');
  });
});

describe('renderStarlightPage', () => {
  const a = readSourcePage('guides/a.mdx', "---\ntitle: Alpha page\n---\nimport X from './x';\n\nIntro text.\n\n<X>component text</X>\n\n## Set it up\n\nBody.\n\n## Set it up\n\nAgain.\n");
  const b = readSourcePage('guides/b.md', '---\ntitle: Beta page\n---\nOther.\n');
  const html = renderStarlightPage(a, [a, b], { siteTitle: 'Site' });

  it('writes lang, the title with the site name, and the h1 #_top inside main', () => {
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('<title>Alpha page | Site</title>');
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    expect(main).toContain('<h1 id="_top">Alpha page</h1>');
    expect(main).toContain('component text');
    expect(main).not.toContain('import X');
  });

  it('gives headings the ids github-slugger gives, with Starlight\'s permalink beside them', () => {
    expect(html).toContain('<h2 id="set-it-up">Set it up</h2><a class="sl-anchor-link" href="#set-it-up">');
    expect(html).toContain('<h2 id="set-it-up-1">Set it up</h2>');
  });

  it('keeps the sidebar (other pages\' titles) and the table of contents outside main', () => {
    const before = html.slice(0, html.indexOf('<main'));
    expect(before).toContain('Beta page');
    expect(before).toContain('On this page');
    expect(html.indexOf('rel="next"')).toBeGreaterThan(html.indexOf('<footer'));
  });
});

describe('renderStarlightSite on test/fixtures/site', () => {
  let root: string;
  let rendered: RenderedSite;
  let sources: Page[];
  let html: Page[];
  let summary: BuildSummary;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'recall-box-starlight-site-'));
    rendered = await renderStarlightSite(SITE, path.join(root, 'site'), { siteTitle: 'Skylark' });
    sources = (await ingestDirectory(SITE, { baseUrl: '/' })).pages;
    html = (await ingestBuiltSite(path.join(root, 'site'), { baseUrl: '/' })).pages;
    summary = await buildPack(path.join(root, 'site'), path.join(root, 'pack'), { html: true, embedding: false, ingest: { baseUrl: '/' } });
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('renders every Markdown page and skips the HTML source', () => {
    expect(rendered.skipped.map((s) => s.path)).toEqual(['concepts/caching.html']);
    expect(rendered.written.map((w) => w.built)).toContain('guides/middleware/index.html');
    expect(rendered.written.map((w) => w.built)).toContain('index.html');
  });

  it('builds with recall-box build --html, one page per rendered file', async () => {
    expect(summary.pages).toBe(rendered.written.length);
    expect(summary.skipped).toEqual([]);
    const pack = await loadPack(fsPackSource(path.join(root, 'pack')));
    // The chrome's own words (header, sidebar, tables of contents, permalinks, footer) reach no section.
    const chrome = ['Skip to content', 'Select theme', 'On this page', 'Overview', 'Section titled', 'Edit page', 'Previous', 'Next'];
    for (const s of everySection(pack.sections)) for (const word of chrome) expect(s.text).not.toContain(word);
  });

  it('indexes the same text as the sources, not the sidebar\'s list of every page', () => {
    const byId = new Map(html.flatMap((p) => p.sections.map((s) => [s.id, s])));
    for (const page of sources.filter((p) => !p.path.endsWith('.html'))) {
      for (const section of page.sections.filter((s) => s.depth >= 2)) expect(byId.get(section.id)?.text).toBe(section.text);
    }
  });

  it('gives the same URLs, titles, languages and section anchors as the sources for the same pages', () => {
    const rendered = sources.filter((p) => !p.path.endsWith('.html'));
    expect(html.map((p) => p.url).sort()).toEqual(rendered.map((p) => p.url).sort());
    for (const page of rendered) {
      const other = html.find((p) => p.url === page.url)!;
      expect(other.title).toBe(page.title);
      expect(other.lang).toBe(page.lang);
      // h2/h3 anchors alike. The page's own sections (depth 1) may differ: a content h1 repeating the
      // title (guides/deploying.md) is merged into the intro by the source reader, while Starlight
      // renders it as a second h1 below its own #_top, which the HTML reader keeps as a section.
      const headed = (p: Page) => p.sections.filter((s) => s.depth >= 2).map((s) => s.id);
      expect(headed(other)).toEqual(headed(page));
    }
  });

  it('writes pages a browser can open at their source URL', async () => {
    const file = await readFile(path.join(root, 'site', 'guides', 'middleware', 'index.html'), 'utf8');
    expect(file.startsWith('<!doctype html>')).toBe(true);
  });
});
