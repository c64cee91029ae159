import { bytesSource, packKey, type PackSource } from '../../core/index.ts';

/** The slice of a KV namespace binding this adapter uses. */
export interface KvReader {
  get(key: string, type: 'arrayBuffer'): Promise<ArrayBuffer | null>;
}

/**
 * Pack files from a KV namespace, one value per file (or per shard), under the index's key prefix:
 * `/pack/` → `pack/manifest.json`. KV caps a value at 25 MiB, which the pack's shards stay under
 * (core/pack/shards.ts). Upload with `npm run pack:upload -- kv …` (scripts/upload-pack.ts).
 */
export function kvPackSource(kv: KvReader, packPath: string): PackSource {
  return bytesSource(`kv:${packKey(packPath, '')}`, async (name) => {
    const value = await kv.get(packKey(packPath, name), 'arrayBuffer');
    return value === null ? null : new Uint8Array(value);
  });
}
