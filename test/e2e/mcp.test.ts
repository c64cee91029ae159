import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWranglerDev } from '../../bench/wrangler-dev.ts';
import { SEARCH_SAMPLES } from '../support/search-samples.ts';
import type { AgentSearch } from '../../src/mcp/results.ts';
import { MCP_MAX_BODY_BYTES } from '../../src/worker/mcp-route.ts';

// The MCP server as an assistant reaches it: the SDK's own Client over its Streamable HTTP client
// transport, against the Worker in `wrangler dev` (workerd) with the fixture site's pack.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let server: { url: string; stop(): Promise<void> };
let client: Client;

beforeAll(async () => {
  server = await startWranglerDev({ config: path.join(root, 'test/wrangler.test.toml'), timeoutMs: 90_000 });
  client = new Client({ name: 'recall-box-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
}, 180_000);

afterAll(async () => {
  await client?.close();
  await server?.stop();
});

interface ToolResult {
  content: Array<{ type: string; text: string }>;
  structuredContent?: AgentSearch;
  isError?: boolean;
}
const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as ToolResult;

/** A raw JSON-RPC POST, for what the SDK's client would never send. */
const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers }, body });

describe('the MCP server at /mcp', () => {
  it('initializes with instructions and lists its three tools, described for an agent', async () => {
    expect(client.getServerVersion()?.name).toBe('recall-box');
    expect(client.getInstructions()).toMatch(/search_docs/);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['read_page', 'read_section', 'search_docs']);
    const search = tools.find((t) => t.name === 'search_docs')!;
    expect(search.description).toMatch(/fallback/);
    expect(search.inputSchema.required).toEqual(['query']);
    expect(search.outputSchema?.properties).toHaveProperty('outcome');
  });

  it('answers search_docs with the results and verdict /search gives, for every sample query', async () => {
    for (const q of SEARCH_SAMPLES) {
      const found = (await call('search_docs', { query: q })).structuredContent!;
      const direct = (await (await fetch(`${server.url}/search?q=${encodeURIComponent(q)}`)).json()) as { results: Array<{ url: string }>; confidence: { outcome: string; level: string } };
      expect(found.results.map((r) => r.url), q).toEqual(direct.results.map((r) => r.url));
      expect([found.outcome, found.level], q).toEqual([direct.confidence.outcome, direct.confidence.level]);
    }
  });

  it('tells an agent to stop on a question the docs do not cover, and gives an answer with its URL when they do', async () => {
    const off = await call('search_docs', { query: 'lattice quantum chromodynamics' });
    expect(off.structuredContent?.outcome).toBe('fallback');
    expect(off.content[0]!.text).toMatch(/^Verdict: fallback/);
    expect(off.content[0]!.text).toMatch(/Do not answer it from these docs/);
    const on = await call('search_docs', { query: 'route parameters', limit: 3 });
    expect(on.structuredContent?.results.length).toBeLessThanOrEqual(3);
    expect(on.structuredContent?.results[0]?.url).toBe('/guides/routing/#route-parameters');
  });

  it('reads the section a result names, and its page, as Markdown', async () => {
    const section = await call('read_section', { url: '/guides/routing/#route-parameters' });
    expect(section.isError).toBeFalsy();
    expect(section.content[0]!.text).toMatch(/^## Route parameters/m);
    const page = await call('read_page', { url: 'https://docs.example.com/guides/routing/' });
    expect(page.content[0]!.text).toMatch(/^# Routing/);
  });

  it('gives bad arguments /search\'s codes as tool errors, and an unknown tool or page an error, never a 500', async () => {
    const long = await call('search_docs', { query: 'x'.repeat(300) });
    expect(long.isError).toBe(true);
    expect(long.content[0]!.text).toMatch(/^QUERY_TOO_LONG/);
    const limit = await call('search_docs', { query: 'route', limit: 0 });
    expect(limit.content[0]!.text).toMatch(/^BAD_LIMIT/);
    const typed = await call('search_docs', { query: 42 });
    expect(typed.isError).toBe(true);
    const page = await call('read_page', { url: '/no/such/page/' });
    expect(page.content[0]!.text).toMatch(/^NOT_FOUND/);
    const unknown = await call('no_such_tool', {});
    expect(unknown.isError).toBe(true);
    expect(unknown.content[0]!.text).toMatch(/no_such_tool/);
  });

  it('answers malformed JSON-RPC and an oversized body with JSON-RPC errors, and GET with 405', async () => {
    const notJson = await post('{');
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: { code: number } }).error.code).toBe(-32700);
    const notRpc = await post(JSON.stringify({ hello: 'world' }));
    expect(notRpc.status).toBe(400);
    expect(((await notRpc.json()) as { error: { code: number } }).error.code).toBeLessThan(-32000);
    const huge = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_docs', arguments: { query: 'x'.repeat(MCP_MAX_BODY_BYTES) } } }));
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error: { code: number; message: string } }).error.message).toMatch(/BODY_TOO_LARGE/);
    const get = await fetch(`${server.url}/mcp`, { headers: { Accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
  });
});
