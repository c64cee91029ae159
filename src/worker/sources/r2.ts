import { bytesSource, packKey, type PackSource } from '../../core/index.ts';

/** The slice of an R2 bucket binding this adapter uses. */
export interface R2Reader {
  get(key: string): Promise<{ size: number; arrayBuffer(): Promise<ArrayBuffer> } | null>;
}

/**
 * Pack files from an R2 bucket, one object per file (or per shard), under the index's key prefix:
 * `/pack/` → `pack/manifest.json`. Upload with `npm run pack:upload -- r2 …` (scripts/upload-pack.ts).
 */
export function r2PackSource(bucket: R2Reader, packPath: string): PackSource {
  return bytesSource(`r2:${packKey(packPath, '')}`, async (name) => {
    const object = await bucket.get(packKey(packPath, name));
    if (object === null) return null;
    const bytes = new Uint8Array(await object.arrayBuffer());
    // Fewer bytes than the object's size is a read cut short (retried), not the object.
    if (bytes.byteLength !== object.size) throw new Error(`R2 sent ${bytes.byteLength} of ${object.size} bytes of ${name}`);
    return bytes;
  });
}
