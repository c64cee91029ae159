// What `astro build` does for recall-box once the pages are written (astro:build:done): index the
// built HTML with the package's own CLI into <outDir>/_recall-box/pack/, and copy the widget
// bundles next to it. The Worker then serves <outDir> as static assets and reads the pack from
// there (PACK_PATH = "/_recall-box/pack/"), so one `wrangler deploy` publishes site and search.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { access, copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { PACK_SUBDIR, SITE_DIR } from './options.js';

/** The installed recall-box package: this file is src/integrations/astro/build-pack.js in it. */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CLI = path.join(PACKAGE_ROOT, 'bin', 'recall-box.js');
const BUNDLES = ['recall-box.js', 'recall-box-highlight.js'];

/**
 * @param {{ outDir: string, root: string, base: string, buildArgs: string[], logger: { info(m: string): void, warn(m: string): void } }} job
 *   outDir: the built site; root: the project (the CLI reads its recall-box.config.json, if any,
 *   and the flags here override it); base: Astro's `base`, the pages' URL prefix.
 */
export async function buildPack({ outDir, root, base, buildArgs, logger }) {
  const out = path.join(outDir, PACK_SUBDIR);
  const args = [CLI, 'build', '--html', outDir, '--out', out, '--base-url', base || '/', ...buildArgs];
  // A child process rather than an import: the CLI is TypeScript run through tsx (bin/recall-box.js),
  // and registering tsx's loader inside Astro's own process could change how Astro loads files.
  const code = await run(process.execPath, args, root, logger);
  if (code !== 0) {
    throw new Error(`recall-box: indexing the built site failed (\`recall-box build --html ${outDir}\` exited with ${code}; its output is above)`);
  }
  await copyBundles(path.join(outDir, SITE_DIR));
  return out;
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
  const args = [CLI, 'init', '--html', html, ...(base && base !== '/' ? ['--base-url', base] : []), ...buildArgs];
  // init prints a snippet for hand-written pages, which the component makes unneeded: its output
  // is shown only when it fails.
  const lines = [];
  const code = await run(process.execPath, args, root, { info: (l) => lines.push(l), warn: (l) => lines.push(l) });
  if (code !== 0) {
    for (const line of lines) logger.warn(line);
    logger.warn(`\`recall-box init --html ${html}\` exited with ${code}: the site is built, but recall-box.config.json and wrangler.toml were not written`);
    return;
  }
  logger.info(`wrote ${SITE_FILES.join(' and ')} (as \`npx recall-box init --html ${html}\`): \`npx recall-box deploy --local\` tries the site with its search, \`npx recall-box deploy\` publishes both`);
}

/** The widget bundles, for pages that load them by URL (`/_recall-box/recall-box.js`, as `recall-box init` prints). */
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

/** Runs the CLI, its output line by line into Astro's log (stdout as info, stderr as warnings). */
function run(command, args, cwd, logger) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const streams = [
      [child.stdout, (line) => logger.info(unprefixed(line))],
      [child.stderr, (line) => logger.warn(unprefixed(line))],
    ];
    const closed = streams.map(([stream, log]) => new Promise((done) => createInterface({ input: stream }).on('line', (l) => l.trim() && log(l)).on('close', done)));
    child.on('error', (e) => reject(new Error(`recall-box: could not start \`${command} ${args[0]}\`: ${e.message}`)));
    child.on('close', (code, signal) => Promise.all(closed).then(() => resolve(code ?? `signal ${signal}`)));
  });
}

/** Astro's logger already labels each line [recall-box]. */
function unprefixed(line) {
  return line.replace(/^recall-box: /, '');
}
