import { DEFAULT_READ_DEADLINE_MS, KeptLoads, isRecallBoxError, loadPack, type LoadPackOptions, type LoadedPack, type PackReadMode, type PackSource } from '../core/index.ts';

/**
 * How long a pack read from KV or R2 stays failed before a request tries again: 30 s. Unlike static
 * assets, a store can change without a deploy — an upload over the prefix the Worker reads can be
 * seen half-done (a shard whose hash no longer matches) — so a failure must not last the isolate's
 * life; 30 s keeps a truly broken pack from being re-read on every request (one load per isolate
 * per 30 s) while an upload that finishes is picked up within half a minute.
 */
export const STORE_FAILURE_RETRY_MS = 30_000;

/**
 * How long a request waits for a pack another request is loading before it loads the pack itself,
 * in ms: only when the loading request ended without saying so (its end otherwise frees the waiters
 * at once). The default read deadline: a load whose reads had not answered by then has failed.
 */
const PACK_LOAD_PATIENCE_MS = DEFAULT_READ_DEADLINE_MS;

/** A failure that reading again would meet again: what the pack holds, not how it was read. */
function isLasting(e: unknown): boolean {
  return isRecallBoxError(e) && e.code !== 'INDEX_UNAVAILABLE';
}

/** How one pack is loaded: its read mode (part of the cache key) and the deadline of each read. */
export interface PackLoadSettings {
  /** How its blocks and partitions are read (the Worker's PACK_READ). Default `whole`. */
  read?: PackReadMode;
  /** LoadPackOptions.readDeadlineMs: the longest one read may take (the Worker's retries' bound). */
  readDeadlineMs?: number;
}

/**
 * Loads each pack once per isolate, lazily, on the first request that needs it: the Worker's
 * startup does no index work, and later requests reuse the imported index.
 *
 * Requests that need a pack being loaded wait for that load's end, never on its promise (core
 * codec/kept-loads.ts): the load is dropped as in flight when the request that started it ends (`signal`),
 * and then whoever waits loads the pack itself — a request whose client went cannot leave the
 * others waiting on reads the runtime dropped.
 *
 * A pack that fails with a RecallBoxError (corrupt, wrong version) stays failed — for the isolate
 * by default (assets are immutable within a deployment, so re-reading would cost every request the
 * same failure), or for `retryFailuresAfterMs` when the caller's source can change (KV, R2). A
 * failure to read at all (INDEX_UNAVAILABLE, or any error that is not a RecallBoxError: a
 * transport hiccup) is forgotten so the next request retries.
 */
export class PackCache {
  private readonly packs: KeptLoads<string, LoadedPack>;

  /**
   * `options`: the runtime's capabilities for the loader (e.g. the WASM vector kernel).
   * `now`: the clock failures are timed with (injectable for tests).
   */
  constructor(
    private readonly options: LoadPackOptions = {},
    now: () => number = Date.now,
  ) {
    // Waited for as long as a load's reads may take (each within the read deadline, several at once).
    this.packs = new KeptLoads(isLasting, PACK_LOAD_PATIENCE_MS, now);
  }

  /** Loads started in this isolate. */
  get loads(): number {
    return this.packs.loads;
  }

  /** `signal`: the end of the request asking (KeptLoadCall.signal). */
  get(key: string, source: () => PackSource, retryFailuresAfterMs = Infinity, settings: PackLoadSettings = {}, signal?: AbortSignal): Promise<LoadedPack> {
    const read = settings.read ?? 'whole';
    // The options are made only when a load starts: a request for a pack held makes nothing.
    const load = () => loadPack(source(), { ...this.options, read, ...(settings.readDeadlineMs !== undefined && { readDeadlineMs: settings.readDeadlineMs }) });
    return this.packs.get(`${read}:${key}`, load, { keepFailureMs: retryFailuresAfterMs, ...(signal && { signal }) });
  }
}
