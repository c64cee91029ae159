/**
 * Bench step: what an agent's search costs beside a reader's. The same queries asked of one Worker
 * as GET /search and as an MCP tools/call of search_docs (POST /mcp, stateless, JSON response),
 * alternating query by query and swapping which goes first, timed from this process over loopback.
 * The Worker runs with its answer caches off, so both search every time; the ratio is the MCP
 * layer's cost (the JSON-RPC envelope, the SDK's server and its validation, the agent's text).
 */
import type { BenchQuery } from './queries.ts';
import { pairedTimes, type Summary } from './stats.ts';

/** A request that takes longer than this is a hang, not a sample. */
const REQUEST_TIMEOUT_MS = 10_000;

export interface McpCostBench {
  queries: number;
  /** GET /search, each query once. */
  search: Summary;
  /** POST /mcp tools/call search_docs, the same queries. */
  mcp: Summary;
  /** Median over the queries of MCP ms ÷ /search ms: paired, so a noisy moment hits both sides. */
  pairedRatio: number;
}

async function timed(request: () => Promise<Response>, check: (body: string) => boolean, what: string): Promise<number> {
  const started = performance.now();
  const res = await request();
  const body = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200 || !check(body)) throw new Error(`${what}: ${res.status} ${body.slice(0, 200)}`);
  return ms;
}

const searchOf = (url: string, q: string) =>
  timed(() => fetch(`${url}/search?q=${encodeURIComponent(q)}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }), (body) => body.includes('"results"'), `/search ${q}`);

let rpcId = 0;
const mcpOf = (url: string, q: string) =>
  timed(
    () =>
      fetch(`${url}/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method: 'tools/call', params: { name: 'search_docs', arguments: { query: q } } }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      }),
    (body) => body.includes('"structuredContent"'),
    `MCP search_docs ${q}`,
  );

/** `warmup` queries each way first (compiles the code, loads the pack), then every query both ways. */
export async function benchMcpCost(url: string, queries: readonly BenchQuery[], warmup: number): Promise<McpCostBench> {
  for (let i = 0; i < warmup; i++) {
    const q = queries[i % queries.length]!.q;
    await searchOf(url, q);
    await mcpOf(url, q);
  }
  const paired = await pairedTimes(queries, (q) => mcpOf(url, q.q), (q) => searchOf(url, q.q));
  return { queries: queries.length, search: paired.b, mcp: paired.a, pairedRatio: paired.ratio };
}
