/**
 * The fallback's way on when the Worker offers none: a reader told "nothing in the docs matches"
 * must still have somewhere to go. The Worker's own ways come first — its closest matches ("Show
 * closest matches anyway"), its page and query suggestions, the site's contact link
 * (FALLBACK_LINK). Only when it sent none of them (a query nothing matches, on a site without a
 * link) does the widget add what it knows itself: the reader's pinned results, and a link to the
 * docs' start page (attribute `home`), which lists the site's top-level pages.
 */
import type { Pin } from '../pins.ts';
import type { SearchFallback } from '../search-client.ts';

/** `fallback` with the widget's own ways on when it offers nothing to follow and there are no matches (`hasMatches`) to reveal. */
export function withNextStep(fallback: SearchFallback, hasMatches: boolean, pins: readonly Pin[], home: string, homeText: string): SearchFallback {
  if (hasMatches || fallback.suggestions.length > 0 || fallback.link) return fallback;
  return { ...fallback, suggestions: pins.map((p) => ({ kind: 'page', text: p.title, url: p.url })), link: { url: home, text: homeText } };
}
