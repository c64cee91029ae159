/**
 * Building the DOM for search results. Every piece of result text goes through `textContent`
 * (via `el`/`append`); URLs go through `safeHref` before they can become an `href`.
 */
import { el } from './dom.ts';
import { WIDGET_TEXT } from './options.ts';
import { safeHref } from './safe-href.ts';
import type { SearchHit } from './search-client.ts';
import { splitHighlights, type HighlightRange } from './split-highlights.ts';

/** One `<li part="result">` per hit. `base` is the page URL that relative result URLs resolve against. */
export function renderHits(doc: Document, hits: readonly SearchHit[], base: string): HTMLLIElement[] {
  return hits.map((hit) => renderHit(doc, hit, base));
}

function renderHit(doc: Document, hit: SearchHit, base: string): HTMLLIElement {
  const body: Node[] = [el(doc, 'span', { part: 'title' }, [hit.title])];
  if (hit.breadcrumb.length > 0) {
    body.push(el(doc, 'span', { part: 'breadcrumb' }, [hit.breadcrumb.join(WIDGET_TEXT.breadcrumbSeparator)]));
  }
  if (hit.snippet.text !== '') {
    const snippet = renderSnippet(doc, hit.snippet.text, hit.snippet.highlights);
    if (hit.snippet.kind === 'code') snippet.dataset.kind = 'code';
    body.push(snippet);
  }

  const href = safeHref(hit.url, base);
  // An unsafe URL still shows the result (its text is useful) but offers nothing to click.
  const container = href === null ? el(doc, 'div', { part: 'link unlinked' }, body) : el(doc, 'a', { part: 'link', href }, body);
  return el(doc, 'li', { part: 'result', 'data-id': hit.id, lang: hit.lang }, [container]);
}

/** The snippet with each highlighted run wrapped in `<mark part="mark">`. */
export function renderSnippet(doc: Document, text: string, ranges: readonly HighlightRange[]): HTMLElement {
  const runs = splitHighlights(text, ranges).map((s) => (s.highlighted ? el(doc, 'mark', { part: 'mark' }, [s.text]) : s.text));
  return el(doc, 'span', { part: 'snippet' }, runs);
}
