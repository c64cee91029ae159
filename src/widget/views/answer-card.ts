/**
 * The answer card: when the Worker is confident the docs answer the query, its `answer` — the
 * sentences of the top result that answer it (search-client.ts withAnswer puts them on that hit), shown above the results with where it comes from and a
 * link to it — an extractive answer, computed at the edge, no language model. Text goes in as text
 * nodes; the link through `safeHref`.
 */
import { el } from '../dom.ts';
import { safeHref } from '../safe-href.ts';
import type { SearchHit } from '../search-client.ts';
import type { WidgetStrings } from '../strings.ts';
import { resultHref, type ResultHrefOptions } from '../highlight/link.ts';
import { renderSnippet } from './results.ts';
import type { View } from './view.ts';

/** A hit with the answer sentences the card shows. */
export type AnswerHit = SearchHit & { passage: NonNullable<SearchHit['passage']> };

/**
 * The hit the card is for, or null: only an `answer` outcome (not `uncertain`, not a fallback's
 * revealed matches, not an older Worker's verdict-less list), and only when its top result carries
 * the Worker's answer and has a URL that may be followed — a card must lead somewhere.
 */
export function answerHit(view: View, base: string): AnswerHit | null {
  if (view.kind !== 'results' || view.confidence?.outcome !== 'answer') return null;
  const top = view.hits[0];
  if (!top?.passage || safeHref(top.url, base) === null) return null;
  return top as AnswerHit;
}

/**
 * The card: a labelled region holding the passage (matches in `<mark>`), the page and headings it
 * comes from, and "Read more", a link to the section (with the passage's words for the highlight
 * script, unless `links` says not). `onFollow` runs when that link is clicked
 * (before the browser follows it; it may cancel).
 */
export function renderAnswerCard(doc: Document, hit: AnswerHit, base: string, s: WidgetStrings, onFollow: (e: MouseEvent) => void, links: ResultHrefOptions = {}): HTMLElement {
  const text = renderSnippet(doc, hit.passage.text, hit.passage.highlights);
  // Styled as a snippet (the `snippet` part's rules), at full size.
  text.setAttribute('part', 'snippet answer-text');
  // Page › headings › section, the section named once when the breadcrumb already ends with it.
  const trail = hit.breadcrumb.filter((t) => t !== '');
  if (trail[trail.length - 1] !== hit.title) trail.push(hit.title);
  const where = trail.join(s.breadcrumbSeparator);
  const link = el(doc, 'a', { part: 'answer-link', href: resultHref(hit.url, base, hit.passage, links) ?? '', 'aria-label': `${s.readMore}: ${hit.title}` }, [s.readMore], onFollow);
  return el(doc, 'section', { part: 'answer', 'aria-label': s.answer, lang: hit.lang }, [
    el(doc, 'p', { part: 'answer-label', 'aria-hidden': 'true' }, [s.answer]),
    text,
    el(doc, 'p', { part: 'answer-source' }, [el(doc, 'span', { part: 'answer-breadcrumb' }, [where]), ' ', link]),
  ]);
}
