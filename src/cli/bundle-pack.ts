/**
 * Bundling packs into the Worker script (entry src/worker/bundled.ts, wrangler.toml's `main`): the
 * module map that entry imports, and the pack files it imports, as Data modules.
 *
 * Why: under `wrangler dev` every static asset a cold Worker reads costs 8–10 ms and reads do not
 * overlap (the read-cost table of `npm run bench`), so a cold first search that reads 8 files spends
 * most of its time reading. Files inside the script are in the isolate when it starts.
 *
 * The files are copied as `<name>.bin` because wrangler's default module rules load `**\/*.bin` as
 * Data (an ArrayBuffer): no rule in the owner's wrangler.toml is needed, and a `.json` file is never
 * parsed into the bundle as JavaScript. Only the files the manifest lists are copied (each checked
 * against its size and SHA-256 first), so a stale file beside the pack is never deployed.
 */
import { gzipSync } from 'node:zlib';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PACK_FILES, RecallBoxError, isRecallBoxError, readManifest, readPackShard } from '../core/index.ts';
import { normalizePackPath } from '../protocol/indexes.ts';
import { fsPackSource } from '../indexer/fs-source.ts';

/** The module the bundled entry imports; wrangler's `alias` points it at the generated map. */
export const BUNDLED_PACK_MODULE = 'recall-box-bundled-pack';
/** Where `recall-box bundle` writes, relative to the config's folder (or the current one). */
export const DEFAULT_BUNDLE_OUT = '.recall-box/bundled';
/** The generated map's file name inside the output folder. */
export const PACK_MODULES_FILE = 'pack-modules.js';
/** The bundle folder's own .gitignore: everything in it, itself included. */
const SELF_IGNORE = '# Written by `recall-box bundle` on every build or deploy.\n*\n';
/** The generated entry's file name inside the output folder (BundleOptions.workerModule). */
export const BUNDLED_ENTRY_FILE = 'worker.js';

/**
 * Cloudflare's limits on a Worker's size after compression: Workers Free 3 MB, Workers Paid 10 MB
 * (https://developers.cloudflare.com/workers/platform/limits/#worker-size).
 */
export const SCRIPT_LIMITS = Object.freeze({ free: 3 * 1024 * 1024, paid: 10 * 1024 * 1024 });
export type ScriptPlan = keyof typeof SCRIPT_LIMITS;

/**
 * Room left under a plan's limit for the Worker's own code: the default entry is about 114 KiB
 * gzipped (the bundle table of `npm run bench`; `npm test`'s bundle budget prints it too), so packs
 * may take the limit less 256 KiB.
 */
export const WORKER_CODE_ALLOWANCE = 256 * 1024;

/** One pack to bundle: its folder, and the path the Worker knows it by (PACK_PATH or INDEXES). */
export interface BundleInput {
  packDir: string;
  packPath: string;
}

export interface BundleOptions {
  /** The plan whose script limit the packs must fit, with the code's allowance. Default `paid`. */
  plan: ScriptPlan;
  /**
   * Over that limit, or with no pack at a folder: bundle nothing (an empty map, so the Worker reads
   * its packs from PACK_SOURCE) instead of failing. What `auto` deploys use. Default false.
   */
  optional: boolean;
  /** The limits, default Cloudflare's (tests pass small ones). */
  limits: Readonly<Record<ScriptPlan, number>>;
  /**
   * The Worker factory (src/worker/worker.ts) to write an entry for beside the map, BUNDLED_ENTRY_FILE:
   * src/worker/bundled.ts importing the map by path instead of through wrangler's alias, for
   * `recall-box deploy`, which cannot add an alias to the owner's wrangler.toml (and `wrangler
   * deploy` ignores `--alias`). Default: none.
   */
  workerModule: string | null;
}

export const DEFAULT_BUNDLE_OPTIONS: Readonly<BundleOptions> = Object.freeze({ plan: 'paid', optional: false, limits: SCRIPT_LIMITS, workerModule: null });

export interface BundledPackReport {
  packPath: string;
  buildId: string;
  files: number;
  bytes: number;
  /** The files' size gzipped, each on its own: close to what they add to the compressed script. */
  gzipBytes: number;
}

export interface BundleResult {
  /** The module map, for wrangler's `alias` (BUNDLED_PACK_MODULE = this file). */
  modulesFile: string;
  /** The packs in the map: none when `optional` skipped them. */
  packs: BundledPackReport[];
  /** Gzipped bytes of the packs checked, bundled or not. */
  gzipBytes: number;
  /** The smallest plan whose limit the packs fit with the code's allowance, or null: none. */
  fits: ScriptPlan | null;
  /** Why nothing was bundled (`optional`), or null. */
  skipped: string | null;
}

/** The smallest plan whose script takes `gzipBytes` of packs beside the Worker's code. */
export function smallestPlan(gzipBytes: number, limits: Readonly<Record<ScriptPlan, number>> = SCRIPT_LIMITS): ScriptPlan | null {
  const plans: ScriptPlan[] = ['free', 'paid'];
  return plans.find((plan) => gzipBytes + WORKER_CODE_ALLOWANCE <= limits[plan]) ?? null;
}

/**
 * Check each pack, copy its files into `outDir` (replaced) and write the module map: the default
 * export maps each pack path to its files by stored name, as src/worker/sources/bundled.ts reads them.
 * Throws PACK_TOO_LARGE when the packs do not fit `plan`'s script, INDEX_MISSING for a folder with no
 * pack (unless `optional`: then the map is empty, and `skipped` says why), INDEX_CORRUPT for a damaged one.
 */
export async function bundlePacks(inputs: readonly BundleInput[], outDir: string, options: Partial<BundleOptions> = {}): Promise<BundleResult> {
  const { plan, optional, limits, workerModule } = { ...DEFAULT_BUNDLE_OPTIONS, ...options };
  if (inputs.length === 0) throw new RecallBoxError('INVALID_OPTIONS', 'recall-box bundle needs at least one pack folder.');
  const paths = inputs.map((i) => normalizePackPath(i.packPath));
  const repeated = paths.find((p, i) => paths.indexOf(p) !== i);
  if (repeated !== undefined) throw new RecallBoxError('INVALID_OPTIONS', `two packs would be bundled at ${repeated}; give each its own path.`);

  // Built beside the output and renamed into place, so a failed bundle leaves the last one whole.
  const staging = `${path.resolve(outDir)}.tmp-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  const place = async () => {
    if (workerModule !== null) await writeFile(path.join(staging, BUNDLED_ENTRY_FILE), bundledEntry(path.resolve(outDir), workerModule));
    // Generated, and megabytes of copies of the pack: ignored by git from inside, so the site's
    // repository stays clean without anyone editing its own .gitignore.
    await writeFile(path.join(staging, '.gitignore'), SELF_IGNORE);
    await rm(outDir, { recursive: true, force: true });
    await mkdir(path.dirname(path.resolve(outDir)), { recursive: true });
    await rename(staging, outDir);
  };
  const modulesFile = path.join(outDir, PACK_MODULES_FILE);
  const skip = async (skipped: string, gzipBytes: number, fits: ScriptPlan | null): Promise<BundleResult> => {
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true });
    await writeFile(path.join(staging, PACK_MODULES_FILE), `// Generated by \`recall-box bundle\`: no pack bundled (${skipped}).\nexport default {};\n`);
    await place();
    return { modulesFile, packs: [], gzipBytes, fits, skipped };
  };
  try {
    const imports: string[] = [];
    const entries: string[] = [];
    const packs: BundledPackReport[] = [];
    for (const [i, input] of inputs.entries()) {
      let report: Awaited<ReturnType<typeof copyPack>>;
      try {
        report = await copyPack(input.packDir, paths[i]!, path.join(staging, `pack-${i}`), (name, file) => {
          const id = `f${imports.length}`;
          imports.push(`import ${id} from ${JSON.stringify(`./pack-${i}/${file}`)};`);
          return id;
        });
      } catch (e) {
        if (optional && isRecallBoxError(e) && e.code === 'INDEX_MISSING') return await skip(`no pack at ${input.packDir}`, 0, null);
        throw e;
      }
      entries.push(`  ${JSON.stringify(paths[i]!)}: {\n${report.members.map(([name, id]) => `    ${JSON.stringify(name)}: ${id},`).join('\n')}\n  },`);
      packs.push(report.summary);
    }
    const gzipBytes = packs.reduce((sum, p) => sum + p.gzipBytes, 0);
    const fits = smallestPlan(gzipBytes, limits);
    if (fits === null || (fits === 'paid' && plan === 'free')) {
      const over = `the packs are ${sizeText(gzipBytes)} compressed, over what a Worker script on Workers ${plan === 'free' ? 'Free' : 'Paid'} takes beside its code (${sizeText(limits[plan] - WORKER_CODE_ALLOWANCE)})`;
      if (optional) return await skip(`${over}: they are read from the static assets`, gzipBytes, fits);
      throw new RecallBoxError('PACK_TOO_LARGE', `${over}: serve them as static assets (the default), KV or R2 instead.`);
    }
    const sources = packs.map((p) => `${p.packPath} (buildId ${p.buildId})`).join(', ');
    const map = [
      `// Generated by \`recall-box bundle\` from ${sources}: do not edit; bundle again after each build.`,
      ...imports,
      '',
      'export default {',
      ...entries,
      '};',
      '',
    ].join('\n');
    await writeFile(path.join(staging, PACK_MODULES_FILE), map);
    await place();
    return { modulesFile, packs, gzipBytes, fits, skipped: null };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** The entry a bundle's folder holds for `recall-box deploy`: src/worker/bundled.ts, its map by path. */
function bundledEntry(outDir: string, workerModule: string): string {
  const relative = path.relative(outDir, workerModule).split(path.sep).join('/');
  return [
    '// Generated by `recall-box bundle`: the bundled Worker entry (src/worker/bundled.ts) with the map beside it.',
    `import { createWorker } from ${JSON.stringify(relative.startsWith('.') ? relative : `./${relative}`)};`,
    `import bundledPacks from "./${PACK_MODULES_FILE}";`,
    '',
    'export default createWorker({ bundledPacks });',
    '',
  ].join('\n');
}

/** What a bundle did, in one line for the log: the packs and their size, or why none was bundled. */
export function describeBundle(result: BundleResult): string {
  if (result.skipped !== null) return `no pack bundled into the Worker script (${result.skipped}) → ${result.modulesFile}`;
  const packs = result.packs.map((p) => `${p.buildId} at ${p.packPath} (${p.files} files, ${sizeText(p.bytes)})`).join(', ');
  const plan = result.fits === 'free' ? 'fits Workers Free' : 'needs Workers Paid (over Free\'s 3 MB with the code)';
  return `bundled pack ${packs} into the Worker script: ${sizeText(result.gzipBytes)} compressed, ${plan} → ${result.modulesFile}`;
}

/** A size with one decimal, in KiB under a MiB, for messages. */
function sizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/**
 * Copies the stored files of a pack (manifest last) into `into`, each shard read once and checked
 * against the manifest as the Worker checks it (readPackShard); `declare` names each copy's import.
 * Returns the names with their imports, and the sizes.
 */
async function copyPack(
  packDir: string,
  packPath: string,
  into: string,
  declare: (name: string, file: string) => string,
): Promise<{ members: Array<[string, string]>; summary: BundledPackReport }> {
  const source = fsPackSource(packDir);
  const { manifest, text } = await readManifest(source);
  // Every shard's size and hash checked: a damaged pack fails here, not in the deployed Worker.
  const stored = Object.values(manifest.files).flatMap((entry) => entry.shards.map((shard, i) => ({ name: shard.name, read: () => readPackShard(source, entry, i) })));
  const manifestBytes = new TextEncoder().encode(text);
  await mkdir(into, { recursive: true });
  const members: Array<[string, string]> = [];
  let bytes = 0;
  let gzipBytes = 0;
  for (const { name, read } of [...stored, { name: PACK_FILES.manifest, read: async () => manifestBytes }]) {
    const data = await read();
    const file = `${name}.bin`;
    await writeFile(path.join(into, file), data);
    members.push([name, declare(name, file)]);
    bytes += data.byteLength;
    gzipBytes += gzipSync(data).byteLength;
  }
  return { members, summary: { packPath, buildId: manifest.buildId, files: members.length, bytes, gzipBytes } };
}
