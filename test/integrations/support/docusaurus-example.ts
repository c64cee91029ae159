/**
 * Setting up examples/docusaurus as a user would: recall-box packed as the npm tarball users get,
 * installed with Docusaurus from npm into the example, and the site built with `docusaurus build`
 * (which builds the pack through the plugin's postBuild). The generic steps (run, pack, the built
 * pages) are the VitePress example's.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { ROOT, run } from './vitepress-example.ts';

export { builtPages, packRecallBox, run } from './vitepress-example.ts';

export const EXAMPLE = path.join(ROOT, 'examples/docusaurus');
export const BUILD = path.join(EXAMPLE, 'build');
export const PACK = path.join(BUILD, '_recall-box/pack');
/** The pinned Docusaurus of the example's package.json, asked for to tell whether the registry answers. */
const DOCUSAURUS = '@docusaurus/core@3.10.2';

/** Whether npm can reach its registry (with the user's npm config), and if not why. */
export async function npmRegistryReachable(): Promise<{ ok: true } | { ok: false; why: string }> {
  try {
    await run('npm', ['view', DOCUSAURUS, 'version'], { cwd: EXAMPLE, timeoutMs: 60_000 });
    return { ok: true };
  } catch (e) {
    return { ok: false, why: String(e).split('\n').slice(0, 3).join(' ') };
  }
}

/**
 * Installs the example's dependencies (Docusaurus, React, pinned by its package-lock.json) with the
 * tarball as recall-box, leaving package.json and the lockfile as committed (`--no-save`).
 */
export async function installExample(tarball: string): Promise<void> {
  // A same-version tarball with new contents must replace the previous run's copy.
  await rm(path.join(EXAMPLE, 'node_modules/recall-box'), { recursive: true, force: true });
  await run('npm', ['install', '--no-save', '--no-audit', '--no-fund', tarball], { cwd: EXAMPLE, timeoutMs: 600_000 });
}

/** `docusaurus build`, which ends with recall-box's postBuild: the pack inside build/. Returns its output. */
export async function buildExample(): Promise<string> {
  // A clean build, as from a fresh clone. Webpack's persistent cache (node_modules/.cache) takes
  // packages in node_modules as unchanged while their version is: a reinstalled recall-box of the
  // same version would be built from the previous run's compiled theme files.
  for (const dir of [BUILD, path.join(EXAMPLE, '.docusaurus'), path.join(EXAMPLE, 'node_modules/.cache')]) await rm(dir, { recursive: true, force: true });
  return run(process.execPath, [path.join(EXAMPLE, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'), 'build'], { cwd: EXAMPLE, timeoutMs: 600_000 });
}
