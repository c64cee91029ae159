/**
 * The `<recall-box>` custom element: a search input that queries the Worker as the user types and
 * lists the results.
 */
import { el } from './dom.ts';
import { parseDebounce, WIDGET_DEFAULTS, WIDGET_TEXT } from './options.ts';
import { renderHits } from './render-results.ts';
import { buildSearchUrl, fetchSearch, type SearchHit, type SearchOutcome } from './search-client.ts';
import { STYLES } from './styles.ts';

/** What the box currently shows. Kept separate from the DOM so new modes only add a case here. */
export type View =
  | { kind: 'idle' }
  | { kind: 'results'; query: string; hits: SearchHit[] }
  | { kind: 'error'; query: string; message: string };

/** `detail` of the `recall-box:results` event. */
export interface ResultsEventDetail {
  query: string;
  count: number;
}

export const RESULTS_EVENT = 'recall-box:results';

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
 * @fires recall-box:results - After results (possibly none) for a query are shown. Bubbles and is
 *   composed. `detail: { query: string, count: number }`.
 *
 * @csspart input - The search input.
 * @csspart label - The input's label (visually hidden by default).
 * @csspart status - "No results" or error message line.
 * @csspart results - The results list.
 * @csspart result - One result item.
 * @csspart link - The clickable body of a result (also carries `unlinked` when its URL was refused).
 * @csspart title - Result title.
 * @csspart breadcrumb - Result breadcrumb, joined with ›.
 * @csspart snippet - Result snippet.
 * @csspart mark - A highlighted match inside a snippet.
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
    root.append(el(doc, 'style', {}, [STYLES]), this.#label, this.#input, this.#status, this.#list);
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
      this.#show({ kind: 'results', query, hits: outcome.hits });
      this.dispatchEvent(
        new CustomEvent<ResultsEventDetail>(RESULTS_EVENT, {
          bubbles: true,
          composed: true,
          detail: { query, count: outcome.hits.length },
        }),
      );
    } else {
      this.#show({ kind: 'error', query, message: outcome.message });
    }
  }

  #show(view: View): void {
    const hits = view.kind === 'results' ? renderHits(this.ownerDocument, view.hits, this.ownerDocument.baseURI) : [];
    this.#list.replaceChildren(...hits);
    this.#status.textContent = statusText(view);
    if (view.kind === 'error') this.#status.setAttribute('data-kind', 'error');
    else this.#status.removeAttribute('data-kind');
  }
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
