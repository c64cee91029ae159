// What `astro build` does for recall-box once the pages are written (astro:build:done): index the
// built HTML with the package's own CLI into <outDir>/_recall-box/pack/, and copy the widget
// bundles next to it. The Worker then serves <outDir> as static assets and reads the pack from
// there (PACK_PATH = "/_recall-box/pack/"), so one `wrangler deploy` publishes site and search.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildSitePack, runCli } from '../site-pack.js';

/**
 * @param {{ outDir: string, root: string, base: string, buildArgs: string[], logger: { info(m: string): void, warn(m: string): void } }} job
 *   outDir: the built site; root: the project (the CLI reads its recall-box.config.json, if any,
 *   and the flags here override it); base: Astro's `base`, the pages' URL prefix.
 */
export function buildPack({ outDir, root, base, buildArgs, logger }) {
  return buildSitePack({ outDir, base, buildArgs, cwd: root, logger });
}

/** What `recall-box init` writes in the project, and `recall-box deploy` reads. */
const SITE_FILES = ['recall-box.config.json', 'wrangler.toml'];

/**
 * The first build of a project without recall-box.config.json and wrangler.toml writes them, as
 * `recall-box init --html <outDir>` does, so `npx recall-box deploy` is the next command. A project
 * with either file is left as it is: a wrangler.toml alone may be the owner's own.
 *
 * @param {{ outDir: string, root: string, base: string, buildArgs: string[], logger: { info(m: string): void, warn(m: string): void } }} job
 */
export async function initSite({ outDir, root, base, buildArgs, logger }) {
  const existing = SITE_FILES.filter((f) => existsSync(path.join(root, f)));
  const html = path.relative(root, outDir).split(path.sep).join('/') || '.';
  if (existing.length === SITE_FILES.length) return;
  if (existing.length > 0) {
    logger.info(`${existing[0]} exists without ${SITE_FILES.find((f) => !existing.includes(f))}: not writing the Worker's setup (\`npx recall-box init --html ${html} --force\` writes both)`);
    return;
  }
  const args = ['init', '--html', html, ...(base && base !== '/' ? ['--base-url', base] : []), ...buildArgs];
  // init prints a snippet for hand-written pages, which the component makes unneeded: its output
  // is shown only when it fails.
  const lines = [];
  const code = await runCli(args, { cwd: root, logger: { info: (l) => lines.push(l), warn: (l) => lines.push(l) } });
  if (code !== 0) {
    for (const line of lines) logger.warn(line);
    logger.warn(`\`recall-box init --html ${html}\` exited with ${code}: the site is built, but recall-box.config.json and wrangler.toml were not written`);
    return;
  }
  logger.info(`wrote ${SITE_FILES.join(' and ')} (as \`npx recall-box init --html ${html}\`): \`npx recall-box deploy --local\` tries the site with its search, \`npx recall-box deploy\` publishes both`);
}
