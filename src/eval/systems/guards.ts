/**
 * Input checks every evaluation system applies the same way, so that a harness bug (searching
 * before indexing, a nonsensical cut-off) fails loudly with the same message whichever system hit
 * it, instead of one library returning [] and another throwing its own error.
 */

/** Throws unless `k` is a whole number ≥ 1: the harness always asks for a positive cut-off. */
export function checkCutoff(system: string, k: number): void {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`${system}: k must be a whole number ≥ 1, got ${k}.`);
}

/** The built index, or an error naming the system when `index()` has not completed yet. */
export function requireIndexed<T>(system: string, index: T | undefined): T {
  if (index === undefined) throw new Error(`${system}: search() before index() completed.`);
  return index;
}

export { checkUniqueIds } from '../../datasets/unique-ids.ts';
