/**
 * The `rb-highlight` URL parameter: how a result link tells the page it leads to which words to
 * mark. The widget writes it (`link.ts`); the highlight script reads it and takes it out of the
 * address bar (`index.ts`). Both sides go through this file, so they agree on the name, the
 * separator and the limits.
 *
 *   /guides/routing/?rb-highlight=route+parameters#route-parameters
 *
 * The value is the terms separated by spaces (`+` once form-encoded), lower-cased. A page may be
 * opened with a hand-made or hostile value, so the reader applies the same limits as the writer.
 */

/** The query parameter's name; prefixed with the product's initials so it does not clash with a docs site's own parameters. */
export const HIGHLIGHT_PARAM = 'rb-highlight';

/** At most this many terms: a query has a few words, and a snippet highlights only those. */
export const MAX_TERMS = 8;

/**
 * At most this many characters of terms (UTF-16 code units of the terms joined by spaces, before
 * percent-encoding): enough for eight ordinary words, short enough to keep a shared link readable.
 */
export const MAX_TERM_CHARS = 100;

/**
 * The terms to send or to mark: the inputs split at white space, lower-cased, without repeats, in
 * first-seen order; at most `MAX_TERMS`, and the last ones dropped until they fit in
 * `MAX_TERM_CHARS` (a single term longer than that gives none).
 */
export function normalizeTerms(inputs: readonly string[]): string[] {
  const words = inputs.join(' ').toLowerCase().split(/\s+/u).filter((word) => word !== '');
  const terms = [...new Set(words)].slice(0, MAX_TERMS);
  while (terms.join(' ').length > MAX_TERM_CHARS) terms.pop();
  return terms;
}

/**
 * `url` (as written: relative URLs stay relative) with the terms added to its query string, before
 * any `#fragment`; its own query parameters are kept as they are. No terms, no change.
 */
export function addHighlightParam(url: string, terms: readonly string[]): string {
  if (terms.length === 0) return url;
  const hash = url.indexOf('#');
  const head = hash < 0 ? url : url.slice(0, hash);
  const value = terms.map(encodeURIComponent).join('+');
  return `${head}${head.includes('?') ? '&' : '?'}${HIGHLIGHT_PARAM}=${value}${url.slice(head.length)}`;
}

/** The terms a page was opened with (`location.search`), limited as `normalizeTerms` limits them; empty when there are none. */
export function readHighlightParam(search: string): string[] {
  return normalizeTerms(new URLSearchParams(search).getAll(HIGHLIGHT_PARAM));
}

/**
 * The absolute URL `href` without the parameter (every occurrence), its other parameters left
 * byte for byte as they were and its fragment kept; no `?` is left behind when nothing remains.
 */
export function removeHighlightParam(href: string): string {
  const url = new URL(href);
  // Pair by pair rather than through URLSearchParams.toString(), which would re-encode the rest.
  const kept = url.search.slice(1).split('&').filter((pair) => !new URLSearchParams(pair).has(HIGHLIGHT_PARAM));
  url.search = kept.join('&');
  return url.href;
}
