/**
 * Values an isolate loads by I/O (a pack, a block, a model) and keeps for every later request, with
 * one rule that keeps a Worker answering: **a load in flight is never shared between requests**.
 *
 * A read is I/O bound to the request that started it: in a Worker the runtime drops it when that
 * request's response is sent (or its client goes), and the read's promise then never settles. A
 * second request awaiting that promise would wait forever, and so would every request after it
 * (issue 47: after answer-cache hits, 39 of 40 new queries got no answer). So each caller that finds
 * no settled value loads for itself, and the first load to succeed is kept ("check, then set", as
 * Cloudflare's guidance on lazy initialisation in Workers has it). Concurrent cold requests may load
 * the same thing twice; none can hang on another's.
 */

/**
 * `read`'s value once a call succeeds, for every later call; until then each call reads for itself.
 * A failure is not kept. Concurrent calls that both read get the value of the first to finish, so
 * every caller holds the same object.
 */
export function keptRead<T>(read: () => Promise<T>): () => Promise<T> {
  let kept: { value: T } | null = null;
  return async () => {
    if (kept) return kept.value;
    const value = await read();
    kept ??= { value };
    return kept.value;
  };
}

/** What KeptLoads keeps of a key: its value, or a failure that loading again would meet again. */
type Settled<T> = { value: T } | { failure: unknown; at: number };

/**
 * keptRead per key, for loads whose failure can be lasting (a damaged pack, a corrupt model): such a
 * failure is kept too, for `keepFailureMs` from when it happened, so a broken pack does not cost every
 * request a read; any other failure (a transport fault) is forgotten, and the next call loads again.
 */
export class KeptLoads<K, T> {
  private readonly settled = new Map<K, Settled<T>>();
  private started = 0;

  constructor(
    /** Whether a failure would happen again on reading again (it is then kept). */
    private readonly isLasting: (e: unknown) => boolean,
    /** The clock failures are timed with, in ms (injectable for tests). */
    private readonly now: () => number = Date.now,
  ) {}

  /** Loads started so far, failed ones and concurrent duplicates included. */
  get loads(): number {
    return this.started;
  }

  /**
   * The value of `key`: kept, or loaded now by this caller. A lasting failure younger than
   * `keepFailureMs` is answered without loading.
   */
  get(key: K, load: () => Promise<T>, keepFailureMs = Infinity): Promise<T> {
    const entry = this.settled.get(key);
    if (entry && 'value' in entry) return Promise.resolve(entry.value);
    if (entry && this.now() - entry.at < keepFailureMs) return Promise.reject(entry.failure);
    this.started++;
    // Async, so a load that throws synchronously rejects like one that fails later.
    return (async () => load())().then(
      (value) => {
        const current = this.settled.get(key);
        if (current && 'value' in current) return current.value;
        this.settled.set(key, { value });
        return value;
      },
      (e: unknown) => {
        const current = this.settled.get(key);
        if (this.isLasting(e) && !(current && 'value' in current)) this.settled.set(key, { failure: e, at: this.now() });
        throw e;
      },
    );
  }
}
