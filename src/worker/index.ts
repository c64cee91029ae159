/**
 * The default Worker: keyword and vector routes, the query embedded by the pack's static model in
 * plain TypeScript (a lookup and a weighted mean — the whole ONNX graph of a static model) and
 * scored by the WASM kernel. No ONNX Runtime in the bundle, so it fits the Workers Free plan; the
 * ONNX configuration (onnx.ts) runs the pack's model.onnx in onnxruntime-web instead.
 */
import { createWorker } from './worker.ts';

export type { Env } from './worker.ts';

export default createWorker();
