/**
 * `recall-box serve`: search, the widget and a preview of every page on one local URL, under Node
 * (src/server/node-server.ts), with no Cloudflare account. What it serves, first match wins:
 *   --pack <dir>                    that pack, as built;
 *   <docs-dir> or --html <site-dir> a pack built from it now (into the OS's temp folder unless --out);
 *   a recall-box.config.json        its pack (`out`), built first if it is not there yet;
 *   neither                         public/pack, the repository's demo pack, when it exists.
 */
import { createHash } from 'node:crypto';
import { access } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PACK_FILES } from '../core/index.ts';
import { PAGE_LIST_PATH, startNodeServer, type NodeServerOptions, type RunningNodeServer } from '../server/node-server.ts';
import type { BuildFlags } from './build-options.ts';
import { resolveBuild, runBuild } from './build-command.ts';
import { loadConfig, SOURCE_ASSETS_DIR } from './config.ts';
import { failure } from './failure.ts';
import type { BuildSummary } from '../indexer/build-pack.ts';

export interface ServeFlags extends BuildFlags {
  config?: string;
  pack?: string;
  port?: string;
  host?: string;
}

export interface ServeIo {
  out: (s: string) => void;
  err: (s: string) => void;
  usage: (message: string, withUsage?: boolean) => number;
  /** Formats a build's summary (main.ts's formatSummary). */
  summary: (s: BuildSummary) => string;
  /** Ends the server when aborted; without one it runs until SIGINT or SIGTERM. */
  signal?: AbortSignal;
  /** Called once the server listens (tests read its URL). */
  onListening?: (server: RunningNodeServer) => void;
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/** Where a pack built for serving alone goes: one folder per docs folder, reused by the next serve of it. */
function scratchPackDir(input: string): string {
  const key = createHash('sha256').update(path.resolve(input)).digest('hex').slice(0, 12);
  return path.join(os.tmpdir(), `recall-box-serve-${key}`);
}

/** Resolves when `signal` aborts, or on SIGINT/SIGTERM when there is none. */
function untilStopped(signal: AbortSignal | undefined): Promise<void> {
  if (signal) return signal.aborted ? Promise.resolve() : new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

/** The port a flag names: 0 (any free one) to 65535; undefined for a bad one. */
function parsePort(raw: string | undefined): number | undefined {
  if (raw === undefined) return 8787;
  const port = Number(raw);
  return /^\d+$/.test(raw) && port >= 0 && port <= 65535 ? port : undefined;
}

/** The pack to serve and its site's name, building it when asked to (see the module comment); a number is an exit code. */
async function packToServe(flags: ServeFlags, docsDir: string | undefined, cwd: string, io: ServeIo): Promise<{ dir: string; name: string } | number> {
  if (flags.pack !== undefined) {
    if (docsDir !== undefined || flags.html !== undefined) return io.usage('give a docs folder or --pack, not both.', false);
    return { dir: path.resolve(cwd, flags.pack), name: path.basename(path.resolve(cwd, flags.pack)) };
  }
  const input = docsDir ?? flags.html;
  const loaded = input === undefined ? await loadConfig(cwd, flags.config) : null;
  if (input === undefined && loaded === null) {
    const demo = path.join(cwd, SOURCE_ASSETS_DIR, 'pack');
    if (await exists(path.join(demo, PACK_FILES.manifest))) return { dir: demo, name: path.basename(cwd) };
    return io.usage('expected `serve <docs-dir>`, `serve --html <site-dir>` or `serve --pack <pack-dir>` (or a recall-box.config.json here).');
  }
  const out = flags.out ?? (input !== undefined ? scratchPackDir(input) : undefined);
  const resolved = await resolveBuild({ ...flags, ...(out !== undefined && { out }) }, docsDir, cwd);
  if (!resolved.ok) return io.usage(resolved.message, resolved.usage);
  const { plan } = resolved.build;
  const name = path.basename(plan.input);
  // A config's pack already built (by the site's build, its integration) is served as it is.
  if (input === undefined && (await exists(path.join(plan.out, PACK_FILES.manifest)))) {
    io.out(`recall-box: serving the pack ${plan.out} (rebuild it with \`recall-box build\` to see changes).`);
    return { dir: plan.out, name };
  }
  io.out(`recall-box: building the pack of ${plan.input} …`);
  io.out(io.summary(await runBuild(resolved.build)));
  return { dir: plan.out, name };
}

/** Runs `recall-box serve`; returns the exit code once the server has stopped (0), or at once on an error. */
export async function serveCommand(flags: ServeFlags, docsDir: string | undefined, cwd: string, io: ServeIo): Promise<number> {
  const port = parsePort(flags.port);
  if (port === undefined) return io.usage('--port must be a whole number from 0 to 65535.', false);
  let server: RunningNodeServer;
  try {
    const pack = await packToServe(flags, docsDir, cwd, io);
    if (typeof pack === 'number') return pack;
    // The Worker's variables (ALLOWED_ORIGINS, CACHE_MAX_AGE, FALLBACK_LINK, …) from the environment,
    // as a container or a process manager sets them; readConfig reads only the names it knows.
    const vars = { PREVIEW_PAGES: 'on', ...process.env } as NonNullable<NodeServerOptions['vars']>;
    const adminToken = process.env.ADMIN_TOKEN;
    server = await startNodeServer({ packDir: pack.dir, port, vars, ...(adminToken && { adminToken }), ...(flags.host !== undefined && { host: flags.host }), siteName: pack.name });
    // Load the pack now: a broken or missing one is said here, not on a reader's first search.
    const health = await fetch(`${server.url}/health`);
    if (!health.ok) {
      const body = (await health.json()) as { error?: { code?: string; message?: string } };
      await server.close();
      io.err(`recall-box serve: ${body.error?.code ?? health.status}: ${body.error?.message ?? 'the pack does not load'} (${pack.dir})`);
      return 1;
    }
  } catch (e) {
    io.err(failure('serve', e));
    return 1;
  }
  io.out(`recall-box: serving ${server.url}/ — every page previewed at its own URL (all of them: ${server.url}${PAGE_LIST_PATH}), search at ${server.url}/search?q=…, MCP for agents at ${server.url}/mcp. Ctrl+C stops.`);
  io.onListening?.(server);
  await untilStopped(io.signal);
  await server.close();
  return 0;
}
