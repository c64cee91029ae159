/**
 * The pieces of a lazily read pack that are in memory: a least-recently-used cache bounded by the
 * stored bytes of what it holds, for section blocks (pack/section-store.ts) and keyword
 * partitions (keyword/load.ts).
 *
 * Three properties the Worker relies on:
 * - one read per piece however many requests want it at once (concurrent requests of an isolate
 *   interleave at awaits, and a cold isolate gets its first burst all together) — but no request
 *   awaits another's read: it waits for that read's end, which the reading request's end brings
 *   too (kept-loads.ts ReadsInFlight; the runtime drops a request's reads when its answer is sent);
 * - a failed read is not remembered: the next request that needs the piece reads it again;
 * - eviction only drops the cache's reference — a request that already holds a piece keeps it, so
 *   a concurrent request evicting it cannot break a search half-way through.
 */
import { BoundedLru } from '../bounded-lru.ts';
import { RecallBoxError } from '../errors.ts';
import { ReadsInFlight, DEFAULT_READ_DEADLINE_MS } from './kept-loads.ts';

/**
 * A byte-size option (a budget, a target size) from partial input: the default when absent, an
 * integer ≥ `min` otherwise, else INVALID_OPTIONS naming `owner` and `name`. One check for every
 * size the lazily read pack is cut or cached by.
 */
export function resolveBytesOption(owner: string, name: string, value: unknown, fallback: number, min: number): number {
  const bytes = value ?? fallback;
  if (!Number.isInteger(bytes) || (bytes as number) < min) {
    throw new RecallBoxError('INVALID_OPTIONS', `${owner} options: ${name} must be an integer ≥ ${min}`);
  }
  return bytes as number;
}

export interface ResidentCacheOptions {
  /**
   * Most stored bytes held at once. Range ≥ 0; a piece bigger than the budget is still returned to
   * its caller, just not kept. Parsed and imported, a piece takes more heap than its stored bytes
   * (on the ×20 Astro replica the caches held about 35 MiB after 100 queries for 24 MiB of budgets:
   * `npm run bench -- --scale --large`), which the callers' default budgets account for.
   */
  budgetBytes: number;
  /** How long a request waits for another's read of a piece before reading it itself, in ms (ReadsInFlight). Default DEFAULT_READ_DEADLINE_MS. */
  patienceMs?: number;
}

/** A piece as read: its value and the stored bytes it is counted as. */
export interface ResidentPiece<T> {
  value: T;
  bytes: number;
}

export class ResidentCache<T> {
  private readonly held: BoundedLru<number, T>;
  private readonly flights: ReadsInFlight<number>;
  private readCount = 0;

  constructor(
    private readonly read: (key: number) => Promise<ResidentPiece<T>>,
    options: ResidentCacheOptions,
  ) {
    this.held = new BoundedLru(options.budgetBytes);
    this.flights = new ReadsInFlight(options.patienceMs ?? DEFAULT_READ_DEADLINE_MS);
  }

  /** Stored bytes held now. */
  get bytes(): number {
    return this.held.bytes;
  }

  /** Reads started so far (for tests and benchmarks: what a query cost in fetches). */
  get reads(): number {
    return this.readCount;
  }

  /** Whether the piece is held, without making it the most recently used. */
  has(key: number): boolean {
    return this.held.has(key);
  }

  /** The piece when it is held, else undefined; a hit makes it the most recently used. */
  peek(key: number): T | undefined {
    return this.held.peek(key);
  }

  /**
   * The piece: held, or read — by this request, or by another whose read of it is in flight (then
   * this one waits for that read's end, and reads itself if it brought nothing). A failure is not
   * kept. `signal`: this request's end (the Worker aborts it when its answer is made), which frees
   * the others waiting for a read of this request that the runtime will drop.
   */
  get(key: number, signal?: AbortSignal): Promise<T> {
    return this.flights.get(
      key,
      () => {
        const piece = this.peek(key);
        return piece === undefined ? undefined : { value: piece };
      },
      async () => {
        this.readCount++;
        const piece = await this.read(key);
        this.put(key, piece);
        return piece.value;
      },
      signal,
    );
  }

  /** Holds a piece read outside get() (an eager load), within the budget like any other. */
  put(key: number, piece: ResidentPiece<T>): void {
    this.held.put(key, piece.value, piece.bytes);
  }
}
