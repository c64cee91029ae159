/**
 * What the box shows, as data: the controller decides it (src/widget/controller.ts), the dropdown
 * (src/widget/dropdown.ts) renders it through the views. Kept apart from the DOM so every state renders from one place.
 */
import type { FacetCounts } from '../../protocol/response.ts';
import type { ConfidenceLevel, ConfidenceReason, SearchConfidence, SearchCorrection, SearchFallback, SearchHit } from '../search-client.ts';
import { format, type WidgetStrings } from '../strings.ts';

export type View =
  | { kind: 'idle' }
  /**
   * `confidence` is null when the Worker sent none (an older Worker): shown as an answer. Its
   * outcome `uncertain` lists the hits under the low-confidence note.
   */
  | { kind: 'results'; query: string; hits: SearchHit[]; confidence: SearchConfidence | null; correction: SearchCorrection | null; facets?: FacetCounts }
  /** Not confident: the fallback, and the closest matches only once `revealed`. */
  | { kind: 'fallback'; query: string; hits: SearchHit[]; confidence: SearchConfidence; fallback: SearchFallback; revealed: boolean; correction: SearchCorrection | null; facets?: FacetCounts }
  /** `offline`: the browser reports no network; the query runs again when it is back. */
  | { kind: 'error'; query: string; message: string; offline: boolean };

/** The reasons a fallback lists: those that lower confidence. */
export function lowering(confidence: SearchConfidence): ConfidenceReason[] {
  return confidence.reasons.filter((r) => r.effect === 'lowers');
}

/** Whether the view lists hits: an answer, or the fallback's closest matches once revealed. */
export function listsHits(view: View): view is View & { kind: 'results' | 'fallback' } {
  return view.kind === 'results' || (view.kind === 'fallback' && view.revealed);
}

/** The confidence the listed hits carry (`data-confidence`, the badge): revealed matches are `low`. */
export function listedLevel(view: View): ConfidenceLevel | undefined {
  if (view.kind === 'results') return view.confidence?.level;
  return view.kind === 'fallback' && view.revealed ? 'low' : undefined;
}

/** Whether the listed hits go under the low-confidence note: an uncertain answer's, or revealed closest matches. */
export function noted(view: View): boolean {
  return listsHits(view) && view.hits.length > 0 && (view.kind === 'fallback' || view.confidence?.outcome === 'uncertain');
}

/**
 * The status line: loading, an error, offline, "no results", or (`hint`: an empty box with nothing
 * listed in it) what to do; empty text hides it.
 */
export function statusOf(view: View, loading: boolean, s: WidgetStrings, hint = false): { text: string; kind: '' | 'loading' | 'error' | 'offline' | 'empty' | 'hint' } {
  if (loading) return { text: s.loading, kind: 'loading' };
  if (view.kind === 'idle' && hint) return { text: s.typeToSearch, kind: 'hint' };
  if (view.kind === 'error') return { text: view.message, kind: view.offline ? 'offline' : 'error' };
  if (view.kind === 'results' && view.hits.length === 0) return { text: format(s.noResults, { query: view.query }), kind: 'empty' };
  return { text: '', kind: '' };
}

/** The badge's text for a level (attribute `confidence-badge`). */
export function badgeText(level: ConfidenceLevel | '', s: WidgetStrings): string {
  return level === 'high' ? s.confidenceHigh : level === 'medium' ? s.confidenceMedium : level === 'low' ? s.confidenceLow : '';
}
