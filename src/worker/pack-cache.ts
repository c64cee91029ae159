import { isRecallBoxError, loadPack, type LoadPackOptions, type LoadedPack, type PackReadMode, type PackSource } from '../core/index.ts';

/**
 * How long a pack read from KV or R2 stays failed before a request tries again: 30 s. Unlike static
 * assets, a store can change without a deploy — an upload over the prefix the Worker reads can be
 * seen half-done (a shard whose hash no longer matches) — so a failure must not last the isolate's
 * life; 30 s keeps a truly broken pack from being re-read on every request (one load per isolate
 * per 30 s) while an upload that finishes is picked up within half a minute.
 */
export const STORE_FAILURE_RETRY_MS = 30_000;

/** A failure that reading again would meet again: what the pack holds, not how it was read. */
function isLasting(e: unknown): boolean {
  return isRecallBoxError(e) && e.code !== 'INDEX_UNAVAILABLE';
}

interface Entry {
  pack: Promise<LoadedPack>;
  /** When the load failed with a RecallBoxError (clock ms); null while loading or loaded. */
  failedAt: number | null;
}

/**
 * Loads each pack once per isolate, lazily, on the first request that needs it: the Worker's
 * startup does no index work, and later requests reuse the imported index.
 *
 * A pack that fails with a RecallBoxError (corrupt, wrong version) stays failed — for the isolate
 * by default (assets are immutable within a deployment, so re-reading would cost every request the
 * same failure), or for `retryFailuresAfterMs` when the caller's source can change (KV, R2). A
 * failure to read at all (INDEX_UNAVAILABLE, or any error that is not a RecallBoxError: a
 * transport hiccup) is forgotten so the next request retries.
 */
export class PackCache {
  private readonly entries = new Map<string, Entry>();
  private loadCount = 0;

  /**
   * `options`: the runtime's capabilities for the loader (e.g. the WASM vector kernel).
   * `now`: the clock failures are timed with (injectable for tests).
   */
  constructor(
    private readonly options: LoadPackOptions = {},
    private readonly now: () => number = Date.now,
  ) {}

  get loads(): number {
    return this.loadCount;
  }

  /** `read`: how this pack's blocks and partitions are read (the Worker's PACK_READ); part of the key. */
  get(key: string, source: () => PackSource, retryFailuresAfterMs = Infinity, read: PackReadMode = 'whole'): Promise<LoadedPack> {
    key = `${read}:${key}`;
    let entry = this.entries.get(key);
    if (entry && entry.failedAt !== null && this.now() - entry.failedAt >= retryFailuresAfterMs) entry = undefined;
    if (!entry) {
      this.loadCount++;
      // Async, so a source that cannot be made (a missing binding) rejects like a failed load.
      const created: Entry = { pack: (async () => loadPack(source(), { ...this.options, read }))(), failedAt: null };
      entry = created;
      this.entries.set(key, created);
      created.pack.catch((e) => {
        if (isLasting(e)) created.failedAt = this.now();
        else this.entries.delete(key);
      });
    }
    return entry.pack;
  }
}
