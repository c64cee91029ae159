/** Recent searches, kept in localStorage per endpoint (stored.ts says how storage failures are survived). */
import { WIDGET_DEFAULTS } from './options.ts';
import { defaultStorage, StoredList, type StorageLike } from './stored.ts';

/** A query worth keeping: non-empty after trimming, at most `recentMaxLength` UTF-16 units. */
const isQuery = (q: unknown): q is string => typeof q === 'string' && q.trim() !== '' && q.length <= WIDGET_DEFAULTS.recentMaxLength;

export class RecentSearches extends StoredList<string> {
  constructor(
    /** localStorage key; WIDGET_DEFAULTS.recentKeyPrefix plus the resolved endpoint. */
    key: string,
    max: number = WIDGET_DEFAULTS.recentMax,
    storage: StorageLike | null = defaultStorage(),
  ) {
    super(key, max, isQuery, (q) => q, storage);
  }

  /** Puts the trimmed `query` first (moving it up if it was there), capped at `max`. */
  override add(query: string): void {
    super.add(query.trim());
  }
}
