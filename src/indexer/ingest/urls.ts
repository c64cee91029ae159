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
 * Why a doc file's path cannot become its page's URL, or null when it can. Every segment is checked:
 * a control character (a newline splits a log line and a URL), a backslash (a path separator on
 * Windows: `..\..\win.md` would climb out), `#`, `?` or `%` (a URL reads them as the fragment, the
 * query and an escape: `%2e%2e.md` is `..` to a browser), and a segment that is `.` or `..` once
 * the extension is dropped (`..md`, `...md`: the URL resolves them away, to another page). The
 * build skips such a file as UNSAFE_FILE_NAME instead of linking readers somewhere else.
 */
export function unsafeFileName(relPath: string): string | null {
  const segments = relPath.split('/');
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (/\p{Cc}/u.test(segment)) return 'a control character (such as a newline) in its name';
    if (segment.includes('\\')) return 'a backslash in its name, a path separator on Windows';
    const reserved = /[#?%]/.exec(segment);
    if (reserved) return `“${reserved[0]}” in its name, which a URL reads as ${reserved[0] === '#' ? 'the start of the fragment' : reserved[0] === '?' ? 'the start of the query' : 'an escape'}`;
    const last = i === segments.length - 1;
    const stem = last && isLinkedDocFile(segment) ? segment.slice(0, segment.length - extensionOf(segment).length) : segment;
    if (stem === '.' || stem === '..') return `a name whose page URL would end in “${stem}”, which a browser resolves to another page`;
  }
  return null;
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

const ASCII_URL_CODE_POINT = /[A-Za-z0-9!$&'()*+,\-./:;=?@_~]/;

/**
 * Whether `cp` may stand unencoded in a URL fragment: a "URL code point" of the WHATWG URL
 * Standard (ASCII letters and digits, `!$&'()*+,-./:;=?@_~`, and non-ASCII other than surrogates
 * and noncharacters). Slugs (letters, digits, `-`, `_`) are all such, so their URLs are unchanged.
 */
function isUrlCodePoint(cp: number): boolean {
  if (cp < 0x80) return ASCII_URL_CODE_POINT.test(String.fromCharCode(cp));
  if (cp < 0xa0 || (cp >= 0xd800 && cp <= 0xdfff)) return false;
  const isNoncharacter = (cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) === 0xfffe;
  return !isNoncharacter;
}

const utf8Encoder = new TextEncoder();

/**
 * An anchor (an element id exactly as the page has it) as the fragment of a URL, without the '#':
 * every code point that may not stand in a fragment is percent-encoded as UTF-8 (`with space` →
 * `with%20space`, `100%` → `100%25`). A browser looks the fragment up as written and then
 * percent-decoded, so the link reaches the element. A lone surrogate, which has no UTF-8, is
 * encoded as U+FFFD (TextEncoder's replacement), where encodeURIComponent would throw.
 */
export function urlFragment(anchor: string): string {
  let out = '';
  for (const char of anchor) {
    const cp = char.codePointAt(0)!;
    if (isUrlCodePoint(cp)) out += char;
    else for (const byte of utf8Encoder.encode(char)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
