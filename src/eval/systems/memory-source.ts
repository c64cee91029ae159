/**
 * A PackSource over a pack held in memory: the evaluation loads what `assemblePack` produced
 * through the production loader (`loadPack`, with its validation) without writing files.
 */
import { PACK_FILES, type PackManifest } from '../../core/pack/format.ts';
import type { PackSource } from '../../core/pack/source.ts';

export function memoryPackSource(label: string, manifest: PackManifest, files: Readonly<Record<string, string>>): PackSource {
  // Serialised as writePack does, so the loader parses the same text it would read from disk.
  const all: Record<string, string> = { ...files, [PACK_FILES.manifest]: JSON.stringify(manifest) };
  return {
    label,
    read: async (name) => (Object.hasOwn(all, name) ? all[name]! : null),
  };
}
