/**
 * The filter control (attribute `facets`): per facet, a radio group (the APG radio group pattern,
 * a segmented control) of "All" and the facet's values with their counts in the current answer.
 * The element keeps the reader's choice and sends it with the next search.
 */
import { el } from '../dom.ts';
import type { FacetCounts } from '../../protocol/response.ts';

/**
 * One radio group per shown facet that has a choice to offer: two or more values with matches, or
 * a value chosen. A value with no match is left out unless it is the chosen one (the reader must
 * see what narrows the answer, and be able to undo it). Each radio carries `data-facet` and
 * `data-value` (`''` for All); the checked radio is the group's tab stop (roving tabindex).
 */
export function renderFacets(doc: Document, counts: FacetCounts, shown: readonly string[], chosen: (facet: string) => string, all: string): HTMLElement[] {
  return shown.flatMap((facet, g) => {
    const current = chosen(facet);
    const values = (counts[facet] ?? []).filter((v) => v.count > 0 || v.value === current);
    if (values.length < 2 && !current) return [];
    const radio = (value: string, label: Array<Node | string>) =>
      el(doc, 'button', { type: 'button', role: 'radio', part: 'facet-value', 'aria-checked': String(value === current), tabindex: value === current ? '0' : '-1', 'data-facet': facet, 'data-value': value }, label);
    const id = `facet-${g}`;
    return [
      el(doc, 'div', { role: 'radiogroup', part: 'facet', 'aria-labelledby': id }, [
        el(doc, 'span', { part: 'facet-label', id }, [facet]),
        radio('', [all]),
        ...values.map((v) => radio(v.value, [v.value, ' ', el(doc, 'span', { part: 'facet-count' }, [String(v.count)])])),
      ]),
    ];
  });
}
