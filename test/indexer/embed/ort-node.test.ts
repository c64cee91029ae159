import { describe, expect, it } from 'vitest';
import onnxProto from 'onnx-proto';
import { EMBED_GRAPH_NAMES, exportOnnx, ONNX_OPSET } from '../../../src/indexer/embed/onnx.ts';
import { createOrtEmbedder } from '../../../src/indexer/embed/ort-node.ts';
import { mulberry32 } from '../../../src/core/random.ts';
import { trainEmbedding } from '../../../src/indexer/embed/train.ts';
import { embedReference } from '../../../src/core/embed/reference.ts';
import { tokenize } from '../../../src/core/embed/tokenize.ts';
import { prepareTokenizer } from '../../../src/core/embed/vocabulary.ts';
import { codeOfAsync } from '../../support/errors.ts';
import { topicCorpus } from './corpus-fixture.ts';

const trained = trainEmbedding(topicCorpus(), { dimensions: 16, ngram: { buckets: 1024 } });
const { info } = trained.model;
const bytes = exportOnnx(trained.matrix, info);

function maxDiff(a: Float32Array, b: Float32Array): number {
  expect(a.length).toBe(b.length);
  return Math.max(...a.map((x, i) => Math.abs(x - b[i])));
}

describe('exportOnnx', () => {
  it('writes a ModelProto with the documented inputs, output, opset and E as an initializer', () => {
    const model = onnxProto.onnx.ModelProto.decode(bytes);
    expect(model.opsetImport.map((o) => [o.domain, Number(o.version)])).toEqual([['', ONNX_OPSET]]);
    // decode() fills every repeated field; the generated types only promise the interface shapes.
    const graph = model.graph as onnxProto.onnx.GraphProto;
    expect(graph.input.map((i) => i.name)).toEqual([EMBED_GRAPH_NAMES.ids, EMBED_GRAPH_NAMES.weights]);
    expect(graph.output.map((o) => o.name)).toEqual([EMBED_GRAPH_NAMES.output]);
    expect(graph.node.map((n) => n.opType)).toEqual(['Gather', 'Unsqueeze', 'Mul', 'ReduceSum', 'ReduceL2', 'Max', 'Div']);
    const e = graph.initializer.find((t) => t.name === 'E') as onnxProto.onnx.TensorProto;
    expect(e.dims.map(Number)).toEqual([info.rows, info.dimensions]);
    expect(e.rawData.length).toBe(info.rows * info.dimensions * 4);
  });
});

describe('onnxruntime-web in Node', () => {
  it('matches the TypeScript reference within 1e-5, on texts and on random tokens', async () => {
    const embedder = await createOrtEmbedder(bytes, trained.model);
    const tokenizer = prepareTokenizer(trained.model);
    const texts = ['deployment to a server', 'getStaticPaths() returns dynamic route parameters', 'zod schema for a collection', 'deploymnet'];
    const viaOrt = await embedder.embed(texts.map((text) => ({ text, lang: 'en' })));
    texts.forEach((text, i) => {
      const t = tokenize(text, 'en', tokenizer);
      expect(t.ids.length).toBeGreaterThan(0);
      expect(maxDiff(viaOrt[i], embedReference(trained.matrix, info.dimensions, t.ids, t.weights))).toBeLessThan(1e-5);
    });

    // Random ids (repeats allowed) with random, also negative, weights.
    const rnd = mulberry32(3);
    const tokens = Array.from({ length: 20 }, () => {
      const n = 1 + Math.floor(rnd() * 40);
      return {
        ids: Int32Array.from({ length: n }, () => Math.floor(rnd() * info.rows)),
        weights: Float32Array.from({ length: n }, () => rnd() * 2 - 0.5),
      };
    });
    const random = await embedder.embedTokens(tokens);
    tokens.forEach((t, i) => expect(maxDiff(random[i], embedReference(trained.matrix, info.dimensions, t.ids, t.weights))).toBeLessThan(1e-5));
    await embedder.release();
  });

  it('embeds a text without tokens to the zero vector', async () => {
    const embedder = await createOrtEmbedder(bytes, trained.model);
    const [empty] = await embedder.embed([{ text: 'the of and', lang: 'en' }]);
    expect([...empty]).toEqual(new Array(info.dimensions).fill(0));
    await embedder.release();
  });

  it('fails with stable codes on bytes that are not a model and on ids beyond E', async () => {
    expect(await codeOfAsync(createOrtEmbedder(Uint8Array.of(1, 2, 3), trained.model))).toBe('MODEL_CORRUPT');
    const embedder = await createOrtEmbedder(bytes, trained.model);
    expect(await codeOfAsync(embedder.embedTokens([{ ids: Int32Array.of(info.rows), weights: Float32Array.of(1) }]))).toBe('EMBED_FAILED');
    await embedder.release();
  });
});
