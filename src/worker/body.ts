import { RecallBoxError, withinDeadline } from '../core/index.ts';

/**
 * How much of a body over the limit is read and thrown away before the 413 is sent: at most
 * 1 MiB more, for at most 1 s. A connection closed while its client is still sending resets, and
 * the client never sees the answer (issue 47 L1: 13 of 20 chunked POSTs over the limit ended in a
 * reset); drained, the client finishes sending and reads its 413. Bounded, so a client that keeps
 * sending costs the isolate no more than that, and then has its connection cut.
 */
export const DRAIN_LIMITS = Object.freeze({ bytes: 1024 * 1024, ms: 1_000 });

/**
 * A request body as text, at most `maxBytes` of it kept in memory: once the body is over, the rest
 * is read and dropped (DRAIN_LIMITS), so a client that sends megabytes without a Content-Length
 * (chunked) costs the isolate no more than the limit and still gets its 413. Invalid UTF-8 becomes
 * U+FFFD, as with Request.text().
 */
export async function readBodyCapped(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    // Known before a byte is read; drained all the same, or the client sending it gets a reset.
    await drain(reader);
    throw tooLarge(maxBytes);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await drain(reader);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** Reads and drops the rest of a body, within DRAIN_LIMITS; then cancels whatever is left. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  const rest = async () => {
    for (let drained = 0; drained <= DRAIN_LIMITS.bytes; ) {
      const next = await reader.read();
      if (next.done) return;
      drained += next.value.byteLength;
    }
  };
  try {
    await withinDeadline(rest(), DRAIN_LIMITS.ms, () => new Error('out of time'));
  } catch {
    // Out of time, or the client went away: what is left is cancelled.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

function tooLarge(maxBytes: number): RecallBoxError {
  return new RecallBoxError('BODY_TOO_LARGE', `the request body is over ${maxBytes} bytes.`);
}
