import { expect } from 'vitest';
import { isRecallBoxError, RecallBoxError } from '../../src/core/errors.ts';

/** The stable code a call throws, 'NOT_A_RECALLBOX_ERROR' for any other throw, undefined if it returns. */
export function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return isRecallBoxError(e) ? e.code : 'NOT_A_RECALLBOX_ERROR';
  }
  return undefined;
}

/** codeOf for a promise. */
export async function codeOfAsync(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (e) {
    return isRecallBoxError(e) ? e.code : 'NOT_A_RECALLBOX_ERROR';
  }
  return undefined;
}

/** The RecallBoxError a call throws (fails the test if it throws nothing or something else). */
export function thrown(fn: () => unknown): RecallBoxError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(RecallBoxError);
    return e as RecallBoxError;
  }
  throw new Error('expected a RecallBoxError, nothing was thrown');
}
