/**
 * A URL's query string decoded strictly. URLSearchParams and Hono's c.req.query() keep a malformed
 * escape (`%ZZ`, or `%ED%A0%80`, UTF-8 for half a surrogate pair) as raw text, which would then be
 * searched for; a request that cannot say what it means gets BAD_REQUEST instead. Pure.
 */
import { RecallBoxError, quoteInput } from '../core/index.ts';

/**
 * The parameters of `search` (a URL's `?…` part, with or without the `?`), each name's first value:
 * `+` is a space, every `%XX` must decode as UTF-8. Throws BAD_REQUEST naming the parameter
 * otherwise.
 */
export function decodeQueryString(search: string): Map<string, string> {
  const params = new Map<string, string>();
  const text = search.startsWith('?') ? search.slice(1) : search;
  if (text === '') return params;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = decodeComponent(eq < 0 ? pair : pair.slice(0, eq), null);
    const value = eq < 0 ? '' : decodeComponent(pair.slice(eq + 1), name);
    if (!params.has(name)) params.set(name, value);
  }
  return params;
}

function decodeComponent(raw: string, name: string | null): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    const where = name === null ? 'a parameter name' : `the value of ${quoteInput(name)}`;
    throw new RecallBoxError('BAD_REQUEST', `the query string has an invalid percent-encoding in ${where}; encode it as UTF-8 (encodeURIComponent).`);
  }
}
