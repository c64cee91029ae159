/**
 * The ONNX configuration of the Worker: the query is embedded by the pack's model.onnx in
 * onnxruntime-web — the runtime and model that embedded the sections at build time. For a static
 * model, E is handed to ORT as the graph's external data from the already loaded pack (no second
 * download); a transformer model (`--model x.onnx --tokenizer …`) runs as it is, its token states
 * mean-pooled. ORT's engine makes the bundle ~3.6 MiB gzipped: a paid Workers plan (see docs/deploying.md, Which Worker configuration needs which plan).
 * Deploy with `wrangler deploy --env onnx`.
 */
import { PACK_FILES, RecallBoxError, readPackFile } from '../core/index.ts';
import { dequantizeMatrix, encodeFloat32 } from '../core/index.ts';
import { EMBED_ERRORS } from './embed/errors.ts';
import { getEmbedder } from './embed/session.ts';
import { createTransformerEmbedder } from './embed/transformer-embedder.ts';
import { createWorker } from './worker.ts';

export type { Env } from './worker.ts';

export default createWorker({
  variant: 'onnx',
  queryEmbedder(pack) {
    const { source } = pack;
    // One ORT session per pack build per isolate; the key changes when a new pack is deployed.
    const key = `${source.label}${PACK_FILES.onnx}#${pack.manifest.buildId}`;
    // These run when the session is created, which is after the search has read the pack's
    // semantic files (queryVectorFor reads them before it embeds): `pack.semantic` is set by then.
    // From the pack's own source (its index's path, in assets, KV or R2), checked like every pack file.
    const load = async () => {
      // ORT is handed the whole matrix when the session is created (external, below).
      await pack.semantic?.rows?.ensureAll();
      const bytes = await readPackFile(source, pack.manifest.files, PACK_FILES.onnx);
      if (bytes === null) throw new RecallBoxError(EMBED_ERRORS.modelMissing, `the manifest of ${source.label} lists no ${PACK_FILES.onnx}.`);
      return bytes;
    };
    // Called once, when the session is created: E's bytes are only copied for ORT then. (A pack
    // without a model never reaches the embedder: queryVectorFor skips the route first.)
    const external = () => {
      const rows = pack.semantic?.rows;
      return rows ? [{ path: PACK_FILES.matrix, data: encodeFloat32(dequantizeMatrix(rows.matrix)) }] : [];
    };
    const create =
      pack.manifest.model?.kind === 'transformer' ? (bytes: Uint8Array, label: string) => createTransformerEmbedder(bytes, label, pack.semantic!.transformer!) : undefined;
    return async (tokens) => {
      const embedder = await getEmbedder(key, load, external, create);
      return embedder.embed(tokens.ids, tokens.weights);
    };
  },
});
