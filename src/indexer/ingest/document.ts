/**
 * One doc file's content → Page. Pure: no I/O, so it runs anywhere and is tested without files.
 */
import type { Root } from 'mdast';
import { RecallBoxError } from '../../core/errors.ts';
import { langFromPath, normalizeLang } from '../../core/analysis/lang.ts';
import type { Lang, Page } from '../../core/types.ts';
import { EMPTY_FRONT_MATTER, parseFrontMatter, type FrontMatter } from './frontmatter.ts';
import { parseHtmlDocument } from './html.ts';
import { parseMarkdown } from './markdown.ts';
import { resolveIngestOptions, type IngestOptions } from './options.ts';
import { splitSections } from './sections.ts';
import { splitLargeSection } from './split-large.ts';
import { headingLabel } from './text.ts';
import { extensionOf, normalizeRelPath, urlForPath } from './urls.ts';

/** What a page's metadata came from, before defaults (title fallback, language from path). */
interface ParsedSource {
  tree: Root;
  meta: FrontMatter;
  /** Read line by line, being over maxParseChars (large-markdown.ts). */
  lineRead?: boolean;
}

/**
 * Parse one file's content into a Page. Throws RecallBoxError with code `BINARY_CONTENT`,
 * `FRONT_MATTER_INVALID`, `PARSE_FAILED` or `NO_CONTENT` (and `INVALID_OPTIONS` for bad options).
 */
export function parseDocument(relPath: string, content: string, options: Partial<IngestOptions> = {}, siteHeadings: ReadonlySet<string> = NO_SITE_HEADINGS): Page {
  try {
    return readPage(relPath, content, options, siteHeadings);
  } catch (error) {
    // The parsers and the tree walks after them recurse once per level of nesting, so thousands of
    // nested tags or quotes exhaust the stack: the page cannot be read, and the reason should say why.
    if (isStackOverflow(error)) {
      throw new RecallBoxError('PARSE_FAILED', `${normalizeRelPath(relPath)} is nested too deeply to read (${error.message})`);
    }
    throw error;
  }
}

/** V8's error for a call stack exhausted by recursion. */
function isStackOverflow(error: unknown): error is RangeError {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/** No heading names the site: every page's first h1 may title it. */
const NO_SITE_HEADINGS: ReadonlySet<string> = new Set();

/**
 * `siteHeadings`: headings that name the site, not a page (site-headings.ts). They are left out of
 * the page — no section starts at one, no breadcrumb shows it — and a page they opened is titled by
 * its first heading after them, which names the page (`## Routes` under `<h1>Fastify</h1>`).
 */
function readPage(relPath: string, content: string, options: Partial<IngestOptions>, siteHeadings: ReadonlySet<string>): Page {
  const opts = resolveIngestOptions(options);
  const path = normalizeRelPath(relPath);
  // A NUL never occurs in text; it is the cheapest reliable sign of a binary file.
  if (content.includes('\u0000')) throw new RecallBoxError('BINARY_CONTENT', `${path} contains NUL bytes`);
  const source = parseSource(path, stripBom(content), opts.maxParseChars, opts.facets);
  const tree = withoutHeadings(source.tree, siteHeadings);
  const openedBySiteHeading = tree !== source.tree;

  const url = urlForPath(path, opts.baseUrl);
  const h1 = firstHeading(tree, 1);
  const named = openedBySiteHeading && h1 === undefined ? firstHeading(tree) : undefined;
  const title = source.meta.title ?? h1 ?? named ?? titleFromFileName(path);
  const lang: Lang = source.meta.lang ?? langFromPath(path, opts.langs, opts.defaultLang);
  const description = source.meta.description ?? '';
  const tags = source.meta.tags;

  const headed = splitSections(
    tree,
    { pageUrl: url, sourcePath: path, baseUrl: opts.baseUrl, title, lang, description, tags, titledByHeading: source.meta.title === undefined && named !== undefined },
    opts.maxHeadingDepth,
  );
  if (headed.length === 0) throw new RecallBoxError('NO_CONTENT', `${path} has no text to index`);
  const parts = headed.map((s) => splitLargeSection(s, opts.maxSectionChars));
  const sections = parts.flat();
  const split = parts.filter((p) => p.length > 1).length;
  return {
    path,
    url,
    title,
    lang,
    description,
    tags,
    sections,
    ...(split > 0 ? { splitSections: split } : {}),
    ...(source.lineRead ? { lineRead: true } : {}),
    ...(source.meta.facets && { facets: source.meta.facets }),
    ...(source.meta.facetsDropped && { facetsDropped: source.meta.facetsDropped }),
    ...(source.meta.title === undefined && h1 !== undefined && { titledByH1: true as const }),
  };
}

function parseSource(path: string, content: string, maxParseChars: number, facetNames: readonly string[]): ParsedSource {
  const ext = extensionOf(path);
  if (ext === '.html' || ext === '.htm') {
    const html = parseHtmlDocument(content);
    // The content's h1 before `<title>`: generated pages title themselves "Caching | Skylark", and
    // the site-name suffix would then head every result and stop the h1 from merging into the intro.
    const title = firstHeading(html.tree, 1) ?? html.title;
    return {
      tree: html.tree,
      meta: { title, description: html.description, tags: [], lang: htmlLang(html.lang) },
    };
  }
  if (ext === '.md' || ext === '.mdx') {
    const md = parseMarkdown(content, ext === '.mdx', maxParseChars);
    return { tree: md.tree, meta: md.frontMatter === undefined ? EMPTY_FRONT_MATTER : parseFrontMatter(md.frontMatter, facetNames), lineRead: md.lineRead };
  }
  throw new RecallBoxError('PARSE_FAILED', `${path}: unsupported file type "${ext}" (expected .md, .mdx, .html, .htm)`);
}

/** `<html lang>` plays the role of front matter `lang`; an invalid one is ignored, not fatal. */
export function htmlLang(tag: string | undefined): Lang | undefined {
  if (tag === undefined) return undefined;
  try {
    return normalizeLang(tag);
  } catch {
    return undefined;
  }
}

/** The text of the page's first heading with text, of `depth` (any depth without it). */
function firstHeading(tree: Root, depth?: number): string | undefined {
  for (const node of tree.children) {
    if (node.type === 'heading' && (depth === undefined || node.depth === depth)) {
      const text = headingLabel(node).text;
      if (text !== '') return text;
    }
  }
  return undefined;
}

/** `tree` without its top-level headings whose text is one of `headings` (the same tree when it has none). */
function withoutHeadings(tree: Root, headings: ReadonlySet<string>): Root {
  if (headings.size === 0) return tree;
  const children = tree.children.filter((node) => !(node.type === 'heading' && headings.has(headingLabel(node).text)));
  return children.length === tree.children.length ? tree : { ...tree, children };
}

/** `guides/routing.md` → 'routing'; an index page is named after its folder. */
function titleFromFileName(path: string): string {
  const segments = path.split('/');
  const file = segments[segments.length - 1];
  const stem = file.slice(0, file.length - extensionOf(file).length);
  if (stem.toLowerCase() === 'index' && segments.length > 1) return segments[segments.length - 2];
  return stem;
}

function stripBom(content: string): string {
  return content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
}
