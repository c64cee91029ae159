/**
 * Outgoing internal links: from a link target as written in a page to the page URL it points at.
 */
import { extensionOf, folderSegments, isLinkedDocFile, resolveSegments, urlForPath } from './urls.ts';

export interface LinkContext {
  /** URL of the page the link is on, e.g. `/guides/routing/`. */
  pageUrl: string;
  /** Source path of that page relative to the docs root, e.g. `guides/routing.md`. */
  sourcePath: string;
  /** Normalised base URL of the site (`/` or `/docs/`). */
  baseUrl: string;
}

/** `http:`, `mailto:`, `javascript:` …: any URL scheme (RFC 3986 syntax) makes a link external. */
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * The page URL (no anchor, no query) an internal link points at, or undefined when the link is
 * external, an asset (image, PDF …), a same-page anchor, or climbs out of the site.
 *
 * Relative links to source files (`./middleware.md`, `../api.mdx`, `other.html`) are resolved
 * against the source file's folder, because that is what their authors (and every Markdown
 * previewer) mean; other relative links (`../middleware/`) against the page URL, because that is
 * what the browser does. For index pages both are the same folder; for `guides/routing.md`
 * (URL `/guides/routing/`) they differ by one level, which is why the distinction matters.
 */
export function resolveInternalLink(href: string, ctx: LinkContext): string | undefined {
  const trimmed = href.trim();
  if (trimmed === '' || trimmed.startsWith('//') || URL_SCHEME.test(trimmed)) return undefined;
  const path = safeDecode(stripQueryAndHash(trimmed));
  if (path === '') return undefined; // `#anchor` or `?q=…`: the page itself.

  const ext = extensionOf(path);
  let url: string | undefined;
  if (isLinkedDocFile(path)) {
    if (path.startsWith('/')) {
      // Site-absolute: the base is already part of it, so only the file → URL shape is mapped.
      url = urlForPath(path, '/');
    } else {
      const resolved = resolveSegments(folderSegments(ctx.sourcePath), path);
      url = resolved === undefined ? undefined : urlForPath(resolved.join('/'), ctx.baseUrl);
    }
  } else if (ext !== '') {
    return undefined; // an asset such as `/img/logo.png`: internal, but not a page
  } else {
    const resolved = resolveSegments(folderSegments(ctx.pageUrl), path);
    url = resolved === undefined ? undefined : resolved.length === 0 ? '/' : `/${resolved.join('/')}/`;
  }
  return url === ctx.pageUrl ? undefined : url;
}

/** Resolve a list of link targets; unique, in first-seen order, self-links and external ones dropped. */
export function resolveInternalLinks(hrefs: readonly string[], ctx: LinkContext): string[] {
  const out = new Set<string>();
  for (const href of hrefs) {
    const url = resolveInternalLink(href, ctx);
    if (url !== undefined) out.add(url);
  }
  return [...out];
}

function stripQueryAndHash(href: string): string {
  const cut = href.search(/[?#]/);
  return cut < 0 ? href : href.slice(0, cut);
}

/** Percent-decoded so that `/zh-cn/%E8%B7%AF%E7%94%B1/` matches the page URL built from its path. */
function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path; // malformed escapes: keep as written rather than lose the link
  }
}
