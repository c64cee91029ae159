/**
 * The widget's side of "highlight on arrival": a result's link, carrying the words its snippet
 * highlights in the `rb-highlight` parameter (see `param.ts`) so the highlight script can mark
 * them on the page the reader lands on.
 */
import { safeHref } from '../safe-href.ts';
import { splitHighlights, type HighlightRange } from '../split-highlights.ts';
import { addHighlightParam, normalizeTerms } from './param.ts';

/** Text with the Worker's highlight ranges: a result's snippet or evidence passage. */
export interface HighlightedText {
  text: string;
  highlights: readonly HighlightRange[];
}

export interface ResultHrefOptions {
  /** Add the `rb-highlight` parameter. Default `true`; the element turns it off with `no-highlight-param`. */
  highlightParam?: boolean;
}

/** The distinct highlighted words of `snippet`, lower-cased and limited as `normalizeTerms` limits them. */
export function snippetTerms(snippet: HighlightedText): string[] {
  const runs = splitHighlights(snippet.text, snippet.highlights);
  return normalizeTerms(runs.filter((run) => run.highlighted).map((run) => run.text));
}

/**
 * The `href` for a result: `null` when `safeHref` refuses the URL (nothing to follow), else the URL
 * as given with `snippet`'s highlighted words in the `rb-highlight` parameter.
 *
 * Every result URL is a page of the site's own docs (the indexer builds them from the docs' paths),
 * so the terms go only where the site owner can load the highlight script — possibly another of
 * their origins, such as a docs subdomain.
 */
export function resultHref(url: unknown, base: string, snippet: HighlightedText, options: ResultHrefOptions = {}): string | null {
  const href = safeHref(url, base);
  return href !== null && options.highlightParam !== false ? addHighlightParam(href, snippetTerms(snippet)) : href;
}
