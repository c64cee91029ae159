/**
 * `recall-box/highlight` (public/recall-box-highlight.js): the script a docs page loads so that a
 * reader who followed a `<recall-box>` result sees the words they searched for marked in the section
 * they landed on.
 *
 *   <script type="module" src="/recall-box-highlight.js"></script>
 *
 * On load it reads the `rb-highlight` parameter (see `param.ts`), takes it out of the address bar
 * (so a copied or bookmarked link is the plain page link), and marks the terms in the section the
 * fragment names (`section.ts`). A page opened without the parameter is left alone.
 */
import { findMatches } from './find.ts';
import { paint } from './paint.ts';
import { HIGHLIGHT_PARAM, readHighlightParam, removeHighlightParam } from './param.ts';
import { targetSection } from './section.ts';

export { HIGHLIGHT_PARAM } from './param.ts';
export { HIGHLIGHT_NAME, MARK_ATTRIBUTE } from './paint.ts';

/**
 * At most this many matches are marked: a section repeats its words, but a reader needs only to
 * find them, and the cap bounds the work on a long page or a hand-made link.
 */
export const MAX_MARKS = 200;

/**
 * Does the above for `win` (default: this window) and returns the number of matches marked. Runs
 * by itself once on load; a single-page app may call it again after a client-side navigation.
 */
export function highlightOnArrival(win: Window = window): number {
  const { location, history, document } = win;
  if (!new URLSearchParams(location.search).has(HIGHLIGHT_PARAM)) return 0;
  const terms = readHighlightParam(location.search);
  // First, so the parameter goes even if marking fails; the history entry's state is kept as it was.
  history.replaceState(history.state, '', removeHighlightParam(location.href));
  const ranges = findMatches(targetSection(document, location.hash.slice(1)), terms, MAX_MARKS);
  if (ranges.length > 0) paint(document, ranges);
  return ranges.length;
}

// A module script runs after the document is parsed; an `async` one may run before.
if (typeof document !== 'undefined') {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => highlightOnArrival(), { once: true });
  else highlightOnArrival();
}
