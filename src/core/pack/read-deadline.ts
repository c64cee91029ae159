/**
 * Every read of a pack's files within a deadline: a read that has not settled by then fails with
 * INDEX_UNAVAILABLE (503, try again) instead of holding its request forever. The Worker's sources
 * already bound each try (src/worker/sources/retry.ts); this is the bound that holds for any
 * source, whatever a transport or an adapter does (issue 47: a read that never settles must end
 * its search with a typed 503, never a hang).
 */
import { withinDeadline } from '../deadline.ts';
import { RecallBoxError } from '../errors.ts';
import type { PackSource } from './source.ts';
import { DEFAULT_READ_DEADLINE_MS } from '../codec/kept-loads.ts';

/** The longest delay a timer takes as given (2^31 − 1 ms): past it, setTimeout fires at once. */
export const MAX_READ_DEADLINE_MS = 2 ** 31 - 1;

/** A deadline in ms, checked: an integer in 1..MAX_READ_DEADLINE_MS, else INVALID_OPTIONS. */
export function resolveReadDeadline(value: unknown): number {
  const ms = value ?? DEFAULT_READ_DEADLINE_MS;
  if (!Number.isInteger(ms) || (ms as number) < 1 || (ms as number) > MAX_READ_DEADLINE_MS) {
    throw new RecallBoxError('INVALID_OPTIONS', `loadPack options: readDeadlineMs must be an integer in 1..${MAX_READ_DEADLINE_MS}`);
  }
  return ms as number;
}

/** `source` with every read within `ms` (withinDeadline), else INDEX_UNAVAILABLE naming the file; what it answers is unchanged. */
export function readsWithinDeadline(source: PackSource, ms: number): PackSource {
  // read() inside the chain: an adapter that throws synchronously rejects like one that fails later.
  const bounded = <T>(name: string, read: () => Promise<T>): Promise<T> =>
    withinDeadline(Promise.resolve().then(read), ms, () => new RecallBoxError('INDEX_UNAVAILABLE', `reading ${name} from ${source.label} took over ${ms} ms; try again.`));
  return {
    label: source.label,
    read: (name) => bounded(name, () => source.read(name)),
    readBytes: (name) => bounded(name, () => source.readBytes(name)),
  };
}
