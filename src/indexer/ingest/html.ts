/**
 * HTML pages (and raw HTML blocks inside Markdown) → mdast, so that HTML goes through the same
 * section splitter and text extraction as Markdown.
 */
import { unified } from 'unified';
import rehypeParse from 'rehype-parse';
import { defaultHandlers, toMdast, type State } from 'hast-util-to-mdast';
import type { Element, ElementContent, Root as HastRoot, RootContent as HastRootContent } from 'hast';
import type { Heading, Root, RootContent } from 'mdast';

declare module 'mdast' {
  interface HeadingData {
    /**
     * The `id` attribute of a heading that came from HTML, exactly as the page has it: the
     * heading's anchor. Kept out of the heading's text, where a `{#id}` suffix could not hold an
     * id with a space or a brace (issue 20).
     */
    htmlId?: string;
  }
}

/**
 * Elements that are page chrome or not text. `aside` is deliberately NOT here: inside `<main>` it
 * usually holds real tips and warnings (Starlight and VitePress render admonitions as asides).
 */
const DROPPED_ELEMENTS: ReadonlySet<string> = new Set([
  'script',
  'style',
  'nav',
  'header',
  'footer',
  'noscript',
  'template',
  'svg',
]);

/** Where the content of a page lives, most specific first. */
const CONTENT_CONTAINERS: readonly string[] = ['main', 'article', 'body'];

const HEADINGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

const documentParser = unified().use(rehypeParse).freeze();
const fragmentParser = unified().use(rehypeParse, { fragment: true }).freeze();

export interface HtmlDocument {
  /** The content container as mdast; headings with an `id` carry it as `data.htmlId`. */
  tree: Root;
  /** Text of `<title>`, if any. */
  title?: string;
  /** `<meta name="description">`, if any. */
  description?: string;
  /** `<html lang>`, if any (not validated here). */
  lang?: string;
}

export function parseHtmlDocument(html: string): HtmlDocument {
  const hast = documentParser.parse(html);
  const head = findElement(hast, (el) => el.tagName === 'head');
  const titleEl = head && findElement(head, (el) => el.tagName === 'title');
  const descriptionEl =
    head &&
    findElement(head, (el) => el.tagName === 'meta' && String(el.properties.name ?? '').toLowerCase() === 'description');
  const htmlEl = findElement(hast, (el) => el.tagName === 'html');

  let container: HastRoot | Element = hast;
  for (const tag of CONTENT_CONTAINERS) {
    const found = findElement(hast, (el) => el.tagName === tag);
    if (found) {
      container = found;
      break;
    }
  }
  return {
    tree: hastToMdast(container.children),
    title: nonEmpty(titleEl ? hastText(titleEl) : undefined),
    description: nonEmpty(stringProperty(descriptionEl, 'content')),
    lang: nonEmpty(stringProperty(htmlEl, 'lang')),
  };
}

/** A raw HTML block from a Markdown page → the mdast flow content it stands for (often nothing). */
export function htmlFragmentToMdast(html: string): RootContent[] {
  return hastToMdast(fragmentParser.parse(html).children).children;
}

/**
 * hast content → mdast: `dropped` elements and permalink markers inside headings removed, headings
 * carrying their `id` as `data.htmlId`. Built pages (built-html.ts) pass their own `dropped`.
 */
export function hastToMdast(children: readonly HastRootContent[], dropped: ReadonlySet<string> = DROPPED_ELEMENTS): Root {
  const cleaned = cleanChildren(children, { heading: false, code: false }, dropped);
  const result = toMdast({ type: 'root', children: cleaned }, { handlers: HEADING_HANDLERS });
  return result.type === 'root' ? result : { type: 'root', children: [result as RootContent] };
}

/** hast-util-to-mdast's heading, plus the element's `id` so anchors match the page's real ones. */
function headingWithId(state: State, element: Readonly<Element>): Heading {
  const heading = defaultHandlers.h1(state, element) as Heading;
  const id = stringProperty(element, 'id');
  // `id=""` names no element: the heading gets a slug like any other.
  if (id) heading.data = { ...heading.data, htmlId: id };
  return heading;
}

const HEADING_HANDLERS = Object.fromEntries([...HEADINGS].map((tag) => [tag, headingWithId]));

/** Where cleanChildren is: inside a heading (permalink markers go), inside code (its text is kept exactly). */
interface Within {
  heading: boolean;
  code: boolean;
}

/** Elements whose text is code: a space added inside would change it. */
const CODE_ELEMENTS: ReadonlySet<string> = new Set(['code', 'pre', 'kbd', 'samp']);

/**
 * A `<span class="…">`: what a theme lays out as a line of its own by its class (VitePress's home
 * hero, `<span class="name">Tidepool</span><span class="text">Background jobs…</span>`, shows two
 * lines). Markup alone cannot say it is a block, but two classed spans side by side with nothing
 * between are two labels far more often than one word cut in two, outside code.
 */
function isClassedSpan(node: ElementContent | undefined): boolean {
  if (node?.type !== 'element' || node.tagName !== 'span') return false;
  const className = node.properties.className;
  return Array.isArray(className) ? className.length > 0 : typeof className === 'string' && className !== '';
}

/**
 * Drop chrome elements and, inside headings, permalink markers; keep a word boundary between two
 * classed spans side by side (isClassedSpan), which would otherwise run together ("TidepoolBackground").
 */
function cleanChildren(children: readonly HastRootContent[], at: Within, dropped: ReadonlySet<string>): ElementContent[] {
  const out: ElementContent[] = [];
  for (const child of children) {
    if (child.type === 'doctype' || child.type === 'comment') continue;
    if (child.type === 'text') {
      out.push(child);
      continue;
    }
    if (child.type !== 'element') continue;
    if (dropped.has(child.tagName)) continue;
    if (at.heading && isPermalinkMarker(child)) continue;
    if (!at.code && isClassedSpan(child) && isClassedSpan(out[out.length - 1])) out.push({ type: 'text', value: ' ' });
    const inner = { heading: at.heading || HEADINGS.has(child.tagName), code: at.code || CODE_ELEMENTS.has(child.tagName) };
    out.push({ ...child, children: cleanChildren(child.children, inner, dropped) });
  }
  return out;
}

/**
 * Generated sites put a permalink inside each heading (`<a href="#x" class="header-anchor">#</a>`,
 * `¶`, `🔗`). It is a same-page link whose text has no letter or digit; kept, it would end up in the
 * heading text and the slug.
 */
function isPermalinkMarker(el: Element): boolean {
  const href = stringProperty(el, 'href');
  return el.tagName === 'a' && href !== undefined && href.startsWith('#') && !/[\p{L}\p{N}]/u.test(hastText(el));
}

export function findElement(node: HastRoot | Element, test: (el: Element) => boolean): Element | undefined {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (test(child)) return child;
    const found = findElement(child, test);
    if (found) return found;
  }
  return undefined;
}

export function hastText(node: HastRoot | Element): string {
  let text = '';
  for (const child of node.children) {
    if (child.type === 'text') text += child.value;
    else if (child.type === 'element') text += hastText(child);
  }
  return text;
}

export function stringProperty(el: Element | undefined, name: string): string | undefined {
  const value = el?.properties[name];
  return typeof value === 'string' ? value : undefined;
}

function nonEmpty(text: string | undefined): string | undefined {
  const trimmed = text?.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed : undefined;
}
