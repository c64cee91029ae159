import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Env } from '../../src/worker/index.ts';
import { callIn } from '../support/worker-call.ts';

// The Worker's cross-origin answers (app.ts's CORS middleware, ALLOWED_ORIGINS): a widget on a docs
// site served from another origin reads them, and its POSTs are preflighted first.
// In workerd, against the test pack. test/wrangler.test.toml allows one origin,
// https://docs.example.com; an env with ALLOWED_ORIGINS = "*" is another isolate's Worker.

const DOCS = 'https://docs.example.com';
const listed = env as unknown as Env;
const open: Env = { ...listed, ALLOWED_ORIGINS: '*' };

const preflight = (isolateEnv: Env, origin: string) =>
  callIn(isolateEnv, '/search', { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });

describe('CORS', () => {
  it('answers a preflight from a listed origin with 204: the methods, the request headers, a day, and no body', async () => {
    const res = await preflight(listed, DOCS);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(res.headers.get('access-control-allow-origin')).toBe(DOCS);
    expect(res.headers.get('access-control-allow-methods')).toBe('GET,POST,OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toBe('Content-Type,If-None-Match,Mcp-Protocol-Version');
    expect(res.headers.get('access-control-max-age')).toBe('86400');
    expect(res.headers.get('vary')).toBe('Origin, Access-Control-Request-Headers');
    // The security headers are on every answer, a preflight's too.
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('gives a preflight from another origin no Allow-Origin, so the browser stops there', async () => {
    const res = await preflight(listed, 'https://evil.example');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets every origin read the answers of a Worker that allows *, with no Vary: the answer is the same for all', async () => {
    const res = await callIn(open, '/search?q=routing', { headers: { origin: 'https://any.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('vary')).toBeNull();
    expect((await preflight(open, 'https://any.example')).headers.get('access-control-allow-origin')).toBe('*');
  });

  it('marks an answer that depends on the Origin with Vary: Origin, for the allowed origin and the others alike', async () => {
    for (const origin of [DOCS, 'https://evil.example']) {
      const res = await callIn(listed, '/search?q=routing', { headers: { origin } });
      expect(res.status).toBe(200);
      expect(res.headers.get('vary')).toBe('Origin');
      expect(res.headers.get('access-control-expose-headers')).toBe('ETag,Retry-After,X-Recall-Box-Cache,X-Recall-Box-Analytics');
    }
  });

  it.each([
    ['an error', '/search?q=', 400],
    ['an unknown route', '/nope', 404],
    ['a 304', '/search?q=routing', 304],
  ])('puts its headers on %s too', async (_name, path, status) => {
    const headers: Record<string, string> = { origin: DOCS };
    if (status === 304) headers['if-none-match'] = (await callIn(listed, path)).headers.get('etag')!;
    const res = await callIn(listed, path, { headers });
    expect(res.status).toBe(status);
    expect(res.headers.get('access-control-allow-origin')).toBe(DOCS);
    expect(res.headers.get('vary')).toBe('Origin');
  });
});
