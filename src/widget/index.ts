/**
 * Bundle entry: registers `<recall-box>`. Safe to load more than once (two script tags, two copies
 * bundled into different scripts): the first definition wins and later ones are skipped, because
 * `customElements.define` throws on a name that is already taken.
 */
// The bundle's data first (the stylesheet, then the strings), the code after it: esbuild lays
// modules out in import order, and gzip only refers back 32 KiB, so the code that repeats itself
// stays within reach of itself (75 B gzip when it came in). Nothing else depends on this order.
import './styles.ts';
import './strings.ts';
import { RecallBoxElement } from './recall-box.ts';

export { RecallBoxElement } from './recall-box.ts';
export { ANSWER_EVENT, CONFIDENCE_EVENT, FALLBACK_EVENT, FILTER_EVENT, PIN_EVENT, RESULTS_EVENT, SEARCH_EVENT, SELECT_EVENT } from './events.ts';
export type {
  AnswerEventDetail,
  ConfidenceEventDetail,
  FallbackEventDetail,
  FilterEventDetail,
  PinEventDetail,
  ResultsEventDetail,
  ResultSummary,
  SearchEventDetail,
  SelectEventDetail,
} from './events.ts';
export type { ConfidenceLevel, ConfidenceReason } from './search-client.ts';
export { STRINGS, type WidgetStrings } from './strings.ts';

export const TAG_NAME = 'recall-box';

if (!customElements.get(TAG_NAME)) customElements.define(TAG_NAME, RecallBoxElement);
