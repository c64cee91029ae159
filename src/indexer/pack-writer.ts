import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FORMAT_VERSION, PACK_FILES, type PackManifest } from '../core/pack/format.ts';
import { DEFAULT_SHARD_OPTIONS, shardFile, type PackFileEntry, type ShardOptions } from '../core/pack/shards.ts';
import { MATRIX_SHARD_BYTES } from '../core/codec/matrix-rows.ts';

/** Data files of a pack, already serialised (JSON text or binary), by file name. */
export type PackFiles = Record<string, string | Uint8Array>;

/**
 * The buildId is a hash of the format version and every data file, not of the time: rebuilding
 * unchanged docs gives the same id, so ETags and caches stay valid across no-op deploys.
 */
export function computeBuildId(files: PackFiles): string {
  const hash = createHash('sha256');
  hash.update(`recall-box-pack-v${FORMAT_VERSION}\n`);
  for (const name of Object.keys(files).sort()) {
    const data = files[name]!;
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    hash.update(`${name}\n${bytes.byteLength}\n`);
    hash.update(bytes);
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Logical files → what is stored: the manifest's `files` entries (sizes, shards, hashes) and the
 * shard pieces to write, by stored name. model.onnx stays whole (see PACK_FILES).
 */
export async function storePackFiles(
  files: PackFiles,
  options: ShardOptions = DEFAULT_SHARD_OPTIONS,
): Promise<{ entries: Record<string, PackFileEntry>; pieces: PackFiles }> {
  const entries: Record<string, PackFileEntry> = {};
  const pieces: PackFiles = {};
  for (const name of Object.keys(files)) {
    // embedding.bin in small shards: a Worker reads only those holding a query's rows (core codec/matrix-rows.ts).
    const shardOptions = name === PACK_FILES.matrix ? { ...options, shardBytes: Math.min(options.shardBytes, MATRIX_SHARD_BYTES) } : options;
    const stored = await shardFile(name, files[name]!, shardOptions, name !== PACK_FILES.onnx);
    entries[name] = stored.entry;
    Object.assign(pieces, stored.pieces);
  }
  return { entries, pieces };
}

/**
 * How often the swap is retried when another build put a pack in place between our move-aside and
 * our rename (two builds into one folder at once): the last one to swap wins, neither fails.
 */
const MAX_SWAP_ATTEMPTS = 5;

/**
 * Move `target` aside (if present), rename `staging` onto it, then delete what was moved aside.
 * If the swap fails, the pack moved aside last is put back, so a failure never leaves no pack.
 */
async function swapIn(staging: string, target: string, previousPrefix: string): Promise<void> {
  const movedAside: string[] = [];
  let swapped = false;
  try {
    for (let attempt = 1; !swapped; attempt++) {
      const previous = `${previousPrefix}-${attempt}`;
      await rename(target, previous).then(
        () => movedAside.push(previous),
        (e: NodeJS.ErrnoException) => {
          if (e.code !== 'ENOENT') throw e;
        },
      );
      try {
        await rename(staging, target);
        swapped = true;
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if ((code !== 'ENOTEMPTY' && code !== 'EEXIST') || attempt >= MAX_SWAP_ATTEMPTS) throw e;
      }
    }
  } finally {
    const restore = swapped ? undefined : movedAside.pop();
    if (restore) await rename(restore, target).catch(() => undefined);
    for (const dir of movedAside) await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Write a pack atomically: into a sibling staging folder first, then swapped in. A build that
 * fails half-way leaves the previous pack untouched, and a reader of the folder never sees a mix of
 * two builds. The old pack is moved aside (not deleted) before the swap and removed only after it,
 * so a crash between the two steps leaves a complete pack on disk (`<out>.old-…`) rather than none.
 */
export async function writePack(outDir: string, manifest: PackManifest, files: PackFiles): Promise<void> {
  const target = path.resolve(outDir);
  // Unique per call, not per millisecond: two builds into one folder must not share staging.
  const suffix = `${process.pid}-${randomUUID()}`;
  const staging = `${target}.tmp-${suffix}`;
  const previous = `${target}.old-${suffix}`;
  await mkdir(staging, { recursive: true });
  try {
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(staging, name), text);
    // The manifest goes last: its presence is what marks a pack complete. Without indentation: every
    // cold isolate reads it first, and it lists every block (`npm run bench` prints its size).
    await writeFile(path.join(staging, PACK_FILES.manifest), `${JSON.stringify(manifest)}\n`);
    await swapIn(staging, target, previous);
  } catch (e) {
    await rm(staging, { recursive: true, force: true });
    throw e;
  }
}
