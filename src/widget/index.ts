/**
 * Bundle entry: registers `<recall-box>`. Safe to load more than once (two script tags, two copies
 * bundled into different scripts): the first definition wins and later ones are skipped, because
 * `customElements.define` throws on a name that is already taken.
 */
import { RecallBoxElement } from './recall-box.ts';

export { CONFIDENCE_EVENT, FALLBACK_EVENT, RecallBoxElement, RESULTS_EVENT } from './recall-box.ts';
export type { ConfidenceEventDetail, ConfidenceLevel, ConfidenceReason, FallbackEventDetail, ResultsEventDetail } from './recall-box.ts';

export const TAG_NAME = 'recall-box';

if (!customElements.get(TAG_NAME)) customElements.define(TAG_NAME, RecallBoxElement);
