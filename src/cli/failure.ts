import { isRecallBoxError } from '../core/index.ts';

/** The message of a command's failure: a RecallBoxError's message, anything else (a bug) with its stack. */
export function failure(command: string, e: unknown): string {
  return isRecallBoxError(e) ? `recall-box: ${e.message}` : `recall-box: ${command} failed: ${(e as Error).stack ?? e}`;
}
