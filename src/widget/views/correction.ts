/**
 * "Did you mean", as search engines show it: when the Worker read a misspelt word as the docs'
 * word, the box says which query it searched ("Showing results for **confidence**.") and offers
 * the query as typed ("Search instead for conifdence"), matched exactly. Text goes in through
 * `textContent` only, like every other piece of the answer.
 */
import { el } from '../dom.ts';
import type { SearchCorrection } from '../search-client.ts';
import type { WidgetStrings } from '../strings.ts';

/**
 * The `{query}` template as nodes, the placeholder replaced by `node` (a template without it shows
 * the node after its text, so a site's own phrase still names the query).
 */
function around(template: string, node: Node): Array<Node | string> {
  const at = template.indexOf('{query}');
  return at < 0 ? [template, ' ', node] : [template.slice(0, at), node, template.slice(at + '{query}'.length)];
}

/**
 * The two lines' content: "Showing results for <strong>{corrected query}</strong>." and "Search
 * instead for <button>{typed}</button>", whose button calls `searchInstead`.
 */
export function renderCorrection(
  doc: Document,
  correction: SearchCorrection,
  typed: string,
  searchInstead: () => void,
  strings: Pick<WidgetStrings, 'showingResultsFor' | 'searchInsteadFor'>,
): Array<Node | string> {
  const button = el(doc, 'button', { part: 'search-instead', type: 'button' }, [typed], searchInstead);
  return [
    el(doc, 'span', {}, around(strings.showingResultsFor, el(doc, 'strong', { part: 'corrected-query' }, [correction.query]))),
    ' ',
    el(doc, 'span', {}, around(strings.searchInsteadFor, button)),
  ];
}
