import { isRecallBoxError } from '../core/errors.ts';
import { loadPack, type LoadedPack, type LoadPackOptions } from '../core/pack/load.ts';
import type { PackSource } from '../core/pack/source.ts';

/**
 * Loads each pack once per isolate, lazily, on the first request that needs it: the Worker's
 * startup does no index work, and later requests reuse the imported index.
 *
 * A pack that fails with a RecallBoxError (corrupt, wrong version) stays failed for the isolate:
 * assets are immutable within a deployment, so re-reading would cost every request the same
 * failure. Any other failure (a transport hiccup) is forgotten so the next request retries.
 */
export class PackCache {
  private readonly entries = new Map<string, Promise<LoadedPack>>();
  private loadCount = 0;

  /** `options`: the runtime's capabilities for the loader (e.g. the WASM vector kernel). */
  constructor(private readonly options: LoadPackOptions = {}) {}

  get loads(): number {
    return this.loadCount;
  }

  get(key: string, source: () => PackSource): Promise<LoadedPack> {
    let entry = this.entries.get(key);
    if (!entry) {
      this.loadCount++;
      // Async, so a source that cannot be made (a missing binding) rejects like a failed load.
      entry = (async () => loadPack(source(), this.options))();
      this.entries.set(key, entry);
      entry.catch((e) => {
        if (!isRecallBoxError(e)) this.entries.delete(key);
      });
    }
    return entry;
  }
}
