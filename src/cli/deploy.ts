/**
 * `recall-box deploy`: builds the pack from the config, puts the widget bundle beside it, and runs
 * the package's `wrangler deploy` on the site's own wrangler.toml (written once by init, then the
 * owner's). With `local`, `wrangler dev` instead, to try the site and its search offline.
 *
 * The config wins over wrangler.toml for what it holds: the Worker's name, its assets folder and
 * its vars go on wrangler's command line (`--name`, `--assets`, `--var`), so editing the config is
 * enough, and nothing the owner wrote in wrangler.toml is rewritten.
 */
import { existsSync, realpathSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { RecallBoxError } from '../core/index.ts';
import type { BuildSummary } from '../indexer/build-pack.ts';
import type { ResolvedBuild } from './build-command.ts';
import { servedPathOf, type SitePlan } from './config.ts';
import { PACKAGE_FILES, PACKAGE_ROOT } from './package-files.ts';
import { WRANGLER_TOML } from './init.ts';
import { workerVars } from './worker-vars.ts';
import { BUNDLED_ENTRY_FILE, bundlePacks, DEFAULT_BUNDLE_OUT, describeBundle } from './bundle-pack.ts';
import { requireWranglerCredentials } from './wrangler-credentials.ts';

export interface DeployMode {
  /** `wrangler deploy --dry-run`: bundle and check, publish nothing. */
  dryRun: boolean;
  /** `wrangler dev` on 127.0.0.1:`port` instead of deploying. */
  local: boolean;
  port: number;
  /** Arguments after `--`, passed to wrangler as they are (e.g. `--outdir <dir>`, `--env <name>`). */
  extra: string[];
}

/**
 * Whether wrangler will publish, and so need Cloudflare credentials: not `--local` (wrangler dev on
 * loopback) nor a dry run, also one asked for after `--`.
 */
export function publishes(mode: DeployMode): boolean {
  return !mode.local && !mode.dryRun && !mode.extra.includes('--dry-run');
}

/** The site's wrangler.toml: deploy needs it and never writes it. */
export function siteWranglerToml(build: ResolvedBuild): string {
  if (build.loaded === null) {
    throw new RecallBoxError('CONFIG_MISSING', 'deploy reads recall-box.config.json, and there is none here (or give --config <file>); `recall-box init` writes it and a wrangler.toml.');
  }
  const toml = path.join(build.loaded.dir, WRANGLER_TOML);
  if (!existsSync(toml)) {
    throw new RecallBoxError('CONFIG_MISSING', `${toml} does not exist; \`recall-box init --force\` writes it (and rewrites ${build.loaded.file}).`);
  }
  return toml;
}

/**
 * Copies the package's widget bundle, and the highlight-on-arrival script beside it, to where the
 * Worker serves them (plan.widgetPath under the assets), when the pack itself is among the assets:
 * a site whose pack is served elsewhere (KV, R2) serves its widget its own way. Returns what was
 * done, or why not, for the log.
 */
export async function placeWidget(plan: SitePlan, packageRoot: string = PACKAGE_ROOT): Promise<string> {
  if (servedPathOf(plan.assets, plan.out) === null) return `widget: not copied — the pack (${plan.out}) is not among the Worker's assets (${plan.assets}).`;
  const bundle = path.join(packageRoot, PACKAGE_FILES.widget);
  if (!existsSync(bundle)) return `widget: not copied — ${bundle} is missing (in a recall-box checkout: npm run build:widget).`;
  const target = path.join(plan.assets, ...plan.widgetPath.split('/').filter(Boolean));
  // The repository's own site serves public/recall-box.js, the bundle itself.
  if (existsSync(target) && realpathSync(target) === realpathSync(bundle)) return `widget: ${target} is the package's bundle itself.`;
  await mkdir(path.dirname(target), { recursive: true });
  await copyFile(bundle, target);
  const highlight = path.join(packageRoot, PACKAGE_FILES.highlight);
  const highlightName = path.basename(PACKAGE_FILES.highlight);
  const highlightPath = path.posix.join(path.posix.dirname(plan.widgetPath), highlightName);
  if (!existsSync(highlight)) return `widget: ${target} (served at ${plan.widgetPath}); highlight script not copied — ${highlight} is missing.`;
  await copyFile(highlight, path.join(path.dirname(target), highlightName));
  return `widget: ${target} (served at ${plan.widgetPath}), with the highlight script (served at ${highlightPath})`;
}

/** Where the pack lands among the assets, against the path the Worker reads it at: a mismatch answers INDEX_MISSING. */
export function packPathProblem(plan: SitePlan): string | null {
  const served = servedPathOf(plan.assets, plan.out);
  return served === null || served === plan.packPath ? null : `the pack is written to ${plan.out}, served at ${served}, but worker.packPath is ${plan.packPath}: the Worker would find no pack.`;
}

/** Where deploy writes the bundled pack, its module map and its entry (config `worker.bundle`): beside the config. */
export function bundledDir(build: ResolvedBuild): string {
  return path.join(build.loaded?.dir ?? process.cwd(), DEFAULT_BUNDLE_OUT);
}

/**
 * Whether deploy runs the bundled entry (config `worker.bundle`, default `auto`): unless `off`, or
 * the pack is not among the assets (served from KV or R2, it is the store's to serve). Under `auto`
 * a pack too large for Workers Free is left out of the map, and the entry reads the assets.
 */
export function deploysBundled(build: ResolvedBuild): boolean {
  return (build.config.worker?.bundle ?? 'auto') !== 'off' && servedPathOf(build.plan.assets, build.plan.out) !== null;
}

/**
 * wrangler's arguments for this deploy: the command, then the config's settings, then the extra
 * ones. Bundled (deploysBundled), the entry prepareDeploy wrote beside the module map instead of
 * wrangler.toml's `main`.
 */
export function wranglerArgs(build: ResolvedBuild, mode: DeployMode): string[] {
  const worker = build.config.worker;
  const vars = workerVars(worker, build.plan);
  // With an entry given, wrangler looks for its config from the entry's folder (the package's own
  // wrangler.toml); --config keeps it on the site's.
  const config = build.loaded ? ['--config', path.join(build.loaded.dir, WRANGLER_TOML)] : [];
  const bundled = deploysBundled(build) ? [path.join(bundledDir(build), BUNDLED_ENTRY_FILE), ...config] : [];
  return [
    ...(mode.local ? ['dev', ...bundled, '--ip', '127.0.0.1', '--port', String(mode.port)] : ['deploy', ...bundled, ...(mode.dryRun ? ['--dry-run'] : [])]),
    ...(worker?.name !== undefined ? ['--name', worker.name] : []),
    ...(worker?.assets !== undefined ? ['--assets', build.plan.assets] : []),
    ...Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`]),
    ...mode.extra,
  ];
}

/**
 * The deploy's steps before wrangler runs: check (config, wrangler.toml, where the pack lands and,
 * when it publishes, wrangler's credentials: all before the build, the step that takes time), build,
 * place the widget, and (deploysBundled) bundle the pack into the script's module map. Returns the
 * build's summary and the log lines.
 */
export async function prepareDeploy(
  build: ResolvedBuild,
  mode: DeployMode,
  buildPack: (b: ResolvedBuild) => Promise<BuildSummary>,
  packageRoot: string = PACKAGE_ROOT,
): Promise<{ credentials: string | null; summary: BuildSummary; widget: string; bundled: string | null }> {
  siteWranglerToml(build);
  const problem = packPathProblem(build.plan);
  if (problem !== null) throw new RecallBoxError('CONFIG_INVALID', `${build.loaded!.file}: ${problem}`);
  // wrangler runs in the config's folder (main.ts), where it loads .env files from.
  const credentials = publishes(mode) ? requireWranglerCredentials({ env: process.env, siteDir: build.loaded!.dir, extra: mode.extra }) : null;
  const summary = await buildPack(build);
  const widget = await placeWidget(build.plan);
  if (!deploysBundled(build)) return { credentials, summary, widget, bundled: null };
  // auto: only what fits Workers Free, so bundling never makes a deploy fail; on: up to Paid's limit.
  const on = build.config.worker?.bundle === 'on';
  const result = await bundlePacks([{ packDir: build.plan.out, packPath: build.plan.packPath }], bundledDir(build), {
    plan: on ? 'paid' : 'free',
    optional: !on,
    workerModule: path.join(packageRoot, PACKAGE_FILES.workerFactory),
  });
  return { credentials, summary, widget, bundled: describeBundle(result) };
}
