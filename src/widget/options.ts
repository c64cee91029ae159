/**
 * The widget's tunables and user-facing strings, in one place, and the parsing of the attributes
 * that carry them.
 */

export const WIDGET_DEFAULTS = {
  /** Search URL used when the `endpoint` attribute is missing; resolved against the page URL. */
  endpoint: '/search',
  /**
   * Milliseconds to wait after the last keystroke before sending a request. Range: 0 (every
   * keystroke) to any finite value. 150 ms is below the ~200 ms at which typing-ahead feels laggy
   * while still collapsing a burst of fast keystrokes into one request.
   */
  debounceMs: 150,
  /**
   * Upper bound for the `debounce` attribute, in milliseconds. Range: ≥ 0. A larger value is
   * clamped here, because a typo like `debounce="15000"` would make the box look broken.
   */
  maxDebounceMs: 2000,
} as const;

/** Default strings. Attributes (`label`, `placeholder`) override the first two. */
export const WIDGET_TEXT = {
  label: 'Search documentation',
  placeholder: 'Search…',
  noResults: 'No results',
  /** Shown when the request never got an answer (offline, DNS, CORS, server reset). */
  unreachable: 'Search is unavailable right now.',
  /** Shown when the server answered with an error but no message we can show. */
  failed: 'Search failed',
  breadcrumbSeparator: ' › ',
  /** Fallback message when the Worker is not confident but sent no message of its own. */
  fallback: 'I couldn’t find this in the docs.',
  /** Accessible name of the fallback's list of suggestions. */
  suggestions: 'Suggestions',
  /** The fallback's button that reveals the closest matches. */
  showAnyway: 'Show closest matches anyway',
  /** Above the closest matches once revealed. */
  lowConfidenceNote: 'Closest matches — these may not answer your question',
} as const;

/** Parses the `debounce` attribute; anything that is not a non-negative number gives the default. */
export function parseDebounce(value: string | null): number {
  if (value === null || value.trim() === '') return WIDGET_DEFAULTS.debounceMs;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) return WIDGET_DEFAULTS.debounceMs;
  return Math.min(n, WIDGET_DEFAULTS.maxDebounceMs);
}
