/**
 * The widget's layout, in one place: which panels the box stacks, top to bottom. The shadow tree
 * (shadow-tree.ts) is built from these lists, so moving a panel is a change here (and, for its
 * looks, in styles.ts); the views fill the panels and do not care where they sit.
 */

/** The dropdown's panels, one node each, as the shadow tree holds them. */
export interface DropdownPanels {
  /** "Searching…", "No results", an error or offline. */
  status: HTMLElement;
  /** "Try again", shown with an error. */
  retry: HTMLElement;
  /** "Recent searches" and the button that clears them. */
  recentHeader: HTMLElement;
  /** The filter control (attribute `facets`). */
  facetBar: HTMLElement;
  /** The confidence badge (attribute `confidence-badge`). */
  badge: HTMLElement;
  /** "Showing results for …. Search instead for …". */
  correction: HTMLElement;
  /** The answer card's slot. */
  answer: HTMLElement;
  /** What the box shows instead of results it is not confident in. */
  fallback: HTMLElement;
  /** "Closest matches — these may not answer your question". */
  note: HTMLElement;
  /** The listbox: results, or the recent searches and pins of an empty box. */
  list: HTMLElement;
}

/**
 * The dropdown, top to bottom: the status line and its retry button; the recent searches' header;
 * the filter control; the badge; the correction; the answer card; the fallback; the low-confidence
 * note; then the listbox.
 */
export function dropdownOrder(p: DropdownPanels): HTMLElement[] {
  return [p.status, p.retry, p.recentHeader, p.facetBar, p.badge, p.correction, p.answer, p.fallback, p.note, p.list];
}

/** The panels that belong to an answer (not the status line, not the listbox): an empty box empties them. */
export function answerPanels(p: DropdownPanels): HTMLElement[] {
  return [p.badge, p.note, p.correction, p.answer, p.fallback, p.facetBar];
}

/** The panel's rows, as the shadow tree holds them. */
export interface PanelRows {
  /** The magnifier, the input's label, the input and the dialog's close button. */
  searchRow: HTMLElement;
  /** The dropdown (dropdownOrder). */
  drop: HTMLElement;
  /** The modal's key hints. */
  footer: HTMLElement;
  /** The live regions. */
  polite: HTMLElement;
  assertive: HTMLElement;
}

/**
 * The panel (straight in the shadow root inline, in the dialog modal), top to bottom: the search
 * row, the dropdown, the footer, then the live regions. Live regions must exist before their text
 * changes to be announced, and sit inside the panel so that they are inside the dialog (outside
 * it, a modal dialog makes them inert).
 */
export function panelOrder(p: PanelRows): HTMLElement[] {
  return [p.searchRow, p.drop, p.footer, p.polite, p.assertive];
}
