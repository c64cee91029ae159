/**
 * Node side of the embedding fixtures: a small static embedding model exported by the build's own
 * ONNX exporter (src/indexer/embed/onnx.ts) and its vectors for EMBED_SAMPLES, computed by the build's
 * Node embedder (src/indexer/embed/ort-node.ts) — the same onnxruntime-web bundle and WebAssembly
 * engine the Worker runs.
 */
import onnxProto from 'onnx-proto';
import { createOrtEmbedder } from '../../src/indexer/embed/ort-node.ts';
import { EMBED_GRAPH_NAMES, exportOnnx } from '../../src/indexer/embed/onnx.ts';
import { EMBEDDING_MODEL_FORMAT, EMBEDDING_MODEL_VERSION, type EmbeddingModel } from '../../src/core/embed/model.ts';
import { DEFAULT_ANALYZER_OPTIONS } from '../../src/core/analysis/segment.ts';
import type { EmbedExpected } from './embed-samples.ts';
import { EMBED_MIN_ROWS, EMBED_SAMPLES } from './embed-samples.ts';

const { onnx } = onnxProto;

/** Rows and width of the fixture model: 64 dimensions, as the semantic route plans. */
export const FIXTURE_ROWS = 256;
export const FIXTURE_DIM = 64;
/** Fixed seed so every run writes the same model. */
const FIXTURE_SEED = 0x5eed;
/** The name the incompatible model gives its ids input. */
export const INCOMPATIBLE_IDS_NAME = 'tokens';

/** mulberry32: a tiny deterministic generator, enough for test weights in [-1, 1). */
function randomMatrix(rows: number, dim: number, seed: number): Float32Array {
  const out = new Float32Array(rows * dim);
  let a = seed >>> 0;
  for (let i = 0; i < out.length; i++) {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out[i] = (((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * 2 - 1;
  }
  return out;
}

/**
 * The tokenizer side the Node embedder wants alongside the ONNX bytes. The fixture feeds token ids
 * directly, so the vocabulary is placeholder terms, one per row, without n-gram buckets.
 */
function placeholderModel(rows: number, dim: number): EmbeddingModel {
  return {
    info: {
      format: EMBEDDING_MODEL_FORMAT,
      version: EMBEDDING_MODEL_VERSION,
      method: 'ppmi',
      dimensions: dim,
      vocabularySize: rows,
      rows,
      ngram: { minN: 3, maxN: 5, buckets: 0, share: 0, minKnownShare: 0 },
      sifA: 1e-3,
      analyzer: DEFAULT_ANALYZER_OPTIONS,
    },
    terms: Array.from({ length: rows }, (_, i) => `t${i}`),
    termWeights: new Float32Array(rows).fill(1),
  };
}

/** The same model with its ids input renamed (everywhere it is used): loadable, but not our graph. */
function renameIdsInput(modelBytes: Uint8Array, name: string): Uint8Array {
  const model = onnx.ModelProto.decode(modelBytes);
  const graph = model.graph;
  if (!graph?.input || !graph.node) throw new Error('the exported model has no graph');
  const rename = (n: string | null | undefined) => (n === EMBED_GRAPH_NAMES.ids ? name : (n ?? ''));
  for (const input of graph.input) input.name = rename(input.name);
  for (const node of graph.node) node.input = (node.input ?? []).map(rename);
  return onnx.ModelProto.encode(model).finish();
}

export interface EmbedFixture {
  model: Uint8Array;
  /** The same model with its ids input renamed. */
  incompatible: Uint8Array;
  expected: EmbedExpected;
}

/** Export the fixture model and embed EMBED_SAMPLES with ORT in Node. */
export async function buildEmbedFixture(): Promise<EmbedFixture> {
  if (FIXTURE_ROWS < EMBED_MIN_ROWS) throw new Error('the fixture model is smaller than the sample ids need');
  const matrix = randomMatrix(FIXTURE_ROWS, FIXTURE_DIM, FIXTURE_SEED);
  const model = exportOnnx(matrix, { rows: FIXTURE_ROWS, dimensions: FIXTURE_DIM });
  const embedder = await createOrtEmbedder(model, placeholderModel(FIXTURE_ROWS, FIXTURE_DIM));
  try {
    const vectors = await embedder.embedTokens(
      EMBED_SAMPLES.map((s) => ({ ids: Int32Array.from(s.ids), weights: Float32Array.from(s.weights) })),
    );
    return {
      model,
      incompatible: renameIdsInput(model, INCOMPATIBLE_IDS_NAME),
      expected: {
        modelSource: 'src/indexer/embed/onnx.ts exportOnnx',
        rows: FIXTURE_ROWS,
        dim: FIXTURE_DIM,
        samples: EMBED_SAMPLES.map((s, i) => ({ ...s, vector: Array.from(vectors[i]!) })),
      },
    };
  } finally {
    await embedder.release();
  }
}
