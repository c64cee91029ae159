/**
 * Page URLs from source paths, and the path arithmetic links need. Pure string functions.
 */
import { normalizeBaseUrl } from './options.ts';

/** File extensions of the doc formats ingest reads, lower-case, with the dot. */
export const DOC_EXTENSIONS: readonly string[] = ['.md', '.mdx', '.html', '.htm'];

/**
 * Extensions that name a doc source in a link target. Wider than DOC_EXTENSIONS because a link to
 * `foo.markdown` still means the page `foo/`, even though such files are not ingested.
 */
const LINKED_DOC_EXTENSIONS: readonly string[] = [...DOC_EXTENSIONS, '.markdown'];

/** Lower-case extension of the last path segment with its dot ('' when there is none). */
export function extensionOf(path: string): string {
  const last = path.slice(path.lastIndexOf('/') + 1);
  const dot = last.lastIndexOf('.');
  return dot <= 0 ? '' : last.slice(dot).toLowerCase();
}

export function isDocFile(path: string): boolean {
  return DOC_EXTENSIONS.includes(extensionOf(path));
}

export function isLinkedDocFile(path: string): boolean {
  return LINKED_DOC_EXTENSIONS.includes(extensionOf(path));
}

/** Forward slashes, no leading `./` or `/`. */
export function normalizeRelPath(relPath: string): string {
  return relPath.replace(/\\/g, '/').replace(/^(?:\.\/|\/)+/, '');
}

/**
 * Page URL of a source file: `guides/actions.mdx` → `/guides/actions/`, `guides/index.md` →
 * `/guides/`, `index.md` → `/`, with `baseUrl` `/docs/` → `/docs/guides/actions/`.
 * Trailing-slash URLs because a folder-style URL is what static site generators (Astro, Starlight,
 * Docusaurus, VitePress with clean URLs) serve for these files.
 */
export function urlForPath(relPath: string, baseUrl = '/'): string {
  const segments = normalizeRelPath(relPath)
    .split('/')
    .filter((s) => s.length > 0);
  const last = segments.pop();
  if (last !== undefined) {
    const ext = extensionOf(last);
    const stem = isLinkedDocFile(last) ? last.slice(0, last.length - ext.length) : last;
    if (stem.toLowerCase() !== 'index') segments.push(stem);
  }
  const base = normalizeBaseUrl(baseUrl);
  return segments.length === 0 ? base : `${base}${segments.join('/')}/`;
}

/**
 * Resolve `.` and `..` segments of a slash-separated path against a base folder (segments).
 * Returns undefined when `..` climbs above the root: such a target cannot be a page of this site.
 */
export function resolveSegments(baseFolder: readonly string[], relative: string): string[] | undefined {
  const out = relative.startsWith('/') ? [] : [...baseFolder];
  for (const segment of relative.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) return undefined;
      out.pop();
    } else {
      out.push(segment);
    }
  }
  return out;
}

/** Folder segments of a URL path or file path: `/a/b/` → [a, b], `a/b/c.md` → [a, b]. */
export function folderSegments(path: string): string[] {
  const segments = path.split('/');
  segments.pop();
  return segments.filter((s) => s.length > 0);
}
