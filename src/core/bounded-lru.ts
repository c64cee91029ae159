/**
 * A least-recently-used map bounded by the bytes its values are counted as: what the lazily read
 * pack keeps of its blocks and partitions (codec/resident-cache.ts), and what the Worker keeps of
 * its recent answers (src/worker/answer-cache.ts).
 */
export class BoundedLru<K, T> {
  /** Insertion order is recency order: a hit is deleted and re-inserted (Map keeps insertion order). */
  private readonly held = new Map<K, { value: T; bytes: number }>();
  private heldBytes = 0;

  /**
   * `budgetBytes`: most bytes held at once, ≥ 0. A value counted as more than the whole budget is
   * not kept: it would evict everything else and then itself.
   */
  constructor(private readonly budgetBytes: number) {}

  /** Bytes held now. */
  get bytes(): number {
    return this.heldBytes;
  }

  /** Entries held now. */
  get size(): number {
    return this.held.size;
  }

  /** Whether `key` is held, without making it the most recently used. */
  has(key: K): boolean {
    return this.held.has(key);
  }

  /** The value when held, else undefined; a hit makes it the most recently used. */
  peek(key: K): T | undefined {
    const entry = this.held.get(key);
    if (entry === undefined) return undefined;
    this.held.delete(key);
    this.held.set(key, entry);
    return entry.value;
  }

  /** Holds `value` as `bytes`, evicting the least recently used until the budget holds; a key already held is left as it is. */
  put(key: K, value: T, bytes: number): void {
    if (this.held.has(key) || bytes > this.budgetBytes) return;
    this.held.set(key, { value, bytes });
    this.heldBytes += bytes;
    for (const [oldest, old] of this.held) {
      if (this.heldBytes <= this.budgetBytes) break;
      this.held.delete(oldest);
      this.heldBytes -= old.bytes;
    }
  }
}
