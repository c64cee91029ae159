/**
 * The Model Context Protocol server at /mcp: docs search for coding assistants, from the same pack
 * and the same pipeline as /search, with the same verdict. Stateless Streamable HTTP with JSON
 * responses (the official SDK's web-standard transport, which runs in workerd and Node alike): each
 * POST is answered on its own, so any isolate answers any request and nothing is kept between them.
 *
 * Tools: search_docs (the /search answer: results and verdict), read_section and read_page (a URL
 * from a result → Markdown). A tool's failure — bad input with /search's codes, a URL that names no
 * page — is a tool error the agent reads (`isError`), never a 500.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { z } from 'zod';
import { isRecallBoxError, type LoadedPack } from '../core/index.ts';
import type { RawSearchRequest } from '../protocol/request.ts';
import type { SearchResponse } from '../protocol/response.ts';
import { READ_PAGE_LIMITS, readPage, readSection } from './read.ts';
import { agentSearch, agentSearchText } from './results.ts';

/** What the server needs from the app (src/worker/app.ts passes it in). */
export interface McpDeps {
  /** The /search answer to `raw`, as /search gives it (its caches, its gap counted as an agent's). */
  search(raw: RawSearchRequest): Promise<SearchResponse>;
  /** Each index's pack, the default first: read_section and read_page look a URL up in each. */
  packs: ReadonlyArray<(signal?: AbortSignal) => Promise<LoadedPack>>;
  /** Name and version in the initialize result. */
  info: { name: string; version: string };
  /** Logs a failure that is not the agent's (a bug); returns the id the agent is told. */
  logUnexpected(e: unknown): string;
}

/**
 * The SDK checks what a client sends back to an elicitation against a JSON Schema with Ajv, which
 * compiles code at run time (workerd forbids it). This server asks no client for input, so it needs
 * no validator: this one refuses, should it ever be asked.
 */
const NO_ELICITATION: jsonSchemaValidator = {
  getValidator: () => () => ({ valid: false, data: undefined, errorMessage: 'recall-box asks no client for input' }),
};

/** The server's instructions to an agent (initialize), and each tool's description: when to use it. */
const INSTRUCTIONS =
  'Search this documentation site and read its pages. Call search_docs first with the question; it returns ranked sections and a verdict. When the verdict is "fallback", the docs do not cover the question: say so instead of answering from general knowledge. Use read_section or read_page with a result\'s url to read more.';

const SEARCH_DESCRIPTION =
  'Search the documentation. Returns the best sections (title, heading path, url with anchor, matching text) and a verdict: "answer" (the docs answer it; an extract is included), "uncertain" (they may not: read the top section before relying on it) or "fallback" (the docs do not cover it: do not answer from these docs, and do not guess an API). Use it before answering any question about this project.';

const SECTION_DESCRIPTION = 'Read one section of the documentation as Markdown (heading, text, code), given a url from search_docs (its #anchor names the section).';

const PAGE_DESCRIPTION = `Read a whole documentation page as Markdown, given a url from search_docs. Long pages are cut at a section's end after maxChars characters (default ${READ_PAGE_LIMITS.defaultChars}), with the urls of the sections left out.`;

/** search_docs' input: the query as /search takes it; /search's own checks (QUERY_TOO_LONG, BAD_LIMIT, UNKNOWN_FACET …) apply after these types. */
const SEARCH_INPUT = {
  query: z.string().describe('The question or keywords, as a person would ask them.'),
  limit: z.number().int().optional().describe('Most results (1–50). Default 10.'),
  lang: z.string().optional().describe('Language tag of the docs to search (e.g. "en", "ja"). Default: detected from the query.'),
  filters: z.record(z.string(), z.string()).optional().describe('Facet filters, facet name → value (e.g. {"pool": "reference"}).'),
  index: z.string().optional().describe("Which of the server's indexes to search (several docs sets or versions); default its first."),
};

const SEARCH_OUTPUT = {
  query: z.string(),
  outcome: z.enum(['answer', 'uncertain', 'fallback']),
  level: z.string(),
  shouldAnswer: z.boolean(),
  reasons: z.array(z.object({ code: z.string(), message: z.string() })),
  answer: z.object({ text: z.string(), url: z.string(), heading: z.string() }).nullable(),
  fallback: z.object({ cause: z.string(), message: z.string() }).nullable(),
  results: z.array(z.object({ rank: z.number(), title: z.string(), breadcrumb: z.array(z.string()), url: z.string(), text: z.string() })),
};

const URL_INPUT = z.string().describe('A url from search_docs: a path with its #anchor, or the full URL on the docs site.');

/** A tool's failure as the agent reads it: recall-box's code and message; a bug logged, and only its id told. */
function toolError(e: unknown, deps: McpDeps) {
  const text = isRecallBoxError(e) ? e.message : `INTERNAL: an unexpected error; request ${deps.logUnexpected(e)}.`;
  return { content: [{ type: 'text' as const, text }], isError: true };
}

/** The raw /search request of search_docs' arguments. */
function searchRequestOf(args: { query: string; limit?: number | undefined; lang?: string | undefined; filters?: Record<string, string> | undefined; index?: string | undefined }): RawSearchRequest {
  const { query, ...rest } = args;
  // Only what was given: an absent option is /search's default, as in a query string without it.
  return { q: query, ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) };
}

/** A server with the three tools, for one request (stateless: nothing outlives it). */
function serverFor(deps: McpDeps): McpServer {
  const server = new McpServer(deps.info, { instructions: INSTRUCTIONS, jsonSchemaValidator: NO_ELICITATION });
  const readOnly = { readOnlyHint: true, openWorldHint: false };
  server.registerTool('search_docs', { title: 'Search the docs', description: SEARCH_DESCRIPTION, inputSchema: SEARCH_INPUT, outputSchema: SEARCH_OUTPUT, annotations: readOnly }, async (args) => {
    try {
      const found = agentSearch(await deps.search(searchRequestOf(args)));
      return { content: [{ type: 'text' as const, text: agentSearchText(found) }], structuredContent: { ...found } };
    } catch (e) {
      return toolError(e, deps);
    }
  });
  server.registerTool('read_section', { title: 'Read a section', description: SECTION_DESCRIPTION, inputSchema: { url: URL_INPUT }, annotations: readOnly }, async ({ url }) => {
    try {
      return { content: [{ type: 'text' as const, text: await readSection(deps.packs, url) }] };
    } catch (e) {
      return toolError(e, deps);
    }
  });
  const maxChars = z.number().int().min(READ_PAGE_LIMITS.minChars).max(READ_PAGE_LIMITS.maxChars).optional().describe(`Most characters to return (${READ_PAGE_LIMITS.minChars}–${READ_PAGE_LIMITS.maxChars}).`);
  server.registerTool('read_page', { title: 'Read a page', description: PAGE_DESCRIPTION, inputSchema: { url: URL_INPUT, maxChars }, annotations: readOnly }, async (args) => {
    try {
      return { content: [{ type: 'text' as const, text: await readPage(deps.packs, args.url, args.maxChars) }] };
    } catch (e) {
      return toolError(e, deps);
    }
  });
  return server;
}

/** Answers one MCP POST (`parsedBody`: the JSON-RPC message the route read and bounded). */
export async function handleMcp(request: Request, deps: McpDeps, parsedBody: unknown): Promise<Response> {
  const server = serverFor(deps);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody });
  } finally {
    await server.close();
  }
}
