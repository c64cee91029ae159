// What every framework integration does once the framework has written the site: index the built
// HTML with the package's own CLI into <outDir>/_recall-box/pack/, and copy the widget bundles
// next to it. The Worker then serves <outDir> as static assets and reads the pack from there
// (PACK_PATH = "/_recall-box/pack/"), so one `wrangler deploy` publishes site and search. The same
// build writes the site for agents into <outDir> (`--llms-out`): llms.txt and llms-full.txt at its
// root, each page's Markdown beside its HTML (`guides/index.html.md`), so any static host serves them.
//
// Plain JavaScript (not TypeScript like the rest of src/): frameworks load their config and the
// integrations it names with Node, which cannot import .ts from node_modules.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { access, copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * Where the pack and the widget copy go inside the built site: the contract with `recall-box
 * init`/`deploy` (src/cli/config.ts BUILT_SITE_PACK_DIR, held equal by test/integrations/site-pack.test.ts).
 */
export const SITE_DIR = '_recall-box';
export const PACK_SUBDIR = `${SITE_DIR}/pack`;

/** The installed recall-box package: this file is src/integrations/site-pack.js in it. */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = path.join(PACKAGE_ROOT, 'bin', 'recall-box.js');
const BUNDLES = ['recall-box.js', 'recall-box-highlight.js'];

/** Set by the integrations from the framework's config; their `buildArgs` option may not set them. */
export const OWNED_FLAGS = ['--html', '--out', '--base-url', '--config', '--llms-out'];

/**
 * @typedef {{ info(message: string): void, warn(message: string): void }} Logger
 *   The framework's logger; without one the CLI's output goes straight to the terminal.
 */

/**
 * Builds the pack of the site in `outDir` and copies the widget beside it; throws (failing the
 * framework's build) when the CLI fails, its output already shown.
 *
 * @param {{ outDir: string, base?: string, buildArgs?: readonly string[], cwd?: string, logger?: Logger }} job
 *   cwd: where the CLI runs, so it reads the project's recall-box.config.json (flags win over it).
 * @returns {Promise<string>} the pack's folder
 */
export async function buildSitePack({ outDir, base = '/', buildArgs = [], cwd = process.cwd(), logger }) {
  const out = path.join(outDir, PACK_SUBDIR);
  const code = await runCli(['build', '--html', outDir, '--out', out, '--base-url', base || '/', '--llms-out', outDir, ...buildArgs], { cwd, logger });
  if (code !== 0) {
    throw new Error(`recall-box: indexing the built site failed (\`recall-box build --html ${outDir}\` exited with ${code}; its output is above)`);
  }
  await copyBundles(path.join(outDir, SITE_DIR));
  return out;
}

/** The widget bundles, for pages or sites that load them by URL (`/_recall-box/recall-box.js`, as `recall-box init` prints). */
export async function copyBundles(dir) {
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

/**
 * Runs the package's CLI in a child process rather than importing it: the CLI is TypeScript run
 * through tsx (bin/recall-box.js), and registering tsx's loader inside the framework's own process
 * could change how the framework loads files. With a logger, the output goes to it line by line
 * (stdout as info, stderr as warnings); the exit code, or `signal <name>`, is returned.
 *
 * @param {string[]} args
 * @param {{ cwd?: string, logger?: Logger }} [options]
 * @returns {Promise<number | string>}
 */
export function runCli(args, { cwd = process.cwd(), logger } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, stdio: logger ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const closed = logger
      ? [
          [child.stdout, (line) => logger.info(unprefixed(line))],
          [child.stderr, (line) => logger.warn(unprefixed(line))],
        ].map(([stream, log]) => new Promise((done) => createInterface({ input: stream }).on('line', (l) => l.trim() && log(l)).on('close', done)))
      : [];
    child.on('error', (e) => reject(new Error(`recall-box: could not start \`recall-box ${args[0]}\`: ${e.message}`)));
    child.on('close', (code, signal) => Promise.all(closed).then(() => resolve(code ?? `signal ${signal}`)));
  });
}

/** Framework loggers already label each line with the integration's name. */
function unprefixed(line) {
  return line.replace(/^recall-box: /, '');
}

/**
 * The end of every framework's build, the same for each so that `npx recall-box deploy` (and
 * `deploy --local`) is the next command after any of them: the pack and the widget in the built
 * site (buildSitePack), how long that took in the log, and on a project's first build its Worker's
 * setup (initSite).
 *
 * @param {{ outDir: string, root: string, base: string, buildArgs: string[], init: boolean, logger: Logger }} job
 *   root: the project's folder, where the CLI runs (reading its recall-box.config.json) and where
 *   init writes, so where the owner runs `npx recall-box deploy`.
 */
export async function indexBuiltSite({ outDir, root, base, buildArgs, init, logger }) {
  const started = Date.now();
  await buildSitePack({ outDir, base, buildArgs, cwd: root, logger });
  logger.info(`search pack and widget written to ${path.join(outDir, SITE_DIR)}${path.sep} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (init) await initSite({ outDir, root, base, buildArgs, logger });
}

/** What `recall-box init` writes in the project, and `recall-box deploy` reads. */
const SITE_FILES = ['recall-box.config.json', 'wrangler.toml'];

/**
 * The first build of a project without recall-box.config.json and wrangler.toml writes them, as
 * `recall-box init --html <outDir>` does, so `npx recall-box deploy` is the next command. A project
 * with either file is left as it is: a wrangler.toml alone may be the owner's own.
 *
 * @param {{ outDir: string, root: string, base: string, buildArgs: string[], logger: Logger }} job
 */
async function initSite({ outDir, root, base, buildArgs, logger }) {
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
