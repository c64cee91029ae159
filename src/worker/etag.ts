/**
 * Conditional requests: whether a request's If-None-Match names an answer's ETag, so it gets a 304.
 * One rule for every route that sends an ETag (/search, the llms routes).
 */

/** Whether `header` (If-None-Match: a list of ETags, or `*`) names `etag`. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => t.trim() === etag || t.trim() === '*');
}
