/**
 * Start and stop a local `wrangler dev` server, for the bench and end-to-end tests:
 *
 *   const dev = await startWranglerDev({ config: 'bench/wrangler.bench.toml' });
 *   try { await fetch(`${dev.url}/search?q=routing`); } finally { await dev.stop(); }
 *
 * wrangler runs in its own process group (it spawns workerd and esbuild), so stopping kills the
 * whole group and leaves no workerd behind. A process 'exit' hook does the same if the caller dies
 * before calling stop().
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WRANGLER_BIN = path.join(ROOT, 'node_modules/.bin/wrangler');
/** Loopback only: the bench and tests must never listen on a public interface. */
const HOST = '127.0.0.1';

/**
 * Default time allowed for wrangler to bundle, start workerd and answer the health check. A cold
 * start on a loaded 2-core machine takes 5–15 s; 60 s leaves room without hanging a run forever.
 */
const DEFAULT_START_TIMEOUT_MS = 60_000;
/** Time a SIGTERM'd wrangler gets to shut workerd down before the group is SIGKILLed. */
const STOP_GRACE_MS = 5_000;
/** Pause between health probes while waiting for the server. */
const HEALTH_POLL_MS = 250;
/** Each health probe's own timeout: the first request also compiles the Worker, so it can be slow. */
const HEALTH_PROBE_TIMEOUT_MS = 15_000;
/** Output kept for error messages: enough to show why wrangler failed, bounded for long runs. */
const LOG_TAIL_CHARS = 8_000;
/** Terminal colour codes: wrangler emits some even with NO_COLOR; stripped from the log tail. */
// eslint-disable-next-line no-control-regex
const ANSI_ESCAPES = /\x1b\[[0-9;]*m/g;

export interface WranglerDevOptions {
  /** Path to the wrangler config (absolute, or relative to the repository root). */
  config: string;
  /** Port to listen on; a free one is picked when omitted. */
  port?: number;
  /** Extra `[vars]`, passed as `--var KEY:VALUE` (they override the config's). */
  vars?: Record<string, string>;
  /** A named environment of the config (`--env`), e.g. `onnx`. */
  env?: string;
  /**
   * Where wrangler keeps local state (`--persist-to`): the Cache API, KV, R2, D1. Default: beside
   * the config (`.wrangler/state`). A server started again on the same folder (and port: the Cache
   * API keys by origin) finds what the last one stored.
   */
  persistTo?: string;
  /** Bound on the whole start, health check included. Default 60 s. */
  timeoutMs?: number;
  /** Path that must answer 200 before the server counts as ready. Default `/health`. */
  healthPath?: string;
  /**
   * Another command that runs `wrangler dev` for us, given the port and inspector port to use, e.g.
   * `recall-box deploy --local --port <port> -- --inspector-port <inspector>`: started, watched and
   * stopped the same way (its own process group; SIGTERM first, so it can stop the wrangler it
   * started). `config`, `vars` and `env` are then the command's business.
   */
  command?: (port: number, inspectorPort: number) => { file: string; args: string[]; cwd: string };
}

export interface WranglerDev {
  /** Origin without trailing slash, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Stop wrangler and everything it spawned. Safe to call more than once. */
  stop(): Promise<void>;
  /** wrangler's pid, which is also its process group's id (workerd runs in that group). */
  pid: number;
}

/**
 * A wrangler config in `dir` for this repository's default Worker serving `dir/site` as its static
 * assets, with the pack at /pack/ read lazily (the path a large site takes) and the answer cache on,
 * as deployed. Returns the config's path. What the bench's probes and the process tests start.
 */
export async function writeLazyPackConfig(dir: string, name: string): Promise<string> {
  const config = path.join(dir, 'wrangler.toml');
  const lines = [
    `name = ${JSON.stringify(name)}`,
    `main = ${JSON.stringify(path.join(ROOT, 'src/worker/index.ts'))}`,
    'compatibility_date = "2026-04-20"',
    'keep_names = false',
    '[assets]',
    'directory = "./site"',
    'binding = "ASSETS"',
    'run_worker_first = ["/search", "/health", "/admin/*"]',
    '[vars]',
    'ALLOWED_ORIGINS = "*"',
    'PACK_PATH = "/pack/"',
    'CACHE_MAX_AGE = "300"',
    'PACK_READ = "lazy"',
  ];
  await writeFile(config, `${lines.join('\n')}\n`);
  return config;
}

/** A TCP port nobody listens on right now (the OS picks it). Racy in theory, fine in practice. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('could not get a free port'))));
    });
  });
}

function wranglerArgs(config: string, port: number, inspectorPort: number, vars: Record<string, string>, env?: string, persistTo?: string): string[] {
  const args = ['dev', '--ip', HOST, '--port', String(port), '--inspector-port', String(inspectorPort), '-c', config];
  if (persistTo) args.push('--persist-to', persistTo);
  // Without a TTY wrangler would not draw its hotkey bar anyway; saying so keeps its output parseable.
  args.push('--show-interactive-dev-session=false');
  for (const [key, value] of Object.entries(vars)) args.push('--var', `${key}:${value}`);
  if (env) args.push('--env', env);
  return args;
}

export function wranglerEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    // Project rule: local wrangler runs make no calls to Cloudflare and send no telemetry.
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    WRANGLER_SEND_METRICS: 'false',
    // Plain output, so the "Ready on" line can be matched and the log tail reads cleanly.
    NO_COLOR: '1',
    FORCE_COLOR: '0',
  };
}

/** Signal wrangler's whole process group; a group that is already gone is not an error. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch (e) {
    if ((e as { code?: string }).code !== 'ESRCH') throw e;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function probe(url: string, timeoutMs: number): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(Math.max(1, timeoutMs)) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

export async function startWranglerDev(options: WranglerDevOptions): Promise<WranglerDev> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_START_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  const config = path.resolve(ROOT, options.config);
  const port = options.port ?? (await freePort());
  // The inspector defaults to 9229 for every wrangler; two servers (or a developer's own) would clash.
  const inspectorPort = await freePort();

  const spec = options.command?.(port, inspectorPort) ?? { file: WRANGLER_BIN, args: wranglerArgs(config, port, inspectorPort, options.vars ?? {}, options.env, options.persistTo), cwd: ROOT };
  const child = spawn(spec.file, spec.args, {
    cwd: spec.cwd,
    env: wranglerEnv(),
    detached: true, // its own process group, so stop() can kill workerd and esbuild with it
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let log = '';
  let readyUrl: string | null = null;
  const onOutput = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8').replace(ANSI_ESCAPES, '')).slice(-LOG_TAIL_CHARS);
    // wrangler prints the address it actually bound; waiting for it means a health 200 from some
    // other server that already holds the port cannot be mistaken for ours.
    readyUrl ??= /Ready on (http:\/\/[^\s]+)/.exec(log)?.[1]?.replace(/\/$/, '') ?? null;
  };
  // Always drained: wrangler logs every request, and a full pipe would stall it mid-benchmark.
  child.stdout!.on('data', onOutput);
  child.stderr!.on('data', onOutput);

  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    });
  });
  const killOnExit = () => signalGroup(child, 'SIGKILL');
  process.once('exit', killOnExit);

  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', killOnExit);
    if (!exited) {
      signalGroup(child, 'SIGTERM');
      await Promise.race([exitPromise, sleep(STOP_GRACE_MS)]);
    }
    // workerd may outlive wrangler's node process; the group kill makes sure nothing is left.
    signalGroup(child, 'SIGKILL');
  };

  const fail = async (why: string): Promise<never> => {
    await stop();
    throw new Error(`wrangler dev -c ${options.config}: ${why}\n--- wrangler output (tail) ---\n${log.trim()}`);
  };

  try {
    while (Date.now() < deadline) {
      if (exited) {
        const { code, signal } = exited as { code: number | null; signal: NodeJS.Signals | null };
        return await fail(`exited early (code ${code}, signal ${signal})`);
      }
      const probeTimeout = Math.min(HEALTH_PROBE_TIMEOUT_MS, deadline - Date.now());
      if (readyUrl && (await probe(`${readyUrl}${options.healthPath ?? '/health'}`, probeTimeout))) {
        return { url: readyUrl, stop, pid: child.pid! };
      }
      await sleep(HEALTH_POLL_MS);
    }
    return await fail(`not healthy within ${timeoutMs} ms`);
  } catch (e) {
    await stop();
    throw e;
  }
}
