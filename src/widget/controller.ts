/**
 * The box's requests and their state, apart from the DOM: debouncing what the reader types,
 * one request at a time (a newer query aborts the older and makes any late answer stale), the
 * loading delay, and turning each answer into a View and the events that announce it. The dropdown
 * (dropdown.ts) renders what this decides; a layout change touches the views and panel-order.ts only.
 */
import {
  CONFIDENCE_EVENT,
  FALLBACK_EVENT,
  RESULTS_EVENT,
  SEARCH_EVENT,
  type ConfidenceEventDetail,
  type FallbackEventDetail,
  type ResultsEventDetail,
  type SearchEventDetail,
} from './events.ts';
import { WIDGET_DEFAULTS } from './options.ts';
import { fetchSearch, type FetchOutcome } from './search-client.ts';
import type { WidgetStrings } from './strings.ts';
import { lowering, type View } from './views/view.ts';

/** What the controller needs from the element that hosts it. */
export interface ControllerHost {
  /** The request URL for `query` (endpoint, attributes, searchParams; `exact`: no correction); throws when the endpoint is not a URL. */
  requestUrl(query: string, exact: boolean): string;
  /** The strings in the reader's language, read when a request starts. */
  strings(): WidgetStrings;
  /** Show `view` (an answer, an error, or idle). */
  show(view: View): void;
  /** A request is in flight (`true`) or over; the loading message itself waits for `loadingShown`. */
  busy(on: boolean): void;
  /** The loading delay passed with the request still in flight: show that it is loading. */
  loadingShown(): void;
  /** A timer, request or late answer was dropped: anything scheduled for the old query goes too. */
  cancelled(): void;
  /** Dispatches a bubbling, composed event; false when a listener cancelled it. */
  emit<T>(type: string, detail: T, cancelable?: boolean): boolean;
}

export class SearchController {
  /**
   * The query the box is showing or fetching, trimmed but for one space after the last word, which
   * tells the Worker the word is finished (`deplo ` is not completed to deploy); '' when idle.
   */
  #query = '';
  /** When the reader last changed the query (Date.now()), from which the pause that settles it is counted. */
  #typedAt = 0;
  /** The debounce's, then the settle's (settleMs) timer: one pending step for the query at a time. */
  #timer: ReturnType<typeof setTimeout> | undefined;
  #loadingTimer: ReturnType<typeof setTimeout> | undefined;
  #loading = false;
  #request: AbortController | undefined;
  /** Increments for every request and every cancel; an answer applies only if its number is current. */
  #generation = 0;

  readonly #host: ControllerHost;

  constructor(host: ControllerHost) {
    this.#host = host;
  }

  /** The query as the reader sees it (events, recent searches, messages): without the finishing space. */
  get query(): string {
    return this.#query.trimEnd();
  }

  /** Whether the loading delay passed with a request still in flight. */
  get loading(): boolean {
    return this.#loading;
  }

  /**
   * The box's text changed: an empty box goes idle at once, another query is searched after
   * `debounceMs` of quiet. Returns false when the trimmed query is the one already shown or fetched.
   */
  typed(text: string, debounceMs: number): boolean {
    const query = asTyped(text);
    if (query === this.#query) return false;
    this.#query = query;
    this.#typedAt = Date.now();
    this.cancel();
    if (query === '') this.#host.show({ kind: 'idle' });
    else this.#timer = setTimeout(() => void this.#search(query), debounceMs);
    return true;
  }

  /**
   * Searches for `text` now (Enter, a suggestion, a recent search, retry); an empty query does
   * nothing. `exact`: every word as typed, no correction ("Search instead for …").
   */
  run(text: string, exact = false): void {
    const query = asTyped(text);
    if (query === '') return;
    this.#query = query;
    this.cancel();
    void this.#search(query, exact, true);
  }

  /** Forgets the query (the element left the page); nothing pending survives. */
  reset(): void {
    this.cancel();
    this.#query = '';
  }

  /** Stops the pending timer and in-flight request, and makes any answer still on its way stale. */
  cancel(): void {
    clearTimeout(this.#timer);
    this.#request?.abort();
    this.#generation++;
    this.#settle();
    this.#host.cancelled();
  }

  /** The request is over (answered, or superseded): no loading message, not busy. */
  #settle(): void {
    clearTimeout(this.#loadingTimer);
    this.#request = undefined;
    this.#loading = false;
    this.#host.busy(false);
  }

  /** `asked`: the reader sent the query (Enter, a suggestion), so it is not a word still being typed. */
  async #search(sent: string, exact = false, asked = false): Promise<void> {
    const generation = ++this.#generation;
    // The request carries the finishing space; what is shown and announced does not.
    const query = sent.trimEnd();
    const s = this.#host.strings();
    if (isOffline()) {
      this.#host.show({ kind: 'error', query, message: s.offline, offline: true });
      return;
    }
    const request = new AbortController();
    this.#request = request;
    this.#host.busy(true);
    this.#loadingTimer = setTimeout(() => {
      this.#loading = true;
      this.#host.loadingShown();
    }, WIDGET_DEFAULTS.loadingDelayMs);
    this.#host.emit<SearchEventDetail>(SEARCH_EVENT, { query });
    let outcome: FetchOutcome;
    try {
      outcome = await fetchSearch(this.#host.requestUrl(sent, exact), request.signal, s);
    } catch {
      // Aborted: a newer query (or an empty box) owns the display now. Otherwise the endpoint
      // attribute is not a URL, which is the page author's to fix, not the reader's (requestUrl
      // said so on the console).
      if (request.signal.aborted) return;
      outcome = { ok: false, kind: 'error', message: s.failed };
    }
    // Aborting is best-effort (the body may already be read), so the generation decides, and the
    // query must still be the one in the box.
    if (generation !== this.#generation || sent !== this.#query) return;
    this.#settle();
    if (!outcome.ok) {
      const offline = outcome.kind === 'unreachable' && isOffline();
      this.#host.show({ kind: 'error', query, message: offline ? s.offline : outcome.message, offline });
      return;
    }
    const { hits, confidence, fallback, correction, completing, facets } = outcome;
    const results: View = { kind: 'results', query, hits, confidence, correction, facets };
    // An `uncertain` verdict has no fallback: its results view lists the hits under the note.
    const verdict: View = confidence && fallback ? { kind: 'fallback', query, hits, confidence, fallback, revealed: false, correction, facets } : results;
    // A reader still typing a word the docs hold (`deplo`) has not asked yet: the fallback would
    // tell them the docs do not answer. Its matches are listed, at the verdict's level, until the
    // reader pauses (settleMs after the last keystroke); then the verdict shows as the Worker gave
    // it. A query the reader sent (Enter, a suggestion) was asked: its verdict shows at once.
    const wait = asked ? 0 : this.#typedAt + WIDGET_DEFAULTS.settleMs - Date.now();
    const early = verdict !== results && completing && hits.length > 0 && wait > 0;
    this.#host.show(early ? results : verdict);
    this.#host.emit<ResultsEventDetail>(RESULTS_EVENT, {
      query,
      count: hits.length,
      results: hits.map((h) => ({ id: h.id, url: h.url, title: h.title, breadcrumb: [...h.breadcrumb] })),
    });
    if (confidence) {
      this.#host.emit<ConfidenceEventDetail>(CONFIDENCE_EVENT, {
        query,
        level: confidence.level,
        outcome: confidence.outcome,
        score: confidence.score,
        reasons: confidence.reasons.map((r) => ({ ...r })),
      });
    }
    if (early) {
      // Typing again cancels it (cancel), as it does a pending request.
      this.#timer = setTimeout(() => {
        this.#host.show(verdict);
        this.#fellBack(verdict);
      }, wait);
    } else this.#fellBack(verdict);
  }

  /** Announces a fallback just shown (recall-box:fallback); other views have no event of their own. */
  #fellBack(view: View): void {
    if (view.kind === 'fallback') {
      this.#host.emit<FallbackEventDetail>(FALLBACK_EVENT, {
        query: view.query,
        message: view.fallback.message,
        cause: view.fallback.cause,
        reasons: lowering(view.confidence).map((r) => r.code),
        suggestions: view.fallback.suggestions.length,
      });
    }
  }
}

/** The box's text as a query: trimmed, but one space kept after a finished last word; '' for a blank box. */
function asTyped(text: string): string {
  return text.trim() === '' ? '' : text.trimStart().replace(/\s+$/u, ' ');
}

/** Whether the browser says it has no network (then a search cannot succeed and is not sent). */
function isOffline(): boolean {
  return globalThis.navigator?.onLine === false;
}
