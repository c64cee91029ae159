/**
 * Running the package's wrangler as a child: in its own process group, with SIGINT/SIGTERM/SIGHUP
 * forwarded to the whole group and the group ended when wrangler exits, so no workerd that
 * `wrangler dev` started outlives it (workerd is wrangler's child, and a signal to wrangler alone
 * can leave it running with the port held).
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { wranglerBin } from './package-files.ts';

export interface WranglerRun {
  /** Arguments after `wrangler`. */
  args: string[];
  /** Folder to run in: the site's, where its wrangler.toml is. */
  cwd: string;
  /**
   * `inherit`: wrangler writes to this process's terminal (the CLI). `pipe`: its output goes line
   * by line through `out`/`err` (the in-process runner tests use).
   */
  stdio: 'inherit' | 'pipe';
  out: (line: string) => void;
  err: (line: string) => void;
  /** Stops wrangler (SIGTERM to its group) when aborted: how a caller in the same process ends `wrangler dev`. */
  signal?: AbortSignal;
  /** Called with wrangler's pid, which is also its process group's id. */
  onSpawn?: (pid: number) => void;
}

const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Signals a process group; a group that is already gone is not an error. */
function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: every process of the group has exited.
  }
}

/** Most time to wait for a killed group's processes to be gone: SIGKILL is not refused, only delivered late. */
const GROUP_GONE_MS = 5000;

/** Resolves when no process of the group is left (or after GROUP_GONE_MS). */
async function groupGone(pid: number): Promise<void> {
  for (const started = Date.now(); Date.now() - started < GROUP_GONE_MS; ) {
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Calls `write` with each complete line of a stream, and the rest when it ends. */
function lines(stream: NodeJS.ReadableStream, write: (line: string) => void): void {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const parts = (pending + chunk).split(/\r?\n/);
    pending = parts.pop()!;
    for (const line of parts) write(line);
  });
  stream.on('end', () => {
    if (pending !== '') write(pending);
  });
}

/** Runs wrangler to its end; resolves with its exit code (128 + n when a signal ended it). */
export function runWrangler(run: WranglerRun): Promise<number> {
  return new Promise((resolve, reject) => {
    // stdin is not passed on: a process outside the terminal's foreground group that reads it is
    // stopped (SIGTTIN). Wrangler then runs non-interactively (log in first: `npx wrangler login`).
    const child = spawn(process.execPath, [wranglerBin(), ...run.args], {
      cwd: run.cwd,
      detached: true,
      stdio: ['ignore', run.stdio, run.stdio],
      env: process.env,
    });
    if (run.stdio === 'pipe') {
      lines(child.stdout!, run.out);
      lines(child.stderr!, run.err);
    }
    const forward = (signal: NodeJS.Signals) => child.pid !== undefined && signalGroup(child.pid, signal);
    const onExit = () => forward('SIGTERM');
    for (const s of FORWARDED) process.on(s, forward);
    process.on('exit', onExit);
    run.signal?.addEventListener('abort', onExit);
    const cleanUp = () => {
      for (const s of FORWARDED) process.off(s, forward);
      process.off('exit', onExit);
      run.signal?.removeEventListener('abort', onExit);
    };
    if (child.pid !== undefined) run.onSpawn?.(child.pid);
    if (run.signal?.aborted) onExit();
    child.on('error', (e) => {
      cleanUp();
      reject(e);
    });
    let exitCode = 0;
    child.on('exit', (code, signal) => {
      exitCode = code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0);
      // Whatever wrangler left in its group (a workerd it did not stop) goes with it; its pipes
      // close then, and 'close' follows.
      if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
    });
    child.on('close', () => {
      cleanUp();
      // Resolved once the group is gone, so a caller that starts the next wrangler at once finds
      // the port free.
      const pid = child.pid;
      if (pid === undefined) return resolve(exitCode);
      void groupGone(pid).then(() => resolve(exitCode));
    });
  });
}
