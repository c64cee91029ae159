/**
 * Setting up examples/starlight as a user would: recall-box packed as the npm tarball users get,
 * installed with Astro and Starlight from npm into the example, and the site built with
 * `astro build` (which builds the pack through the integration's astro:build:done hook).
 * The generic steps (run, pack, the built pages) are the VitePress example's.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { ROOT, run } from './vitepress-example.ts';

export { builtPages, packRecallBox, run } from './vitepress-example.ts';

export const EXAMPLE = path.join(ROOT, 'examples/starlight');
export const DIST = path.join(EXAMPLE, 'dist');
export const PACK = path.join(DIST, '_recall-box/pack');
/** The pinned Astro of the example's package.json, asked for to tell whether the registry answers. */
const ASTRO = 'astro@5.18.2';

// Astro's usage telemetry would try the network at the end of each command.
process.env.ASTRO_TELEMETRY_DISABLED = '1';

/** Whether npm can reach its registry (with the user's npm config), and if not why. */
export async function npmRegistryReachable(): Promise<{ ok: true } | { ok: false; why: string }> {
  try {
    await run('npm', ['view', ASTRO, 'version'], { cwd: EXAMPLE, timeoutMs: 60_000 });
    return { ok: true };
  } catch (e) {
    return { ok: false, why: String(e).split('\n').slice(0, 3).join(' ') };
  }
}

/**
 * Installs the example's dependencies (Astro, Starlight, pinned by its package-lock.json) with the
 * tarball as recall-box, leaving package.json and the lockfile as committed (`--no-save`).
 */
export async function installExample(tarball: string): Promise<void> {
  // A same-version tarball with new contents must replace the previous run's copy.
  await rm(path.join(EXAMPLE, 'node_modules/recall-box'), { recursive: true, force: true });
  await run('npm', ['install', '--no-save', '--no-audit', '--no-fund', tarball], { cwd: EXAMPLE, timeoutMs: 600_000 });
}

/** `astro build`, which ends with recall-box's astro:build:done: the pack inside dist/. Returns its output. */
export async function buildExample(): Promise<string> {
  // A clean build, as from a fresh clone: Astro's content cache (.astro/, node_modules/.astro/) kept
  // from a build with another recall-box or config is not what is being tested.
  for (const dir of [DIST, path.join(EXAMPLE, '.astro'), path.join(EXAMPLE, 'node_modules/.astro')]) await rm(dir, { recursive: true, force: true });
  return run(process.execPath, [path.join(EXAMPLE, 'node_modules/astro/astro.js'), 'build'], { cwd: EXAMPLE });
}
