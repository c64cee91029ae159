import { bytesSource, type PackSource } from '../../core/index.ts';

/**
 * Packs bundled into the Worker script: pack path (`/pack/`) → stored file name → its bytes, as
 * the module map written by `recall-box bundle` (src/cli/bundle-pack.ts) exports them.
 */
export type BundledPacks = Readonly<Record<string, BundledPackFiles>>;

/** One bundled pack: stored file name → its bytes. */
export type BundledPackFiles = Readonly<Record<string, ArrayBuffer>>;

/**
 * Pack files from the Worker script itself (Data modules): already in the isolate when it starts,
 * so a cold search reads nothing over the assets binding, and no read can fail but by a file the
 * manifest lists and the script lacks (INDEX_CORRUPT from the loader, as for any missing shard).
 * Each read is a view of the module's bytes, not a copy: the loader only reads what it is given.
 */
export function bundledPackSource(files: BundledPackFiles, packPath: string): PackSource {
  return bytesSource(`script:${packPath}`, async (name) => (Object.hasOwn(files, name) ? new Uint8Array(files[name]!) : null));
}
