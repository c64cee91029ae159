/**
 * examples/vitepress set up as a user would (example.ts): installed with VitePress from npm and
 * built with `vitepress build` (which builds the pack through the integration's buildEnd hook).
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { builtPages as pagesOf, installExample as install, npmRegistryReachable as reachable, ROOT, run } from './example.ts';

export { packRecallBox, ROOT, run } from './example.ts';

export const EXAMPLE = path.join(ROOT, 'examples/vitepress');
/** The VitePress root is docs/, so the built site is docs/.vitepress/dist (ignored by git). */
export const DIST = path.join(EXAMPLE, 'docs/.vitepress/dist');
export const PACK = path.join(DIST, '_recall-box/pack');
/** The pinned VitePress of the example's package.json, asked for to tell whether the registry answers. */
const VITEPRESS = 'vitepress@1.6.4';

export const npmRegistryReachable = () => reachable(VITEPRESS);
export const installExample = (tarball: string) => install(EXAMPLE, tarball);
export const builtPages = (dist: string = DIST) => pagesOf(dist);

/** `vitepress build docs`, which ends with recall-box's buildEnd: the pack inside the site. */
export async function buildExample(): Promise<string> {
  await rm(DIST, { recursive: true, force: true });
  return run(process.execPath, [path.join(EXAMPLE, 'node_modules/vitepress/bin/vitepress.js'), 'build', 'docs'], { cwd: EXAMPLE });
}
