/**
 * Headers every answer of the Worker carries (/search, /health, /admin/*, errors): all of them
 * are JSON for programs, never a page, so the policy can be the strictest there is. The static
 * assets (the demo page, the widget, the pack) get theirs from public/_headers. A preview page
 * (src/preview/) sets its own policy, which loads the widget's scripts from this origin; every
 * other header is still set here.
 */
import type { MiddlewareHandler } from 'hono';

export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  // The declared type, application/json, is the only one: a browser never sniffs an answer into
  // HTML or script (a query echoed in a body cannot become markup).
  'X-Content-Type-Options': 'nosniff',
  // Opened directly, a JSON answer may load nothing and be framed by no one.
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
});

/** Sets SECURITY_HEADERS on the response, whichever handler (or error handler) wrote it. */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    let res = c.res;
    const isPage = (res.headers.get('content-type') ?? '').startsWith('text/html') && res.headers.has('Content-Security-Policy');
    const set = (headers: Headers) => {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!(isPage && name === 'Content-Security-Policy')) headers.set(name, value);
    };
    try {
      set(res.headers);
    } catch {
      // A response with immutable headers (one taken from a cache or a fetch): copied once.
      res = new Response(res.body, res);
      set(res.headers);
      c.res = res;
    }
  };
}
