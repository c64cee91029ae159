/**
 * Errors with a stable code and a human message. The code is the contract (clients and tests match
 * on it); the message explains and may change.
 */
export class RecallBoxError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
    this.name = 'RecallBoxError';
  }

  /** The message without the code prefix, for JSON bodies that carry the code separately. */
  get detail(): string {
    return this.message.slice(this.code.length + 2);
  }
}

export function isRecallBoxError(e: unknown): e is RecallBoxError {
  return e instanceof RecallBoxError;
}
