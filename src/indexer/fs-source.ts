import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PackSource } from '../core/pack/source.ts';

/**
 * Error codes that mean "this file is not there". ENOTDIR counts too: a missing pack folder whose
 * path runs through a regular file is as absent as one whose parent does not exist.
 */
const ABSENT_CODES: ReadonlySet<string> = new Set(['ENOENT', 'ENOTDIR']);

function isAbsent(e: unknown): boolean {
  return typeof e === 'object' && e !== null && ABSENT_CODES.has(String((e as { code?: unknown }).code));
}

/**
 * Pack files from a folder on disk, for Node (eval, bench, tests). A missing file reads as null so
 * the loader can say "no pack here"; any other failure (permissions, a folder where a file should
 * be) is thrown, as the PackSource contract asks.
 */
export function fsPackSource(dir: string): PackSource {
  const root = path.resolve(dir);
  async function readOrNull(name: string): Promise<Buffer | null> {
    const file = path.resolve(root, name);
    // Pack file names come from the manifest format; one that climbs out of the folder is a bug
    // or a hostile manifest, never a file we should open.
    if (!file.startsWith(root + path.sep)) throw new Error(`pack file name ${JSON.stringify(name)} leaves ${root}`);
    try {
      return await readFile(file);
    } catch (e) {
      if (isAbsent(e)) return null;
      throw e;
    }
  }
  return {
    label: root,
    read: async (name) => (await readOrNull(name))?.toString('utf8') ?? null,
    readBytes: async (name) => {
      const bytes = await readOrNull(name);
      return bytes === null ? null : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
  };
}
