/**
 * A docs page rendered from what the pack holds of it: its title, each section's heading with its
 * anchor as the element's id, its prose paragraph by paragraph and its code. Not the site's layout —
 * the text search sees — so that a result followed on a preview (the demo, `recall-box serve`)
 * opens a page, lands on its heading and shows the reader's words marked (recall-box-highlight.js).
 * Pure: sections in, HTML text out; every piece of pack text is escaped.
 */
import type { StoredSection } from '../core/index.ts';

/** Where the page finds the widget and the Worker, as the page that serves it says. */
export interface PreviewAssets {
  /** The widget bundle's URL. */
  widget: string;
  /** The highlight-on-arrival script's URL. */
  highlight: string;
  /** The stylesheet's URL, or null for the browser's own. */
  stylesheet: string | null;
  /** The search endpoint the page's `<recall-box>` calls. */
  endpoint: string;
}

export const DEFAULT_PREVIEW_ASSETS: Readonly<PreviewAssets> = Object.freeze({
  widget: '/recall-box.js',
  highlight: '/recall-box-highlight.js',
  stylesheet: '/demo.css',
  endpoint: '/search',
});

/**
 * The policy of a preview page: its scripts and styles are files of this origin, nothing inline,
 * so pack text that looks like markup can never run (it is escaped anyway); the same policy as the
 * demo page's (public/_headers).
 */
export const PREVIEW_CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML text or an attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** One line of prose per paragraph: the pack joins a section's paragraphs with '\n' (core/present/evidence.ts). */
function paragraphs(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('\n');
}

/** A heading level for a section's depth: h1 for the page, h2–h6 below it. */
function headingLevel(depth: number): number {
  return Math.min(6, Math.max(1, Math.trunc(depth) || 1));
}

function head(title: string, assets: PreviewAssets): string {
  return [
    '<meta charset="utf-8" />',
    '<meta name="viewport" content="width=device-width, initial-scale=1" />',
    '<meta name="color-scheme" content="light dark" />',
    '<meta name="robots" content="noindex" />',
    `<title>${escapeHtml(title)}</title>`,
    '<link rel="icon" href="data:," />',
    ...(assets.stylesheet ? [`<link rel="stylesheet" href="${escapeHtml(assets.stylesheet)}" />`] : []),
    `<script type="module" src="${escapeHtml(assets.widget)}"></script>`,
    `<script type="module" src="${escapeHtml(assets.highlight)}"></script>`,
  ].join('\n');
}

/** The bar every preview page has: a way home, to the list of pages when there is one, and the search box (a dialog, Ctrl/⌘+K or /). */
function header(assets: PreviewAssets, siteName: string, pageList: string | null): string {
  const list = pageList === null ? '' : ` <a href="${escapeHtml(pageList)}">All pages</a>`;
  return `<header><a href="/"><strong>${escapeHtml(siteName)}</strong></a>${list} <recall-box mode="modal" endpoint="${escapeHtml(assets.endpoint)}" confidence-badge></recall-box></header>`;
}

/** What every preview page is told besides its content. */
export interface PreviewPageOptions {
  /** Default DEFAULT_PREVIEW_ASSETS. */
  assets?: PreviewAssets;
  /** The name in the bar. Default `recall-box preview`. */
  siteName?: string;
  /** Where the list of every page is, linked from the bar; null (default): no link. */
  pageList?: string | null;
}

/**
 * The page whose sections are `sections` (all of one page, in pack order: the build writes a page's
 * sections in document order). The first section's breadcrumb names the page.
 */
export function renderPreviewPage(sections: readonly StoredSection[], options: PreviewPageOptions = {}): string {
  const assets = options.assets ?? DEFAULT_PREVIEW_ASSETS;
  const first = sections[0];
  const title = first?.breadcrumb[0] ?? first?.title ?? '';
  const body = sections.map((s) => {
    // The intro (no anchor) is under the page's own h1, which is written once above.
    const heading = s.anchor === '' ? '' : `<h${headingLevel(s.depth)} id="${escapeHtml(s.anchor)}">${escapeHtml(s.title)}</h${headingLevel(s.depth)}>\n`;
    const code = s.code.trim() === '' ? '' : `\n<pre><code>${escapeHtml(s.code)}</code></pre>`;
    return `<section>\n${heading}${paragraphs(s.text)}${code}\n</section>`;
  });
  const description = first && first.description !== '' ? `<p><em>${escapeHtml(first.description)}</em></p>\n` : '';
  const main = `<h1>${escapeHtml(title)}</h1>\n${description}${body.join('\n')}`;
  const footer = '<footer><p>A preview of this page as the search index holds it, not your site’s layout.</p></footer>';
  return htmlDocument({ lang: first?.lang ?? 'en', title, assets, bar: header(assets, options.siteName ?? 'recall-box preview', options.pageList ?? null), main, after: footer });
}

/** A whole preview document: the head every page has, the bar, the main content and what follows it. */
function htmlDocument(parts: { lang: string; title: string; assets: PreviewAssets; bar: string; main: string; after?: string }): string {
  return `<!doctype html>
<html lang="${escapeHtml(parts.lang)}">
<head>
${head(parts.title, parts.assets)}
</head>
<body>
${parts.bar}
<main>
${parts.main}
</main>
${parts.after ?? ''}
</body>
</html>
`;
}

/** One entry of the preview's home page: a page's URL and title. */
export interface PreviewPageLink {
  url: string;
  title: string;
}

/** The preview's home: the search box inline, and every indexed page as a link. */
export function renderPreviewHome(pages: readonly PreviewPageLink[], options: PreviewPageOptions & { lang?: string } = {}): string {
  const assets = options.assets ?? DEFAULT_PREVIEW_ASSETS;
  const name = options.siteName ?? 'recall-box preview';
  const list = pages.map((p) => `<li><a href="${escapeHtml(p.url)}">${escapeHtml(p.title || p.url)}</a> <code>${escapeHtml(p.url)}</code></li>`).join('\n');
  const main = `<h1>${escapeHtml(name)}</h1>
<p>Search your docs as readers will. Each result opens a preview of its page, rendered from the search index, with the words searched for marked.</p>
<recall-box id="search" endpoint="${escapeHtml(assets.endpoint)}"></recall-box>
<h2>Pages (${pages.length})</h2>
<ul>
${list}
</ul>`;
  return htmlDocument({ lang: options.lang ?? 'en', title: name, assets, bar: header(assets, name, null), main });
}
