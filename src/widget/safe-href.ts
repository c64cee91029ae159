/**
 * Deciding whether a result URL may become a link. Result URLs come from indexed documents, which
 * we do not fully control, so a `javascript:` or `data:` URL must never reach an `href`.
 */

/** Schemes a result link may resolve to. Everything else (javascript:, data:, vbscript:, blob:, …) is refused. */
const ALLOWED_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:']);

/**
 * Returns `url` unchanged when it is safe as an `href`, or `null` when it is not.
 *
 * The check parses with the WHATWG URL parser against `base` (the page's URL) — the same parser
 * the browser applies to the `href` — so tricks like `" JaVaScript:"`, `"java\tscript:"` or
 * leading control characters are resolved exactly as the browser would resolve them. The URL is
 * returned as given (not the resolved form) so site-relative paths stay site-relative.
 */
export function safeHref(url: unknown, base: string): string | null {
  try {
    return typeof url === 'string' && url.trim() !== '' && ALLOWED_PROTOCOLS.has(new URL(url, base).protocol) ? url : null;
  } catch {
    // Not a URL.
    return null;
  }
}
