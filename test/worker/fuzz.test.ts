import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import worker, { type Env } from '../../src/worker/index.ts';

// Property tests of the Worker's boundary, inside workerd: whatever arrives — any Unicode, control
// characters, lone surrogates, invalid UTF-8, 10 KB queries, malformed JSON, odd methods, content
// types and query strings — the answer is never a 5xx, and is a search result or a JSON error with
// a code (a HEAD, a 304 and a CORS preflight have no body). Bounded runs: seconds, not minutes.

const RUNS = 120;
const ORIGIN = 'https://search.example.com';

/** Percent-encodes bytes: how a raw, possibly invalid, UTF-8 sequence travels in a URL. */
const percent = (bytes: Uint8Array) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');

/** A string as UTF-8 bytes, lone surrogates written out as the 3 bytes a lax encoder emits (CESU-style). */
function laxUtf8(text: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const cp = text.codePointAt(i)!;
    if (cp > 0xffff) i++;
    if (cp < 0x80) out.push(cp);
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  return new Uint8Array(out);
}

/** Text of every kind: any code point (lone surrogates included), controls, and the occasional 10 KB run. */
const anyText = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom('\u0000', '\u0007', '\t', '\n', '\r', '\u001b', '\u007f', '\u200b', '\u202e', '\ufeff', '\ud800', '\udfff', '\uffff', '%', '&', '=', '+', '#', '?', ' ', 'a', 'é', '中', '😀'), maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom('route parameters', 'routing', 'getStaticPaths', '日本語', 'a'.repeat(256), 'a'.repeat(257)) },
  { weight: 1, arbitrary: fc.nat({ max: 3 }).map((n) => ['x', 'é', '😀', ' '][n]!.repeat(10_240)) },
);

/** A query-string value: the text's UTF-8 percent-encoded, lax bytes, raw random bytes, or the text unescaped. */
const queryValue = fc.oneof(
  anyText.map((t) => percent(laxUtf8(t))),
  fc.uint8Array({ maxLength: 24 }).map(percent),
  anyText.map((t) => t.replace(/[#\s]/g, '')),
);

const paramName = fc.oneof(fc.constantFrom('q', 'limit', 'lang', 'debug', 'confidence', 'index', 'q[]', 'Q', ''), fc.string({ maxLength: 6 }).map((s) => encodeURIComponent(s)));
const queryString = fc.array(fc.tuple(paramName, queryValue, fc.boolean()), { maxLength: 6 }).map((params) =>
  params.map(([k, v, bare]) => (bare && k ? k : `${k}=${v}`)).join('&'),
);

/** JSON bodies: valid and not, of every value type where the request has fields. */
const jsonBody = fc.oneof(
  fc.record({ q: fc.oneof(anyText, fc.anything()), limit: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.anything()), lang: fc.anything(), debug: fc.anything(), confidence: fc.anything(), index: fc.anything() }, { requiredKeys: [] }).map((o) => JSON.stringify(o) ?? '{}'),
  fc.json({ maxDepth: 4 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  anyText.map((t) => `{"q": "${t}"}`),
  fc.nat({ max: 5000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  fc.constantFrom('', '{', '{"q":', 'null', '[]', '"q"', '{"q":"\\ud800"}', '{"q":"\\u0000"}', '{"q":"x","q":"y"}', '\ufeff{"q":"x"}', '{"__proto__":{"q":"x"}}', '{"q":{"toString":"x"}}', `{"q":"${'a'.repeat(9000)}"}`),
);

const contentType = fc.oneof(
  fc.constantFrom('application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/jsonx', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '', 'application/json; charset=latin1', '*/*'),
  fc.string({ unit: 'binary-ascii', maxLength: 30 }).map((s) => s.replace(/[\r\n\u0000]/g, '')),
);

const method = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD');
const path = fc.oneof({ weight: 5, arbitrary: fc.constant('/search') }, { weight: 1, arbitrary: fc.constantFrom('/search/', '/SEARCH', '/health', '/admin/gaps', '/', '/search%00', '/__recall-box/search-cache') });

async function call(request: Request): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(request, env as unknown as Env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/**
 * The contract for any answer: no 5xx; a body (where there is one) is a result or a coded JSON
 * error — or, for a GET of a page the pack holds (the test Worker has PREVIEW_PAGES on: `/` is the
 * fixture site's home), that page rendered.
 */
async function expectWellFormed(res: Response, requestMethod: string): Promise<void> {
  expect(res.status).toBeLessThan(500);
  if (requestMethod === 'HEAD' || res.status === 304 || res.status === 204) return;
  if (res.status === 200 && res.headers.get('content-type')?.startsWith('text/html')) {
    expect(requestMethod).toBe('GET');
    expect(await res.text()).toMatch(/^<!doctype html>/);
    return;
  }
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await res.json()) as { results?: unknown; error?: { code?: unknown; message?: unknown } };
  if (res.status === 200) {
    expect(Array.isArray(body.results) || typeof (body as { status?: unknown }).status === 'string').toBe(true);
  } else {
    expect(typeof body.error?.code).toBe('string');
    expect(typeof body.error?.message).toBe('string');
    expect(JSON.stringify(body)).not.toMatch(/\bat .+:\d+:\d+|node_modules/);
  }
}

describe('the Worker never answers 5xx, whatever it is sent', () => {
  it('GET /search with any query string', async () => {
    await fc.assert(
      fc.asyncProperty(queryString, async (qs) => {
        const res = await call(new Request(`${ORIGIN}/search?${qs}`));
        await expectWellFormed(res, 'GET');
      }),
      { numRuns: RUNS },
    );
  });

  it('POST /search with any body and content type', async () => {
    await fc.assert(
      fc.asyncProperty(jsonBody, contentType, async (body, type) => {
        const headers = new Headers();
        if (type) headers.set('content-type', type);
        const res = await call(new Request(`${ORIGIN}/search`, { method: 'POST', headers, body }));
        await expectWellFormed(res, 'POST');
      }),
      { numRuns: RUNS },
    );
  });

  it('any method, path, content type and body', async () => {
    await fc.assert(
      fc.asyncProperty(method, path, queryString, fc.option(jsonBody, { nil: undefined }), contentType, fc.boolean(), async (m, p, qs, body, type, withOrigin) => {
        const headers = new Headers();
        if (type) headers.set('content-type', type);
        if (withOrigin) headers.set('origin', 'https://docs.example.com');
        const canHaveBody = m !== 'GET' && m !== 'HEAD';
        const res = await call(new Request(`${ORIGIN}${p}?${qs}`, { method: m, headers, ...(canHaveBody && body !== undefined && { body }) }));
        await expectWellFormed(res, m);
      }),
      { numRuns: RUNS },
    );
  });

  it('answers the named odd cases: a coded error where one is due, never a 5xx', async () => {
    const json = { 'content-type': 'application/json' };
    const cases: Array<[Request, string | null]> = [
      [new Request(`${ORIGIN}/search?q=${'x'.repeat(10_240)}`), 'QUERY_TOO_LONG'],
      [new Request(`${ORIGIN}/search`, { method: 'POST', headers: json, body: JSON.stringify({ q: '😀'.repeat(10_240) }) }), 'BODY_TOO_LARGE'],
      [new Request(`${ORIGIN}/search`, { method: 'POST', headers: json, body: JSON.stringify({ q: 'é'.repeat(3000) }) }), 'QUERY_TOO_LONG'],
      [new Request(`${ORIGIN}/search`, { method: 'POST', headers: json, body: '{"q":' }), 'BAD_REQUEST'],
      [new Request(`${ORIGIN}/search`, { method: 'POST', headers: json, body: '[]' }), 'BAD_REQUEST'],
      [new Request(`${ORIGIN}/search`, { method: 'POST', headers: json, body: '{"q":["x"]}' }), 'QUERY_EMPTY'],
      [new Request(`${ORIGIN}/search`, { method: 'DELETE' }), 'METHOD_NOT_ALLOWED'],
      [new Request(`${ORIGIN}/search?q=x&limit=1e3`), 'BAD_LIMIT'],
      // Undecodable or odd input: any well-formed answer, as long as it is not a 5xx.
      [new Request(`${ORIGIN}/search?q=%ED%A0%80`), null],
      [new Request(`${ORIGIN}/search?q=%FF%FE`), null],
      [new Request(`${ORIGIN}/search?q=%`), null],
      [new Request(`${ORIGIN}/search?q=%00`), null],
      [new Request(`${ORIGIN}/search?q=x&q=y&limit=1&limit=2`), null],
      [new Request(`${ORIGIN}/search`, { method: 'POST', headers: json, body: '{"q":"\\ud800 routing"}' }), null],
      [new Request(`${ORIGIN}/search`, { method: 'POST', headers: json, body: '{"q":"\\udc00"}' }), null],
    ];
    for (const [request, code] of cases) {
      const res = await call(request);
      await expectWellFormed(res.clone(), request.method);
      if (code) expect([request.url.slice(0, 50), ((await res.json()) as { error?: { code: string } }).error?.code]).toEqual([request.url.slice(0, 50), code]);
    }
  });
});
