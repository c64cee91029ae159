/**
 * The widget's tunables, in one place, and the parsing of the attributes that carry them. Every
 * number the element uses is a named default here, with why it has that value. Words live in
 * strings.ts.
 */

export const WIDGET_DEFAULTS = {
  /** Search URL used when the `endpoint` attribute is missing; resolved against the page URL. */
  endpoint: '/search',
  /**
   * The docs' start page (attribute `home`), resolved against the page URL: the fallback's last way
   * on (views/next-step.ts). `/`: the site's root, where most docs sites start; a site served under
   * a path (`/my-project/`) sets the attribute.
   */
  startPage: '/',
  /**
   * Milliseconds to wait after the last keystroke before sending a request. Range: 0 (every
   * keystroke) to maxDebounceMs. 150 ms is below the ~200 ms at which typing-ahead feels laggy
   * while still collapsing a burst of fast keystrokes into one request.
   */
  debounceMs: 150,
  /**
   * Upper bound for the `debounce` attribute, in milliseconds. A larger value is clamped here,
   * because a typo like `debounce="15000"` would make the box look broken.
   */
  maxDebounceMs: 2000,
  /**
   * Milliseconds a request may take before "Searching…" is shown. 300 ms: most answers from the
   * edge arrive sooner, and a message that flashes for a few frames reads as flicker, not progress.
   */
  loadingDelayMs: 300,
  /**
   * Milliseconds after an answer is shown before its count (or the fallback) is announced to
   * screen readers. An answer that is replaced within this time was for a query the reader was
   * still typing; announcing it would read out counts for half-words.
   */
  announceDelayMs: 500,
  /**
   * Milliseconds after the last keystroke at which the reader counts as having paused: the box then
   * shows the Worker's verdict as given, even when it completed the last word (`pizza recip` with
   * the matches of "recipe…" listed turns into the fallback the Worker judged). Before that, a
   * word the Worker completed is taken as still being typed, and its matches are listed instead of
   * a fallback that would tell the reader the docs do not answer a question not yet asked. 1000 ms:
   * about four times a typist's average gap between keystrokes (~240 ms over 136 million keystrokes,
   * Dhakal et al., CHI 2018), so a slow typist mid-word is not judged, and short enough that a
   * reader who stopped sees the verdict before looking away (the ~1 s limit for keeping a flow of
   * thought, Nielsen's response-time limits).
   */
  settleMs: 1000,
  /** Recent searches kept per endpoint. 5 fit above the fold of a dropdown without scrolling. */
  recentMax: 5,
  /** Longest query kept as a recent search, in UTF-16 units; longer ones are not stored (the Worker caps queries at 256 code points). */
  recentMaxLength: 256,
  /** localStorage key prefix; the resolved endpoint URL follows it, so two search boxes for two sites keep two lists. */
  recentKeyPrefix: 'recall-box:recent:',
  /** Pinned results kept per endpoint; the oldest goes when one more is pinned. 10: a short list readers can scan, as DocSearch's favourites. */
  pinMax: 10,
  /** Longest pin kept (URL, title and page title together, UTF-16 units): a stored value may have been written by anyone. */
  pinMaxLength: 2048,
  /** localStorage key prefix of the pinned results, the resolved endpoint following it. */
  pinKeyPrefix: 'recall-box:pins:',
  /** localStorage key prefix of the reader's filter choices (attribute `facets`), the resolved endpoint following it: remembered per site. */
  filterKeyPrefix: 'recall-box:filters:',
  /** Filter choices remembered per endpoint, one per facet: the index has at most 10 facets (pool, lang and 8 of the site's). */
  filterMax: 10,
  /**
   * Keyboard shortcuts that open the modal (mode="modal"), space-separated. `mod` is ⌘ on Apple
   * platforms and Ctrl elsewhere. Inline boxes have none unless the `shortcut` attribute sets one.
   */
  modalShortcut: 'mod+k /',
} as const;

/** The attributes the element reads. All are observed, and custom-elements.json must list each one. */
export const WIDGET_ATTRIBUTES = [
  'endpoint',
  'mode',
  'debounce',
  'limit',
  'lang',
  'label',
  'placeholder',
  'shortcut',
  'theme',
  'no-recent',
  'confidence-badge',
  'no-answer-card',
  'no-highlight-param',
  'no-analytics',
  'facets',
  'home',
] as const;

export type WidgetMode = 'inline' | 'modal';

/** Parses the `debounce` attribute; anything that is not a non-negative number gives the default. */
export function parseDebounce(value: string | null): number {
  // Blank is not 0; NaN and Infinity fail the range test.
  const n = value?.trim() ? Number(value) : NaN;
  return n >= 0 && n < Infinity ? Math.min(n, WIDGET_DEFAULTS.maxDebounceMs) : WIDGET_DEFAULTS.debounceMs;
}

/** Parses the `mode` attribute: `modal`, or `inline` for anything else (including none). */
export function parseMode(value: string | null): WidgetMode {
  return value?.trim().toLowerCase() === 'modal' ? 'modal' : 'inline';
}

/** The facets the `facets` attribute shows as filter controls, in its order, each once. */
export function parseFacets(value: string | null): string[] {
  return [...new Set(value?.split(/[\s,]+/).filter(Boolean))];
}

/**
 * A site's preset filters: each attribute `filter-<facet>="<value>"` (e.g. `filter-version="v5"`,
 * `filter-pool="reference"`) sends `filter.<facet>=<value>` with every search (docs/api.md).
 * Attribute names are lower case in HTML, so are the facets they can name. Read at each search,
 * so a changed attribute applies to the next one.
 */
export function filterParams(attributes: Iterable<Attr>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const { name, value } of attributes) if (name.startsWith('filter-') && value) params[`filter.${name.slice(7)}`] = value;
  return params;
}

/**
 * The filters a search sends: the `filter-<facet>` presets, overridden by the reader's choice for
 * each facet the control shows (`shown`, attribute `facets`); a choice of `''` ("All") drops the
 * facet's preset. A stored choice for a facet no longer shown is ignored, not applied unseen.
 */
export function withChosenFilters(presets: Record<string, string>, shown: readonly string[], chosen: Readonly<Record<string, string>>): Record<string, string> {
  const params = { ...presets };
  for (const facet of shown) {
    const value = chosen[facet];
    if (value) params[`filter.${facet}`] = value;
    else if (value === '') delete params[`filter.${facet}`];
  }
  return params;
}
