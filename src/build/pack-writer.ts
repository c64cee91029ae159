import { createHash } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FORMAT_VERSION, PACK_FILES, type PackManifest } from '../core/pack/format.ts';

/** Data files of a pack, already serialised, by file name. */
export type PackFiles = Record<string, string>;

/**
 * The buildId is a hash of the format version and every data file, not of the time: rebuilding
 * unchanged docs gives the same id, so ETags and caches stay valid across no-op deploys.
 */
export function computeBuildId(files: PackFiles): string {
  const hash = createHash('sha256');
  hash.update(`recall-box-pack-v${FORMAT_VERSION}\n`);
  for (const name of Object.keys(files).sort()) {
    hash.update(`${name}\n${files[name]!.length}\n`);
    hash.update(files[name]!);
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Write a pack atomically: into a sibling temporary folder first, then swapped in. A build that
 * fails half-way leaves the previous pack untouched, and a Worker reading the folder never sees a
 * mix of two builds.
 */
export async function writePack(outDir: string, manifest: PackManifest, files: PackFiles): Promise<void> {
  const target = path.resolve(outDir);
  const temp = `${target}.tmp-${process.pid}-${Date.now()}`;
  await mkdir(temp, { recursive: true });
  try {
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(temp, name), text);
    // The manifest goes last: its presence is what marks a pack complete.
    await writeFile(path.join(temp, PACK_FILES.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
    await rm(target, { recursive: true, force: true });
    await mkdir(path.dirname(target), { recursive: true });
    await rename(temp, target);
  } catch (e) {
    await rm(temp, { recursive: true, force: true });
    throw e;
  }
}
