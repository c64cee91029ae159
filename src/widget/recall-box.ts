/**
 * The `<recall-box>` custom element: a search combobox that queries the Worker as the reader types
 * and lists the results grouped by page — under a note when the Worker is unsure they answer the
 * query — or, when it finds nothing that does, a fallback. Inline (input with a dropdown) or modal (a button that opens a dialog).
 */
import {
  addsHighlightParam,
  ANSWER_ATTRIBUTES,
  debounceOf,
  facetsOf,
  isModal,
  keepsPersonal,
  labelOf,
  langOf,
  placeholderOf,
  presetOf,
  requestUrlOf,
  shortcutsOf,
  showsAnswerCard,
  showsBadge,
  siteKeyOf,
  TEXT_ATTRIBUTES,
  upgradeProperties,
} from './attributes.ts';
import { attr, showChildren } from './dom.ts';
import { SearchController } from './controller.ts';
import { ANSWER_EVENT, emit, FILTER_EVENT, PIN_EVENT, SELECT_EVENT, type AnswerEventDetail, type FilterEventDetail, type PinEventDetail, type SelectEventDetail } from './events.ts';
import { isApple, isBare, isEditable, matchesShortcut, nextIndex } from './keyboard.ts';
import { fitToViewport, wireDialog } from './modal.ts';
import { WIDGET_ATTRIBUTES, WIDGET_DEFAULTS } from './options.ts';
import type { Pin } from './pins.ts';
import { answerPanels } from './panel-order.ts';
import { buildShadowTree, placePanel, writeFixedText } from './shadow-tree.ts';
import { SiteMemory } from './site-memory.ts';
import type { SearchHit } from './search-client.ts';
import { countText, format, resolveStrings, type WidgetStrings } from './strings.ts';
import { answerHit, renderAnswerCard, type AnswerHit } from './views/answer-card.ts';
import type { ResultHrefOptions } from './highlight/link.ts';
import { renderCorrection } from './views/correction.ts';
import { renderFallback } from './views/fallback.ts';
import { renderFacets } from './views/facets.ts';
import { groupByPage, renderGroups, renderPinned, renderRecent } from './views/results.ts';
import { badgeText, listedLevel, listsHits, lowering, noted, statusOf, type View } from './views/view.ts';

export type { View };

/** An option of the listbox: a result (with its 0-based rank in the answer), a recent search or a pinned result. */
type Option = { node: HTMLElement; hit: SearchHit; rank: number } | { node: HTMLElement; recent: string } | { node: HTMLElement; pin: Pin };

/**
 * Search-as-you-type box for a recall-box Worker. Attributes `filter-<facet>="<value>"` (e.g.
 * `filter-version="v5"`) preset a filter sent with every search.
 *
 * @summary Documentation search: a combobox with grouped, highlighted results, inline or in a modal dialog.
 *
 * @element recall-box
 *
 * @attr {string} endpoint - URL of the Worker's search route, resolved against the page. Default `/search`.
 * @attr {'inline' | 'modal'} mode - `inline`: an input with a dropdown. `modal`: a button that opens a search dialog. Default `inline`.
 * @attr {number} debounce - Milliseconds of typing pause before a request is sent. Default 150, max 2000.
 * @attr {number} limit - Passed through as the `limit` query parameter (1–50; the Worker's default is 10).
 * @attr {string} lang - Language of the widget's strings, and passed through as the `lang` query parameter (results in that language only).
 * @attr {string} label - Accessible name of the input and the dialog. Default from the strings ("Search documentation").
 * @attr {string} placeholder - Placeholder of the input. Default from the strings ("Search…").
 * @attr {string} shortcut - Keyboard shortcuts that open the modal (or focus the inline input), e.g. `mod+k /`; `off` for none. Default `mod+k /` in modal mode, none inline.
 * @attr {'auto' | 'light' | 'dark'} theme - Color scheme. `auto` follows `prefers-color-scheme`. Default `auto`.
 * @attr {boolean} no-recent - Do not keep or show recent searches or pinned results (no pin icon, no ⌘D / Ctrl+D).
 * @attr {string} facets - Facets to offer as filters, space-separated (e.g. `pool version`): each shows as a radio group of "All" and
 *   the values with their counts in the answer, when it has a choice to offer. The reader's choice is remembered per endpoint and
 *   overrides the facet's `filter-<facet>` preset. The Worker's index must have the facets (`--facet` at build; `pool` and `lang` always).
 * @attr {boolean} confidence-badge - Show the Worker's confidence level as a badge above the results.
 * @attr {boolean} no-highlight-param - Do not add the matched words to result links (the `rb-highlight` parameter that recall-box/highlight reads on the page the reader lands on).
 * @attr {boolean} no-answer-card - Do not show the answer card (the top result's passage that answers the query) above the results.
 *
 * @property {Partial<WidgetStrings>} strings - Overrides for the built-in strings of the current language; reading it gives the strings in use.
 * @property {Record<string, string>} searchParams - Extra query parameters sent with every search, e.g. `{ confidence: 'relaxed' }`.
 * @property {string} query - The trimmed query the box is showing or fetching (read-only).
 *
 * @fires recall-box:search - A request for a query is being sent. Bubbles and is composed. `detail: { query }` (`SearchEventDetail`).
 * @fires recall-box:results - After the answer to a query (possibly no results) is shown. Bubbles and is composed.
 *   `detail: { query, count, results: Array<{ id, url, title, breadcrumb }> }` (`ResultsEventDetail`).
 * @fires recall-box:confidence - After an answer that carries a confidence verdict is shown, right
 *   after `recall-box:results`. Bubbles and is composed.
 *   `detail: { query, level: 'high' | 'medium' | 'low', outcome: 'answer' | 'uncertain' | 'fallback', score, reasons: Array<{ code, message, effect }> }`
 *   (`ConfidenceEventDetail`). `outcome` is the Worker's (derived from `shouldAnswer` for an older Worker):
 *   `uncertain` lists the results under the low-confidence note.
 * @fires recall-box:fallback - When the fallback is shown instead of the results, right after
 *   `recall-box:confidence`. Bubbles and is composed.
 *   `detail: { query, message, cause: 'no-results' | 'not-covered' | 'off-topic' | 'filtered', reasons: string[], suggestions: number }` (`FallbackEventDetail`).
 * @fires recall-box:answer - The answer card was shown: the Worker's outcome is `answer` and its top result has a passage
 *   covering the query. After `recall-box:confidence`. Bubbles and is composed. `detail: { query, url, title }` (`AnswerEventDetail`).
 * @fires recall-box:select - A result, the answer card's "Read more" or a pinned result is being opened (click or Enter). Bubbles, is composed and is cancelable:
 *   `preventDefault()` stops the navigation, e.g. to route inside a single-page app.
 *   `detail: { query, url, title, position, source: 'result' | 'answer' | 'pinned' }` (`SelectEventDetail`).
 * @fires recall-box:filter - The reader chose a value in the filter control (attribute `facets`); the query is searched again within it.
 *   Bubbles and is composed. `detail: { facet, value }`, `value` `''` for All (`FilterEventDetail`).
 * @fires recall-box:pin - The reader pinned or unpinned a result (the pin icon, or ⌘D / Ctrl+D on the active result). Bubbles and is composed.
 *   `detail: { url, title, pinned }` (`PinEventDetail`).
 *
 * @csspart button - The modal mode's trigger button.
 * @csspart button-label - The trigger button's text.
 * @csspart shortcut-hint - The key cap on the trigger button showing the shortcut.
 * @csspart dialog - The modal mode's `<dialog>`.
 * @csspart footer - The dialog's keyboard hints.
 * @csspart close - The dialog's close button.
 * @csspart search - The row holding the icon and the input.
 * @csspart icon - The icons: the magnifier (button and input row) and the close cross.
 * @csspart input - The search input (`role=combobox`).
 * @csspart label - The input's label (visually hidden).
 * @csspart dropdown - The panel under the input (inline) or the dialog's body (modal).
 * @csspart status - The loading, "No results", error or offline line; `data-kind` is `loading`, `empty`, `error` or `offline`.
 * @csspart retry - The "Try again" button shown with an error.
 * @csspart badge - The confidence badge (attribute `confidence-badge`), with `data-level`.
 * @csspart recent-header - "Recent searches" and the clear button.
 * @csspart clear-recent - The button that forgets the recent searches.
 * @csspart recent - One recent search (an option).
 * @csspart pinned - Also on a pinned result (an option, with the `result` part) in the empty box's list, under the "Pinned" group title.
 * @csspart pin - The pin icon in a result (pointer only; the keyboard uses ⌘D / Ctrl+D). Its option carries `data-pinned` when pinned.
 * @csspart facets - The filter control (attribute `facets`): one `facet` per facet with a choice to offer.
 * @csspart facet - One facet's radio group.
 * @csspart facet-label - The facet's name, labelling its group.
 * @csspart facet-value - One choice (`role=radio`, `aria-checked`): All, or a value.
 * @csspart facet-count - The number of matches with that value, inside `facet-value`.
 * @csspart results - The listbox. Carries `data-confidence="high|medium"` for a confident answer
 *   and `data-confidence="low"` for an uncertain answer and for closest matches revealed from the fallback.
 * @csspart group - The results of one page.
 * @csspart group-title - The page's title above its results.
 * @csspart result - One result (an option): an `<a href>`, or a `<div>` that also carries `unlinked` when its URL was refused.
 * @csspart unlinked - Also on a result or page suggestion whose URL was refused.
 * @csspart title - Result title.
 * @csspart breadcrumb - The headings between the page and the result, joined with ›.
 * @csspart snippet - Result snippet (`data-kind="code"` for code).
 * @csspart mark - A highlighted match inside a snippet.
 * @csspart answer - The answer card: a region above the results with the top result's passage that answers the query.
 * @csspart answer-label - The card's heading ("Answer from the docs").
 * @csspart answer-text - The passage, its matches in `mark` parts.
 * @csspart answer-source - The line under the passage: where it comes from and the link.
 * @csspart answer-breadcrumb - The page and headings the passage comes from.
 * @csspart answer-link - "Read more": the link to the passage's section.
 * @csspart fallback - The region shown instead of the results when the Worker is not confident.
 * @csspart fallback-message - The fallback's message ("I couldn’t find this in the docs.").
 * @csspart reasons - The list of reasons that lowered confidence.
 * @csspart reason - One reason (its code in `data-code`).
 * @csspart suggestions - The list of suggestions.
 * @csspart suggestion - One suggestion: a `<button>` that searches (`data-kind="query"`) or a link to a page (`data-kind="page"`).
 * @csspart fallback-link - The site's contact or issue link.
 * @csspart show-anyway - The "Show closest matches anyway" button.
 * @csspart low-confidence-note - "Closest matches — these may not answer your question", above an uncertain answer's results or revealed matches.
 * @csspart correction - "Showing results for **…**. Search instead for …", when the Worker corrected a misspelt word.
 * @csspart corrected-query - The query as the Worker searched it, inside `correction`.
 * @csspart search-instead - The button that searches the query as typed, uncorrected.
 *
 * @cssprop --recall-box-accent - Focus ring, titles, links. Default `#1d4ed8` (dark `#8ab4ff`).
 * @cssprop --recall-box-fg - Text color. Default `#1f2328` (dark `#e6edf3`).
 * @cssprop --recall-box-bg - Input, dropdown and dialog background. Default `#fff` (dark `#161b22`).
 * @cssprop --recall-box-muted - Breadcrumbs, group titles, status. Default `#57606a` (dark `#9da7b3`).
 * @cssprop --recall-box-border - Borders and separators. Default `#d0d7de` (dark `#3d444d`).
 * @cssprop --recall-box-active-bg - Background of the active and hovered option. Default `#eef3ff` (dark `#1f2b40`).
 * @cssprop --recall-box-mark-bg - Highlight background. Default `#fde68a` (dark `#7a5a00`).
 * @cssprop --recall-box-mark-fg - Highlight text. Default `#1f2328` (dark `#fff`).
 * @cssprop --recall-box-error - Error message color. Default `#b91c1c` (dark `#ff9a94`).
 * @cssprop --recall-box-backdrop - The modal's backdrop. Default `rgb(15 23 42/.45)` (dark `rgb(0 0 0/.6)`).
 * @cssprop --recall-box-shadow - Dropdown and dialog shadow. Default `0 8px 28px rgb(15 23 42/.18)` (dark `0 8px 28px rgb(0 0 0/.55)`).
 * @cssprop --recall-box-radius - Corner radius. Default `.5em`.
 * @cssprop --recall-box-z-index - Stacking order of the inline dropdown. Default `50`.
 */
export class RecallBoxElement extends HTMLElement {
  static readonly observedAttributes: readonly string[] = WIDGET_ATTRIBUTES;

  readonly #root = this.attachShadow({ mode: 'open' });
  readonly #tree = buildShadowTree(this.#root, {
    onTrigger: () => this.open(),
    onClose: () => this.close(),
    onRetry: () => this.#runQuery(this.#tree.input.value),
    onClearRecent: () => {
      this.clearRecent();
      this.#tree.input.focus();
    },
    onListClick: (e) => this.#onListClick(e),
    onFacetClick: (e) => this.#choose((e.target as Element).closest<HTMLElement>('[role=radio]')),
  });

  #view: View = { kind: 'idle' };
  #announceTimer: ReturnType<typeof setTimeout> | undefined;
  /** Requests and their state (debounce, abort, stale answers, loading); this element renders. */
  readonly #search = new SearchController({
    requestUrl: (query, exact) => requestUrlOf(this, query, exact, () => this.#memory.choicesMade(), this.#params),
    strings: () => this.strings,
    show: (view) => this.#show(view),
    busy: (on) => attr(this.#tree.list, 'aria-busy', on && 'true'),
    loadingShown: () => {
      this.#renderStatus();
      this.#sync();
    },
    cancelled: () => {
      clearTimeout(this.#announceTimer);
      this.#renderStatus();
    },
    emit: (type, detail, cancelable) => emit(this, type, detail, cancelable),
  });
  /** Inline mode: whether the dropdown may show (the reader is in the box and has not pressed Esc). */
  #open = false;
  #options: Option[] = [];
  /** Index into #options of the active option (aria-activedescendant), -1 for none. */
  #active = -1;
  #overrides: Partial<WidgetStrings> = {};
  #params: Record<string, string> = {};
  readonly #memory = new SiteMemory(() => siteKeyOf(this));
  /** Chromium blurs a focused element it removes (focusout, no relatedTarget): not the reader leaving. */
  #replacing = false;

  constructor() {
    super();
    this.#tree.input.addEventListener('input', () => {
      this.#setOpen(true);
      this.#onInput();
    });
    this.#tree.input.addEventListener('focus', () => this.#setOpen(true));
    this.#tree.input.addEventListener('click', () => this.#setOpen(true));
    this.#tree.input.addEventListener('keydown', (e) => this.#onKey(e));
    this.#tree.facetBar.addEventListener('keydown', (e) => this.#onFacetKey(e));
    // Keep focus in the input when the pointer presses inside the dropdown; clicks still happen.
    this.#tree.drop.addEventListener('mousedown', (e) => {
      if (e.button === 0) e.preventDefault();
    });
    this.addEventListener('focusout', (e) => {
      const to = e.relatedTarget as Node | null;
      if (!this.#replacing && (!to || (to !== this && !this.contains(to)))) this.#setOpen(false);
    });
    wireDialog(this.#tree.dialog, this.#root, () => this.close());
    this.#tree.dialog.addEventListener('close', () => {
      this.#setActive(-1);
      globalThis.visualViewport?.removeEventListener('resize', this.#fitViewport);
    });
  }

  // --- public API -----------------------------------------------------------------------------

  /** The strings in use: the built-in table for the element's language with the overrides on top. */
  get strings(): WidgetStrings {
    return resolveStrings(langOf(this), this.#overrides);
  }

  set strings(value: Partial<WidgetStrings> | null) {
    this.#overrides = { ...(value ?? {}) };
    this.#syncText();
  }

  get searchParams(): Record<string, string> {
    return { ...this.#params };
  }

  set searchParams(value: Record<string, string> | null) {
    this.#params = { ...(value ?? {}) };
  }

  get query(): string {
    return this.#search.query;
  }

  /** Opens the search: shows the dialog (modal) or focuses the input and its dropdown (inline). */
  open(): void {
    if (isModal(this) && !this.#tree.dialog.open) {
      this.#tree.dialog.showModal();
      this.#fitViewport();
      globalThis.visualViewport?.addEventListener('resize', this.#fitViewport);
      this.#renderRecent();
    }
    this.#tree.input.focus();
    this.#tree.input.select();
    this.#setOpen(true);
  }

  /** Closes the dialog (focus returns to its button) or the dropdown. The query is kept. */
  close(): void {
    this.#setOpen(false);
    if (this.#tree.dialog.open) {
      this.#tree.dialog.close();
      // Now, not in the async `close` event: the browser would first put focus back where it was
      // before the dialog opened, which for a keyboard shortcut is not the button.
      this.#tree.trigger.focus();
    }
  }

  /** Searches for `query` at once, as if typed and Enter pressed. */
  search(query: string): void {
    this.#runQuery(query, false);
  }

  /** Forgets the recent searches of this endpoint. */
  clearRecent(): void {
    this.#memory.recentStore().clear();
    this.#renderRecent();
  }

  /** Focuses the input (inline) or the button that opens the dialog (modal). */
  override focus(options?: FocusOptions): void {
    (isModal(this) ? this.#tree.trigger : this.#tree.input).focus(options);
  }

  // --- lifecycle ------------------------------------------------------------------------------

  connectedCallback(): void {
    upgradeProperties<RecallBoxElement>(this, ['strings', 'searchParams']);
    this.ownerDocument.addEventListener('keydown', this.#onGlobalKey);
    globalThis.addEventListener('online', this.#onOnline);
    this.#layout();
    this.#syncText();
    this.#renderRecent();
    // After a move in the DOM (disconnect + connect), pick the query up again.
    this.#onInput();
  }

  disconnectedCallback(): void {
    this.ownerDocument.removeEventListener('keydown', this.#onGlobalKey);
    globalThis.removeEventListener('online', this.#onOnline);
    this.#search.reset();
    if (this.#tree.dialog.open) this.#tree.dialog.close();
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (old === value) return;
    if (name === 'mode') this.#layout();
    if (name === 'endpoint') this.#memory.forget();
    if (TEXT_ATTRIBUTES.includes(name)) this.#syncText();
    if (name === 'no-recent' || name === 'endpoint') this.#renderRecent();
    if (ANSWER_ATTRIBUTES.includes(name)) this.#show(this.#view, false);
  }

  // --- configuration --------------------------------------------------------------------------

  /** Puts the panel where the mode wants it, and the modal's own controls with it. */
  #layout(): void {
    placePanel(this.#tree, this.#root, isModal(this));
    this.#sync();
  }

  /** Every string shown outside of a search answer, after a change of language, strings or attributes. */
  #syncText(): void {
    const s = this.strings;
    writeFixedText(this.#tree, s, labelOf(this, s), placeholderOf(this, s), shortcutsOf(this), keepsPersonal(this));
    // The idle view renders the recent searches.
    this.#show(this.#view, false);
  }

  // --- input and keyboard ---------------------------------------------------------------------

  #onInput(): void {
    // The active option belongs to the previous query's answer.
    if (this.#search.typed(this.#tree.input.value, debounceOf(this))) this.#setActive(-1);
  }

  /** Puts `text` in the input and searches for it now (Enter, a suggestion, a recent search, retry). */
  #runQuery(text: string, focus = true, exact = false): void {
    this.#tree.input.value = text;
    if (focus) this.#tree.input.focus();
    this.#search.run(text, exact);
  }

  #onKey(e: KeyboardEvent): void {
    if (e.isComposing) return;
    const visible = !this.#tree.drop.hidden;
    // ⌘D / Ctrl+D pins or unpins the active result (the browser's "bookmark" keys: here, a bookmark in the box).
    const active = visible ? this.#options[this.#active] : undefined;
    if (active && !('recent' in active) && e.key.toLowerCase() === 'd' && (isApple() ? e.metaKey : e.ctrlKey) && keepsPersonal(this)) {
      e.preventDefault();
      this.#togglePin(active);
      return;
    }
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp':
      case 'Home':
      case 'End': {
        if (!visible && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
          this.#setOpen(true);
          e.preventDefault();
          return;
        }
        const next = visible ? nextIndex(e.key, this.#active, this.#options.length) : null;
        if (next === null) return;
        e.preventDefault();
        this.#setActive(next);
        return;
      }
      case 'Enter': {
        const option = visible ? this.#options[this.#active] : undefined;
        e.preventDefault();
        if (option) this.#activate(option, e);
        else this.#runQuery(this.#tree.input.value);
        return;
      }
      case 'Escape':
        // The modal closes from its dialog's handler; inline, Esc closes the dropdown first and
        // only then lets the browser clear the field.
        if (!isModal(this) && visible) {
          e.preventDefault();
          this.#setOpen(false);
        }
        return;
    }
  }

  /** Document-wide shortcuts (attribute `shortcut`). A bare key like `/` never fires while typing in a field. */
  readonly #onGlobalKey = (e: KeyboardEvent): void => {
    if (e.defaultPrevented || e.repeat || e.isComposing || this.hidden) return;
    const apple = isApple();
    const shortcut = shortcutsOf(this).find((s) => matchesShortcut(e, s, apple));
    if (!shortcut || (isBare(shortcut) && isEditable(e.composedPath()[0]))) return;
    e.preventDefault();
    if (this.#tree.dialog.open) this.close();
    else this.open();
  };

  /** The open dialog fits the visual viewport (a phone's keyboard shrinks it). */
  readonly #fitViewport = (): void => fitToViewport(this.#tree.dialog);

  /** Back online: run the query that failed for being offline. */
  readonly #onOnline = (): void => {
    if (this.#view.kind === 'error' && this.#view.offline && this.#view.query === this.#search.query) this.#runQuery(this.#tree.input.value, false);
  };

  #onListClick(e: MouseEvent): void {
    const node = (e.target as Element).closest('[role=option]');
    const option = this.#options.find((o) => o.node === node);
    if (!option) return;
    // The pin icon toggles the pin instead of following the link it sits in.
    if ((e.target as Element).closest('[part~=pin]') && !('recent' in option)) {
      e.preventDefault();
      this.#togglePin(option);
    } else this.#activate(option, e);
  }

  /** Pins a result, or unpins a result or pin; says so to screen readers and in `recall-box:pin`. */
  #togglePin(option: Option & ({ hit: SearchHit } | { pin: Pin })): void {
    const pin = 'pin' in option ? option.pin : { url: option.hit.url, title: option.hit.title, page: option.hit.breadcrumb[0] || option.hit.title };
    const store = this.#memory.pinStore();
    const pinned = !store.has(pin.url);
    if (pinned) store.add(pin);
    else store.remove(pin.url);
    attr(option.node, 'data-pinned', pinned && 'true');
    this.#announce(`${pinned ? this.strings.pinned : this.strings.unpinned}: ${pin.title}`, false);
    emit<PinEventDetail>(this, PIN_EVENT, { url: pin.url, title: pin.title, pinned });
    // An unpinned pin leaves the empty box's list; the active position stays where it was.
    if (this.#view.kind === 'idle') {
      const at = this.#active;
      this.#renderRecent();
      this.#setActive(Math.min(at, this.#options.length - 1));
    }
  }

  /** The reader chose a value in the filter control: remembered for the site, checked at once, the query searched again within it. */
  #choose(radio: HTMLElement | null): void {
    if (!radio) return;
    const { facet = '', value = '' } = radio.dataset;
    this.#memory.choiceStore().add(`${facet}=${value}`);
    for (const r of radio.parentElement!.querySelectorAll('[role=radio]')) {
      r.setAttribute('aria-checked', String(r === radio));
      r.setAttribute('tabindex', r === radio ? '0' : '-1');
    }
    emit<FilterEventDetail>(this, FILTER_EVENT, { facet, value });
    if (this.#search.query) this.#runQuery(this.#tree.input.value, false);
  }

  /** Arrow keys, Home and End move through a facet's radios and choose (the APG radio group). */
  #onFacetKey(e: KeyboardEvent): void {
    const radio = (e.target as Element).closest<HTMLElement>('[role=radio]');
    if (!radio) return;
    const radios = [...radio.parentElement!.querySelectorAll<HTMLElement>('[role=radio]')];
    const key = ({ ArrowLeft: 'ArrowUp', ArrowRight: 'ArrowDown' } as Record<string, string>)[e.key] ?? e.key;
    const next = radios[nextIndex(key, radios.indexOf(radio), radios.length) ?? -1];
    if (!next) return;
    e.preventDefault();
    next.focus();
    this.#choose(next);
  }

  /**
   * Opens a result or reruns a recent search. For a result, `recall-box:select` goes first and can
   * cancel the navigation; otherwise the query is remembered and the box closes, unless a modifier
   * key asks for a new tab or window, in which case the reader stays.
   */
  #activate(option: Option, e: MouseEvent | KeyboardEvent): void {
    if ('recent' in option) {
      e.preventDefault();
      this.#runQuery(option.recent);
      return;
    }
    if (!(option.node instanceof HTMLAnchorElement)) return;
    if (e instanceof KeyboardEvent) {
      // A real click on the link: the browser navigates (or opens a tab for Ctrl/⌘/Shift) and the
      // click handler below does the rest.
      const { ctrlKey, metaKey, shiftKey, altKey } = e;
      option.node.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, ctrlKey, metaKey, shiftKey, altKey }));
      return;
    }
    if ('pin' in option) this.#follow(option.pin, this.#options.indexOf(option) - this.#options.findIndex((o) => 'pin' in o), 'pinned', e);
    else this.#follow(option.hit, option.rank, 'result', e);
  }

  /** A link about to be followed: `recall-box:select` first (it may cancel), then the query remembered and the box closed. */
  #follow(hit: { url: string; title: string }, rank: number, source: SelectEventDetail['source'], e: MouseEvent): void {
    const detail: SelectEventDetail = { query: this.#search.query, url: hit.url, title: hit.title, position: rank + 1, source };
    if (!emit(this, SELECT_EVENT, detail, true)) {
      e.preventDefault();
      return;
    }
    if (keepsPersonal(this)) this.#memory.recentStore().add(this.#search.query);
    // A modifier key asks for a new tab or window: the reader stays.
    if (!(e.ctrlKey || e.metaKey || e.shiftKey)) this.close();
  }

  // --- rendering ------------------------------------------------------------------------------

  /** Renders `view`; `announce` is false when only the language or an attribute changed, not the answer. */
  #show(view: View, announce = true): void {
    this.#view = view;
    const doc = this.ownerDocument;
    const base = doc.baseURI;
    const s = this.strings;
    const listed = listsHits(view);
    if (view.kind === 'idle') {
      this.#renderRecent();
      return;
    }
    this.#tree.recentHeader.hidden = true;
    this.#tree.list.setAttribute('aria-label', s.results);
    const links = { highlightParam: addsHighlightParam(this) };
    const pins = this.#memory.pinStore().list();
    const rendered = listed ? renderGroups(doc, groupByPage(view.hits), base, s.breadcrumbSeparator, links, (url) => pins.some((p) => p.url === url)) : { nodes: [], options: [] };
    this.#setActive(-1);
    this.#tree.list.replaceChildren(...rendered.nodes);
    this.#options = rendered.options;

    const level = listedLevel(view);
    attr(this.#tree.list, 'data-confidence', level);
    const badge = level && showsBadge(this) ? level : '';
    this.#tree.badge.textContent = badgeText(badge, s);
    this.#tree.badge.dataset.level = badge;
    this.#tree.badge.hidden = badge === '';
    const note = noted(view) ? s.lowConfidenceNote : '';
    showChildren(this.#tree.note, note ? [note] : []);
    const typed = view.query.trim();
    // "Search instead" puts the query as typed back in the box and searches it, uncorrected.
    showChildren(this.#tree.correction, view.kind !== 'error' && view.correction ? renderCorrection(doc, view.correction, typed, () => this.#runQuery(typed, true, true), s) : []);
    this.#renderAnswer(view, announce, links);

    let fallback: Node[] = [];
    if (view.kind === 'fallback') {
      const parts = renderFallback(
        doc,
        view.fallback,
        lowering(view.confidence),
        base,
        {
          search: (text) => this.#runQuery(text),
          showAnyway: view.revealed || view.hits.length === 0 ? null : () => this.#reveal(view),
        },
        s,
      );
      fallback = [...parts.announced, ...parts.actions];
    }
    showChildren(this.#tree.fallback, fallback);
    this.#renderFacets(view);
    this.#renderStatus();
    this.#sync();

    // Announced once the reader has paused: the count politely (with an uncertain answer's note,
    // which a listener would otherwise miss), the fallback assertively (the results the reader
    // expects are not coming), errors politely.
    if (!announce) return;
    if (view.kind === 'fallback' && !view.revealed) {
      this.#announce([view.fallback.message, ...lowering(view.confidence).map((r) => r.message)].join(' '), true);
    } else if (view.kind === 'results' || view.kind === 'fallback') {
      const count = view.hits.length === 0 ? format(s.noResults, { query: view.query }) : countText(s, langOf(this), view.hits.length);
      // Revealed matches were asked for: the note only tells what the reader already chose.
      this.#announce(view.kind === 'results' && note ? `${count}. ${note}` : count, false);
    } else if (view.kind === 'error') {
      this.#announce(view.message, false);
    }
  }

  /**
   * The answer card for a confident answer (answer-card.ts), unless `no-answer-card`. A new answer
   * (`announce`) reports it, after the controller's events for the same answer.
   */
  #renderAnswer(view: View, announce: boolean, links: ResultHrefOptions): void {
    const hit: AnswerHit | null = showsAnswerCard(this) ? answerHit(view, this.ownerDocument.baseURI) : null;
    const card = hit && renderAnswerCard(this.ownerDocument, hit, this.ownerDocument.baseURI, this.strings, (e) => this.#follow(hit, 0, 'answer', e), links);
    showChildren(this.#tree.answer, card ? [card] : []);
    if (!hit || !announce || view.kind !== 'results') return;
    const detail: AnswerEventDetail = { query: view.query, url: hit.url, title: hit.title };
    queueMicrotask(() => {
      if (this.#view === view) emit(this, ANSWER_EVENT, detail);
    });
  }

  /**
   * The filter control for the answer's facet counts (attribute `facets`). A reader moving through
   * a facet's radios keeps the focus on the chosen one across the new answer.
   */
  #renderFacets(view: View): void {
    const focused = this.#root.activeElement as HTMLElement | null;
    const facet = this.#tree.facetBar.contains(focused) ? focused!.dataset.facet : undefined;
    const counts = view.kind === 'idle' || view.kind === 'error' ? undefined : view.facets;
    this.#replacing = true;
    // Storage read once for the whole control. A facet's value: the reader's choice, else its
    // `filter-<facet>` preset, else '' (All).
    const made = counts ? this.#memory.choicesMade() : {};
    const chosen = (f: string) => made[f] ?? presetOf(this, f) ?? '';
    showChildren(this.#tree.facetBar, counts ? renderFacets(this.ownerDocument, counts, facetsOf(this), chosen, this.strings.all) : []);
    this.#replacing = false;
    if (facet !== undefined) this.#tree.facetBar.querySelector<HTMLElement>(`[data-facet="${CSS.escape(facet)}"][aria-checked=true]`)?.focus();
  }

  /** The idle view: the recent searches as options, under their header with the clear button, then the pinned results. */
  #renderRecent(): void {
    if (this.#view.kind !== 'idle') return;
    const s = this.strings;
    const personal = keepsPersonal(this);
    const queries = personal ? this.#memory.recentStore().list() : [];
    const nodes = renderRecent(this.ownerDocument, queries);
    const pinned = renderPinned(this.ownerDocument, personal ? this.#memory.pinStore().list() : [], this.ownerDocument.baseURI, s.pinned);
    this.#setActive(-1);
    this.#tree.list.replaceChildren(...nodes, ...pinned.nodes);
    this.#tree.list.setAttribute('aria-label', s.recent);
    attr(this.#tree.list, 'data-confidence', null);
    this.#options = [...nodes.map((node, i) => ({ node, recent: queries[i]! })), ...pinned.options];
    this.#tree.recentHeader.hidden = queries.length === 0;
    for (const node of answerPanels(this.#tree)) showChildren(node, []);
    this.#renderStatus();
    this.#sync();
  }

  #renderStatus(): void {
    const loading = this.#search.loading;
    const { text, kind } = statusOf(this.#view, loading, this.strings);
    this.#tree.status.textContent = text;
    attr(this.#tree.status, 'data-kind', kind);
    this.#tree.status.hidden = text === '';
    this.#tree.retry.hidden = !(this.#view.kind === 'error' && !loading);
  }

  /** Writes `text` to a live region after the announce delay; a newer query cancels it (#cancel). */
  #announce(text: string, assertive: boolean): void {
    clearTimeout(this.#announceTimer);
    this.#tree.polite.textContent = '';
    this.#tree.assertive.textContent = '';
    this.#announceTimer = setTimeout(() => {
      (assertive ? this.#tree.assertive : this.#tree.polite).textContent = text;
    }, WIDGET_DEFAULTS.announceDelayMs);
  }

  /** "Show closest matches anyway": lists the matches, marked low-confidence, the first one active. */
  #reveal(view: View & { kind: 'fallback' }): void {
    if (this.#view !== view) return;
    this.#show({ ...view, revealed: true });
    this.#tree.input.focus();
    this.#setActive(0);
  }

  #setOpen(open: boolean): void {
    this.#open = open;
    if (!open) this.#setActive(-1);
    this.#sync();
  }

  /** Shows or hides the dropdown and the listbox, and keeps `aria-expanded` in step. */
  #sync(): void {
    const hasOptions = this.#options.length > 0;
    this.#tree.list.hidden = !hasOptions;
    const content = hasOptions || !this.#tree.status.hidden || !this.#tree.fallback.hidden;
    this.#tree.drop.hidden = !content || (!isModal(this) && !this.#open);
    this.#tree.input.setAttribute('aria-expanded', String(hasOptions && !this.#tree.drop.hidden));
    if (this.#tree.drop.hidden) this.#setActive(-1);
  }

  #setActive(index: number): void {
    const previous = this.#options[this.#active];
    previous?.node.setAttribute('aria-selected', 'false');
    const option = this.#options[index];
    this.#active = option ? index : -1;
    attr(this.#tree.input, 'aria-activedescendant', option?.node.id);
    if (option) {
      option.node.setAttribute('aria-selected', 'true');
      option.node.scrollIntoView({ block: 'nearest' });
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'recall-box': RecallBoxElement;
  }
}
