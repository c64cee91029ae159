/**
 * The listbox's content: results grouped by page, one option per section, and the recent-search
 * options. Every piece of result text goes in through `textContent` (via `el`/`append`); URLs go
 * through `safeHref` before they can become an `href`.
 */
import { el } from '../dom.ts';
import { resultHref, type ResultHrefOptions } from '../highlight/link.ts';
import { safeHref } from '../safe-href.ts';
import type { Pin } from '../pins.ts';
import type { SearchHit } from '../search-client.ts';
import { splitHighlights, type HighlightRange } from '../split-highlights.ts';

/** The results of one page, in the Worker's order. */
export interface ResultGroup {
  /** The page URL (the result URL without its `#fragment`). */
  page: string;
  /** The page's title: the first breadcrumb entry, else the first result's title. */
  title: string;
  /** The page's results with their 0-based rank in the whole answer. */
  hits: Array<{ hit: SearchHit; rank: number }>;
}

/**
 * Groups hits by page, pages ordered by their best result, results within a page by rank. Sections
 * of one page are sub-results under the page's title, as readers scan docs by page first.
 */
export function groupByPage(hits: readonly SearchHit[]): ResultGroup[] {
  const groups = new Map<string, ResultGroup>();
  hits.forEach((hit, rank) => {
    const page = hit.url.split('#')[0] ?? hit.url;
    let group = groups.get(page);
    if (!group) {
      group = { page, title: hit.breadcrumb[0] || hit.title, hits: [] };
      groups.set(page, group);
    }
    group.hits.push({ hit, rank });
  });
  return [...groups.values()];
}

/**
 * The headings between the page title and the section: the breadcrumb without its first entry (the
 * group already shows the page) and without a last entry that repeats the section's own title.
 */
export function sectionPath(hit: SearchHit): string[] {
  const path = hit.breadcrumb.slice(1);
  if (path[path.length - 1] === hit.title) path.pop();
  return path;
}

/** What the element needs back from rendering: the options in display order, for the keyboard. */
export interface RenderedOption {
  node: HTMLElement;
  hit: SearchHit;
  rank: number;
}

/**
 * One `role=group` per page (labelled by its title) holding one `role=option` per result. An option
 * is the result's `<a href>` itself, so middle-click, "open in new tab" and the status-bar URL work;
 * an option whose URL is refused is a `<div>` with the extra part `unlinked` and nothing to follow.
 * Options are not tab stops: focus stays in the input and `aria-activedescendant` points at them.
 * A link carries its snippet's highlighted words in the `rb-highlight` parameter when
 * `links.highlightParam` is true (see `resultHref`). Off when not given, for now: the element turns
 * it on (unless `no-highlight-param`) in the same change that updates its tests' expected hrefs.
 * A result whose URL `pinned` names carries `data-pinned`; every result has a `pin` icon.
 */
export function renderGroups(
  doc: Document,
  groups: readonly ResultGroup[],
  base: string,
  separator: string,
  links: ResultHrefOptions = {},
  pinned: (url: string) => boolean = () => false,
): { nodes: HTMLElement[]; options: RenderedOption[] } {
  const options: RenderedOption[] = [];
  const nodes = groups.map((group, g) => {
    const labelId = `group-${g}`;
    const items = group.hits.map(({ hit, rank }) => {
      const node = renderOption(doc, hit, base, separator, `option-${options.length}`, links, pinned(hit.url));
      options.push({ node, hit, rank });
      return node;
    });
    return el(doc, 'div', { role: 'group', part: 'group', 'aria-labelledby': labelId }, [
      el(doc, 'div', { part: 'group-title', id: labelId, lang: group.hits[0]?.hit.lang }, [group.title]),
      ...items,
    ]);
  });
  return { nodes, options };
}

function renderOption(doc: Document, hit: SearchHit, base: string, separator: string, id: string, links: ResultHrefOptions, pinned: boolean): HTMLElement {
  const body: Node[] = [pinIcon(doc), el(doc, 'span', { part: 'title' }, [hit.title])];
  const path = sectionPath(hit);
  if (path.length > 0) body.push(el(doc, 'span', { part: 'breadcrumb' }, [path.join(separator)]));
  if (hit.snippet.text !== '') {
    const snippet = renderSnippet(doc, hit.snippet.text, hit.snippet.highlights);
    if (hit.snippet.kind === 'code') snippet.dataset.kind = 'code';
    body.push(snippet);
  }
  const href = resultHref(hit.url, base, hit.snippet, links);
  const common = { id, role: 'option', 'aria-selected': 'false', 'data-id': hit.id, lang: hit.lang, 'data-pinned': pinned ? '' : null };
  // An unsafe URL still shows the result (its text is useful) but offers nothing to follow.
  return href === null
    ? el(doc, 'div', { ...common, part: 'result unlinked', 'aria-disabled': 'true' }, body)
    : el(doc, 'a', { ...common, part: 'result', href, tabindex: '-1' }, body);
}

/** The snippet with each highlighted run wrapped in `<mark part="mark">`. */
export function renderSnippet(doc: Document, text: string, ranges: readonly HighlightRange[]): HTMLElement {
  const runs = splitHighlights(text, ranges).map((s) => (s.highlighted ? el(doc, 'mark', { part: 'mark' }, [s.text]) : s.text));
  return el(doc, 'span', { part: 'snippet' }, runs);
}

/**
 * The pin toggle shown in a result: for the pointer only, hidden from assistive technology — an
 * interactive control inside an option is not allowed (axe: nested-interactive). The keyboard pins
 * the active option with ⌘D / Ctrl+D, which the element announces.
 */
const pinIcon = (doc: Document) => el(doc, 'span', { part: 'pin', 'aria-hidden': 'true' });

/**
 * The pinned results as one `role=group` titled `title`, one option (a link, with its page's
 * title) per pin whose URL may be followed.
 */
export function renderPinned(doc: Document, pins: readonly Pin[], base: string, title: string): { nodes: HTMLElement[]; options: Array<{ node: HTMLElement; pin: Pin }> } {
  const options = pins.flatMap((pin, i) => {
    const href = safeHref(pin.url, base);
    return href === null
      ? []
      : [{ pin, node: el(doc, 'a', { id: `pinned-${i}`, role: 'option', part: 'result pinned', 'aria-selected': 'false', 'data-pinned': '', href, tabindex: '-1' }, [pinIcon(doc), el(doc, 'span', { part: 'title' }, [pin.title]), el(doc, 'span', { part: 'breadcrumb' }, [pin.page])]) }];
  });
  const nodes = options.length === 0 ? [] : [el(doc, 'div', { role: 'group', part: 'group', 'aria-labelledby': 'pinned-title' }, [el(doc, 'div', { part: 'group-title', id: 'pinned-title' }, [title]), ...options.map((o) => o.node)])];
  return { nodes, options };
}

/** One option per recent search; choosing one searches for it again. */
export function renderRecent(doc: Document, queries: readonly string[]): HTMLElement[] {
  return queries.map((q, i) => el(doc, 'div', { id: `recent-${i}`, role: 'option', part: 'recent', 'aria-selected': 'false' }, [q]));
}
