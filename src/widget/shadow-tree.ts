/**
 * The element's shadow tree, built once: the styles, the modal mode's trigger button and dialog,
 * and the panel (search row, dropdown, footer, live regions, in panel-order.ts's order). Every
 * fixed node is made here and its text written here; what an answer puts in the dropdown is the
 * views' (views/).
 */
import { styleElements } from './adopt-styles.ts';
import { attr, closeIcon, el, searchIcon, showChildren } from './dom.ts';
import { ariaKeyShortcuts, isApple, shortcutLabel, type Shortcut } from './keyboard.ts';
import { dropdownOrder, panelOrder, type DropdownPanels } from './panel-order.ts';
import type { WidgetStrings } from './strings.ts';

/** The fixed nodes, which the element, the dropdown and the reader's actions update. */
export interface ShadowTree extends DropdownPanels {
  /** The element's shadow root, which holds them. */
  root: ShadowRoot;
  /** The modal mode's button that opens the dialog, its text and its shortcut's key cap. */
  trigger: HTMLButtonElement;
  triggerLabel: HTMLSpanElement;
  hint: HTMLElement;
  dialog: HTMLDialogElement;
  label: HTMLLabelElement;
  /** The combobox. */
  input: HTMLInputElement;
  /** The dialog's close button. */
  close: HTMLButtonElement;
  recentTitle: HTMLSpanElement;
  clearRecent: HTMLButtonElement;
  drop: HTMLDivElement;
  footer: HTMLDivElement;
  polite: HTMLDivElement;
  assertive: HTMLDivElement;
  /** What the mode places: straight in the shadow root (inline) or in the dialog (modal). */
  panel: HTMLDivElement;
}

/** What clicks on the tree's buttons and containers do: the element's. */
export interface TreeClicks {
  /** The trigger button. */
  onTrigger(): void;
  /** The dialog's close button. */
  onClose(): void;
  /** "Try again". */
  onRetry(): void;
  /** The button that clears the recent searches. */
  onClearRecent(): void;
  /** A click in the listbox: on an option or its pin icon, maybe. */
  onListClick(e: MouseEvent): void;
  /** A click in the filter control: on a radio, maybe. */
  onFacetClick(e: MouseEvent): void;
}

/** Builds the tree into `root`; `on` gets the clicks. */
export function buildShadowTree(root: ShadowRoot, on: TreeClicks): ShadowTree {
  const doc = root.ownerDocument;
  const triggerLabel = el(doc, 'span', { part: 'button-label' });
  const hint = el(doc, 'kbd', { part: 'shortcut-hint', 'aria-hidden': 'true' });
  const label = el(doc, 'label', { part: 'label', class: 'sr', for: 'q' });
  const input = el(doc, 'input', {
    part: 'input',
    id: 'q',
    type: 'search',
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-controls': 'listbox',
    'aria-expanded': 'false',
    autocomplete: 'off',
    autocapitalize: 'off',
    spellcheck: 'false',
    enterkeyhint: 'search',
  });
  const close = el(doc, 'button', { part: 'close', type: 'button' }, [closeIcon(doc)], on.onClose);
  const recentTitle = el(doc, 'span', { id: 'recent-title' });
  const clearRecent = el(doc, 'button', { part: 'clear-recent', type: 'button' }, [], on.onClearRecent);
  const panels = {
    status: el(doc, 'p', { part: 'status', hidden: '' }),
    retry: el(doc, 'button', { part: 'retry', type: 'button', hidden: '' }, [], on.onRetry),
    badge: el(doc, 'p', { part: 'badge', hidden: '' }),
    recentHeader: el(doc, 'div', { part: 'recent-header', hidden: '' }, [recentTitle, clearRecent]),
    fallback: el(doc, 'div', { part: 'fallback', hidden: '' }),
    note: el(doc, 'p', { part: 'low-confidence-note', hidden: '' }),
    correction: el(doc, 'p', { part: 'correction', hidden: '' }),
    answer: el(doc, 'div', { hidden: '' }),
    list: el(doc, 'div', { part: 'results', role: 'listbox', id: 'listbox', hidden: '' }, [], on.onListClick),
    facetBar: el(doc, 'div', { part: 'facets', hidden: '' }, [], on.onFacetClick),
  } satisfies DropdownPanels;
  const drop = el(doc, 'div', { part: 'dropdown', class: 'drop', hidden: '' }, dropdownOrder(panels));
  const footer = el(doc, 'div', { part: 'footer' });
  const polite = el(doc, 'div', { class: 'sr', role: 'status', 'aria-live': 'polite', 'data-live': 'polite' });
  const assertive = el(doc, 'div', { class: 'sr', role: 'alert', 'aria-live': 'assertive', 'data-live': 'assertive' });
  const searchRow = el(doc, 'div', { part: 'search', class: 'search' }, [searchIcon(doc), label, input, close]);
  const tree: ShadowTree = {
    ...panels,
    root,
    trigger: el(doc, 'button', { part: 'button', type: 'button', 'aria-haspopup': 'dialog' }, [searchIcon(doc), triggerLabel, hint], on.onTrigger),
    triggerLabel,
    hint,
    dialog: el(doc, 'dialog', { part: 'dialog', 'aria-modal': 'true' }),
    label,
    input,
    close,
    recentTitle,
    clearRecent,
    drop,
    footer,
    polite,
    assertive,
    panel: el(doc, 'div', { class: 'panel' }, panelOrder({ searchRow, drop, footer, polite, assertive })),
  };
  root.append(...styleElements(root, doc), tree.trigger, tree.dialog, tree.panel);
  return tree;
}

/** Puts the panel where the mode wants it: in the dialog (modal) or straight in the shadow root (inline). The modal's own controls show in modal mode only. */
export function placePanel(t: ShadowTree, modal: boolean): void {
  if (modal) t.dialog.append(t.panel);
  else {
    if (t.dialog.open) t.dialog.close();
    t.root.append(t.panel);
  }
  t.trigger.hidden = !modal;
  t.close.hidden = !modal;
  t.footer.hidden = !modal;
}

/**
 * Every string shown outside of a search answer: `label` names the input and the dialog,
 * `shortcuts` show on the trigger button, and `pins` (attribute `no-recent` unset) adds ⌘D / Ctrl+D
 * to the input's shortcuts and the footer's hints.
 */
export function writeFixedText(t: ShadowTree, s: WidgetStrings, label: string, placeholder: string, shortcuts: readonly Shortcut[], pins: boolean): void {
  t.label.textContent = label;
  t.dialog.setAttribute('aria-label', label);
  t.input.placeholder = placeholder;
  t.triggerLabel.textContent = s.button;
  t.close.setAttribute('aria-label', s.close);
  t.retry.textContent = s.retry;
  t.recentTitle.textContent = s.recent;
  t.clearRecent.textContent = s.clearRecent;
  const apple = isApple();
  showChildren(t.hint, shortcuts[0] ? [shortcutLabel(shortcuts[0], apple)] : []);
  attr(t.trigger, 'aria-keyshortcuts', ariaKeyShortcuts(shortcuts, apple));
  attr(t.input, 'aria-keyshortcuts', pins && (apple ? 'Meta+D' : 'Control+D'));
  const doc = t.footer.ownerDocument;
  t.footer.replaceChildren(
    ...[
      ['↑ ↓', s.hintNavigate],
      ['↵', s.hintOpen],
      ['Esc', s.hintClose],
      ...(pins ? [[apple ? '⌘ D' : 'Ctrl D', s.hintPin]] : []),
    ].map(([keys, text]) => el(doc, 'span', {}, [el(doc, 'kbd', {}, [keys!]), ` ${text}`])),
  );
}
