/**
 * A docs folder rendered as a Starlight-like built site (issue 22): what `recall-box build --html`
 * would read after `astro build`, without Astro. A real Starlight build of the Astro docs cannot run
 * here (custom components, no network), and the eval needs the same pages as HTML to compare the
 * pack built from the site with the pack built from the sources.
 *
 * Each page is parsed by the repository's own ingest (parseDocument for its title, language and URL;
 * parseMarkdown for the cleaned tree: front matter, MDX imports and expressions dropped, component
 * text kept), so the HTML holds exactly the text the source build indexes, and only the layout differs.
 * The layout follows Starlight's (0.34+) page:
 * - `<html lang>`, `<title>Page title | Site</title>`;
 * - a `<header>` (site name, search button) and a sidebar `<nav>` listing EVERY page's title,
 *   outside `<main>`: text that must not be indexed (each page's title would otherwise be in every page);
 * - the "On this page" table of contents in an `<aside>` outside `<main>`, and its mobile copy in a
 *   `<nav>` inside `<main>`, as Starlight places it;
 * - `<main>`: `<h1 id="_top">title</h1>`, then the content, every heading with the id
 *   github-slugger gives (Astro's rehypeHeadingIds; the source reader's Anchorer, so ids match)
 *   wrapped as Starlight does with its "Section titled …" permalink beside it;
 * - a `<footer>` with the previous/next page links inside `<main>` (Starlight's pagination).
 *
 * URLs: `guides/foo.mdx` → `guides/foo/index.html` (served at `/guides/foo/`, the source build's
 * URL), `index.md` → its folder's `index.html`. Only `.md` and `.mdx` are rendered (a Starlight site
 * has no HTML sources); other files are listed as skipped.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Element, ElementContent, Properties, RootContent } from 'hast';
import type { Heading, Nodes, Root } from 'mdast';
import { unified } from 'unified';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import type { Page } from '../core/index.ts';
import { Anchorer } from '../indexer/ingest/anchors.ts';
import { parseDocument } from '../indexer/ingest/document.ts';
import { docsFolder, listDocFiles } from '../indexer/ingest/files.ts';
import { parseMarkdown } from '../indexer/ingest/markdown.ts';
import { hastText } from '../indexer/ingest/html.ts';
import { headingLabel } from '../indexer/ingest/text.ts';
import { extensionOf, normalizeRelPath } from '../indexer/ingest/urls.ts';

/** The site name Starlight appends to every `<title>`. */
export const DEFAULT_SITE_TITLE = 'Docs';

export interface StarlightSiteOptions {
  /** The site name in `<title>` and the header. Default DEFAULT_SITE_TITLE. */
  siteTitle?: string;
}

/** One page to render: its source path, its Page as the source build reads it, its cleaned tree. */
export interface SourcePage {
  relPath: string;
  page: Page;
  tree: Root;
}

/** `guides/foo.mdx` → `guides/foo/index.html`; `guides/index.md` → `guides/index.html`; `index.md` → `index.html`. */
export function builtPathFor(relPath: string): string {
  const segments = normalizeRelPath(relPath).split('/');
  const file = segments.pop()!;
  const stem = file.slice(0, file.length - extensionOf(file).length);
  if (stem !== 'index') segments.push(stem);
  return [...segments, 'index.html'].join('/');
}

/** A source file as a page to render: the ingest's own reading of it. Throws what parseDocument throws. */
export function readSourcePage(relPath: string, content: string): SourcePage {
  const page = parseDocument(relPath, content);
  const tree = parseMarkdown(content.replace(/^\uFEFF/, ''), extensionOf(relPath) === '.mdx').tree;
  return { relPath: normalizeRelPath(relPath), page, tree };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Every heading of the tree, in document order (nested ones too: Astro ids every heading). */
function headingsOf(node: Nodes, out: Heading[] = []): Heading[] {
  if (node.type === 'heading') out.push(node);
  if ('children' in node) for (const child of node.children) headingsOf(child as Nodes, out);
  return out;
}

interface TocEntry {
  depth: number;
  text: string;
  id: string;
}

/**
 * Gives every heading its id (as hProperties, which remark-rehype carries over) and returns the
 * h2/h3 entries of the table of contents (Starlight's default depth). Mutates a copy's nodes only.
 */
function anchorHeadings(tree: Root): TocEntry[] {
  const anchorer = new Anchorer();
  const toc: TocEntry[] = [];
  for (const heading of headingsOf(tree)) {
    const label = headingLabel(heading);
    const id = anchorer.anchor(label);
    heading.data = { ...heading.data, hProperties: { ...(heading.data?.hProperties ?? {}), id } };
    // `{#custom-id}` becomes the id and leaves the text, as on the sites that honour it (the
    // source reader does); Starlight itself does not, but the Astro docs use none.
    const last = heading.children[heading.children.length - 1];
    if (label.customId !== undefined && last?.type === 'text') last.value = last.value.replace(/\s*\{#[^\s{}]+\}\s*$/u, '');
    if (heading.depth >= 2 && heading.depth <= 3 && label.text !== '') toc.push({ depth: heading.depth, text: label.text, id });
  }
  return toc;
}

const toHast = unified().use(remarkRehype).freeze();
const stringify = unified().use(rehypeStringify).freeze();

/**
 * The content as HTML, each heading wrapped as Starlight ≥ 0.34 does:
 * `<div class="sl-heading-wrapper level-h2"><h2 id="x">X</h2><a class="sl-anchor-link" href="#x">…Section titled “X”</a></div>`.
 */
function contentHtml(tree: Root): string {
  const hast = toHast.runSync(tree);
  const text = (tagName: string, className: string[], value: string, properties: Properties = {}): Element => ({
    type: 'element',
    tagName,
    properties: { ...properties, className },
    children: [{ type: 'text', value }],
  });
  const wrap = (nodes: readonly RootContent[]): RootContent[] =>
    nodes.map((node): RootContent => {
      if (node.type !== 'element') return node;
      const id = node.properties.id;
      if (/^h[2-6]$/.test(node.tagName) && typeof id === 'string') {
        const link: Element = {
          type: 'element',
          tagName: 'a',
          properties: { className: ['sl-anchor-link'], href: `#${id}` },
          children: [
            { type: 'element', tagName: 'span', properties: { ariaHidden: 'true', className: ['sl-anchor-icon'] }, children: [{ type: 'element', tagName: 'svg', properties: { width: 16, height: 16 }, children: [] }] },
            text('span', ['sr-only'], `Section titled “${hastText(node)}”`),
          ],
        };
        return { type: 'element', tagName: 'div', properties: { className: ['sl-heading-wrapper', `level-${node.tagName}`] }, children: [node, link] };
      }
      return { ...node, children: wrap(node.children) as ElementContent[] };
    });
  return stringify.stringify({ ...hast, children: wrap(hast.children) });
}

/** The "On this page" list: Overview (`#_top`) then the h2/h3 entries. */
function tocHtml(toc: readonly TocEntry[]): string {
  const items = [`<li><a href="#_top">Overview</a></li>`, ...toc.map((t) => `<li class="depth-${t.depth}"><a href="#${escapeHtml(t.id)}">${escapeHtml(t.text)}</a></li>`)];
  return `<ul>${items.join('')}</ul>`;
}

/** A page's served URL from its built path (`guides/foo/index.html` → `/guides/foo/`). */
export function servedUrlOf(builtPath: string): string {
  return `/${builtPath.replace(/index\.html$/, '')}`;
}

/**
 * One page as a Starlight-like HTML document. Pure. `site` is every page in sidebar order (the
 * sidebar and the prev/next links come from it).
 */
export function renderStarlightPage(source: SourcePage, site: readonly SourcePage[], options: StarlightSiteOptions = {}): string {
  const siteTitle = options.siteTitle ?? DEFAULT_SITE_TITLE;
  const tree = structuredClone(source.tree);
  const toc = anchorHeadings(tree);
  const { page } = source;
  const index = site.findIndex((s) => s.relPath === source.relPath);
  const link = (s: SourcePage | undefined, rel: string, label: string) =>
    s ? `<a href="${escapeHtml(servedUrlOf(builtPathFor(s.relPath)))}" rel="${rel}"><span>${label}</span><span class="link-title">${escapeHtml(s.page.title)}</span></a>` : '';
  const sidebar = site
    .map((s) => `<li><a href="${escapeHtml(servedUrlOf(builtPathFor(s.relPath)))}"${s === source ? ' aria-current="page"' : ''}><span>${escapeHtml(s.page.title)}</span></a></li>`)
    .join('');
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(page.lang)}" dir="ltr">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(page.title)} | ${escapeHtml(siteTitle)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description || `${siteTitle} documentation`)}"><link rel="stylesheet" href="/_astro/index.css"></head>`,
    '<body>',
    '<a href="#_top" class="sl-skip-link">Skip to content</a>',
    `<div class="page sl-flex"><header class="header"><div class="header sl-flex"><div class="title-wrapper sl-flex"><a href="/" class="site-title">${escapeHtml(siteTitle)}</a></div>`,
    '<site-search><button data-open-modal aria-label="Search">Search</button></site-search>',
    '<div class="sl-hidden md:sl-flex right-group"><starlight-theme-select><label>Select theme<select><option>Dark</option><option>Light</option><option>Auto</option></select></label></starlight-theme-select></div></div></header>',
    `<nav class="sidebar" aria-label="Main"><div class="sidebar-pane"><div class="sidebar-content"><ul class="top-level">${sidebar}</ul></div></div></nav>`,
    '<div class="main-frame"><div class="lg:sl-flex">',
    `<aside class="right-sidebar-container"><div class="right-sidebar"><div class="right-sidebar-panel"><starlight-toc data-min-h="2" data-max-h="3"><nav aria-labelledby="starlight__on-this-page"><h2 id="starlight__on-this-page">On this page</h2>${tocHtml(toc)}</nav></starlight-toc></div></div></aside>`,
    '<div class="main-pane"><main data-pagefind-body lang="' + escapeHtml(page.lang) + '" dir="ltr">',
    `<mobile-starlight-toc><nav aria-labelledby="starlight__on-this-page--mobile"><details id="starlight__mobile-toc"><summary id="starlight__on-this-page--mobile">On this page</summary>${tocHtml(toc)}</details></nav></mobile-starlight-toc>`,
    `<div class="content-panel"><div class="sl-container"><h1 id="_top">${escapeHtml(page.title)}</h1></div></div>`,
    `<div class="content-panel"><div class="sl-container"><div class="sl-markdown-content">${contentHtml(tree)}</div>`,
    `<footer class="sl-flex"><div class="meta sl-flex"><a href="https://github.com/example/docs/edit/main/${escapeHtml(source.relPath)}" class="sl-flex">Edit page</a></div>`,
    `<div class="pagination-links" dir="ltr">${link(site[index - 1], 'prev', 'Previous')}${link(site[index + 1], 'next', 'Next')}</div></footer></div></div>`,
    '</main></div></div></div></div>',
    '</body></html>',
    '',
  ].join('\n');
}

export interface RenderedSite {
  /** Built path (relative to the output folder) per rendered source path. */
  written: Array<{ source: string; built: string }>;
  /** Source files not rendered, with why. */
  skipped: Array<{ path: string; reason: string }>;
}

/** Reads every `.md`/`.mdx` under `docsDir` and writes its page under `outDir`. */
export async function renderStarlightSite(docsDir: string, outDir: string, options: StarlightSiteOptions = {}): Promise<RenderedSite> {
  const skipped: RenderedSite['skipped'] = [];
  const pages: SourcePage[] = [];
  const docs = await docsFolder(docsDir);
  for (const relPath of await listDocFiles(docsDir)) {
    const ext = extensionOf(relPath);
    if (ext !== '.md' && ext !== '.mdx') {
      skipped.push({ path: relPath, reason: `not Markdown (${ext}): a Starlight site renders .md and .mdx only` });
      continue;
    }
    try {
      pages.push(readSourcePage(relPath, await docs.read(relPath)));
    } catch (error) {
      // The source build skips the same files (it reads them with the same parseDocument).
      skipped.push({ path: relPath, reason: (error as Error).message });
    }
  }
  const written: RenderedSite['written'] = [];
  for (const source of pages) {
    const built = builtPathFor(source.relPath);
    const file = path.join(outDir, ...built.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, renderStarlightPage(source, pages, options));
    written.push({ source: source.relPath, built });
  }
  return { written, skipped };
}
