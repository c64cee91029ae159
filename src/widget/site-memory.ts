/**
 * What the box remembers for one site, named by its resolved endpoint: the recent searches, the
 * pinned results and the reader's filter choices (stored.ts says how storage failures are
 * survived). Each list is opened when first used; after the endpoint changes, `forget` makes the
 * next use open the new site's.
 */
import { WIDGET_DEFAULTS } from './options.ts';
import { pinnedResults, type Pin } from './pins.ts';
import { RecentSearches } from './recent.ts';
import { StoredList } from './stored.ts';

export class SiteMemory {
  #recent: RecentSearches | null = null;
  #pins: StoredList<Pin> | null = null;
  /** The reader's filter choices as `facet=value` (`facet=`: All), remembered per endpoint. */
  #choices: StoredList<string> | null = null;
  /** The resolved endpoint, read when a list is opened. */
  readonly #siteKey: () => string;

  constructor(siteKey: () => string) {
    this.#siteKey = siteKey;
  }

  recentStore(): RecentSearches {
    return (this.#recent ??= new RecentSearches(WIDGET_DEFAULTS.recentKeyPrefix + this.#siteKey()));
  }

  pinStore(): StoredList<Pin> {
    return (this.#pins ??= pinnedResults(WIDGET_DEFAULTS.pinKeyPrefix + this.#siteKey()));
  }

  choiceStore(): StoredList<string> {
    return (this.#choices ??= new StoredList(WIDGET_DEFAULTS.filterKeyPrefix + this.#siteKey(), WIDGET_DEFAULTS.filterMax, (c): c is string => typeof c === 'string' && c.includes('='), (c) => c.split('=')[0]!));
  }

  /** The reader's choices, facet → value (`''`: All). */
  choicesMade(): Record<string, string> {
    const store = this.choiceStore();
    return Object.fromEntries(store.list().map((c) => [store.id(c), c.slice(c.indexOf('=') + 1)]));
  }

  /** The endpoint changed: every list is opened again, under the new site's key, when next used. */
  forget(): void {
    this.#recent = this.#pins = this.#choices = null;
  }
}
