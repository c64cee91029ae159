/**
 * The preview's routes on the app (the Worker's with PREVIEW_PAGES = "on", and `recall-box serve`):
 * every page an index holds, rendered from the pack at its own URL, and on request a home page
 * listing them. Registered after the API routes, so /search, /health and /admin/* are never pages.
 */
import type { Hono } from 'hono';
import { RecallBoxError, findPage, pageSections, untilAnswered, type LoadedPack } from '../core/index.ts';
import { DEFAULT_PREVIEW_ASSETS, PREVIEW_CONTENT_SECURITY_POLICY, renderPreviewHome, renderPreviewPage, type PreviewAssets, type PreviewPageLink } from './page-html.ts';

export interface PreviewRouteOptions {
  /** The packs pages are looked up in, the default index first: the first holding a path answers it. */
  packs: ReadonlyArray<(signal?: AbortSignal) => Promise<LoadedPack>>;
  /** Where the pages find the widget, the highlight script and the endpoint. Default DEFAULT_PREVIEW_ASSETS. */
  assets?: PreviewAssets;
  /**
   * List every page at PAGE_LIST_PATH, and at `/` too when no page of the index is there
   * (`recall-box serve`); off where `/` is a page of its own (the demo's index.html).
   */
  home?: boolean;
  /** The name in each page's bar and the home page's title. */
  siteName?: string;
}

/** Where the list of every page is (`home`): beside the pack's own folder name for built sites, out of any page's way. */
export const PAGE_LIST_PATH = '/_recall-box/pages/';

const HTML_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': PREVIEW_CONTENT_SECURITY_POLICY,
  // A preview is rebuilt with the pack: never kept past it.
  'Cache-Control': 'no-cache',
};

/** The titles of a pack's pages, each from its first section (read as the pack is: whole, or its blocks as needed). */
async function pageLinks(pack: LoadedPack, signal: AbortSignal | undefined): Promise<PreviewPageLink[]> {
  const pages = [...pageSections(pack)];
  const firsts = pages.map(([, ids]) => ids[0]!);
  const lookup = await pack.sections.load(firsts, signal);
  return pages.map(([url], i) => ({ url, title: lookup(firsts[i]!).breadcrumb[0] ?? url })).sort((a, b) => a.url.localeCompare(b.url));
}

/** A request path as the pack spells page URLs: percent-decoded (`/zh-cn/指南/`); a malformed escape is left as sent. */
export function decodedPath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

export function registerPreviewRoutes(app: Hono, options: PreviewRouteOptions): void {
  const assets = options.assets ?? DEFAULT_PREVIEW_ASSETS;
  const naming = { ...(options.siteName !== undefined && { siteName: options.siteName }), pageList: options.home ? PAGE_LIST_PATH : null };
  const list = async () => {
    const links = await untilAnswered(async ({ signal }) => (await Promise.all(options.packs.map(async (get) => pageLinks(await get(signal), signal)))).flat());
    return renderPreviewHome(links, { assets, ...naming });
  };
  if (options.home) app.get(PAGE_LIST_PATH, async (c) => c.body(await list(), 200, HTML_HEADERS));
  app.get('*', async (c) => {
    const path = decodedPath(c.req.path);
    const page = await untilAnswered(({ signal }) => findPage(options.packs, path, signal));
    const html = page === null ? null : renderPreviewPage(page.sections, { assets, ...naming });
    // A site whose docs have no page at `/` gets the list there, so the address the server prints opens something.
    if (html === null && options.home && path === '/') return c.body(await list(), 200, HTML_HEADERS);
    if (html === null) throw new RecallBoxError('NOT_FOUND', 'no such route or page; try GET /search?q=… or GET /health.');
    return c.body(html, 200, HTML_HEADERS);
  });
}
