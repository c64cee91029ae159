/**
 * Queries whose /search answers must be identical in Node (the pure pipeline: static query
 * embedding, TypeScript kernel) and in workerd (the Worker: WASM kernel; and its ONNX entry, ORT).
 * prepare-site writes Node's answers into the generated site; the workerd tests compare theirs.
 * Runtime-agnostic: no Node imports here.
 */

/** Node's answers, in the generated site. */
export const SEARCH_EXPECTED_FILE = 'search-expected.json';
/** Node's answers from the pack built with the tiny Model2Vec model (WordPiece tokenizer). */
export const SEARCH_EXPECTED_MODEL2VEC_FILE = 'search-expected-model2vec.json';
/** Where that pack is served. */
export const MODEL2VEC_PACK_PATH = '/pack-model2vec/';
/** Node's answers (ORT embedding the query) from the pack built with the tiny transformer. */
export const SEARCH_EXPECTED_TRANSFORMER_FILE = 'search-expected-transformer.json';
export const TRANSFORMER_PACK_PATH = '/pack-transformer/';

/** Chosen to exercise both routes: plain words, a typo (vector only), a question, CJK, a heading. */
export const SEARCH_SAMPLES: readonly string[] = [
  'route parameters',
  'midleware',
  'how do I protect pages from anonymous visitors',
  'deploy to production',
  'ルートパラメーター',
  'Route groups',
  'cache headers etag',
];

/** One result as compared across runtimes: what ranks and why. */
export interface ComparableResult {
  id: string;
  match: string;
  routes: Record<string, { rank: number; score: number }>;
}

export interface SearchExpected {
  buildId: string;
  answers: Array<{ q: string; results: ComparableResult[] }>;
}

export function comparable(results: ReadonlyArray<ComparableResult>): ComparableResult[] {
  return results.map(({ id, match, routes }) => ({ id, match, routes }));
}

/** What must agree exactly across embedders whose cosines differ in the last digits: ids, routes, ranks. */
export function rankShape(results: ReadonlyArray<ComparableResult>): Array<{ id: string; match: string; ranks: Record<string, number> }> {
  return results.map((r) => ({ id: r.id, match: r.match, ranks: Object.fromEntries(Object.entries(r.routes).map(([k, v]) => [k, v.rank])) }));
}
