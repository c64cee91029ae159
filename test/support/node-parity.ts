/**
 * The paired test of the Node server (src/server/node-server.ts) against the Worker in workerd: the
 * same requests, the same pack, the same vars. prepare-site.ts asks the Node server (in Node, over
 * its handler) and writes what it answered to NODE_PARITY_FILE among the test site's assets;
 * test/worker/node-parity.test.ts asks the Worker the same and compares, answer by answer.
 */
import { readFile } from 'node:fs/promises';
import { SEARCH_SAMPLES } from './search-samples.ts';

export const NODE_PARITY_FILE = 'node-parity-expected.json';

/** One request of the pair: a path (with its query string) and, for a POST, its body and type. */
export interface ParityRequest {
  path: string;
  method?: 'GET' | 'POST' | 'PUT';
  body?: string;
  contentType?: string;
  accept?: string;
}

/** What both must answer alike: status, type, ETag and body (a JSON body less `tookMs`, which is a clock's). */
export interface ParityAnswer {
  request: ParityRequest;
  status: number;
  contentType: string | null;
  etag: string | null;
  cacheControl: string | null;
  body: unknown;
}

export const PARITY_REQUESTS: readonly ParityRequest[] = [
  ...SEARCH_SAMPLES.map((q) => ({ path: `/search?q=${encodeURIComponent(q)}` })),
  { path: '/search?q=route&limit=3&facets=pool' },
  { path: '/search?q=deploy&debug=1' },
  { path: '/search', method: 'POST', body: JSON.stringify({ q: 'sessions cookie', limit: 5 }), contentType: 'application/json' },
  // Bad input: the same codes and statuses.
  { path: '/search?q=' },
  { path: `/search?q=${'a'.repeat(300)}` },
  { path: '/search?q=route&limit=0' },
  { path: '/search?q=route&index=nope' },
  { path: '/search', method: 'POST', body: '{', contentType: 'application/json' },
  { path: '/search', method: 'POST', body: 'q=route', contentType: 'application/x-www-form-urlencoded' },
  { path: '/search', method: 'PUT', body: '{}', contentType: 'application/json' },
  // The MCP server: an agent's search and reading, and a message that is no JSON.
  ...[
    { name: 'search_docs', arguments: { query: 'route parameters' } },
    { name: 'search_docs', arguments: { query: 'lattice quantum chromodynamics', limit: 3 } },
    { name: 'read_section', arguments: { url: '/guides/routing/#route-parameters' } },
  ].map((params, i) => ({ path: '/mcp', method: 'POST' as const, body: JSON.stringify({ jsonrpc: '2.0', id: i + 1, method: 'tools/call', params }), contentType: 'application/json', accept: 'application/json, text/event-stream' })),
  { path: '/mcp', method: 'POST', body: '{', contentType: 'application/json', accept: 'application/json, text/event-stream' },
  // The preview: a page, the same page without its slash, a path that is no page.
  { path: '/guides/routing/' },
  { path: '/guides/routing' },
  { path: '/no/such/page/' },
  // The site for agents: the pack's files, a page's Markdown both ways, a Markdown path that is no page.
  { path: '/llms.txt' },
  { path: '/llms-full.txt' },
  { path: '/guides/routing/index.html.md' },
  { path: '/guides/routing.md' },
  { path: '/no/such/page/index.html.md' },
];

/** The answer as compared. */
export async function parityAnswer(request: ParityRequest, res: Response): Promise<ParityAnswer> {
  const contentType = res.headers.get('content-type');
  const text = await res.text();
  let body: unknown = text;
  if (contentType?.startsWith('application/json')) {
    const json = JSON.parse(text) as Record<string, unknown>;
    delete json.tookMs;
    // An unexpected error's id is a new UUID each time; there should be none, and its presence shows.
    body = json;
  }
  return { request, status: res.status, contentType, etag: res.headers.get('etag'), cacheControl: res.headers.get('cache-control'), body };
}

/** The request as a Request for `origin`. */
export function parityRequest(origin: string, r: ParityRequest): Request {
  return new Request(`${origin}${r.path}`, {
    method: r.method ?? 'GET',
    ...(r.body !== undefined && { body: r.body }),
    headers: { ...(r.contentType !== undefined && { 'Content-Type': r.contentType }), ...(r.accept !== undefined && { Accept: r.accept }) },
  });
}

/** The `[vars]` of a wrangler.toml (`KEY = "value"` lines), so the Node server runs with the Worker's settings. */
export async function wranglerVars(file: string): Promise<Record<string, string>> {
  const text = await readFile(file, 'utf8');
  const section = text.split(/^\[vars\]\s*$/m)[1]?.split(/^\[/m)[0] ?? '';
  return Object.fromEntries([...section.matchAll(/^([A-Z_][A-Z0-9_]*)\s*=\s*"([^"]*)"\s*$/gm)].map((m) => [m[1]!, m[2]!]));
}
