/**
 * Fixed embedding inputs whose vectors must be identical in Node (where the build embeds the
 * sections) and in workerd (where the Worker will embed queries): same model, same ORT, same
 * numbers. prepare-site writes the model and Node's vectors into the generated site; the workerd
 * test embeds the same inputs and compares. Runtime-agnostic: no Node imports here.
 */

/** Where the embedding fixtures live in the generated site (served as static assets). */
export const EMBED_FIXTURE_DIR = '/embed-test/';

export const EMBED_FIXTURE_FILES = {
  /** The test model. */
  model: 'model.onnx',
  /** The same model cut in half: not loadable. */
  corrupt: 'corrupt.onnx',
  /** A loadable model whose input is named `tokens` instead of `ids`. */
  incompatible: 'incompatible.onnx',
  /** `EmbedExpected`: Node's vectors for EMBED_SAMPLES. */
  expected: 'expected.json',
} as const;

/** How close workerd's vectors must be to Node's, per component. */
export const EMBED_TOLERANCE = 1e-6;

export interface EmbedSample {
  name: string;
  ids: number[];
  weights: number[];
}

/** Token ids are all below EMBED_MIN_ROWS, so they are valid for any model the fixture uses. */
export const EMBED_MIN_ROWS = 64;

export const EMBED_SAMPLES: readonly EmbedSample[] = [
  { name: 'one token', ids: [7], weights: [1] },
  { name: 'two tokens, equal weights', ids: [3, 41], weights: [1, 1] },
  { name: 'idf-like weights', ids: [0, 12, 25, 63], weights: [0.25, 2.5, 1.125, 7.75] },
  { name: 'a repeated id', ids: [5, 5, 9], weights: [1, 1, 0.5] },
  { name: 'a negative weight', ids: [1, 2], weights: [1.5, -0.75] },
  { name: 'tiny weights', ids: [10, 20, 30], weights: [1e-6, 3e-7, 2e-6] },
  { name: 'no tokens', ids: [], weights: [] },
  { name: 'a longer query', ids: [4, 8, 15, 16, 23, 42, 50, 61, 62, 33, 2, 19], weights: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
];

/** What prepare-site writes to EMBED_FIXTURE_FILES.expected. */
export interface EmbedExpected {
  /** Which exporter built the model, for messages. */
  modelSource: string;
  rows: number;
  dim: number;
  samples: Array<EmbedSample & { vector: number[] }>;
}
