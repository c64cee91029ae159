/**
 * The stable codes the embedding adapter fails with (as RecallBoxError). A model is deployed with
 * the pack and cannot change within a deployment, so every MODEL_* failure is permanent for the
 * isolate; the Worker should answer them as 503, like INDEX_CORRUPT, once it uses embeddings.
 */
export const EMBED_ERRORS = {
  /** No model file where the pack says it is. */
  modelMissing: 'MODEL_MISSING',
  /** ORT cannot load the file: truncated, not ONNX, or an operator this ORT build lacks. */
  modelCorrupt: 'MODEL_CORRUPT',
  /** A loadable ONNX model whose inputs and outputs are not those of our embedding graph. */
  modelIncompatible: 'MODEL_INCOMPATIBLE',
  /** ORT's WebAssembly backend did not start (engine module missing or refused). */
  runtimeUnavailable: 'EMBED_RUNTIME_UNAVAILABLE',
  /** Running the model failed, e.g. a token id beyond the model's rows (pack and model disagree). */
  embedFailed: 'EMBED_FAILED',
} as const;

export type EmbedErrorCode = (typeof EMBED_ERRORS)[keyof typeof EMBED_ERRORS];
