/**
 * One embedder per model per isolate, created lazily on first use and reused by every later
 * request: creating an ORT session parses the model and (the first time) starts ORT's engine,
 * which costs far more than an embedding.
 *
 * Like the pack cache: a RecallBoxError (a corrupt or missing model) stays failed for the isolate,
 * since a deployment's model cannot change; any other failure (an asset fetch hiccup) is forgotten
 * so the next request retries. And like it, a request waits for another's creation in flight to
 * end, never on its promise (core codec/kept-loads.ts).
 */
import { DEFAULT_READ_DEADLINE_MS, KeptLoads, isRecallBoxError } from '../../core/index.ts';
import { createEmbedder, type Embedder, type ExternalData } from './embedder.ts';

export type { Embedder } from './embedder.ts';

/** Where a model's bytes come from: the pack's assets, a Data module, a test fixture. */
export type ModelBytesLoader = () => Promise<Uint8Array>;

/** Makes an embedder of model bytes: the static graph's (default) or a transformer's. */
export type EmbedderFactory = (bytes: Uint8Array, label: string, external: readonly ExternalData[]) => Promise<Embedder>;

export class EmbedderCache {
  // A request waits for another's creation of the same model's session as long as a read may take.
  private readonly embedders = new KeptLoads<string, Embedder>(isRecallBoxError, DEFAULT_READ_DEADLINE_MS);
  private creations = 0;

  /** How many ORT sessions this cache has started to create (failed ones included). */
  get sessionsCreated(): number {
    return this.creations;
  }

  /** The embedder for model `key` (e.g. its asset path), loading it with `load` until one is made. */
  get(key: string, load: ModelBytesLoader, external: () => readonly ExternalData[] = () => [], create: EmbedderFactory = createEmbedder): Promise<Embedder> {
    return this.embedders.get(key, async () => {
      const bytes = await load();
      this.creations++;
      return create(bytes, key, external());
    });
  }
}

// Isolate-scoped: module state lives as long as the isolate, which is what makes the session
// outlive a request.
const isolateEmbedders = new EmbedderCache();

/**
 * The isolate's embedder for model `key`, created on first use from `loadModelBytes` and, for a
 * model with external data, the files `external` returns (called only when the session is created).
 */
export function getEmbedder(key: string, loadModelBytes: ModelBytesLoader, external?: () => readonly ExternalData[], create?: EmbedderFactory): Promise<Embedder> {
  return isolateEmbedders.get(key, loadModelBytes, external, create);
}

/** ORT sessions this isolate has started to create, for /health and tests. */
export function sessionsCreated(): number {
  return isolateEmbedders.sessionsCreated;
}
