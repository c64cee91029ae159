/**
 * A PackSource over a pack held in memory: the evaluation loads what `assemblePack` produced
 * through the production loader (`loadPack`, with its validation) without writing files.
 */
import { PACK_FILES, type PackManifest, type PackSource } from '../core/index.ts';

export function memoryPackSource(label: string, manifest: PackManifest, files: Readonly<Record<string, string | Uint8Array>>): PackSource {
  // Serialised as writePack does, so the loader parses the same text it would read from disk.
  const all: Record<string, string | Uint8Array> = { ...files, [PACK_FILES.manifest]: JSON.stringify(manifest) };
  const bytesOf = (name: string): Uint8Array | null => {
    if (!Object.hasOwn(all, name)) return null;
    const f = all[name]!;
    return typeof f === 'string' ? new TextEncoder().encode(f) : f;
  };
  return {
    label,
    read: async (name) => {
      const bytes = bytesOf(name);
      return bytes === null ? null : new TextDecoder().decode(bytes);
    },
    readBytes: async (name) => bytesOf(name),
  };
}
