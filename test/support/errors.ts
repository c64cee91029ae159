import { isRecallBoxError } from '../../src/core/errors.ts';

/** The stable code a call throws, 'NOT_A_RECALLBOX_ERROR' for any other throw, undefined if it returns. */
export function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return isRecallBoxError(e) ? e.code : 'NOT_A_RECALLBOX_ERROR';
  }
  return undefined;
}
