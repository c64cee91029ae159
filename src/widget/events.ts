/**
 * The events `<recall-box>` dispatches. All bubble and are composed, so a listener on `document`
 * hears them from inside any shadow root.
 */
import type { ConfidenceLevel, ConfidenceOutcome, ConfidenceReason, FallbackCause } from './search-client.ts';

export const SEARCH_EVENT = 'recall-box:search';
export const RESULTS_EVENT = 'recall-box:results';
export const SELECT_EVENT = 'recall-box:select';
export const CONFIDENCE_EVENT = 'recall-box:confidence';
export const FALLBACK_EVENT = 'recall-box:fallback';
export const ANSWER_EVENT = 'recall-box:answer';
export const FILTER_EVENT = 'recall-box:filter';
export const PIN_EVENT = 'recall-box:pin';

/** Dispatches `type` from `target`, bubbling and composed; returns false if a listener cancelled it. */
export function emit<T>(target: EventTarget, type: string, detail: T, cancelable = false): boolean {
  return target.dispatchEvent(new CustomEvent<T>(type, { bubbles: true, composed: true, cancelable, detail }));
}

/** Every event name, for documentation checks (custom-elements.json must list each). */
export const WIDGET_EVENTS = [SEARCH_EVENT, RESULTS_EVENT, SELECT_EVENT, CONFIDENCE_EVENT, FALLBACK_EVENT, ANSWER_EVENT, FILTER_EVENT, PIN_EVENT] as const;

/** `detail` of `recall-box:search`: a request for `query` is being sent. */
export interface SearchEventDetail {
  query: string;
}

/** One result as events report it. */
export interface ResultSummary {
  id: string;
  url: string;
  title: string;
  breadcrumb: string[];
}

/** `detail` of `recall-box:results`. */
export interface ResultsEventDetail {
  query: string;
  /** Results in the answer (in the fallback view, the closest matches behind "Show closest matches anyway"). */
  count: number;
  /** Those results, in the Worker's rank order. */
  results: ResultSummary[];
}

/** `detail` of `recall-box:select`, sent when a result is opened (click or Enter). Cancelable. */
export interface SelectEventDetail {
  query: string;
  url: string;
  title: string;
  /** 1-based rank of the result in the Worker's answer. */
  position: number;
  /**
   * What was followed: a result of the list, the answer card's "Read more" (the top result), or a
   * pinned result (shown while the box is empty; `query` is then `''` and `position` its place among the pins).
   */
  source: 'result' | 'answer' | 'pinned';
}

/** `detail` of `recall-box:filter`: the reader chose `value` of `facet` in the filter control (`''`: All). */
export interface FilterEventDetail {
  facet: string;
  value: string;
}

/** `detail` of `recall-box:pin`: the reader pinned (`pinned: true`) or unpinned a result. */
export interface PinEventDetail {
  url: string;
  title: string;
  pinned: boolean;
}

/** `detail` of `recall-box:answer`: the answer card was shown for `query`, from the top result. */
export interface AnswerEventDetail {
  query: string;
  url: string;
  title: string;
}

/** `detail` of `recall-box:confidence`. */
export interface ConfidenceEventDetail {
  query: string;
  level: ConfidenceLevel;
  /**
   * The Worker's verdict on the results: `answer` (listed as an answer), `uncertain` (listed under
   * the low-confidence note, `level` `low`) or `fallback` (the fallback instead; derived from
   * `shouldAnswer` for an older Worker). A word still being typed lists the matches of a
   * `fallback` outcome without the fallback, and no `recall-box:fallback` follows.
   */
  outcome: ConfidenceOutcome;
  /** 0..1 */
  score: number;
  /** All of the verdict's reasons, as the Worker sent them. */
  reasons: ConfidenceReason[];
}

/** `detail` of `recall-box:fallback`. */
export interface FallbackEventDetail {
  query: string;
  /** The fallback message shown. */
  message: string;
  /**
   * Why: `no-results` (nothing matched), `not-covered` (the docs do not cover it), `off-topic`
   * (also for an older Worker, which does not say) or `filtered` (nothing within the filters, where
   * other parts of the docs match).
   */
  cause: FallbackCause;
  /** Codes of the reasons shown, those that lower confidence. */
  reasons: string[];
  /** Number of suggestions shown. */
  suggestions: number;
}
