/**
 * Setting up examples/docusaurus as a user would: recall-box packed as the npm tarball users get,
 * installed with Docusaurus from npm into the example, and the site built with `docusaurus build`
 * (which builds the pack through the plugin's postBuild). The generic steps (run, pack, install,
 * the built pages) are example.ts's.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { installExample as install, npmRegistryReachable as reachable, ROOT, run } from './example.ts';

export { builtPages, packRecallBox, run } from './example.ts';

export const EXAMPLE = path.join(ROOT, 'examples/docusaurus');
export const BUILD = path.join(EXAMPLE, 'build');
export const PACK = path.join(BUILD, '_recall-box/pack');
/** The pinned Docusaurus of the example's package.json, asked for to tell whether the registry answers. */
const DOCUSAURUS = '@docusaurus/core@3.10.2';

export const npmRegistryReachable = () => reachable(DOCUSAURUS);
export const installExample = (tarball: string) => install(EXAMPLE, tarball);

/** `docusaurus build`, which ends with recall-box's postBuild: the pack inside build/. Returns its output. */
export async function buildExample(): Promise<string> {
  // A clean build, as from a fresh clone. Webpack's persistent cache (node_modules/.cache) takes
  // packages in node_modules as unchanged while their version is: a reinstalled recall-box of the
  // same version would be built from the previous run's compiled theme files.
  for (const dir of [BUILD, path.join(EXAMPLE, '.docusaurus'), path.join(EXAMPLE, 'node_modules/.cache')]) await rm(dir, { recursive: true, force: true });
  return run(process.execPath, [path.join(EXAMPLE, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'), 'build'], { cwd: EXAMPLE, timeoutMs: 600_000 });
}
