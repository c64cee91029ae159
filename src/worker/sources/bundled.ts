import { RecallBoxError, bytesSource, type PackSource } from '../../core/index.ts';

/**
 * Packs bundled into the Worker script: pack path (`/pack/`) → stored file name → its bytes, as
 * the module map written by `recall-box bundle` (src/cli/bundle-pack.ts) exports them.
 */
export type BundledPacks = Readonly<Record<string, Readonly<Record<string, ArrayBuffer>>>>;

/**
 * Pack files from the Worker script itself (Data modules): already in the isolate when it starts,
 * so a cold search reads nothing over the assets binding. Each read is a view of the module's
 * bytes, not a copy: the loader only reads what it is given (hash checks, decoding).
 */
export function bundledPackSource(packs: BundledPacks, packPath: string): PackSource {
  const files = Object.hasOwn(packs, packPath) ? packs[packPath]! : null;
  if (files === null) {
    const bundled = Object.keys(packs);
    throw new RecallBoxError(
      'INDEX_MISSING',
      `PACK_SOURCE is "bundled" but no pack at ${packPath} is bundled into this Worker (${bundled.length > 0 ? `it holds ${bundled.join(', ')}` : 'it holds none'}); run \`recall-box bundle\` on the pack and deploy again.`,
    );
  }
  return bytesSource(`bundled:${packPath}`, async (name) => (Object.hasOwn(files, name) ? new Uint8Array(files[name]!) : null));
}
