/**
 * The modal mode's focus trap. A modal `<dialog>` already makes the page behind it inert, but Tab
 * from its last control would still leave for the browser's own UI; here it wraps to the first
 * control, and Shift+Tab from the first to the last, as the APG dialog pattern asks.
 */

const TABBABLE = 'input,button,a[href],select,textarea,[tabindex]';

/** The controls of `container` that Tab reaches, in tree order: enabled, shown, tabindex ≥ 0. */
export function tabbables(container: ParentNode): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (node) => node.tabIndex >= 0 && !(node as HTMLButtonElement).disabled && node.getClientRects().length > 0,
  );
}

/**
 * Wraps focus for a Tab key press inside `container`, whose focused element is `active`. Returns
 * true when it moved focus (the caller then prevents the browser's own move).
 */
export function trapTab(event: KeyboardEvent, container: ParentNode, active: Element | null): boolean {
  if (event.key !== 'Tab') return false;
  const items = tabbables(container);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return false;
  const outside = !active || !items.includes(active as HTMLElement);
  if (event.shiftKey && (active === first || outside)) {
    last.focus();
    return true;
  }
  if (!event.shiftKey && (active === last || outside)) {
    first.focus();
    return true;
  }
  return false;
}
