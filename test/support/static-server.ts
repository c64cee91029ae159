/**
 * A tiny HTTP server for browser tests: serves a directory (normally `public/`) on 127.0.0.1 at a
 * random free port, and lets the test answer chosen routes itself (a fake `/search`, a proxy to
 * `wrangler dev`, generated pages).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { extname, resolve, sep } from 'node:path';

/**
 * Answers a request before static files are tried. Return `true` if you answered (or will answer,
 * e.g. after a delay) and `false` to fall through to the static files.
 */
export type RequestHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => boolean | Promise<boolean>;

export interface StaticServer {
  /** Origin without trailing slash, e.g. `http://127.0.0.1:41234`. */
  url: string;
  port: number;
  /** Stops listening and drops open connections (including responses a handler still holds). */
  close(): Promise<void>;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

export async function serveStatic(dir: string, handler?: RequestHandler): Promise<StaticServer> {
  const root = resolve(dir);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    respond(root, req, res, url, handler).catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`static-server: ${String(e)}`);
    });
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => ok());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}

async function respond(
  root: string,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  handler: RequestHandler | undefined,
): Promise<void> {
  if (handler && (await handler(req, res, url))) return;
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method Not Allowed');
  const file = await findFile(root, url.pathname);
  if (!file) return sendText(res, 404, 'Not Found');
  const body = await readFile(file);
  res.writeHead(200, {
    'content-type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'content-length': body.length,
    // Tests rebuild files between runs; a cached copy would test yesterday's bundle.
    'cache-control': 'no-store',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The file for a URL path, `index.html` for directories; `null` if missing or outside `root`. */
async function findFile(root: string, pathname: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const candidate = resolve(root, `.${decoded}`);
  if (candidate !== root && !candidate.startsWith(root + sep)) return null;
  try {
    const info = await stat(candidate);
    if (info.isFile()) return candidate;
    if (info.isDirectory()) {
      const index = resolve(candidate, 'index.html');
      if ((await stat(index)).isFile()) return index;
    }
  } catch {
    // Missing file: fall through to 404.
  }
  return null;
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}
