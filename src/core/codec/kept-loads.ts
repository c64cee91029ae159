/**
 * Values an isolate loads by I/O (a pack, a block, a model) and keeps for every later request, with
 * one rule that keeps a Worker answering: **no request awaits another request's read**.
 *
 * A read is I/O bound to the request that started it: in a Worker the runtime drops it when that
 * request's answer is sent (or its client goes), and the read's promise then never settles. A
 * second request awaiting that promise would wait forever, and so would every request after it
 * (issue 47: after answer-cache hits, 39 of 40 new queries got no answer). So a read in flight is
 * an entry others may wait for the *end* of, each on a promise and a timer of its own:
 * - the read settles: the entry goes, the waiters wake and find the value kept — or, after a
 *   failure, fail with it, as callers that asked at the same time (the error is a plain value;
 *   a failure is not kept: the next caller reads again);
 * - the request that started it ends first (`signal`, which the Worker aborts when a request's
 *   answer is made): the entry goes at once, and the waiters read for themselves;
 * - neither within `patienceMs` (a request ended without saying so): the waiter gives up on it,
 *   and reads for itself.
 * Concurrent cold requests then read a piece once, as they did when reads were shared (a cold
 * burst of 50 queries on the Astro docs under `wrangler dev` took 7.0 s when each request read for
 * itself, at commit eb4c78a, against 1.8 s shared at ab18dff: `npm run bench:probe` at each), and
 * none can hang on a read another request lost.
 */

/**
 * What to run when a request ends, by its signal: one 'abort' listener a signal, however many
 * reads the request has in flight (a search can read dozens; a listener each would be as many on
 * one EventTarget, which Node warns about past ten).
 */
const atRequestEnd = new WeakMap<AbortSignal, Set<() => void>>();

/** Runs `fn` when `signal` is aborted, unless the returned function is called first. */
function onRequestEnd(signal: AbortSignal, fn: () => void): () => void {
  let endings = atRequestEnd.get(signal);
  if (endings === undefined) {
    const set = new Set<() => void>();
    endings = set;
    atRequestEnd.set(signal, set);
    signal.addEventListener('abort', () => {
      for (const end of [...set]) end();
      set.clear();
    }, { once: true });
  }
  endings.add(fn);
  return () => endings.delete(fn);
}

/** A read in flight: who waits for its end, and how it failed, once it has. */
interface Flight {
  readonly waiters: Set<() => void>;
  failure?: { error: unknown };
}

/**
 * Longest one read of a pack file may take by default, in ms: 30 s. Far above any healthy read
 * (a cold read of a few MiB from a store takes well under a second) and above the Worker's own
 * retries of a failing one (about 12 s: three tries of 4 s, sources/retry.ts), which pass a
 * deadline of their own; below the point where a reader has long gone. pack/read-deadline.ts
 * bounds reads by it; the caches here wait as long for another request's read (their patience).
 */
export const DEFAULT_READ_DEADLINE_MS = 30_000;

/**
 * The reads of one cache that are in flight, by key. `patienceMs`: longest a request waits for
 * another's read before reading for itself — the read deadline (read-deadline.ts), past which the
 * read would have failed anyway.
 */
export class ReadsInFlight<K> {
  private readonly flights = new Map<K, Flight>();

  constructor(private readonly patienceMs: number) {}

  /**
   * The value of `key`: `held()`'s when it gives one; else, when another request's read of it is in
   * flight, that read's value once it ends (held() is asked again); else `read()`'s, run as this
   * key's read in flight until it settles or `signal` (the request's end) is aborted. `read` must
   * keep what it reads where `held` finds it before it resolves. (`held` wraps the value, so that a
   * read whose value is `undefined`, a shard read into a buffer, still counts as held.)
   */
  async get<T>(key: K, held: () => { value: T } | undefined, read: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    for (;;) {
      const found = held();
      if (found !== undefined) return found.value;
      const flight = this.flights.get(key);
      if (flight === undefined) return this.fly(key, read, signal);
      if (!(await this.waitFor(flight))) {
        // Out of patience: the read is taken to be lost; this request's own takes its place.
        if (this.flights.get(key) === flight) this.flights.delete(key);
      } else if (flight.failure) {
        // Asked at the same time as a read that failed: fail with it, rather than queue up behind
        // one another's reads of a piece that fails (a block missing from the store).
        throw flight.failure.error;
      }
    }
  }

  /** Waits for `flight` to end, on this request's own promise and timer: true if it ended, false if patience ran out. */
  private waitFor(flight: Flight): Promise<boolean> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        flight.waiters.delete(wake);
        resolve(true);
      };
      const timer = setTimeout(() => {
        flight.waiters.delete(wake);
        resolve(false);
      }, this.patienceMs);
      flight.waiters.add(wake);
    });
  }

  private async fly<T>(key: K, read: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const flight: Flight = { waiters: new Set() };
    this.flights.set(key, flight);
    const end = () => {
      if (this.flights.get(key) === flight) this.flights.delete(key);
      for (const wake of [...flight.waiters]) wake();
    };
    // The request's end drops the entry even if the read never settles (the runtime dropped it).
    let forget = (): unknown => undefined;
    if (signal?.aborted) end(); // ended already: nobody is to wait on this read
    else if (signal) forget = onRequestEnd(signal, end);
    try {
      return await read();
    } catch (error) {
      flight.failure = { error };
      throw error;
    } finally {
      forget();
      end();
    }
  }
}

/**
 * `read`'s value once a call succeeds, for every later call; a failure is not kept. Calls while a
 * read is in flight wait for its end (ReadsInFlight), never for its promise. `patienceMs`: as
 * ReadsInFlight's.
 */
export function keptRead<T>(read: () => Promise<T>, patienceMs: number): (signal?: AbortSignal) => Promise<T> {
  let kept: { value: T } | undefined;
  const flights = new ReadsInFlight<0>(patienceMs);
  return (signal) =>
    flights.get(
      0,
      () => kept,
      async () => {
        const value = await read();
        kept ??= { value };
        return kept.value;
      },
      signal,
    );
}

/** What KeptLoads keeps of a key: its value, or a failure that loading again would meet again. */
type Settled<T> = { value: T } | { failure: unknown; at: number };

/** How one KeptLoads.get is made. */
export interface KeptLoadCall {
  /** How long a lasting failure is answered without loading again, in ms. Default for ever. */
  keepFailureMs?: number;
  /** The request's end (ReadsInFlight.get). */
  signal?: AbortSignal;
}

/**
 * keptRead per key, for loads whose failure can be lasting (a damaged pack, a corrupt model): such a
 * failure is kept too, for `keepFailureMs` from when it happened, so a broken pack does not cost every
 * request a read; any other failure (a transport fault) is forgotten, and the next call loads again.
 */
export class KeptLoads<K, T> {
  private readonly settled = new Map<K, Settled<T>>();
  private readonly flights: ReadsInFlight<K>;
  private started = 0;

  constructor(
    /** Whether a failure would happen again on reading again (it is then kept). */
    private readonly isLasting: (e: unknown) => boolean,
    /** ReadsInFlight's patience, in ms. */
    patienceMs: number,
    /** The clock failures are timed with, in ms (injectable for tests). */
    private readonly now: () => number = Date.now,
  ) {
    this.flights = new ReadsInFlight(patienceMs);
  }

  /** Loads started so far, failed ones included. */
  get loads(): number {
    return this.started;
  }

  /** The value of `key`: kept, loaded by a load in flight, or loaded now. A lasting failure younger than keepFailureMs is answered without loading. */
  async get(key: K, load: () => Promise<T>, call: KeptLoadCall = {}): Promise<T> {
    const keepFailureMs = call.keepFailureMs ?? Infinity;
    const held = (): { value: T } | undefined => {
      const entry = this.settled.get(key);
      if (entry === undefined) return undefined;
      if ('value' in entry) return entry;
      if (this.now() - entry.at < keepFailureMs) throw entry.failure;
      return undefined;
    };
    return this.flights.get(
      key,
      held,
      async () => {
        this.started++;
        let value: T;
        try {
          value = await load();
        } catch (e) {
          const current = this.settled.get(key);
          if (this.isLasting(e) && !(current && 'value' in current)) this.settled.set(key, { failure: e, at: this.now() });
          throw e;
        }
        // A load that took over from one given up on may finish second: the first value kept stays.
        const current = this.settled.get(key);
        if (current && 'value' in current) return current.value;
        this.settled.set(key, { value });
        return value;
      },
      call.signal,
    );
  }
}
