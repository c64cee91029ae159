/**
 * The dropdown as the reader sees it: what the box shows (a View, views/view.ts) painted into the
 * shadow tree's panels through the views, the listbox's options and the active one (focus stays in
 * the input, `aria-activedescendant` points at it), whether the dropdown shows (`aria-expanded`),
 * and what screen readers are told. The controller decides what to show; what the reader's keys
 * and clicks do is reader-actions.ts's.
 */
import { addsHighlightParam, facetsOf, homeOf, isModal, keepsPersonal, langOf, presetOf, showsAnswerCard, showsBadge } from './attributes.ts';
import { attr, showChildren } from './dom.ts';
import { ANSWER_EVENT, emit, type AnswerEventDetail, type SelectEventDetail } from './events.ts';
import type { ResultHrefOptions } from './highlight/link.ts';
import { WIDGET_DEFAULTS } from './options.ts';
import { answerPanels } from './panel-order.ts';
import type { Pin } from './pins.ts';
import type { SearchHit } from './search-client.ts';
import type { ShadowTree } from './shadow-tree.ts';
import type { SiteMemory } from './site-memory.ts';
import { countText, format, type WidgetStrings } from './strings.ts';
import { answerHit, renderAnswerCard, type AnswerHit } from './views/answer-card.ts';
import { renderCorrection } from './views/correction.ts';
import { renderFacets } from './views/facets.ts';
import { renderFallback } from './views/fallback.ts';
import { withNextStep } from './views/next-step.ts';
import { groupByPage, renderGroups, renderPinned, renderRecent } from './views/results.ts';
import { badgeText, listedLevel, listsHits, lowering, noted, statusOf, type View } from './views/view.ts';

/** An option of the listbox: a result (with its 0-based rank in the answer), a recent search or a pinned result. */
export type Option = { node: HTMLElement; hit: SearchHit; rank: number } | { node: HTMLElement; recent: string } | { node: HTMLElement; pin: Pin };

/** The element the dropdown is in: its attributes say what to show, its strings in which words. */
export type DropdownElement = HTMLElement & { readonly strings: WidgetStrings };

/** What the dropdown needs from the element besides its attributes and strings. */
export interface DropdownHost {
  /** Whether the loading delay passed with a request still in flight. */
  loading(): boolean;
  /** Puts `text` in the input and searches for it now; `exact`: every word as typed, no correction. */
  runQuery(text: string, focus?: boolean, exact?: boolean): void;
  /** The answer card's link is about to be followed. */
  follow(hit: { url: string; title: string }, rank: number, source: SelectEventDetail['source'], e: MouseEvent): void;
}

export class Dropdown {
  #view: View = { kind: 'idle' };
  /** Inline mode: whether the dropdown may show (the reader is in the box and has not pressed Esc). */
  #open = false;
  #options: Option[] = [];
  /** Index into #options of the active option (aria-activedescendant), -1 for none. */
  #active = -1;
  #announceTimer: ReturnType<typeof setTimeout> | undefined;
  /** Chromium blurs a focused element it removes (focusout, no relatedTarget): not the reader leaving. */
  #replacing = false;
  readonly #element: DropdownElement;
  readonly #tree: ShadowTree;
  readonly #memory: SiteMemory;
  readonly #host: DropdownHost;

  constructor(element: DropdownElement, tree: ShadowTree, memory: SiteMemory, host: DropdownHost) {
    this.#element = element;
    this.#tree = tree;
    this.#memory = memory;
    this.#host = host;
  }

  /** What the box shows. */
  get view(): View {
    return this.#view;
  }

  /** The listbox's options, in display order. */
  get options(): readonly Option[] {
    return this.#options;
  }

  /** Index into `options` of the active option, -1 for none. */
  get active(): number {
    return this.#active;
  }

  /** Whether the filter control is being replaced (a focus lost now is not the reader leaving). */
  get replacing(): boolean {
    return this.#replacing;
  }

  /** Renders `view`; `announce` is false when only the language or an attribute changed, not the answer. */
  show(view: View, announce = true): void {
    this.#view = view;
    const doc = this.#element.ownerDocument;
    const base = doc.baseURI;
    const s = this.#element.strings;
    const listed = listsHits(view);
    if (view.kind === 'idle') {
      this.renderRecent();
      return;
    }
    this.#tree.recentHeader.hidden = true;
    this.#tree.list.setAttribute('aria-label', s.results);
    const links = { highlightParam: addsHighlightParam(this.#element) };
    const pins = this.#memory.pinStore().list();
    const rendered = listed ? renderGroups(doc, groupByPage(view.hits), base, s.breadcrumbSeparator, links, (url) => pins.some((p) => p.url === url)) : { nodes: [], options: [] };
    this.setActive(-1);
    this.#tree.list.replaceChildren(...rendered.nodes);
    this.#options = rendered.options;

    const level = listedLevel(view);
    attr(this.#tree.list, 'data-confidence', level);
    const badge = level && showsBadge(this.#element) ? level : '';
    this.#tree.badge.textContent = badgeText(badge, s);
    this.#tree.badge.dataset.level = badge;
    this.#tree.badge.hidden = badge === '';
    const note = noted(view) ? s.lowConfidenceNote : '';
    showChildren(this.#tree.note, note ? [note] : []);
    const typed = view.query.trim();
    // "Search instead" puts the query as typed back in the box and searches it, uncorrected.
    showChildren(this.#tree.correction, view.kind !== 'error' && view.correction ? renderCorrection(doc, view.correction, typed, () => this.#host.runQuery(typed, true, true), s) : []);
    this.#renderAnswer(view, announce, links);

    let fallback: Node[] = [];
    if (view.kind === 'fallback') {
      const parts = renderFallback(
        doc,
        withNextStep(view.fallback, view.hits.length > 0, keepsPersonal(this.#element) ? pins : [], homeOf(this.#element), s.browseDocs),
        lowering(view.confidence),
        base,
        {
          search: (text) => this.#host.runQuery(text),
          showAnyway: view.revealed || view.hits.length === 0 ? null : () => this.#reveal(view),
        },
        s,
      );
      fallback = [...parts.announced, ...parts.actions];
    }
    showChildren(this.#tree.fallback, fallback);
    this.#renderFacets(view);
    this.renderStatus();
    this.sync();

    // Announced once the reader has paused: the count politely (with an uncertain answer's note,
    // which a listener would otherwise miss), the fallback assertively (the results the reader
    // expects are not coming), errors politely.
    if (!announce) return;
    if (view.kind === 'fallback' && !view.revealed) {
      this.announce([view.fallback.message, ...lowering(view.confidence).map((r) => r.message)].join(' '), true);
    } else if (view.kind === 'results' || view.kind === 'fallback') {
      const count = view.hits.length === 0 ? format(s.noResults, { query: view.query }) : countText(s, langOf(this.#element), view.hits.length);
      // Revealed matches were asked for: the note only tells what the reader already chose.
      this.announce(view.kind === 'results' && note ? `${count}. ${note}` : count, false);
    } else if (view.kind === 'error') {
      this.announce(view.message, false);
    }
  }

  /**
   * The answer card for a confident answer (answer-card.ts), unless `no-answer-card`. A new answer
   * (`announce`) reports it, after the controller's events for the same answer.
   */
  #renderAnswer(view: View, announce: boolean, links: ResultHrefOptions): void {
    const doc = this.#element.ownerDocument;
    const hit: AnswerHit | null = showsAnswerCard(this.#element) ? answerHit(view, doc.baseURI) : null;
    const card = hit && renderAnswerCard(doc, hit, doc.baseURI, this.#element.strings, (e) => this.#host.follow(hit, 0, 'answer', e), links);
    showChildren(this.#tree.answer, card ? [card] : []);
    if (!hit || !announce || view.kind !== 'results') return;
    const detail: AnswerEventDetail = { query: view.query, url: hit.url, title: hit.title };
    queueMicrotask(() => {
      if (this.#view === view) emit(this.#element, ANSWER_EVENT, detail);
    });
  }

  /**
   * The filter control for the answer's facet counts (attribute `facets`). A reader moving through
   * a facet's radios keeps the focus on the chosen one across the new answer.
   */
  #renderFacets(view: View): void {
    const focused = this.#tree.root.activeElement as HTMLElement | null;
    const facet = this.#tree.facetBar.contains(focused) ? focused!.dataset.facet : undefined;
    const counts = view.kind === 'idle' || view.kind === 'error' ? undefined : view.facets;
    this.#replacing = true;
    // Storage read once for the whole control. A facet's value: the reader's choice, else its
    // `filter-<facet>` preset, else '' (All).
    const made = counts ? this.#memory.choicesMade() : {};
    const chosen = (f: string) => made[f] ?? presetOf(this.#element, f) ?? '';
    showChildren(this.#tree.facetBar, counts ? renderFacets(this.#element.ownerDocument, counts, facetsOf(this.#element), chosen, this.#element.strings.all) : []);
    this.#replacing = false;
    if (facet !== undefined) this.#tree.facetBar.querySelector<HTMLElement>(`[data-facet="${CSS.escape(facet)}"][aria-checked=true]`)?.focus();
  }

  /** The idle view: the recent searches as options, under their header with the clear button, then the pinned results. */
  renderRecent(): void {
    if (this.#view.kind !== 'idle') return;
    const doc = this.#element.ownerDocument;
    const s = this.#element.strings;
    const personal = keepsPersonal(this.#element);
    const queries = personal ? this.#memory.recentStore().list() : [];
    const nodes = renderRecent(doc, queries);
    const pinned = renderPinned(doc, personal ? this.#memory.pinStore().list() : [], doc.baseURI, s.pinned);
    this.setActive(-1);
    this.#tree.list.replaceChildren(...nodes, ...pinned.nodes);
    this.#tree.list.setAttribute('aria-label', s.recent);
    attr(this.#tree.list, 'data-confidence', null);
    this.#options = [...nodes.map((node, i) => ({ node, recent: queries[i]! })), ...pinned.options];
    this.#tree.recentHeader.hidden = queries.length === 0;
    for (const node of answerPanels(this.#tree)) showChildren(node, []);
    this.renderStatus();
    this.sync();
  }

  renderStatus(): void {
    const loading = this.#host.loading();
    // The open dialog is never a blank screen: with nothing to list, a line says what to do.
    const { text, kind } = statusOf(this.#view, loading, this.#element.strings, isModal(this.#element) && this.#options.length === 0);
    this.#tree.status.textContent = text;
    attr(this.#tree.status, 'data-kind', kind);
    this.#tree.status.hidden = text === '';
    this.#tree.retry.hidden = !(this.#view.kind === 'error' && !loading);
  }

  /** Writes `text` to a live region after the announce delay; a newer query cancels it (cancelled). */
  announce(text: string, assertive: boolean): void {
    clearTimeout(this.#announceTimer);
    this.#tree.polite.textContent = '';
    this.#tree.assertive.textContent = '';
    this.#announceTimer = setTimeout(() => {
      (assertive ? this.#tree.assertive : this.#tree.polite).textContent = text;
    }, WIDGET_DEFAULTS.announceDelayMs);
  }

  /** A timer, request or late answer was dropped: its announcement goes too, and the status line follows. */
  cancelled(): void {
    clearTimeout(this.#announceTimer);
    this.renderStatus();
  }

  /** "Show closest matches anyway": lists the matches, marked low-confidence, the first one active. */
  #reveal(view: View & { kind: 'fallback' }): void {
    if (this.#view !== view) return;
    this.show({ ...view, revealed: true });
    this.#tree.input.focus();
    this.setActive(0);
  }

  setOpen(open: boolean): void {
    this.#open = open;
    if (!open) this.setActive(-1);
    this.sync();
  }

  /** Shows or hides the dropdown and the listbox, and keeps `aria-expanded` in step. */
  sync(): void {
    const hasOptions = this.#options.length > 0;
    this.#tree.list.hidden = !hasOptions;
    const content = hasOptions || !this.#tree.status.hidden || !this.#tree.fallback.hidden;
    this.#tree.drop.hidden = !content || (!isModal(this.#element) && !this.#open);
    this.#tree.input.setAttribute('aria-expanded', String(hasOptions && !this.#tree.drop.hidden));
    if (this.#tree.drop.hidden) this.setActive(-1);
  }

  setActive(index: number): void {
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
