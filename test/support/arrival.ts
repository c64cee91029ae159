import type { Page } from 'playwright-core';

/**
 * What a reader who followed a result sees marked on arrival (recall-box-highlight.js): each range
 * of the `recall-box` highlight, lower-cased, and whether it lies after the element `anchor` names
 * (the section the link named).
 */
export function markedAfter(page: Page, anchor: string): Promise<Array<{ text: string; after: boolean }>> {
  return page.evaluate((id) => {
    const marked = CSS.highlights.get('recall-box');
    const target = document.getElementById(id);
    if (!marked || !target) return [];
    return [...marked].map((r) => ({ text: r.toString().toLowerCase(), after: (target.compareDocumentPosition(r.startContainer) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0 }));
  }, anchor);
}
