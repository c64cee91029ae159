/**
 * Files of the installed recall-box package that a site's setup points at: the Worker entry
 * (wrangler.toml `main`), the config schema (`$schema`), the widget bundle and the highlight script
 * (copied next to the pack) and the package's own wrangler (a dependency, so `deploy` runs the version it was tested with).
 */
import { existsSync, realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RecallBoxError } from '../core/index.ts';

/** The package's root folder: src/cli/ is two levels below it. */
export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PACKAGE_NAME = 'recall-box';

export const PACKAGE_FILES = {
  worker: 'src/worker/index.ts',
  /** The Worker factory the entry `recall-box deploy` writes for a bundled pack imports (config `worker.bundle`). */
  workerFactory: 'src/worker/worker.ts',
  schema: 'src/cli/recall-box.config.schema.json',
  widget: 'public/recall-box.js',
  /** The highlight-on-arrival script (docs/widget.md), served beside the widget. */
  highlight: 'public/recall-box-highlight.js',
  wranglerToml: 'wrangler.toml',
} as const;

/**
 * How a file of this package is written in a site's files, relative to `siteDir` with `/`.
 * `node_modules/recall-box/…` when the site's own node_modules holds this very package (a real
 * install, a `file:` or workspace link): that path survives upgrades and reads as documented.
 * Otherwise (the package used from elsewhere, as this repository's tests do) the relative path to it.
 */
export function packageFileFrom(siteDir: string, file: string, packageRoot: string = PACKAGE_ROOT): string {
  const installed = path.join(siteDir, 'node_modules', PACKAGE_NAME, file);
  const target = path.join(packageRoot, file);
  if (existsSync(installed) && existsSync(target) && realpathSync(installed) === realpathSync(target)) {
    return `node_modules/${PACKAGE_NAME}/${file}`;
  }
  return path.relative(siteDir, target).split(path.sep).join('/');
}

/** The compatibility_date of the package's own wrangler.toml: the date its Worker is tested at. */
export async function compatibilityDate(packageRoot: string = PACKAGE_ROOT): Promise<string> {
  const toml = await readFile(path.join(packageRoot, PACKAGE_FILES.wranglerToml), 'utf8');
  const match = /^compatibility_date\s*=\s*"(\d{4}-\d{2}-\d{2})"/m.exec(toml);
  if (!match) throw new RecallBoxError('CONFIG_INVALID', `${PACKAGE_NAME}'s wrangler.toml has no compatibility_date.`);
  return match[1]!;
}

/** The wrangler CLI script this package depends on, run with this Node. */
export function wranglerBin(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('wrangler/package.json');
  return path.join(path.dirname(pkg), 'bin', 'wrangler.js');
}
