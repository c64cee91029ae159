/**
 * One page of a built static site (`recall-box build --html`, issue 22) → its content as mdast,
 * read as a reader sees it: the content region only, chrome and marked parts left out, every
 * heading that starts a section anchored by an id the page really has.
 *
 * The content region is every outermost `[data-recall-box-body]` element when the page has one,
 * else `<main>`, else `<body>`. Left out: `script`, `style`, `template`, `noscript`, `nav`,
 * `footer`, `svg`, anything under `[data-recall-box-ignore]` or `[data-recall-box-weight="0"]`, a
 * permalink placed right after its heading (Starlight's "Section titled …" link), and `header` and
 * `aside` where they are page chrome: outside `<main>`, `<article>`, `<section>` and the body
 * markers. Inside those they are content: Docusaurus puts the page's h1 in an `<article>`'s
 * `<header>`, Starlight renders notes and tips as `<aside>`.
 */
import rehypeParse from 'rehype-parse';
import { unified } from 'unified';
import type { Element, ElementContent, Root as HastRoot, RootContent as HastRootContent } from 'hast';
import type { Root } from 'mdast';
import { findElement, hastText, hastToMdast, stringProperty } from './html.ts';
import { headingLabel } from './text.ts';

export interface BuiltHtmlPage {
  /**
   * The content region as mdast. Every heading in it has its anchor as `data.htmlId`: the heading's
   * `id`, or another id the page has for it (anchorFor). A heading with none, or with an anchor an
   * earlier heading took, is a paragraph: it starts no section, so no anchor is ever invented.
   */
  tree: Root;
  /** Text of the content's first h1, if any (the page title). */
  h1?: string;
  /** Text of `<title>`, whitespace-collapsed, if any. */
  titleTag?: string;
  /** `<meta name="description">`'s content, whitespace-collapsed, if any. */
  description?: string;
  /** `<html lang>` as written (not validated here). */
  lang?: string;
  /** The content came from `[data-recall-box-body]` elements. */
  marked: boolean;
  /** The target of a `<meta http-equiv="refresh" content="0; url=…">`: the page is a redirect. */
  redirectTo?: string;
}

/** Left out wherever they are. */
const DROPPED: ReadonlySet<string> = new Set(['script', 'style', 'template', 'noscript', 'nav', 'footer', 'svg']);

/** Left out where they are page chrome: not inside a scoping element or the body markers. */
const CHROME_OUTSIDE_CONTENT: ReadonlySet<string> = new Set(['header', 'aside']);

/** Inside these, `header` and `aside` belong to the content (the HTML landmark rules, roughly). */
const SCOPING: ReadonlySet<string> = new Set(['main', 'article', 'section']);

const HEADINGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

const parser = unified().use(rehypeParse).freeze();

export function parseBuiltHtml(html: string): BuiltHtmlPage {
  const hast = parser.parse(html);
  const htmlEl = findElement(hast, (el) => el.tagName === 'html');
  const head = findElement(hast, (el) => el.tagName === 'head');
  const titleEl = head && findElement(head, (el) => el.tagName === 'title');
  const descriptionEl = head && findElement(head, (el) => el.tagName === 'meta' && String(el.properties.name ?? '').toLowerCase() === 'description');
  const redirectTo = refreshTarget(hast);

  const markers = outermost(hast, (el) => hasAttribute(el, 'dataRecallBoxBody'));
  let region: ElementContent[];
  let scoped = true;
  if (markers.length > 0) {
    // One block per marked element, so the text of two of them never runs together.
    region = markers.map((m): Element => ({ type: 'element', tagName: 'div', properties: {}, children: m.children }));
  } else {
    const main = findElement(hast, (el) => el.tagName === 'main');
    const body = findElement(hast, (el) => el.tagName === 'body');
    scoped = main !== undefined;
    region = (main ?? body ?? hast).children as ElementContent[];
  }

  const root: HastRoot = { type: 'root', children: clean(region, scoped) };
  const h1 = anchorHeadings(root, pageIds(hast));
  return {
    // Chrome is gone already; hastToMdast still drops permalink markers inside headings.
    tree: hastToMdast(root.children, DROPPED),
    h1,
    titleTag: collapse(titleEl ? hastText(titleEl) : undefined),
    description: collapse(stringProperty(descriptionEl, 'content')),
    lang: collapse(stringProperty(htmlEl, 'lang')),
    marked: markers.length > 0,
    ...(redirectTo !== undefined && { redirectTo }),
  };
}

/**
 * `data-recall-box-weight`: a number, Pagefind's `data-pagefind-weight`. Only 0 has an effect (the
 * element is left out, as `data-recall-box-ignore` does); other weights are accepted and not yet
 * used, because the keyword index weighs fixed fields (title, heading, body), not marked text.
 */
export function weightOf(el: Element): number | undefined {
  const value = el.properties.dataRecallBoxWeight;
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  const weight = text === '' ? NaN : Number(text);
  return Number.isFinite(weight) && weight >= 0 ? weight : undefined;
}

function isIgnored(el: Element): boolean {
  return hasAttribute(el, 'dataRecallBoxIgnore') || weightOf(el) === 0;
}

/** The region's content without what the reader's search should not see (see the file comment). */
function clean(children: readonly HastRootContent[], scoped: boolean): ElementContent[] {
  const out: ElementContent[] = [];
  for (const child of children) {
    if (child.type === 'text') {
      out.push(child);
      continue;
    }
    if (child.type !== 'element') continue; // comments, doctypes
    if (isIgnored(child) || DROPPED.has(child.tagName)) continue;
    if (!scoped && CHROME_OUTSIDE_CONTENT.has(child.tagName)) continue;
    if (isPermalinkAfterHeading(child, out)) continue;
    const inner = scoped || SCOPING.has(child.tagName);
    out.push({ ...child, children: clean(child.children, inner) });
  }
  return out;
}

/**
 * `<h2 id="x">X</h2><a href="#x">…Section titled “X”</a>`: a link to the heading just before it,
 * beside it (Starlight ≥ 0.34). Its text names the heading again and is no content.
 */
function isPermalinkAfterHeading(el: Element, before: readonly ElementContent[]): boolean {
  if (el.tagName !== 'a') return false;
  const fragment = fragmentOf(stringProperty(el, 'href'));
  if (fragment === undefined) return false;
  const previous = previousElement(before, before.length);
  return previous !== undefined && HEADINGS.has(previous.tagName) && stringProperty(previous, 'id') === fragment;
}

/** The nearest element before `index` in `siblings`, past white space only. */
function previousElement(siblings: readonly ElementContent[], index: number): Element | undefined {
  for (let i = index - 1; i >= 0; i--) {
    const node = siblings[i]!;
    if (node.type === 'element') return node;
    if (node.type === 'text' && node.value.trim() !== '') return undefined;
  }
  return undefined;
}

interface HeadingAt {
  el: Element;
  parent: HastRoot | Element;
  /** Its position among `parent.children`. */
  index: number;
  /** Elements from the region down to the heading's parent, outermost first. */
  ancestors: Element[];
}

/**
 * Give each heading of the cleaned region its anchor (as its `id` property), turn headings
 * without one into paragraphs, and take out the first heading when it is an h1 without an anchor:
 * it is the page title (the intro is addressed by the page URL). Returns the first h1's text.
 */
function anchorHeadings(root: HastRoot, ids: ReadonlySet<string>): string | undefined {
  const headings: HeadingAt[] = [];
  const stack: Element[] = [];
  const walk = (node: HastRoot | Element) => {
    for (const [index, child] of node.children.entries()) {
      if (child.type !== 'element') continue;
      if (HEADINGS.has(child.tagName)) {
        headings.push({ el: child, parent: node, index, ancestors: stack.slice() });
        continue;
      }
      stack.push(child);
      walk(child);
      stack.pop();
    }
  };
  walk(root);
  // The first heading inside each element that has one.
  const firstInside = new Map<Element, HeadingAt>();
  for (const h of headings) for (const a of h.ancestors) if (!firstInside.has(a)) firstInside.set(a, h);

  const firstH1 = headings.find((h) => h.el.tagName === 'h1');
  const title = firstH1 && headingText(firstH1.el);
  // An id a heading has itself is that heading's: no other heading may take it as its anchor.
  const own = new Set(headings.map((h) => stringProperty(h.el, 'id')).filter((id) => id));
  const used = new Set<string>();
  let titleHeading: HeadingAt | undefined;
  for (const [i, h] of headings.entries()) {
    const anchor = anchorFor(h, ids, firstInside);
    const taken = anchor !== undefined && (used.has(anchor) || (own.has(anchor) && anchor !== stringProperty(h.el, 'id')));
    if (anchor !== undefined && !taken) {
      used.add(anchor);
      h.el.properties = { ...h.el.properties, id: anchor };
    } else if (i === 0 && h.el.tagName === 'h1') {
      titleHeading = h;
    } else {
      h.el.tagName = 'p';
      h.el.properties = { ...h.el.properties, id: undefined };
    }
  }
  // Taken out last: the other headings' positions (`index`) are read above.
  if (titleHeading) titleHeading.parent.children.splice(titleHeading.index, 1);
  return title;
}

/**
 * The anchor of a heading: an id the page has that scrolls to it. In order: its own `id`; an id
 * (or `<a name>`) inside it (DocBook's `<h2><a name="x"></a>Title</h2>`); the target of a
 * same-page marker link inside it when the page has that id (Sphinx's `¶`); the id or name of an
 * empty element just before it (`<a id="x"></a><h2>`); the id of the nearest enclosing element of
 * which it is the first heading (`<section id="x"><h2>`, also Sphinx).
 */
function anchorFor(h: HeadingAt, ids: ReadonlySet<string>, firstInside: ReadonlyMap<Element, HeadingAt>): string | undefined {
  const own = stringProperty(h.el, 'id');
  if (own) return own;

  const inner = findElement(h.el, (el) => elementAnchor(el) !== undefined);
  if (inner) return elementAnchor(inner);

  // Only a marker link (`¶`, `#`, an icon): a heading whose text links elsewhere names no anchor.
  const permalink = findElement(h.el, (el) => {
    const fragment = el.tagName === 'a' ? fragmentOf(stringProperty(el, 'href')) : undefined;
    return fragment !== undefined && ids.has(fragment) && !/[\p{L}\p{N}]/u.test(hastText(el));
  });
  if (permalink) return fragmentOf(stringProperty(permalink, 'href'));

  const siblings = h.parent.children as ElementContent[];
  for (let i = h.index - 1; i >= 0; i--) {
    const node = siblings[i]!;
    if (node.type === 'text' && node.value.trim() === '') continue;
    if (node.type !== 'element' || hastText(node).trim() !== '') break;
    const id = elementAnchor(node);
    if (id) return id;
  }

  for (let i = h.ancestors.length - 1; i >= 0; i--) {
    const ancestor = h.ancestors[i]!;
    const id = stringProperty(ancestor, 'id');
    if (!id) continue;
    return firstInside.get(ancestor) === h ? id : undefined;
  }
  return undefined;
}

/** A heading's text as its section title will read (permalink markers dropped, white space collapsed). */
function headingText(el: Element): string | undefined {
  const [node] = hastToMdast([el], DROPPED).children;
  const text = node?.type === 'heading' ? headingLabel(node).text : undefined;
  return text ? text : undefined;
}

/** The fragment that scrolls to an element: its `id`, or an `<a name>`'s name. */
function elementAnchor(el: Element): string | undefined {
  return stringProperty(el, 'id') || (el.tagName === 'a' ? stringProperty(el, 'name') : undefined) || undefined;
}

/** Every id of the page (and `<a name>`), anywhere in it: what a fragment can scroll to. */
function pageIds(hast: HastRoot): Set<string> {
  const ids = new Set<string>();
  const walk = (node: HastRoot | Element) => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      const id = stringProperty(child, 'id');
      if (id) ids.add(id);
      const name = child.tagName === 'a' ? stringProperty(child, 'name') : undefined;
      if (name) ids.add(name);
      walk(child);
    }
  };
  walk(hast);
  return ids;
}

/** Elements passing `test` that are not inside another such element, in document order. */
function outermost(node: HastRoot | Element, test: (el: Element) => boolean): Element[] {
  const found: Element[] = [];
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (test(child)) found.push(child);
    else found.push(...outermost(child, test));
  }
  return found;
}

function refreshTarget(hast: HastRoot): string | undefined {
  const meta = findElement(hast, (el) => {
    const equiv = el.properties.httpEquiv;
    const names = Array.isArray(equiv) ? equiv.map(String) : typeof equiv === 'string' ? [equiv] : [];
    return el.tagName === 'meta' && names.some((n) => n.toLowerCase() === 'refresh');
  });
  const match = /url\s*=\s*['"]?([^'"\s]+)/i.exec(stringProperty(meta, 'content') ?? '');
  return match?.[1];
}

/** `#x` → `x` (percent-decoded as a browser looks it up), anything else → undefined. */
function fragmentOf(href: string | undefined): string | undefined {
  if (href === undefined || !href.startsWith('#') || href.length === 1) return undefined;
  try {
    return decodeURIComponent(href.slice(1));
  } catch {
    return href.slice(1);
  }
}

/** A present attribute, even empty (`<div data-recall-box-body>`). */
function hasAttribute(el: Element, property: string): boolean {
  const value = el.properties[property];
  return value !== undefined && value !== null && value !== false;
}

function collapse(text: string | undefined): string | undefined {
  const trimmed = text?.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed : undefined;
}
