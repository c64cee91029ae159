/**
 * POST /mcp: the MCP server (src/mcp/server.ts) on the app. Here is what is HTTP's: the body read
 * within a bound and parsed, and what cannot reach the server answered as JSON-RPC errors a client
 * understands (a body too large, not JSON), and every other method refused (405): a stateless
 * server opens no stream a GET would listen on (the transport would open one that never speaks) and
 * keeps no session a DELETE would end.
 */
import type { Context, Hono } from 'hono';
import { isRecallBoxError } from '../core/index.ts';
import type { McpDeps } from '../mcp/server.ts';
import type { RawSearchRequest } from '../protocol/request.ts';
import type { SearchResponse } from '../protocol/response.ts';
import { readBodyCapped } from './body.ts';

/**
 * Largest MCP request body, in bytes: 64 KiB. A tool call is a few hundred bytes (a query is at most
 * 256 characters); an initialize carries the client's name and capabilities, a few KB at most.
 */
export const MCP_MAX_BODY_BYTES = 64 * 1024;

/** JSON-RPC's codes for a message that cannot be read (the specification's table). */
const JSON_RPC = Object.freeze({ parseError: -32700, invalidRequest: -32600 });

export interface McpRouteDeps extends Omit<McpDeps, 'search' | 'logUnexpected'> {
  /** The /search answer to `raw` for this request, as an agent asked it. */
  search(c: Context, raw: RawSearchRequest): Promise<SearchResponse>;
  /** Logs an unexpected failure for this request; returns the id the client is told. */
  logUnexpected(c: Context, e: unknown): string;
}

function rpcError(c: Context, status: 400 | 413, code: number, message: string) {
  return c.json({ jsonrpc: '2.0', id: null, error: { code, message } }, status, { 'Cache-Control': 'no-store' });
}

export function registerMcpRoute(app: Hono, deps: McpRouteDeps): void {
  const forRequest = (c: Context): McpDeps => ({
    info: deps.info,
    packs: deps.packs,
    search: (raw) => deps.search(c, raw),
    logUnexpected: (e) => deps.logUnexpected(c, e),
  });
  app.post('/mcp', async (c) => {
    let text: string;
    try {
      text = await readBodyCapped(c.req.raw, MCP_MAX_BODY_BYTES);
    } catch (e) {
      if (isRecallBoxError(e) && e.code === 'BODY_TOO_LARGE') return rpcError(c, 413, JSON_RPC.invalidRequest, e.message);
      throw e;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return rpcError(c, 400, JSON_RPC.parseError, 'Parse error: the request body is not JSON.');
    }
    // Imported on the first MCP request: the SDK and zod (the default script went from 119 to 278 KiB
    // gzipped with them, as test/deploy/bundle-budget.test.ts prints it before and after /mcp) are
    // evaluated only in isolates agents use, never on a reader's cold start.
    const { handleMcp } = await import('../mcp/server.ts');
    return handleMcp(c.req.raw, forRequest(c), body);
  });
  app.all('/mcp', (c) => c.json({ jsonrpc: '2.0', id: null, error: { code: JSON_RPC.invalidRequest, message: 'Method not allowed: this MCP server is stateless; send JSON-RPC messages with POST.' } }, 405, { Allow: 'POST', 'Cache-Control': 'no-store' }));
}
