/**
 * Reading `recall-box.config.json` and turning a config into what the commands act on: the folders
 * to read and write (SitePlan) and the flags that override it (mergeConfig).
 *
 * Paths in the file are relative to the file's folder, and paths on the command line to the
 * current directory, so both are made absolute (absolutePaths) before they are merged.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { RecallBoxError } from '../core/index.ts';
import { normalizePackPath } from '../protocol/indexes.ts';
import type { RecallBoxConfig } from './config-fields.ts';
import { validateConfig } from './config-validate.ts';

export const CONFIG_FILE_NAME = 'recall-box.config.json';

/** Where the pack of a built site goes, inside the site, and the URL path it is served at. */
export const BUILT_SITE_PACK_DIR = '_recall-box/pack';
export const BUILT_SITE_PACK_PATH = `/${BUILT_SITE_PACK_DIR}/`;
/** The same for a docs-folder config: the repository's own layout (public/pack/ at /pack/). */
export const SOURCE_ASSETS_DIR = 'public';
export const SOURCE_PACK_PATH = '/pack/';
/** The widget bundle's file name, served from the folder above the pack. */
export const WIDGET_FILE = 'recall-box.js';

export interface LoadedConfig {
  config: RecallBoxConfig;
  /** The file read, absolute. */
  file: string;
  /** Its folder: what the file's paths are relative to. */
  dir: string;
}

/**
 * Reads and validates the config: `explicit` (`--config <file>`, which must exist) or else
 * recall-box.config.json in `cwd` (null when there is none: every command also works from flags).
 */
export async function loadConfig(cwd: string, explicit?: string): Promise<LoadedConfig | null> {
  const file = path.resolve(cwd, explicit ?? CONFIG_FILE_NAME);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && explicit === undefined) return null;
    if (code === 'ENOENT') throw new RecallBoxError('CONFIG_MISSING', `${file} does not exist (--config); \`recall-box init\` writes one.`);
    throw new RecallBoxError('CONFIG_INVALID', `cannot read ${file} (${code ?? (e as Error).message}).`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new RecallBoxError('CONFIG_INVALID', `${file} is not JSON (${(e as Error).message}).`);
  }
  return { config: validateConfig(raw, file), file, dir: path.dirname(file) };
}

/** The config's keys that are paths, relative to the file (or to the current directory for flags). */
export const PATH_KEYS = ['source', 'html', 'out', 'model', 'tokenizer', 'llmsOut'] as const;

/** The config with every path made absolute against `dir`. */
export function absolutePaths(config: RecallBoxConfig, dir: string): RecallBoxConfig {
  const result: RecallBoxConfig = { ...config };
  for (const key of PATH_KEYS) if (result[key] !== undefined) result[key] = path.resolve(dir, result[key]!);
  if (config.worker?.assets !== undefined) result.worker = { ...config.worker, assets: path.resolve(dir, config.worker.assets) };
  return result;
}

/**
 * Keys that are one choice between them: a flag that sets any of a group replaces the file's whole
 * group, so `build --html dist` over a config with `source`, or `--no-vectors` over a config with a
 * `model`, means what the command line says instead of a contradiction.
 */
const GROUPS: ReadonlyArray<ReadonlyArray<keyof RecallBoxConfig>> = [
  ['source', 'html'],
  ['vectors', 'model', 'tokenizer'],
];

/** The file's config overridden by the command line's: flags win, key by key (and group by group). */
export function mergeConfig(file: RecallBoxConfig, flags: RecallBoxConfig): RecallBoxConfig {
  const base: RecallBoxConfig = { ...file };
  for (const group of GROUPS) if (group.some((k) => flags[k] !== undefined)) for (const k of group) delete base[k];
  const merged: RecallBoxConfig = { ...base };
  for (const [key, value] of Object.entries(flags) as Array<[keyof RecallBoxConfig, unknown]>) {
    if (value !== undefined && key !== 'worker') (merged as Record<string, unknown>)[key] = value;
  }
  if (flags.worker !== undefined) merged.worker = { ...file.worker, ...flags.worker };
  return merged;
}

/** What a config means on disk and on the Worker, every default applied. Paths absolute. */
export interface SitePlan {
  /** `html`: a built site, indexed and served as it is; `source`: a docs folder. */
  kind: 'html' | 'source';
  /** The folder indexed. */
  input: string;
  /** The pack folder. */
  out: string;
  /** The folder the Worker serves as static assets. */
  assets: string;
  /** The URL path of the pack on the Worker (PACK_PATH). */
  packPath: string;
  /** The URL path of the widget bundle: next to the pack's folder. */
  widgetPath: string;
}

/** `/a/b/` → `/a/recall-box.js`; `/pack/` → `/recall-box.js`. */
export function widgetPathFor(packPath: string): string {
  const trimmed = packPath.replace(/\/+$/, '');
  return `${path.posix.dirname(trimmed === '' ? '/' : trimmed).replace(/\/$/, '')}/${WIDGET_FILE}`;
}

/**
 * The URL path the Worker's static assets serve `out` at (`/_recall-box/pack/`), or null when `out`
 * is not inside the `assets` folder (the pack is then served some other way: KV, R2).
 */
export function servedPathOf(assets: string, out: string): string | null {
  const rel = path.relative(assets, out);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return `/${rel.split(path.sep).join('/')}/`;
}

/**
 * The plan of an absolute-path config, or null when it names nothing to index; `baseDir` is the
 * config file's folder (the current one without a file), which the `source` defaults are under. `worker.packPath`
 * defaults to where `out` lies among the assets, so the Worker reads the pack where it is. The defaults are
 * the built-site convention the framework integrations rely on: the pack in
 * `<site>/_recall-box/pack/`, served at `/_recall-box/pack/` by a Worker whose assets are the site.
 */
export function sitePlan(config: RecallBoxConfig, baseDir: string): SitePlan | null {
  const kind = config.html !== undefined ? 'html' : config.source !== undefined ? 'source' : null;
  if (kind === null) return null;
  const input = kind === 'html' ? config.html! : config.source!;
  const assets = config.worker?.assets ?? (kind === 'html' ? input : path.resolve(baseDir, SOURCE_ASSETS_DIR));
  const out = config.out ?? (kind === 'html' ? path.join(input, BUILT_SITE_PACK_DIR) : path.resolve(baseDir, SOURCE_ASSETS_DIR, 'pack'));
  // A pack written among the assets is served at its own path there, whatever the convention says.
  const defaultPackPath = servedPathOf(assets, out) ?? (kind === 'html' ? BUILT_SITE_PACK_PATH : SOURCE_PACK_PATH);
  const packPath = normalizePackPath(config.worker?.packPath ?? defaultPackPath);
  return { kind, input, out, assets, packPath, widgetPath: widgetPathFor(packPath) };
}
