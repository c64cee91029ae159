/**
 * The `<recall-box>` custom element: a search input that queries the Worker as the user types and
 * lists the results, or, when the Worker is not confident they answer the query, a fallback.
 */
import { el } from './dom.ts';
import { parseDebounce, WIDGET_DEFAULTS, WIDGET_TEXT } from './options.ts';
import { renderFallback } from './render-fallback.ts';
import { renderHits } from './render-results.ts';
import {
  buildSearchUrl,
  fetchSearch,
  type ConfidenceLevel,
  type ConfidenceReason,
  type SearchConfidence,
  type SearchFallback,
  type SearchHit,
  type SearchOutcome,
} from './search-client.ts';
import { STYLES } from './styles.ts';

/** What the box currently shows. Kept separate from the DOM so new modes only add a case here. */
export type View =
  | { kind: 'idle' }
  /** `confidence` is null when the Worker sent none (an older Worker): shown as an answer. */
  | { kind: 'results'; query: string; hits: SearchHit[]; confidence: SearchConfidence | null }
  /** Not confident: the fallback, and the closest matches only once `revealed`. */
  | { kind: 'fallback'; query: string; hits: SearchHit[]; confidence: SearchConfidence; fallback: SearchFallback; revealed: boolean }
  | { kind: 'error'; query: string; message: string };

export type { ConfidenceLevel, ConfidenceReason };

/** `detail` of the `recall-box:results` event. */
export interface ResultsEventDetail {
  query: string;
  /** Results in the answer (in the fallback view, the closest matches behind "Show closest matches anyway"). */
  count: number;
}

/** `detail` of the `recall-box:confidence` event. */
export interface ConfidenceEventDetail {
  query: string;
  level: ConfidenceLevel;
  /** 0..1 */
  score: number;
  /** All of the verdict's reasons, as the Worker sent them. */
  reasons: ConfidenceReason[];
}

/** `detail` of the `recall-box:fallback` event. */
export interface FallbackEventDetail {
  query: string;
  /** The fallback message shown. */
  message: string;
  /** Codes of the reasons shown, those that lower confidence. */
  reasons: string[];
  /** Number of suggestions shown. */
  suggestions: number;
}

export const RESULTS_EVENT = 'recall-box:results';
export const CONFIDENCE_EVENT = 'recall-box:confidence';
export const FALLBACK_EVENT = 'recall-box:fallback';

/**
 * Search-as-you-type box for a recall-box Worker.
 *
 * @element recall-box
 *
 * @attr {string} endpoint - URL of the Worker's search route, resolved against the page. Default `/search`.
 * @attr {number} debounce - Milliseconds of typing pause before a request is sent. Default 150, max 2000.
 * @attr {number} limit - Passed through as the `limit` query parameter.
 * @attr {string} lang - Passed through as the `lang` query parameter.
 * @attr {string} label - Accessible name of the input. Default "Search documentation".
 * @attr {string} placeholder - Placeholder of the input. Default "Search…".
 *
 * @fires recall-box:results - After the answer to a query (possibly no results) is shown. Bubbles and
 *   is composed. `detail: { query: string, count: number }` (`ResultsEventDetail`).
 * @fires recall-box:confidence - After an answer that carries a confidence verdict is shown, right
 *   after `recall-box:results`. Bubbles and is composed.
 *   `detail: { query: string, level: 'high' | 'medium' | 'low', score: number, reasons: Array<{ code, message, effect }> }`
 *   (`ConfidenceEventDetail`).
 * @fires recall-box:fallback - When the fallback is shown instead of the results, right after
 *   `recall-box:confidence`. Bubbles and is composed.
 *   `detail: { query: string, message: string, reasons: string[], suggestions: number }` (`FallbackEventDetail`).
 *
 * @csspart input - The search input.
 * @csspart label - The input's label (visually hidden by default).
 * @csspart status - "No results" or error message line.
 * @csspart results - The results list. Carries `data-confidence="high|medium"` for a confident answer
 *   and `data-confidence="low"` for closest matches revealed from the fallback.
 * @csspart result - One result item.
 * @csspart link - The clickable body of a result (also carries `unlinked` when its URL was refused).
 * @csspart title - Result title.
 * @csspart breadcrumb - Result breadcrumb, joined with ›.
 * @csspart snippet - Result snippet.
 * @csspart mark - A highlighted match inside a snippet.
 * @csspart fallback - The region shown instead of the results when the Worker is not confident.
 * @csspart fallback-message - The fallback's message ("I couldn’t find this in the docs.").
 * @csspart reasons - The list of reasons that lowered confidence.
 * @csspart reason - One reason (its code in `data-code`).
 * @csspart suggestions - The list of suggestions.
 * @csspart suggestion - One suggestion: a `<button>` that searches (`data-kind="query"`) or a link to a
 *   page (`data-kind="page"`; a `<span>` that also carries `unlinked` when its URL was refused).
 * @csspart fallback-link - The site's contact or issue link.
 * @csspart show-anyway - The "Show closest matches anyway" button.
 * @csspart low-confidence-note - "Closest matches — these may not answer your question", above revealed matches.
 *
 * @cssprop --recall-box-accent - Focus ring, link titles, hover tint. Default #2563eb.
 * @cssprop --recall-box-fg - Text color. Default inherited.
 * @cssprop --recall-box-bg - Input background. Default Canvas.
 * @cssprop --recall-box-muted - Breadcrumb and status text. Default GrayText.
 * @cssprop --recall-box-border - Input border and result separators. Default 25% currentColor.
 * @cssprop --recall-box-radius - Corner radius. Default .5em.
 * @cssprop --recall-box-mark-bg - Highlight background. Default Mark.
 * @cssprop --recall-box-mark-fg - Highlight text. Default MarkText.
 * @cssprop --recall-box-error - Error message color. Default #b91c1c.
 */
export class RecallBoxElement extends HTMLElement {
  static readonly observedAttributes = ['label', 'placeholder'];

  readonly #label: HTMLLabelElement;
  readonly #input: HTMLInputElement;
  readonly #status: HTMLParagraphElement;
  readonly #list: HTMLUListElement;
  /** The fallback's message and reasons: a live region that stays in the tree, like the status line. */
  readonly #fallbackLive: HTMLDivElement;
  readonly #fallbackActions: HTMLDivElement;
  readonly #note: HTMLParagraphElement;
  #view: View = { kind: 'idle' };
  /** The trimmed query the box is showing or fetching; '' when idle. */
  #query = '';
  #timer: ReturnType<typeof setTimeout> | undefined;
  #controller: AbortController | undefined;
  /** Increments for every request and every cancel; a response applies only if its number is current. */
  #generation = 0;

  constructor() {
    super();
    const doc = this.ownerDocument;
    const root = this.attachShadow({ mode: 'open' });
    this.#label = el(doc, 'label', { part: 'label', class: 'sr', for: 'q' });
    this.#input = el(doc, 'input', {
      part: 'input',
      id: 'q',
      type: 'search',
      autocomplete: 'off',
      spellcheck: 'false',
      enterkeyhint: 'search',
    });
    this.#status = el(doc, 'p', { part: 'status', role: 'status', 'aria-live': 'polite' });
    this.#list = el(doc, 'ul', { part: 'results', role: 'list' });
    this.#fallbackLive = el(doc, 'div', { role: 'status', 'aria-live': 'polite' });
    this.#fallbackActions = el(doc, 'div');
    const fallback = el(doc, 'div', { part: 'fallback' }, [this.#fallbackLive, this.#fallbackActions]);
    // Focusable from script only, so revealing the matches can move focus to it from the removed button.
    this.#note = el(doc, 'p', { part: 'low-confidence-note', tabindex: '-1' });
    root.append(
      el(doc, 'style', {}, [STYLES]),
      this.#label,
      this.#input,
      this.#status,
      fallback,
      this.#note,
      this.#list,
    );
    this.#input.addEventListener('input', () => this.#onInput());
    this.#input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') this.#searchNow();
    });
    this.#syncText();
  }

  connectedCallback(): void {
    // After a move in the DOM (disconnect + connect), pick the query up again.
    this.#onInput();
  }

  attributeChangedCallback(): void {
    this.#syncText();
  }

  disconnectedCallback(): void {
    this.#cancel();
    this.#query = '';
  }

  #syncText(): void {
    this.#label.textContent = this.getAttribute('label') || WIDGET_TEXT.label;
    this.#input.placeholder = this.getAttribute('placeholder') ?? WIDGET_TEXT.placeholder;
  }

  #onInput(): void {
    const query = this.#input.value.trim();
    if (query === this.#query) return;
    this.#query = query;
    this.#cancel();
    if (query === '') {
      this.#show({ kind: 'idle' });
      return;
    }
    this.#timer = setTimeout(() => void this.#search(query), parseDebounce(this.getAttribute('debounce')));
  }

  /** Enter skips the debounce and also retries the same query, e.g. after an error. */
  #searchNow(): void {
    const query = this.#input.value.trim();
    if (query === '') return;
    this.#query = query;
    this.#cancel();
    void this.#search(query);
  }

  /** Stops the pending timer and in-flight request, and makes any response still on its way stale. */
  #cancel(): void {
    clearTimeout(this.#timer);
    this.#controller?.abort();
    this.#controller = undefined;
    this.#generation++;
    this.#list.removeAttribute('aria-busy');
  }

  async #search(query: string): Promise<void> {
    const generation = ++this.#generation;
    const controller = new AbortController();
    this.#controller = controller;
    this.#list.setAttribute('aria-busy', 'true');
    let outcome: SearchOutcome;
    try {
      const url = buildSearchUrl(
        this.getAttribute('endpoint') || WIDGET_DEFAULTS.endpoint,
        { query, limit: this.getAttribute('limit'), lang: this.getAttribute('lang') },
        this.ownerDocument.baseURI,
      );
      outcome = await fetchSearch(url, controller.signal);
    } catch {
      // Aborted: a newer query (or an empty box) owns the display now. Otherwise the endpoint
      // attribute is not a URL, which is the page author's to fix, not the reader's.
      if (controller.signal.aborted) return;
      outcome = { ok: false, message: WIDGET_TEXT.failed };
    }
    // Aborting is best-effort (the body may already be read), so the generation decides.
    if (generation !== this.#generation) return;
    this.#controller = undefined;
    this.#list.removeAttribute('aria-busy');
    if (outcome.ok) {
      const { hits, confidence, fallback } = outcome;
      const view: View =
        confidence && fallback
          ? { kind: 'fallback', query, hits, confidence, fallback, revealed: false }
          : { kind: 'results', query, hits, confidence };
      this.#show(view);
      this.#emit<ResultsEventDetail>(RESULTS_EVENT, { query, count: hits.length });
      if (confidence) {
        this.#emit<ConfidenceEventDetail>(CONFIDENCE_EVENT, {
          query,
          level: confidence.level,
          score: confidence.score,
          reasons: confidence.reasons.map((r) => ({ ...r })),
        });
      }
      if (view.kind === 'fallback') {
        this.#emit<FallbackEventDetail>(FALLBACK_EVENT, {
          query,
          message: view.fallback.message,
          reasons: lowering(view.confidence).map((r) => r.code),
          suggestions: view.fallback.suggestions.length,
        });
      }
    } else {
      this.#show({ kind: 'error', query, message: outcome.message });
    }
  }

  #emit<T>(type: string, detail: T): void {
    this.dispatchEvent(new CustomEvent<T>(type, { bubbles: true, composed: true, detail }));
  }

  #show(view: View): void {
    this.#view = view;
    const doc = this.ownerDocument;
    const base = doc.baseURI;
    const listed = view.kind === 'results' || (view.kind === 'fallback' && view.revealed);
    this.#list.replaceChildren(...(listed ? renderHits(doc, view.hits, base) : []));
    const level = view.kind === 'results' ? view.confidence?.level : view.kind === 'fallback' && view.revealed ? 'low' : undefined;
    if (level) this.#list.setAttribute('data-confidence', level);
    else this.#list.removeAttribute('data-confidence');
    this.#note.textContent = view.kind === 'fallback' && view.revealed && view.hits.length > 0 ? WIDGET_TEXT.lowConfidenceNote : '';

    if (view.kind === 'fallback') {
      const parts = renderFallback(doc, view.fallback, lowering(view.confidence), base, {
        search: (text) => this.#runSuggestion(text),
        showAnyway: view.revealed || view.hits.length === 0 ? null : () => this.#reveal(view),
      });
      // Only a change of query rewrites the announced part, so revealing the matches is not re-announced.
      if (!view.revealed) this.#fallbackLive.replaceChildren(...parts.announced);
      this.#fallbackActions.replaceChildren(...parts.actions);
    } else {
      this.#fallbackLive.replaceChildren();
      this.#fallbackActions.replaceChildren();
    }

    this.#status.textContent = statusText(view);
    if (view.kind === 'error') this.#status.setAttribute('data-kind', 'error');
    else this.#status.removeAttribute('data-kind');
  }

  /** "Show closest matches anyway": lists the matches, marked low-confidence, and moves focus to their note. */
  #reveal(view: View & { kind: 'fallback' }): void {
    if (this.#view !== view) return;
    this.#show({ ...view, revealed: true });
    this.#note.focus();
  }

  /** A query suggestion: searches for it as if typed, keeping focus in the box. */
  #runSuggestion(text: string): void {
    this.#input.value = text;
    this.#input.focus();
    this.#searchNow();
  }
}

/** The reasons a fallback lists: those that lower confidence. */
function lowering(confidence: SearchConfidence): ConfidenceReason[] {
  return confidence.reasons.filter((r) => r.effect === 'lowers');
}

/** The line under the input: empty while there are results to look at. */
function statusText(view: View): string {
  if (view.kind === 'error') return view.message;
  if (view.kind === 'results' && view.hits.length === 0) return WIDGET_TEXT.noResults;
  return '';
}

declare global {
  interface HTMLElementTagNameMap {
    'recall-box': RecallBoxElement;
  }
}
