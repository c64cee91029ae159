/**
 * A transformer sentence-embedding model (a pack built with `--model x.onnx --tokenizer …`) as an
 * Embedder in the Worker's ONNX entry: the token sequence in (ids, an all-ones attention mask, zero
 * token types when the graph takes them), the token states out, mean-pooled (core/embed/transformer.ts).
 */
import { meanPool, type TransformerModel } from '../../core/index.ts';
import { createSession, runForOutput, type Embedder } from './embedder.ts';
import { ort } from './ort-runtime.ts';

export async function createTransformerEmbedder(modelBytes: Uint8Array, label: string, model: TransformerModel): Promise<Embedder> {
  const session = await createSession(modelBytes, label, []);
  const { graph, dimensions } = model;
  return {
    async embed(ids) {
      const n = ids.length;
      const shape = [1, n];
      const ones = new BigInt64Array(n).fill(1n);
      const feeds: Record<string, ort.Tensor> = {
        [graph.ids]: new ort.Tensor('int64', ids instanceof BigInt64Array ? ids : BigInt64Array.from(ids, (id) => BigInt(id)), shape),
        [graph.mask]: new ort.Tensor('int64', ones, shape),
      };
      if (graph.typeIds) feeds[graph.typeIds] = new ort.Tensor('int64', new BigInt64Array(n), shape);
      const output = await runForOutput(session, feeds, label, graph.output);
      // [1, n, dim] token states are mean-pooled; a [1, dim] output is already the sentence's.
      const states = output.data as Float32Array;
      return output.dims.length === 3 ? meanPool(states, n, dimensions) : meanPool(states, 1, dimensions);
    },
  };
}
