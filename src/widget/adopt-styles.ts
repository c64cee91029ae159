import { el } from './dom.ts';
import { STYLES } from './styles.ts';

/**
 * One constructed stylesheet per document, shared by every <recall-box> on the page (a
 * CSSStyleSheet belongs to the document that made it).
 */
const sheets = new WeakMap<Document, CSSStyleSheet>();

/**
 * The widget's styles in a shadow root. A constructed stylesheet (adoptedStyleSheets) where the
 * browser has one: it is not inline CSS, so the widget works under a strict Content-Security-Policy
 * (`style-src 'self'`, no 'unsafe-inline'), as on the demo page; and one parsed sheet serves every
 * box. Elsewhere, a <style> element (returned, for the caller to append), which a strict CSP blocks.
 */
export function styleElements(root: ShadowRoot, doc: Document): HTMLStyleElement[] {
  const view = doc.defaultView;
  if (view && 'adoptedStyleSheets' in root && typeof view.CSSStyleSheet?.prototype.replaceSync === 'function') {
    let sheet = sheets.get(doc);
    if (!sheet) {
      sheet = new view.CSSStyleSheet();
      sheet.replaceSync(STYLES);
      sheets.set(doc, sheet);
    }
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return [];
  }
  return [el(doc, 'style', {}, [STYLES])];
}
