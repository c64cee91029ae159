/**
 * The ONNX configuration of the Worker: the query is embedded by the pack's model.onnx in
 * onnxruntime-web — the runtime and model that embedded the sections at build time — with E
 * handed to ORT as the model's external data from the already loaded pack (no second download).
 * ORT's engine makes the bundle ~3.6 MiB gzipped: a paid Workers plan (see the README).
 * Deploy with `wrangler deploy --env onnx`.
 */
import { PACK_FILES } from '../core/pack/format.ts';
import { encodeFloat32 } from '../core/pack/binary.ts';
import { assetsModelBytes } from './embed/assets-model.ts';
import { getEmbedder } from './embed/session.ts';
import { createWorker } from './worker.ts';

export type { Env } from './worker.ts';

export default createWorker({
  queryEmbedder(pack, env, config) {
    const { semantic } = pack;
    // One ORT session per pack build per isolate; the key changes when a new pack is deployed.
    const key = `${config.packPath}${PACK_FILES.onnx}#${pack.manifest.buildId}`;
    const load = assetsModelBytes(env.ASSETS, `${config.packPath}${PACK_FILES.onnx}`);
    // Called once, when the session is created: E's bytes are only copied for ORT then.
    // (A pack without a model never reaches the embedder: queryVectorFor skips the route first.)
    const external = () => (semantic ? [{ path: PACK_FILES.matrix, data: encodeFloat32(semantic.matrix) }] : []);
    return async (tokens) => {
      const embedder = await getEmbedder(key, load, external);
      return embedder.embed(tokens.ids, tokens.weights);
    };
  },
});
