import { RecallBoxError } from '../core/index.ts';

/**
 * A request body as text, read at most `maxBytes` into memory: the read stops (and the stream is
 * cancelled) as soon as the body is over, so a client that sends megabytes without a
 * Content-Length (chunked) costs the isolate no more than the limit. Invalid UTF-8 becomes U+FFFD,
 * as with Request.text().
 */
export async function readBodyCapped(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
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

function tooLarge(maxBytes: number): RecallBoxError {
  return new RecallBoxError('BODY_TOO_LARGE', `the request body is over ${maxBytes} bytes.`);
}
