/**
 * A built static site (`recall-box build --html <dist>`, issue 22) → pages, as Pagefind reads one:
 * every `.html` file is a page, read as the reader sees it (built-html.ts), cut into sections by
 * the same splitter as sources, so the pack is the same format.
 *
 * - URLs: `index.html` is its folder (`guides/index.html` → `/guides/`), any other file its own
 *   path (`guides/setup.html` → `/guides/setup.html`), under the base URL. The file's path is the
 *   one URL every static server answers; hosts with clean URLs (Cloudflare, Netlify, GitHub Pages)
 *   redirect it to `/guides/setup`, keeping the `#anchor`.
 * - Title: the content's first h1; else `<title>`, without the site name when every `<title>` of
 *   the site ends in the same ` | Name` (or ` - `, ` – `, ` — `, ` · `) or is just `Name`; else the
 *   file name.
 * - Language: `<html lang>`, else the path's first folder when it is a locale, else the default.
 * - Description: `<meta name="description">`, when no other page of the site has the same one, as
 *   the front matter `description` of a source is (Starlight writes each page's there). Sites that
 *   repeat one default description on every page get none: it would say nothing about the page.
 * - `[data-recall-box-body]`: once any page has it, pages without it are skipped (`NO_BODY_MARKER`),
 *   as Pagefind does with `data-pagefind-body`.
 * - Skipped too: the root `404.html` (`NOT_FOUND_PAGE`) and redirect pages, `<meta
 *   http-equiv="refresh">` (`REDIRECT_PAGE`).
 * - Links: resolved as the browser does, then matched to the page they reach however the site
 *   writes them (`/a/b`, `/a/b/`, `/a/b.html`, `/a/b/index.html`).
 */
import { langFromPath } from '../../core/analysis/lang.ts';
import { RecallBoxError, isRecallBoxError } from '../../core/errors.ts';
import type { Lang, Page, SkippedFile } from '../../core/types.ts';
import { parseBuiltHtml, type BuiltHtmlPage } from './built-html.ts';
import { htmlLang } from './document.ts';
import { docsFolder, isFolder, listDocFiles } from './files.ts';
import { resolveIngestOptions, type IngestOptions, type IngestResult } from './options.ts';
import { splitSections } from './sections.ts';
import { splitLargeSection } from './split-large.ts';
import { extensionOf, normalizeRelPath } from './urls.ts';

/** Separators a site name follows in `<title>` (`Routing | Skylark`). */
const TITLE_SEPARATORS: readonly string[] = [' | ', ' - ', ' – ', ' — ', ' · '];

/**
 * Page URL of a built file: `index.html` → its folder's URL, any other file its path, under
 * `baseUrl` (already normalised: `/` or `/docs/`).
 */
export function urlForBuiltPage(relPath: string, baseUrl: string): string {
  const segments = normalizeRelPath(relPath).split('/').filter((s) => s.length > 0);
  if (segments[segments.length - 1] === 'index.html') {
    segments.pop();
    return segments.length === 0 ? baseUrl : `${baseUrl}${segments.join('/')}/`;
  }
  return `${baseUrl}${segments.join('/')}`;
}

/**
 * The ` | Name` every `<title>` of the site ends with (or is `Name` alone), when at least two
 * pages end with it; undefined when the titles share no such suffix.
 */
export function commonTitleSuffix(titles: readonly string[]): string | undefined {
  for (const separator of TITLE_SEPARATORS) {
    const sample = titles.find((t) => t.includes(separator));
    if (sample === undefined) continue;
    const name = sample.slice(sample.lastIndexOf(separator) + separator.length);
    const suffix = `${separator}${name}`;
    if (name === '') continue;
    const ending = titles.filter((t) => t.endsWith(suffix) && t.length > suffix.length).length;
    if (ending >= 2 && titles.every((t) => t === name || (t.endsWith(suffix) && t.length > suffix.length))) return suffix;
  }
  return undefined;
}

/** ` | Astro Docs` → `Astro Docs`: the name a title suffix (commonTitleSuffix) ends in, after its separator. */
export function siteNameOf(suffix: string): string {
  const separator = TITLE_SEPARATORS.find((s) => suffix.startsWith(s));
  return (separator === undefined ? suffix : suffix.slice(separator.length)).trim();
}

export interface BuiltPage {
  page: Page;
  /** Its content came from `[data-recall-box-body]`. */
  marked: boolean;
  /** Its `<title>`, whitespace-collapsed. */
  titleTag?: string;
  /** Its `<meta name="description">`, whitespace-collapsed (used only when site-specific: describePages). */
  descriptionTag?: string;
  /** Its title is its `<title>` (the content has no h1). */
  titledByTag: boolean;
}

/**
 * One built page's content → Page. Pure: no I/O. `titleSuffix` (commonTitleSuffix) is cut off a
 * title taken from `<title>`. Throws RecallBoxError `BINARY_CONTENT`, `PARSE_FAILED` or
 * `NO_CONTENT`, or RedirectPage for a `<meta http-equiv="refresh">` page.
 */
export function parseBuiltPage(relPath: string, content: string, options: Partial<IngestOptions> = {}, titleSuffix?: string): BuiltPage {
  const opts = resolveIngestOptions(options);
  const path = normalizeRelPath(relPath);
  if (content.includes('\u0000')) throw new RecallBoxError('BINARY_CONTENT', `${path} contains NUL bytes`);
  let html: BuiltHtmlPage;
  try {
    html = parseBuiltHtml(content.charCodeAt(0) === 0xfeff ? content.slice(1) : content);
  } catch (error) {
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      throw new RecallBoxError('PARSE_FAILED', `${path} is nested too deeply to read (${error.message})`);
    }
    throw error;
  }
  if (html.redirectTo !== undefined) throw new RedirectPage(html.redirectTo);

  const url = urlForBuiltPage(path, opts.baseUrl);
  const fromTag = titleSuffix !== undefined && html.titleTag?.endsWith(titleSuffix) ? html.titleTag.slice(0, -titleSuffix.length) : html.titleTag;
  const title = html.h1 ?? fromTag ?? fileTitle(path);
  const lang: Lang = htmlLang(html.lang) ?? langFromPath(path, opts.langs, opts.defaultLang);
  const headed = splitSections(
    html.tree,
    { pageUrl: url, sourcePath: path, baseUrl: opts.baseUrl, title, lang, description: '', tags: [] },
    opts.maxHeadingDepth,
  );
  if (headed.length === 0) throw new RecallBoxError('NO_CONTENT', `${path} has no text to index`);
  const parts = headed.map((s) => splitLargeSection(s, opts.maxSectionChars));
  const split = parts.filter((p) => p.length > 1).length;
  const page: Page = { path, url, title, lang, description: '', tags: [], sections: parts.flat(), ...(split > 0 ? { splitSections: split } : {}) };
  return { page, marked: html.marked, titleTag: html.titleTag, descriptionTag: html.description, titledByTag: html.h1 === undefined && html.titleTag !== undefined };
}

/**
 * The descriptions that say something about their page: those no other page has. A description
 * on two pages or more is the site's default (a theme's or a generator's), not the page's.
 */
export function pageSpecificDescriptions(descriptions: ReadonlyArray<string | undefined>): Set<string> {
  const counts = new Map<string, number>();
  for (const d of descriptions) if (d !== undefined) counts.set(d, (counts.get(d) ?? 0) + 1);
  return new Set([...counts].filter(([, n]) => n === 1).map(([d]) => d));
}

/** `page` with `description` on it and on each of its sections, as a source's front matter puts it. */
function describedPage(page: Page, description: string): Page {
  return { ...page, description, sections: page.sections.map((s) => ({ ...s, description })) };
}

/** A page that only redirects elsewhere: not indexed. */
export class RedirectPage extends Error {
  constructor(readonly target: string) {
    super(`redirects to ${target}`);
  }
}

/**
 * Every `.html` file under `dir` → pages. Throws RecallBoxError `DOCS_NOT_FOUND` (no such folder)
 * or `DOCS_EMPTY` (no `.html` file); a page that cannot be indexed is listed in `skipped`.
 */
export async function ingestBuiltSite(dir: string, options: Partial<IngestOptions> = {}): Promise<IngestResult> {
  const opts = resolveIngestOptions(options);
  if (!(await isFolder(dir))) throw new RecallBoxError('DOCS_NOT_FOUND', `built site folder not found (or not a folder): ${dir}`);
  const files = (await listDocFiles(dir)).filter((f) => extensionOf(f) === '.html');
  if (files.length === 0) throw new RecallBoxError('DOCS_EMPTY', `no .html files in ${dir}`);

  // Per file in sorted order: its page, or why it was skipped.
  const read: Array<{ file: string; built?: BuiltPage; skipped?: SkippedFile }> = [];
  const docs = await docsFolder(dir, { followExternalSymlinks: opts.followExternalSymlinks });
  for (const file of files) {
    if (file === '404.html') {
      read.push({ file, skipped: { path: file, code: 'NOT_FOUND_PAGE', reason: 'the site’s “not found” page is not indexed' } });
      continue;
    }
    try {
      read.push({ file, built: parseBuiltPage(file, await docs.read(file), opts) });
    } catch (error) {
      read.push({ file, skipped: toSkipped(file, error) });
    }
  }

  // The site name in `<title>`: known only once every page is read. Pages titled by it are read again.
  const suffix = commonTitleSuffix(read.flatMap((r) => (r.built?.titleTag !== undefined ? [r.built.titleTag] : [])));
  if (suffix !== undefined) {
    for (const r of read) {
      if (!r.built?.titledByTag || !r.built.titleTag?.endsWith(suffix)) continue;
      try {
        r.built = parseBuiltPage(r.file, await docs.read(r.file), opts, suffix);
      } catch (error) {
        r.built = undefined; // changed on disk since the first read
        r.skipped = toSkipped(r.file, error);
      }
    }
  }

  const specific = pageSpecificDescriptions(read.map((r) => r.built?.descriptionTag));
  for (const r of read) {
    const description = r.built?.descriptionTag;
    if (description !== undefined && specific.has(description)) r.built!.page = describedPage(r.built!.page, description);
  }

  const marked = read.filter((r) => r.built?.marked).length;
  const pages: Page[] = [];
  const skipped: SkippedFile[] = [];
  const warnings: SkippedFile[] = [];
  for (const r of read) {
    if (r.skipped) {
      skipped.push(r.skipped);
    } else if (marked > 0 && !r.built!.marked) {
      const reason = `no [data-recall-box-body] element, while ${marked} page${marked === 1 ? ' has' : 's have'} one: only marked pages are indexed`;
      skipped.push({ path: r.file, code: 'NO_BODY_MARKER', reason });
    } else {
      const page = r.built!.page;
      pages.push(page);
      if (page.splitSections !== undefined) {
        const reason = `${page.splitSections} section${page.splitSections === 1 ? '' : 's'} longer than ${opts.maxSectionChars} characters cut into parts at paragraph boundaries`;
        warnings.push({ path: r.file, code: 'SECTION_SPLIT', reason });
      }
    }
  }
  linkToPages(pages);
  const siteName = suffix === undefined ? '' : siteNameOf(suffix);
  return { pages, skipped, warnings, files: files.length, ...(siteName !== '' && { siteName }) };
}

/**
 * Sections' links (resolved by links.ts to the folder form `/a/b/`) → the URLs of the pages they
 * reach: `/a/b/` is the page `a/b/index.html` (`/a/b/`) or `a/b.html` (`/a/b.html`). Links to no
 * page of the site stay as they are (the pack drops them); links to the page itself go.
 */
function linkToPages(pages: readonly Page[]): void {
  const byFolderForm = new Map<string, string>();
  for (const page of pages) {
    const key = page.url.replace(/\.html$/i, '/');
    if (!byFolderForm.has(key)) byFolderForm.set(key, page.url);
  }
  for (const page of pages) {
    for (const section of page.sections) {
      const links = section.links.map((l) => byFolderForm.get(l) ?? l).filter((l) => l !== page.url);
      section.links = [...new Set(links)];
    }
  }
}

function toSkipped(path: string, error: unknown): SkippedFile {
  if (error instanceof RedirectPage) return { path, code: 'REDIRECT_PAGE', reason: `a redirect page (${error.message})` };
  if (isRecallBoxError(error)) return { path, code: error.code, reason: error.detail };
  const reason = error instanceof Error ? error.message : String(error);
  return { path, code: 'PARSE_FAILED', reason };
}


/** `guides/setup.html` → `setup`; `guides/index.html` → `guides`. */
function fileTitle(path: string): string {
  const segments = path.split('/');
  const stem = segments[segments.length - 1]!.replace(/\.html$/i, '');
  return stem === 'index' && segments.length > 1 ? segments[segments.length - 2]! : stem;
}
