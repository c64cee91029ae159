/**
 * A whole pack checked file by file: what `GET /health?deep=1` reports. A lazily read pack checks
 * a block or partition only when a query first reads it, so damage inside one would otherwise be
 * found by the reader whose query needs it; this reads every file the manifest lists, each shard
 * against its size and SHA-256 (shards.ts), and each JSON file parsed.
 */
import { isRecallBoxError, type ErrorCode } from '../errors.ts';
import { parsePackJson, type PackManifest } from './format.ts';
import { readPackFile } from './shards.ts';
import type { PackSource } from './source.ts';

/** One damaged file: its name in the manifest, and the code and message a query reading it would get. */
export interface DamagedFile {
  file: string;
  code: ErrorCode;
  message: string;
}

export interface PackVerification {
  /** Files the manifest lists, all read. */
  files: number;
  /** Their bytes, as listed. */
  bytes: number;
  /** The damaged ones, in manifest order; empty for a sound pack. */
  damaged: DamagedFile[];
}

/**
 * Files read at once. 6: a Worker request may hold six connections open at a time (more wait for
 * one to close), so more would not read faster; and at most six files are in memory at once.
 */
export const VERIFY_CONCURRENCY = 6;

async function checkFile(source: PackSource, manifest: PackManifest, file: string): Promise<DamagedFile | null> {
  try {
    const bytes = await readPackFile(source, manifest.files, file);
    if (bytes !== null && file.endsWith('.json')) parsePackJson(file, new TextDecoder().decode(bytes));
    return null;
  } catch (e) {
    // A transport failure is reported like damage, but by its own code: the file may be fine.
    if (isRecallBoxError(e)) return { file, code: e.code, message: e.detail };
    return { file, code: 'INDEX_UNAVAILABLE', message: `${file} could not be read from ${source.label}.` };
  }
}

/** Every file of `manifest` read from `source` and checked, VERIFY_CONCURRENCY at a time. */
export async function verifyPack(source: PackSource, manifest: PackManifest, concurrency = VERIFY_CONCURRENCY): Promise<PackVerification> {
  const names = Object.keys(manifest.files);
  const results: Array<DamagedFile | null> = new Array(names.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < names.length) {
      const i = next++;
      results[i] = await checkFile(source, manifest, names[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, names.length) }, worker));
  return {
    files: names.length,
    bytes: names.reduce((sum, n) => sum + manifest.files[n]!.bytes, 0),
    damaged: results.filter((r): r is DamagedFile => r !== null),
  };
}
