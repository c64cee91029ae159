/**
 * Reads from a pack source that may fail for a moment: a KV or R2 read that errors or hangs, an
 * asset whose body breaks off. Each read is tried a bounded number of times, each try bounded in
 * time, and a read that still fails becomes INDEX_UNAVAILABLE (503, try again) — which the pack
 * cache does not keep, so the next request after the fault clears reads again in the same isolate.
 */
import { RecallBoxError, isRecallBoxError, withinDeadline, type PackSource } from '../../core/index.ts';

export interface RetryPolicy {
  /** Tries per read, the first included. Range 1..10. Default 3: a blip is retried twice, a dead store costs three tries. */
  attempts: number;
  /**
   * Longest one try may take, in ms, before it counts as failed (its late answer is ignored).
   * Range 50..60,000. Default 4,000: far above a healthy read of the largest shard (a cold R2 read
   * of a few MiB takes well under a second), short enough that a hung store answers a reader 503
   * in seconds instead of never. From PACK_READ_TIMEOUT_MS.
   */
  attemptTimeoutMs: number;
  /** Wait before the second try, in ms; each later wait is 4× the one before. Default 50 (then 200). */
  firstBackoffMs: number;
}

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({ attempts: 3, attemptTimeoutMs: 4_000, firstBackoffMs: 50 });

/** The longest a read retried under `policy` can take: every try timed out, and every wait between them. */
export function retriedReadBoundMs(policy: RetryPolicy): number {
  let waits = 0;
  for (let attempt = 1; attempt < policy.attempts; attempt++) waits += policy.firstBackoffMs * 4 ** (attempt - 1);
  return policy.attempts * policy.attemptTimeoutMs + waits;
}

/** Why a try failed, for the message: the transport's own text stays out (it can name internals). */
type Failure = 'timed out' | 'failed';

class Timeout extends Error {}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `source` with every read retried under `policy`. A RecallBoxError is an answer, not a fault of the
 * transport (a file that is not there is null, not an error), and passes at once.
 */
export function retryingSource(source: PackSource, policy: RetryPolicy = DEFAULT_RETRY_POLICY): PackSource {
  async function retried<T>(name: string, read: () => Promise<T>): Promise<T> {
    let failure: Failure = 'failed';
    for (let attempt = 1; ; attempt++) {
      try {
        // read() inside the promise chain: an adapter that throws synchronously fails the try too.
        return await withinDeadline(Promise.resolve().then(read), policy.attemptTimeoutMs, () => new Timeout());
      } catch (e) {
        if (isRecallBoxError(e)) throw e;
        failure = e instanceof Timeout ? 'timed out' : 'failed';
      }
      if (attempt >= policy.attempts) break;
      await sleep(policy.firstBackoffMs * 4 ** (attempt - 1));
    }
    throw new RecallBoxError('INDEX_UNAVAILABLE', `reading ${name} from ${source.label} ${failure} ${policy.attempts} times; try again.`);
  }
  return {
    label: source.label,
    read: (name) => retried(name, () => source.read(name)),
    readBytes: (name) => retried(name, () => source.readBytes(name)),
  };
}
