/**
 * Embedding in Node with the same runtime the Worker uses: onnxruntime-web's WebAssembly backend
 * (`onnxruntime-web/wasm` — the package's default entry pulls the 28 MB JSEP/WebGPU build), one
 * thread, no proxy worker.
 *
 * Where the engine comes from: ORT 1.30's wasm bundle would locate `ort-wasm-simd-threaded.wasm`
 * next to itself through `import.meta.url` (and in Node read it from disk), which breaks as soon as
 * this code is bundled. We resolve the file through the package's own export instead and hand its
 * bytes to ORT as `env.wasm.wasmBinary`: no URL, no fetch, nothing downloaded.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as ort from 'onnxruntime-web/wasm';
import type { EmbeddingModel } from '../../core/embed/model.ts';
import { tokenize, type EmbeddingTokens } from '../../core/embed/tokenize.ts';
import { prepareTokenizer } from '../../core/embed/vocabulary.ts';
import { RecallBoxError } from '../../core/errors.ts';
import type { EmbedDoc } from './corpus.ts';
import { EMBED_GRAPH_NAMES } from './onnx.ts';

/**
 * ORT threads: one. The build machine is shared (2 cores) and the graph is a gather and a sum per
 * text, far too small for a thread pool to pay for its start; the Worker has no threads at all.
 */
const ORT_THREADS = 1;

let configured = false;

/** Sets ORT's process-wide WebAssembly options once, before the first session. */
export function configureOrt(): void {
  if (configured) return;
  ort.env.wasm.numThreads = ORT_THREADS;
  ort.env.wasm.proxy = false;
  const enginePath = createRequire(import.meta.url).resolve('onnxruntime-web/ort-wasm-simd-threaded.wasm');
  ort.env.wasm.wasmBinary = readFileSync(enginePath);
  configured = true;
}

export interface NodeEmbedder {
  readonly dimensions: number;
  /** Embeddings of texts, each analysed in its own language; unit length, or zero for a text without tokens. */
  embed(texts: readonly EmbedDoc[]): Promise<Float32Array[]>;
  /** Embeddings of already tokenized texts. */
  embedTokens(tokens: readonly EmbeddingTokens[]): Promise<Float32Array[]>;
  /** Frees the session's WebAssembly memory. */
  release(): Promise<void>;
}

function reason(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).slice(0, 300);
}

/**
 * ORT's own log level for the session: fatal only (4). A failed run is thrown to us with ORT's
 * message, which we re-throw as EMBED_FAILED; ORT would otherwise print the same message to
 * stderr a second time.
 */
const ORT_LOG_SEVERITY = 4;

/** An external data file the model refers to (see ExportOnnxOptions.externalMatrix). */
export interface OrtExternalData {
  path: string;
  data: Uint8Array;
}

/**
 * An embedder for the ONNX bytes of `exportOnnx` and the model they were exported from; `external`
 * supplies E when it was exported as external data.
 */
export async function createOrtEmbedder(onnxBytes: Uint8Array, model: EmbeddingModel, external: readonly OrtExternalData[] = []): Promise<NodeEmbedder> {
  configureOrt();
  const tokenizer = prepareTokenizer(model);
  const dim = model.info.dimensions;
  let session: ort.InferenceSession;
  try {
    session = await ort.InferenceSession.create(onnxBytes, {
      executionProviders: ['wasm'],
      logSeverityLevel: ORT_LOG_SEVERITY,
      externalData: external.map((e) => ({ path: e.path, data: e.data })),
    });
  } catch (e) {
    throw new RecallBoxError('MODEL_CORRUPT', `onnxruntime-web cannot load the embedding model: ${reason(e)}`);
  }
  const one = async ({ ids, weights }: EmbeddingTokens): Promise<Float32Array> => {
    // A text without tokens embeds to zero; the graph would give the same, this only skips a run.
    if (ids.length === 0) return new Float32Array(dim);
    try {
      const out = await session.run({
        [EMBED_GRAPH_NAMES.ids]: new ort.Tensor('int64', BigInt64Array.from(ids, (id) => BigInt(id)), [ids.length]),
        [EMBED_GRAPH_NAMES.weights]: new ort.Tensor('float32', weights, [weights.length]),
      }, { logSeverityLevel: ORT_LOG_SEVERITY });
      return Float32Array.from(out[EMBED_GRAPH_NAMES.output].data as Float32Array);
    } catch (e) {
      throw new RecallBoxError('EMBED_FAILED', `onnxruntime-web failed to embed: ${reason(e)}`);
    }
  };
  const embedTokens = async (tokens: readonly EmbeddingTokens[]) => {
    const out: Float32Array[] = [];
    // One run at a time: a session runs sequentially anyway, and this keeps memory flat.
    for (const t of tokens) out.push(await one(t));
    return out;
  };
  return {
    dimensions: dim,
    embedTokens,
    embed: (texts) => embedTokens(texts.map((t) => tokenize(t.text, t.lang, tokenizer))),
    release: () => session.release(),
  };
}
