/**
 * `recall-box init`: sets a site up for search in one step. Writes recall-box.config.json and a
 * wrangler.toml for the site's Worker next to it, and returns the snippet to paste into the site's
 * pages and the command to run next.
 *
 * Everything is worked out and checked before anything is written, and existing files are kept
 * unless `force`: an init that fails changes nothing.
 */
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { RecallBoxError } from '../core/index.ts';
import { flagsConfig, readPoolRulesFile, type BuildFlags } from './build-options.ts';
import { CONFIG_FIELDS, type RecallBoxConfig } from './config-fields.ts';
import { validateConfig } from './config-validate.ts';
import { absolutePaths, CONFIG_FILE_NAME, PATH_KEYS, sitePlan, type SitePlan } from './config.ts';
import { compatibilityDate, PACKAGE_FILES, packageFileFrom } from './package-files.ts';
import { renderWranglerToml } from './wrangler-toml.ts';
import { workerVars } from './worker-vars.ts';

export const WRANGLER_TOML = 'wrangler.toml';

export interface InitRequest {
  /** The build flags given to init; they go into the config. */
  flags: BuildFlags;
  docsDir: string | undefined;
  /** `--name`: the Worker's name. Default: the site folder's name, made into a Worker name. */
  name?: string;
  /** Where to write the config (`--config`); wrangler.toml goes beside it. Default cwd/recall-box.config.json. */
  configFile?: string;
  force: boolean;
  cwd: string;
}

export interface InitResult {
  /** The files written, absolute. */
  written: string[];
  config: Record<string, unknown>;
  plan: SitePlan;
  /** HTML to paste into the site's pages. */
  snippet: string;
  /** What to run next, as lines to print. */
  next: string[];
}

/** A usage error of init's command line (exit 2), as opposed to a failure (exit 1). */
export class InitUsageError extends Error {}

/** `My Docs!` → `my-docs`: a Worker name (lower-case letters, digits, `-`, at most 63). */
export function workerNameOf(folder: string): string {
  const name = folder
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
  return name === '' ? 'docs-search' : name;
}

/** An absolute path as the config writes it: relative to the site folder, with `/`. */
function relativeTo(siteDir: string, absolute: string): string {
  return path.relative(siteDir, absolute).split(path.sep).join('/') || '.';
}

/** `$schema` must read as a path to an editor: `./node_modules/…`, or `../…` as it is. */
function schemaRef(relative: string): string {
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/** The snippet for the site's pages: same origin when the Worker serves the site, else the Worker's URL. */
export function snippetFor(plan: SitePlan, name: string): string {
  const origin = plan.kind === 'html' ? '' : `https://${name}.<your-subdomain>.workers.dev`;
  return [`<script type="module" src="${origin}${plan.widgetPath}"></script>`, `<recall-box endpoint="${origin}/search"></recall-box>`].join('\n');
}

/** The config init writes: the given settings, with the folders and the Worker spelled out. */
async function initConfig(request: InitRequest, siteDir: string): Promise<{ config: Record<string, unknown>; plan: SitePlan; name: string }> {
  const fromFlags = flagsConfig(request.flags, request.docsDir);
  if (!fromFlags.ok) throw new InitUsageError(fromFlags.message);
  if (fromFlags.config.source === undefined && fromFlags.config.html === undefined) {
    throw new InitUsageError('expected `init <docs-dir>` or `init --html <site-dir>`.');
  }
  const absolute = absolutePaths(fromFlags.config, request.cwd);
  if (fromFlags.poolRulesFile !== undefined) absolute.poolRules = await readPoolRulesFile(fromFlags.poolRulesFile);
  const name = request.name ?? workerNameOf(path.basename(siteDir));
  const plan = sitePlan(absolute, siteDir)!;
  const settings: RecallBoxConfig = {
    ...absolute,
    out: plan.out,
    worker: { name, assets: relativeTo(siteDir, plan.assets), packPath: plan.packPath },
  };
  // In the table's order, paths relative to the site, so the file reads like the documentation.
  const config: Record<string, unknown> = { $schema: schemaRef(packageFileFrom(siteDir, PACKAGE_FILES.schema)) };
  for (const key of Object.keys(CONFIG_FIELDS) as Array<keyof RecallBoxConfig>) {
    const value = settings[key];
    if (value === undefined) continue;
    config[key] = PATH_KEYS.includes(key as (typeof PATH_KEYS)[number]) ? relativeTo(siteDir, value as string) : value;
  }
  // What init writes, the commands must read back: a bad --name fails here, before any write.
  validateConfig(config, path.join(siteDir, CONFIG_FILE_NAME));
  return { config, plan, name };
}

/** Writes every file or none: each to a temporary sibling first, then all renamed into place. */
async function writeAll(files: Array<{ file: string; text: string }>): Promise<void> {
  const temps = files.map((f) => ({ ...f, temp: `${f.file}.${process.pid}.tmp` }));
  for (const dir of new Set(files.map((f) => path.dirname(f.file)))) await mkdir(dir, { recursive: true });
  try {
    for (const t of temps) await writeFile(t.temp, t.text);
  } catch (e) {
    for (const t of temps) await rm(t.temp, { force: true });
    throw e;
  }
  for (const t of temps) await rename(t.temp, t.file);
}

export async function init(request: InitRequest): Promise<InitResult> {
  const configFile = path.resolve(request.cwd, request.configFile ?? CONFIG_FILE_NAME);
  const siteDir = path.dirname(configFile);
  const tomlFile = path.join(siteDir, WRANGLER_TOML);
  const { config, plan, name } = await initConfig(request, siteDir);
  const existing = [configFile, tomlFile].filter((f) => existsSync(f));
  if (existing.length > 0 && !request.force) {
    throw new RecallBoxError('FILE_EXISTS', `${existing.join(' and ')} ${existing.length === 1 ? 'exists' : 'exist'}; nothing was written (--force replaces ${existing.length === 1 ? 'it' : 'them'}).`);
  }
  const toml = renderWranglerToml({
    name,
    main: packageFileFrom(siteDir, PACKAGE_FILES.worker),
    compatibilityDate: await compatibilityDate(),
    assets: relativeTo(siteDir, plan.assets),
    vars: workerVars(config.worker as RecallBoxConfig['worker'], plan),
  });
  await writeAll([
    { file: configFile, text: `${JSON.stringify(config, null, 2)}\n` },
    { file: tomlFile, text: toml },
  ]);
  const shown = (f: string) => (path.relative(request.cwd, f).startsWith('..') ? f : path.relative(request.cwd, f) || f);
  const missing = plan.kind === 'html' ? `Build your site into ${shown(plan.input)} first: it is what is indexed and served.` : `Write your docs in ${shown(plan.input)}: it does not exist yet.`;
  const next = [
    ...(existsSync(plan.input) ? [] : [missing]),
    `Try it locally:  npx recall-box deploy --local   (http://127.0.0.1:8787)`,
    `Deploy it:       npx wrangler login && npx recall-box deploy`,
  ];
  return { written: [configFile, tomlFile], config, plan, snippet: snippetFor(plan, name), next };
}
