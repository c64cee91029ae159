/**
 * Which part of the page the reader was sent to: the section the URL's fragment names. Terms are
 * marked there only — marking every occurrence on a long page would bury the one that was meant.
 */

const HEADINGS = 'h1,h2,h3,h4,h5,h6';

/**
 * The part of `doc` to search for the terms, as a Range:
 *
 * - the fragment names a heading (or an element inside one, such as an anchor in the heading): from
 *   that heading up to the next heading of the same or a higher level (`h2` ends at the next `h2`
 *   or `h1`; its `h3` subsections are part of it), else to the end of the `main` holding it (or of
 *   the body);
 * - it names any other element (a `<section id>`, a `<div id>`): that element's content;
 * - there is no fragment, or no element has its id: the whole `main`, else the whole body.
 *
 * `fragment` is `location.hash` without its `#`, percent-encoded or not.
 */
export function targetSection(doc: Document, fragment: string): Range {
  const range = doc.createRange();
  const page = doc.querySelector('main') ?? doc.body ?? doc.documentElement;
  const target = fragmentTarget(doc, fragment);
  const heading = target?.closest(HEADINGS);
  if (!target) range.selectNodeContents(page);
  else if (!heading) range.selectNodeContents(target);
  else {
    const end = nextHeading(doc, heading);
    const container = heading.closest('main') ?? doc.body ?? doc.documentElement;
    range.setStartBefore(heading);
    if (end) range.setEndBefore(end);
    else range.setEnd(container, container.childNodes.length);
  }
  return range;
}

/**
 * The element whose id the fragment is, looked up as the browser looks up the element to scroll to:
 * the fragment as written first, then percent-decoded (`#with%20space` → id "with space").
 */
export function fragmentTarget(doc: Document, fragment: string): Element | null {
  if (fragment === '') return null;
  return doc.getElementById(fragment) ?? doc.getElementById(percentDecoded(fragment));
}

/** `text` percent-decoded as UTF-8, or as it is when it holds a malformed escape (`%ZZ`), which can only be an id as written. */
function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The first heading after `heading`, in document order, of the same level or a higher one (a smaller number). */
function nextHeading(doc: Document, heading: Element): Element | null {
  const all = [...doc.querySelectorAll(HEADINGS)];
  const level = headingLevel(heading);
  return all.slice(all.indexOf(heading) + 1).find((h) => headingLevel(h) <= level) ?? null;
}

/** 1 for `h1` … 6 for `h6`. */
function headingLevel(heading: Element): number {
  return Number(heading.localName[1]);
}
