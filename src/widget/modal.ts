/**
 * The modal mode's dialog: its focus trap, how it closes, and its height on a phone. A modal
 * `<dialog>` already makes the page behind it inert, but Tab from its last control would still
 * leave for the browser's own UI; here it wraps to the first control, and Shift+Tab from the first
 * to the last, as the APG dialog pattern asks.
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

/**
 * Wires the ways out of `dialog` to `close`: Esc, the browser's own cancel, a click on the
 * backdrop; and keeps Tab inside it (trapTab), `root` telling which element has the focus.
 */
export function wireDialog(dialog: HTMLDialogElement, root: ShadowRoot, close: () => void): void {
  dialog.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (trapTab(e, dialog, root.activeElement)) {
      e.preventDefault();
    }
  });
  dialog.addEventListener('cancel', (e) => {
    e.preventDefault();
    close();
  });
  // A click on the dialog itself, not its content, is a click on the backdrop.
  dialog.addEventListener('click', (e) => {
    if (e.target === dialog) close();
  });
}

/**
 * The open dialog as tall as the visual viewport: on a phone the on-screen keyboard shrinks it,
 * and a full-screen dialog sized to the layout viewport would put the results under the keyboard
 * (used by the small-screen styles only).
 */
export function fitToViewport(dialog: HTMLDialogElement): void {
  const height = globalThis.visualViewport?.height;
  if (height) dialog.style.setProperty('--_vvh', `${height}px`);
}
