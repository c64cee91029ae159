/**
 * The `<recall-box>` custom element: a search combobox that queries the Worker as the reader types
 * and lists the results grouped by page — under a note when the Worker is unsure they answer the
 * query — or, when it finds nothing that does, a fallback. Inline (input with a dropdown) or modal (a button that opens a dialog).
 *
 * Here: the element's contract (its JSDoc, from which custom-elements.json is written), its public
 * properties and methods, its lifecycle, and the wiring of the rest — its attributes, read
 * (attributes.ts); its shadow tree (shadow-tree.ts, in panel-order.ts's order); the requests
 * (controller.ts); what the dropdown shows (dropdown.ts); what the reader's keys and clicks do
 * (reader-actions.ts); what it remembers per site (site-memory.ts).
 */
import {
  ANSWER_ATTRIBUTES,
  debounceOf,
  isModal,
  keepsPersonal,
  labelOf,
  langOf,
  placeholderOf,
  requestUrlOf,
  shortcutsOf,
  siteKeyOf,
  TEXT_ATTRIBUTES,
  upgradeProperties,
} from './attributes.ts';
import { SearchController } from './controller.ts';
import { attr } from './dom.ts';
import { Dropdown } from './dropdown.ts';
import { emit } from './events.ts';
import { isApple, isBare, isEditable, matchesShortcut } from './keyboard.ts';
import { fitToViewport, wireDialog } from './modal.ts';
import { WIDGET_ATTRIBUTES } from './options.ts';
import { ReaderActions } from './reader-actions.ts';
import { buildShadowTree, placePanel, writeFixedText } from './shadow-tree.ts';
import { SiteMemory } from './site-memory.ts';
import { resolveStrings, type WidgetStrings } from './strings.ts';
import type { View } from './views/view.ts';

export type { View };

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
 * @attr {boolean} no-analytics - Never report a click on a result. Without it, a click is sent to the Worker's `/events` (a beacon: the query, the result's rank and URL; no cookie or id) only when the Worker announces analytics (`X-Recall-Box-Analytics: on` on its answers).
 * @attr {boolean} no-answer-card - Do not show the answer card (the Worker's `answer`: the sentences of the top result that answer the query) above the results.
 * @attr {string} home - URL of the docs' start page, resolved against the page. Offered ("Browse the docs") with the reader's pinned results under a
 *   fallback that has nothing else to offer: no suggestions, no link from the Worker and no matches. Default `/`.
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
 * @fires recall-box:answer - The answer card was shown: the Worker's outcome is `answer` and it sent the `answer`
 *   (the sentences of the top result that answer the query). After `recall-box:confidence`. Bubbles and is composed. `detail: { query, url, title }` (`AnswerEventDetail`).
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
 * @csspart status - The loading, "No results", error or offline line, or the open dialog's hint while the box is empty and has nothing to list;
 *   `data-kind` is `loading`, `empty`, `error`, `offline` or `hint`.
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
 * @csspart fallback-link - The site's contact or issue link, or "Browse the docs" (attribute `home`) when the fallback has nothing else to offer.
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

  readonly #tree = buildShadowTree(this.attachShadow({ mode: 'open' }), {
    onTrigger: () => this.open(),
    onClose: () => this.close(),
    onRetry: () => this.#runQuery(this.#tree.input.value),
    onClearRecent: () => {
      this.clearRecent();
      this.#tree.input.focus();
    },
    onListClick: (e) => this.#actions.onListClick(e),
    onFacetClick: (e) => this.#actions.choose((e.target as Element).closest<HTMLElement>('[role=radio]')),
  });
  readonly #memory = new SiteMemory(() => siteKeyOf(this));
  /** Requests and their state (debounce, abort, stale answers, loading); the dropdown renders. */
  readonly #search = new SearchController({
    requestUrl: (query, exact) => requestUrlOf(this, query, exact, () => this.#memory.choicesMade(), this.#params),
    strings: () => this.strings,
    show: (view) => this.#drop.show(view),
    busy: (on) => attr(this.#tree.list, 'aria-busy', on && 'true'),
    loadingShown: () => {
      this.#drop.renderStatus();
      this.#drop.sync();
    },
    cancelled: () => this.#drop.cancelled(),
    emit: (type, detail, cancelable) => emit(this, type, detail, cancelable),
  });
  /** What the dropdown shows, its options and whether it is open. */
  readonly #drop = new Dropdown(this, this.#tree, this.#memory, {
    loading: () => this.#search.loading,
    runQuery: (text, focus, exact) => this.#runQuery(text, focus, exact),
    follow: (hit, rank, source, e) => this.#actions.follow(hit, rank, source, e),
  });
  /** What the reader's keys and clicks in the box do. */
  readonly #actions = new ReaderActions(this, this.#tree, this.#drop, this.#memory, {
    query: () => this.#search.query,
    runQuery: (text, focus) => this.#runQuery(text, focus),
  });
  #overrides: Partial<WidgetStrings> = {};
  #params: Record<string, string> = {};

  constructor() {
    super();
    this.#tree.input.addEventListener('input', () => {
      this.#drop.setOpen(true);
      this.#onInput();
    });
    this.#tree.input.addEventListener('focus', () => this.#drop.setOpen(true));
    this.#tree.input.addEventListener('click', () => this.#drop.setOpen(true));
    this.#tree.input.addEventListener('keydown', (e) => this.#actions.onKey(e));
    this.#tree.facetBar.addEventListener('keydown', (e) => this.#actions.onFacetKey(e));
    // Keep focus in the input when the pointer presses inside the dropdown; clicks still happen.
    this.#tree.drop.addEventListener('mousedown', (e) => {
      if (e.button === 0) e.preventDefault();
    });
    this.addEventListener('focusout', (e) => {
      const to = e.relatedTarget as Node | null;
      if (!this.#drop.replacing && (!to || (to !== this && !this.contains(to)))) this.#drop.setOpen(false);
    });
    wireDialog(this.#tree.dialog, this.#tree.root, () => this.close());
    this.#tree.dialog.addEventListener('close', () => {
      this.#drop.setActive(-1);
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
      this.#drop.renderRecent();
    }
    this.#tree.input.focus();
    this.#tree.input.select();
    this.#drop.setOpen(true);
  }

  /** Closes the dialog (focus returns to its button) or the dropdown. The query is kept. */
  close(): void {
    this.#drop.setOpen(false);
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
    this.#drop.renderRecent();
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
    this.#drop.renderRecent();
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
    if (name === 'no-recent' || name === 'endpoint') this.#drop.renderRecent();
    if (ANSWER_ATTRIBUTES.includes(name)) this.#drop.show(this.#drop.view, false);
  }

  // --- layout and fixed text -----------------------------------------------------------------

  /** Puts the panel where the mode wants it, and the modal's own controls with it. */
  #layout(): void {
    placePanel(this.#tree, isModal(this));
    this.#drop.sync();
  }

  /** Every string shown outside of a search answer, after a change of language, strings or attributes. */
  #syncText(): void {
    const s = this.strings;
    writeFixedText(this.#tree, s, labelOf(this, s), placeholderOf(this, s), shortcutsOf(this), keepsPersonal(this));
    // The idle view renders the recent searches.
    this.#drop.show(this.#drop.view, false);
  }

  // --- input and keyboard ---------------------------------------------------------------------

  #onInput(): void {
    // The active option belongs to the previous query's answer.
    if (this.#search.typed(this.#tree.input.value, debounceOf(this))) this.#drop.setActive(-1);
  }

  /** Puts `text` in the input and searches for it now (Enter, a suggestion, a recent search, retry). */
  #runQuery(text: string, focus = true, exact = false): void {
    this.#tree.input.value = text;
    if (focus) this.#tree.input.focus();
    this.#search.run(text, exact);
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
    const view = this.#drop.view;
    if (view.kind === 'error' && view.offline && view.query === this.#search.query) this.#runQuery(this.#tree.input.value, false);
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'recall-box': RecallBoxElement;
  }
}
