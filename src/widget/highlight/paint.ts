/**
 * Showing the matches: with the CSS Custom Highlight API where the browser has it (the page's DOM
 * is left untouched, so nothing the site's scripts hold on to moves), else with `<mark>` elements.
 */

/** The highlight's name: a site restyles it with `::highlight(recall-box) { … }`. */
export const HIGHLIGHT_NAME = 'recall-box';

/** The attribute on each fallback `<mark>`: a site restyles them with `mark[data-recall-box-highlight] { … }`. */
export const MARK_ATTRIBUTE = 'data-recall-box-highlight';

/**
 * The highlight's look: the system colours of `<mark>`. In a cascade layer because adopted
 * stylesheets come after the page's own: unlayered, this rule would beat the site's restyling.
 */
const HIGHLIGHT_CSS = `@layer recall-box{::highlight(${HIGHLIGHT_NAME}){background-color:Mark;color:MarkText}}`;

/** How the matches were shown. */
export type PaintMethod = 'highlight' | 'mark';

/**
 * Shows `ranges` in `doc`. The style goes in through a constructed stylesheet (adoptedStyleSheets),
 * which a Content-Security-Policy without 'unsafe-inline' allows, unlike a `<style>` element. The
 * fallback builds elements with createElement (never markup) and moves the ranges' text into them.
 */
export function paint(doc: Document, ranges: readonly Range[]): PaintMethod {
  const view = doc.defaultView;
  if (view && typeof view.Highlight === 'function' && view.CSS?.highlights && 'adoptedStyleSheets' in doc) {
    // Once per document: a second run (a single-page app's next page) replaces the highlight only.
    if (!view.CSS.highlights.has(HIGHLIGHT_NAME)) {
      const sheet = new view.CSSStyleSheet();
      sheet.replaceSync(HIGHLIGHT_CSS);
      doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
    }
    view.CSS.highlights.set(HIGHLIGHT_NAME, new view.Highlight(...ranges));
    return 'highlight';
  }
  // Wrapping a match splits its text node; the ranges are live, so the others in it move with their text.
  for (const range of ranges) {
    const mark = doc.createElement('mark');
    mark.setAttribute(MARK_ATTRIBUTE, '');
    range.surroundContents(mark);
  }
  return 'mark';
}
