/**
 * The one way the widget creates elements. Text is only ever assigned through `textContent`, so
 * no string from a search result can be parsed as HTML.
 */

/** Attributes to set; `null`/`undefined` values are skipped so callers can pass optional ones. */
export type Attrs = Record<string, string | null | undefined>;

/** A `tag` element with `attrs` and `children`; `onClick`, when given, listens to its clicks. */
export function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attrs: Attrs = {},
  children: ReadonlyArray<Node | string> = [],
  onClick?: (e: MouseEvent) => void,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value != null) node.setAttribute(name, value);
  }
  // append() turns strings into Text nodes, never markup.
  node.append(...children);
  if (onClick) node.addEventListener('click', onClick as EventListener);
  return node;
}

/** Sets attribute `name` to `value`, or removes it when `value` is empty or missing. */
export function attr(node: Element, name: string, value: string | false | null | undefined): void {
  if (value) node.setAttribute(name, value);
  else node.removeAttribute(name);
}

/** Puts `children` in `node` in place of what it held, and hides it when there are none. */
export function showChildren(node: HTMLElement, children: ReadonlyArray<Node | string>): void {
  node.replaceChildren(...children);
  node.hidden = children.length === 0;
}

const SVG = 'http://www.w3.org/2000/svg';

/** An icon from stroked path data, built element by element (no markup string), hidden from assistive technology. */
function icon(doc: Document, paths: readonly string[]): SVGSVGElement {
  const svg = doc.createElementNS(SVG, 'svg');
  for (const [k, v] of [['viewBox', '0 0 20 20'], ['width', '1.1em'], ['height', '1.1em'], ['aria-hidden', 'true'], ['focusable', 'false'], ['part', 'icon']]) {
    svg.setAttribute(k!, v!);
  }
  for (const d of paths) {
    const path = doc.createElementNS(SVG, 'path');
    for (const [k, v] of [['d', d], ['fill', 'none'], ['stroke', 'currentColor'], ['stroke-width', '2'], ['stroke-linecap', 'round']]) path.setAttribute(k!, v!);
    svg.append(path);
  }
  return svg;
}

/** The magnifier. */
export const searchIcon = (doc: Document) => icon(doc, ['M8.5 3a5.5 5.5 0 1 1 0 11 5.5 5.5 0 0 1 0-11z', 'm13 13 4.5 4.5']);

/** The cross of the dialog's close button. */
export const closeIcon = (doc: Document) => icon(doc, ['m5 5 10 10M15 5 5 15']);
