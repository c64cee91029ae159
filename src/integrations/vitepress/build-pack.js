// What `vitepress build` does for recall-box once the site is written (the buildEnd hook): index
// the built HTML with the package's own CLI, into <outDir>/_recall-box/pack/, and copy the widget
// bundles next to it. The Worker then serves <outDir> as static assets and reads the pack from
// there (PACK_PATH = "/_recall-box/pack/"), so one `wrangler deploy` publishes site and search.
import { spawn } from 'node:child_process';
import { copyFile, mkdir, access } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACK_SUBDIR, SITE_DIR } from './options.js';

/** The installed recall-box package: this file is src/integrations/vitepress/build-pack.js in it. */
const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CLI = path.join(PACKAGE_ROOT, 'bin', 'recall-box.js');
const BUNDLES = ['recall-box.js', 'recall-box-highlight.js'];

/**
 * @param {{ outDir: string, site: { base: string } }} siteConfig VitePress's resolved SiteConfig.
 * @param {{ buildArgs: string[] }} options
 */
export async function buildPack(siteConfig, options) {
  const outDir = siteConfig.outDir;
  const args = [CLI, 'build', '--html', outDir, '--out', path.join(outDir, PACK_SUBDIR), '--base-url', siteConfig.site.base || '/', ...options.buildArgs];
  // A child process rather than an import: the CLI is TypeScript run through tsx (bin/recall-box.js),
  // and registering tsx's loader inside VitePress's own process could change how it loads files.
  const code = await run(process.execPath, args);
  if (code !== 0) {
    throw new Error(`recall-box: indexing the built site failed (\`recall-box build --html ${outDir}\` exited with ${code}; its output is above)`);
  }
  await copyBundles(path.join(outDir, SITE_DIR));
}

/** The widget bundles, for pages or sites that load it by URL (`/_recall-box/recall-box.js`). */
async function copyBundles(dir) {
  await mkdir(dir, { recursive: true });
  for (const name of BUNDLES) {
    const from = path.join(PACKAGE_ROOT, 'public', name);
    try {
      await access(from);
    } catch {
      throw new Error(`recall-box: ${from} is missing: the package was installed without its built widget (in a checkout of recall-box, run \`npm run build:widget\`)`);
    }
    await copyFile(from, path.join(dir, name));
  }
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('error', (e) => reject(new Error(`recall-box: could not start \`${command} ${args[0]}\`: ${e.message}`)));
    child.on('exit', (code, signal) => resolve(code ?? `signal ${signal}`));
  });
}
