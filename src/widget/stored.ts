/**
 * What the widget keeps in localStorage, per endpoint: the recent searches, the pinned results and
 * the reader's filter choices, each a most-recent-first list without duplicates. Storage is
 * optional equipment: private browsing, a full quota, a sandboxed iframe or a disabled storage
 * throw or return garbage, and none of that may break searching. Every access is guarded; when
 * storage fails the list lives in memory for the life of the page.
 */

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** `window.localStorage`, or `null` when reading the property itself throws (sandboxed iframes, disabled cookies). */
export function defaultStorage(): StorageLike | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** A list of at most `max` items, unique by `id`, items failing `valid` dropped on reading (anyone may have written them). */
export class StoredList<T> {
  /** The list as last read or written; the in-memory copy when storage is unusable. */
  #items: T[] = [];

  constructor(
    readonly key: string,
    readonly max: number,
    readonly valid: (item: unknown) => item is T,
    readonly id: (item: T) => string,
    /** Injected for tests; `null` when the page has no usable storage. */
    readonly storage: StorageLike | null = defaultStorage(),
  ) {}

  /** Most recent first. Other tabs' changes are picked up because every call reads storage again. */
  list(): T[] {
    try {
      if (this.storage) this.#items = this.#sanitize(JSON.parse(this.storage.getItem(this.key) ?? '[]'));
    } catch {
      // Unreadable or not JSON: keep what we have in memory.
    }
    return [...this.#items];
  }

  /** Whether an item with this id is in the list. */
  has(id: string): boolean {
    return this.list().some((x) => this.id(x) === id);
  }

  /** Puts `item` first, in place of an item with its id. */
  add(item: T): void {
    if (this.valid(item)) this.#write([item, ...this.list()]);
  }

  remove(id: string): void {
    this.#write(this.list().filter((x) => this.id(x) !== id));
  }

  clear(): void {
    this.#items = [];
    try {
      this.storage?.removeItem(this.key);
    } catch {
      // Storage refused: the in-memory list is empty, which is what the reader asked for.
    }
  }

  #write(items: T[]): void {
    this.#items = this.#sanitize(items);
    try {
      this.storage?.setItem(this.key, JSON.stringify(this.#items));
    } catch {
      // Quota or private mode: the list still works for this page view.
    }
  }

  #sanitize(raw: unknown): T[] {
    if (!Array.isArray(raw)) return [];
    const seen = new Set<string>();
    return raw.filter((x): x is T => this.valid(x) && !seen.has(this.id(x)) && !!seen.add(this.id(x))).slice(0, this.max);
  }
}
