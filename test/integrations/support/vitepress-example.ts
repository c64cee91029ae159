/**
 * Setting up examples/vitepress as a user would: recall-box packed as the npm tarball users get,
 * installed with VitePress from npm into the example, and the site built with `vitepress build`
 * (which builds the pack through the integration's buildEnd hook).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const EXAMPLE = path.join(ROOT, 'examples/vitepress');
/** The VitePress root is docs/, so the built site is docs/.vitepress/dist (ignored by git). */
export const DIST = path.join(EXAMPLE, 'docs/.vitepress/dist');
export const PACK = path.join(DIST, '_recall-box/pack');

const OUTPUT_TAIL_CHARS = 6_000;

/**
 * Runs a command to its end and returns its stdout; throws with the command and the tail of its
 * output (stdout and stderr) if it fails.
 */
export function run(command: string, args: string[], options: { cwd: string; timeoutMs?: number }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: options.timeoutMs ?? 300_000,
    });
    let stdout = '';
    let out = '';
    const keep = (chunk: Buffer) => (out = (out + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS));
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      keep(chunk);
    });
    child.stderr.on('data', keep);
    child.on('error', (e) => reject(new Error(`${command} ${args.join(' ')}: could not start: ${e.message}`)));
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${command} ${args.join(' ')} (in ${options.cwd}) failed (code ${code}, signal ${signal}):\n${out.trim()}`));
    });
  });
}

/** Whether npm can reach its registry (with the user's npm config), and if not why. */
export async function npmRegistryReachable(): Promise<{ ok: true } | { ok: false; why: string }> {
  try {
    await run('npm', ['view', 'vitepress@1.6.4', 'version'], { cwd: EXAMPLE, timeoutMs: 60_000 });
    return { ok: true };
  } catch (e) {
    return { ok: false, why: String(e).split('\n').slice(0, 3).join(' ') };
  }
}

/**
 * `npm pack` of this repository into `dest`; returns the tarball's path. `--ignore-scripts` skips
 * prepack (build:widget) when the bundles are already built, as `npm test` leaves them: this test is
 * about the integration, and the widget's build and size budget have tests of their own.
 */
export async function packRecallBox(dest: string): Promise<string> {
  const bundles = ['public/recall-box.js', 'public/recall-box-highlight.js'];
  if (!bundles.every((b) => existsSync(path.join(ROOT, b)))) await run('npm', ['run', 'build:widget'], { cwd: ROOT });
  const out = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dest], { cwd: ROOT });
  const [info] = JSON.parse(out) as { filename: string }[];
  return path.join(dest, info!.filename);
}

/**
 * Installs the example's dependencies (VitePress etc., pinned by its package-lock.json) with the
 * tarball as recall-box, leaving package.json and the lockfile as committed (`--no-save`).
 */
export async function installExample(tarball: string): Promise<void> {
  // A same-version tarball with new contents must replace the previous run's copy.
  await rm(path.join(EXAMPLE, 'node_modules/recall-box'), { recursive: true, force: true });
  await run('npm', ['install', '--no-save', '--no-audit', '--no-fund', tarball], { cwd: EXAMPLE, timeoutMs: 600_000 });
}

/** `vitepress build docs`, which ends with recall-box's buildEnd: the pack inside the site. */
export async function buildExample(): Promise<string> {
  await rm(DIST, { recursive: true, force: true });
  return run(process.execPath, [path.join(EXAMPLE, 'node_modules/vitepress/bin/vitepress.js'), 'build', 'docs'], { cwd: EXAMPLE });
}

/** The built site's pages: each .html file and the URL it is served at (index.html → its folder). */
export async function builtPages(dist: string = DIST): Promise<{ file: string; url: string }[]> {
  const entries = await readdir(dist, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.relative(dist, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .map((file) => ({ file, url: '/' + file.replace(/(^|\/)index\.html$/, '$1') }))
    .sort((a, b) => a.url.localeCompare(b.url));
}
