/**
 * Recent searches, kept in localStorage per endpoint. Storage is optional equipment: private
 * browsing, a full quota, a sandboxed iframe or a disabled storage throw or return garbage, and
 * none of that may break searching. Every access is guarded; when storage fails the list lives in
 * memory for the life of the page.
 */
import { WIDGET_DEFAULTS } from './options.ts';

export class RecentSearches {
  /** The list as last read or written; the in-memory copy when storage is unusable. */
  #items: string[] = [];

  constructor(
    /** localStorage key; WIDGET_DEFAULTS.recentKeyPrefix plus the resolved endpoint. */
    readonly key: string,
    readonly max: number = WIDGET_DEFAULTS.recentMax,
    /** Injected for tests; `null` when the page has no usable storage. */
    readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null = defaultStorage(),
  ) {}

  /** Most recent first. Other tabs' additions are picked up because every call reads storage again. */
  list(): string[] {
    if (this.storage) {
      try {
        this.#items = sanitize(JSON.parse(this.storage.getItem(this.key) ?? '[]'), this.max);
      } catch {
        // Unreadable or not JSON: keep what we have in memory.
      }
    }
    return [...this.#items];
  }

  /** Puts `query` first (moving it up if it was there), capped at `max`. */
  add(query: string): void {
    const q = query.trim();
    if (q === '' || q.length > WIDGET_DEFAULTS.recentMaxLength) return;
    const current = this.list();
    this.#items = [q, ...current.filter((x) => x !== q)].slice(0, this.max);
    this.#write();
  }

  clear(): void {
    this.#items = [];
    try {
      this.storage?.removeItem(this.key);
    } catch {
      // Storage refused: the in-memory list is empty, which is what the reader asked for.
    }
  }

  #write(): void {
    try {
      this.storage?.setItem(this.key, JSON.stringify(this.#items));
    } catch {
      // Quota or private mode: the list still works for this page view.
    }
  }
}

/** Only strings, non-empty, unique, at most `max`: the stored value may have been written by anyone. */
function sanitize(value: unknown, max: number): string[] {
  if (!Array.isArray(value)) return [];
  const kept = value.filter((v): v is string => typeof v === 'string' && v.trim() !== '' && v.length <= WIDGET_DEFAULTS.recentMaxLength);
  return [...new Set(kept)].slice(0, max);
}

/** `window.localStorage`, or `null` when reading the property itself throws (sandboxed iframes, disabled cookies). */
function defaultStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
