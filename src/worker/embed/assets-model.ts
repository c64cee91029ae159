/**
 * Model bytes from Workers Static Assets, next to the pack they belong to.
 *
 * Why assets and not a Data module bundled into the Worker:
 * - the model's rows are indexed by the pack's token ids, so it must be built, deployed and
 *   replaced together with the pack (same buildId), without rebuilding the Worker;
 * - ORT's engine alone already makes the script 3.5 MiB gzipped (over the free plan's 3 MB), and a
 *   model of float32 rows hardly compresses, while an asset may be up to 25 MiB.
 * The cost is one asset fetch on an isolate's first embedding. A Data module works with the same
 * session code: pass `async () => new Uint8Array(imported)` as the loader.
 *
 * Bytes, not text, so this does not go through PackSource (whose read() returns text).
 */
import { RecallBoxError } from '../../core/index.ts';
import type { AssetsFetcher } from '../sources/assets.ts';
import { EMBED_ERRORS } from './errors.ts';

/** A loader for the model at `path` (e.g. `/pack/model.onnx`) in the static assets. */
export function assetsModelBytes(assets: AssetsFetcher, path: string): () => Promise<Uint8Array> {
  return async () => {
    // The host is a placeholder, as in assetsPackSource: the binding routes by path only.
    const res = await assets.fetch(new Request(`https://assets.invalid${path}`));
    if (res.status === 404) throw new RecallBoxError(EMBED_ERRORS.modelMissing, `no embedding model at assets:${path}.`);
    if (!res.ok) throw new Error(`assets answered ${res.status} for ${path}`);
    return new Uint8Array(await res.arrayBuffer());
  };
}
