/**
 * One ONNX embedding model as an Embedder: its ORT session, checked against the graph the build
 * exports (inputs `ids` int64 [n] and `weights` float [n], output `embedding` float [dim]), and
 * every ORT failure turned into a RecallBoxError with a stable code instead of ORT's own text.
 */
import { EMBED_GRAPH_NAMES } from '../../core/index.ts';
import { RecallBoxError } from '../../core/index.ts';
import { EMBED_ERRORS } from './errors.ts';
import { ort, withOrtEngine } from './ort-runtime.ts';

/** A model exported with other graph names is refused as MODEL_INCOMPATIBLE when its session is created. */
export const EMBED_GRAPH = EMBED_GRAPH_NAMES;

/** Turns weighted token ids into a unit-length vector. */
export interface Embedder {
  /**
   * The embedding of tokens `ids` weighted by `weights` (same length). Int32 ids are widened to the
   * int64 the graph takes; pass a BigInt64Array to skip that copy.
   */
  embed(ids: Int32Array | BigInt64Array, weights: Float32Array): Promise<Float32Array>;
}

/**
 * ORT's native log level for our sessions and runs: fatal only (4). Every native error also comes
 * back as the failed call's exception, which we turn into a RecallBoxError carrying ORT's reason;
 * logging it natively as well would print each failure twice.
 */
const ORT_LOG_FATAL_ONLY = 4 as const;
const SESSION_OPTIONS: ort.InferenceSession.SessionOptions = { executionProviders: ['wasm'], logSeverityLevel: ORT_LOG_FATAL_ONLY };
const RUN_OPTIONS: ort.InferenceSession.RunOptions = { logSeverityLevel: ORT_LOG_FATAL_ONLY };

// ORT reports a backend that did not start with this phrase (onnxruntime-common's backend
// resolution). Anything else thrown while creating a session is about the model itself.
const BACKEND_FAILURE = /no available backend/i;

/** ORT's message without its native log decoration, short enough for a log line. */
function ortReason(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return text.replace(/\u001b\[[0-9;]*m/g, '').slice(0, 300);
}

/** A file an ONNX model names as external data (the pack's model.onnx keeps E in embedding.bin). */
export interface ExternalData {
  path: string;
  data: Uint8Array;
}

export async function createSession(modelBytes: Uint8Array, label: string, external: readonly ExternalData[]): Promise<ort.InferenceSession> {
  const options = external.length === 0 ? SESSION_OPTIONS : { ...SESSION_OPTIONS, externalData: external.map((e) => ({ path: e.path, data: e.data })) };
  try {
    return await withOrtEngine(() => ort.InferenceSession.create(modelBytes, options));
  } catch (e) {
    if (BACKEND_FAILURE.test(ortReason(e))) {
      throw new RecallBoxError(EMBED_ERRORS.runtimeUnavailable, `the ONNX runtime did not start: ${ortReason(e)}`);
    }
    throw new RecallBoxError(EMBED_ERRORS.modelCorrupt, `the embedding model ${label} cannot be loaded: ${ortReason(e)}`);
  }
}

function checkGraph(session: ort.InferenceSession, label: string): void {
  const inputs = [...session.inputNames].sort();
  const outputs = [...session.outputNames];
  const expectedInputs = [EMBED_GRAPH.ids, EMBED_GRAPH.weights].sort();
  if (inputs.join() !== expectedInputs.join() || !outputs.includes(EMBED_GRAPH.output)) {
    throw new RecallBoxError(
      EMBED_ERRORS.modelIncompatible,
      `the embedding model ${label} has inputs [${inputs.join(', ')}] and outputs [${outputs.join(', ')}]; ` +
        `expected inputs [${expectedInputs.join(', ')}] and an output ${EMBED_GRAPH.output}.`,
    );
  }
}

function toInt64(ids: Int32Array | BigInt64Array): BigInt64Array {
  return ids instanceof BigInt64Array ? ids : BigInt64Array.from(ids, (id) => BigInt(id));
}

/**
 * Load `modelBytes` into a new ORT session, with the external data files it names. `label` names
 * the model in error messages.
 */
export async function createEmbedder(modelBytes: Uint8Array, label: string, external: readonly ExternalData[] = []): Promise<Embedder> {
  const session = await createSession(modelBytes, label, external);
  try {
    checkGraph(session, label);
  } catch (e) {
    // The session is never used: give its WebAssembly memory back before failing.
    await session.release().catch(() => undefined);
    throw e;
  }
  return {
    async embed(ids, weights) {
      if (ids.length !== weights.length) {
        // A caller's bug, with the code the TypeScript reference embedder uses for it.
        throw new RecallBoxError(EMBED_ERRORS.embedFailed, `embed() got ${ids.length} token ids but ${weights.length} weights.`);
      }
      const feeds = {
        [EMBED_GRAPH.ids]: new ort.Tensor('int64', toInt64(ids), [ids.length]),
        [EMBED_GRAPH.weights]: new ort.Tensor('float32', weights, [weights.length]),
      };
      return (await runForOutput(session, feeds, label, EMBED_GRAPH.output)).data as Float32Array;
    },
  };
}

/**
 * One run of a session, its float32 output `name` returned; ORT's failures become RecallBoxErrors
 * with stable codes (EMBED_FAILED for a failed run, MODEL_INCOMPATIBLE for a missing output).
 */
export async function runForOutput(session: ort.InferenceSession, feeds: Record<string, ort.Tensor>, label: string, name: string): Promise<ort.Tensor> {
  let output: ort.Tensor | undefined;
  try {
    output = (await session.run(feeds, RUN_OPTIONS))[name];
  } catch (e) {
    throw new RecallBoxError(EMBED_ERRORS.embedFailed, `the embedding model ${label} failed: ${ortReason(e)}`);
  }
  if (!output || !(output.data instanceof Float32Array)) {
    throw new RecallBoxError(EMBED_ERRORS.modelIncompatible, `the embedding model ${label} gave no float32 ${name}.`);
  }
  return output;
}
