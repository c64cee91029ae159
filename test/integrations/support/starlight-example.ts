/**
 * Setting up examples/starlight as a user would: recall-box packed as the npm tarball users get,
 * installed with Astro and Starlight from npm into the example, and the site built with
 * `astro build` (which builds the pack through the integration's astro:build:done hook).
 * The generic steps (run, pack, install, the built pages) are example.ts's.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { installExample as install, npmRegistryReachable as reachable, ROOT, run } from './example.ts';

export { builtPages, packRecallBox, run } from './example.ts';

export const EXAMPLE = path.join(ROOT, 'examples/starlight');
export const DIST = path.join(EXAMPLE, 'dist');
export const PACK = path.join(DIST, '_recall-box/pack');
/** The pinned Astro of the example's package.json, asked for to tell whether the registry answers. */
const ASTRO = 'astro@5.18.2';

// Astro's usage telemetry would try the network at the end of each command.
process.env.ASTRO_TELEMETRY_DISABLED = '1';

export const npmRegistryReachable = () => reachable(ASTRO);
export const installExample = (tarball: string) => install(EXAMPLE, tarball);

/** `astro build`, which ends with recall-box's astro:build:done: the pack inside dist/. Returns its output. */
export async function buildExample(): Promise<string> {
  // A clean build, as from a fresh clone: Astro's content cache (.astro/, node_modules/.astro/) kept
  // from a build with another recall-box or config is not what is being tested.
  for (const dir of [DIST, path.join(EXAMPLE, '.astro'), path.join(EXAMPLE, 'node_modules/.astro')]) await rm(dir, { recursive: true, force: true });
  return run(process.execPath, [path.join(EXAMPLE, 'node_modules/astro/astro.js'), 'build'], { cwd: EXAMPLE });
}
