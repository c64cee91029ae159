/**
 * The one way the widget creates elements. Text is only ever assigned through `textContent`, so
 * no string from a search result can be parsed as HTML.
 */

/** Attributes to set; `null`/`undefined` values are skipped so callers can pass optional ones. */
export type Attrs = Record<string, string | null | undefined>;

export function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attrs: Attrs = {},
  children: ReadonlyArray<Node | string> = [],
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value != null) node.setAttribute(name, value);
  }
  // append() turns strings into Text nodes, never markup.
  node.append(...children);
  return node;
}
