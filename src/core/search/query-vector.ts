/**
 * The query side of the vector route: whether it runs for a request, and the query's embedding —
 * by the pack's static model (synchronously, in TypeScript) or by a caller's embedder (ONNX
 * Runtime in the Worker's ONNX entry). An embedding failure never fails a search: the keyword
 * route still answers, with a warning. (Reading the static model's rows is reading the pack, and
 * fails as a pack read does.)
 */
import { embedStatic, nonZero, queryTokens, readQueryNgrams, readQueryRows, type QueryEmbedder, type SemanticIndex } from '../embed/semantic.ts';
import type { EmbeddingTokens } from '../embed/tokenize.ts';
import { queryLanguage } from '../analysis/lang.ts';
import { isRecallBoxError } from '../errors.ts';
import type { LoadedPack } from '../pack/load.ts';
import type { SearchOptions } from './options.ts';
import type { SearchRequest } from './request.ts';
import type { PreparedQuery } from './prepare.ts';
import type { Lang } from '../types.ts';

/** Why a route took no part in a query. */
export type RouteSkip =
  /** The pack was built without vectors. */
  | 'no-model'
  /** The caller passed no query vector (a keyword-only search of a pack that has vectors). */
  | 'not-requested'
  /** The query has no token the model knows or can hash. */
  | 'no-query-vector'
  /** Its fusion weight is ≤ 0. */
  | 'disabled'
  /**
   * Not needed: the keyword route's best hit holds every concept of the query, which leaves the
   * vector route no vote (rank/route-weights.ts), so the query was not embedded (retrieve.ts keywordAnswered).
   */
  | 'keyword-answered'
  /** Embedding the query failed; see `warnings`. */
  | 'failed';

export interface SearchWarning {
  code: string;
  message: string;
}

/** The query embedding a search needs: null when the vector route cannot or need not run. */
export interface QueryVector {
  vector: Float32Array | null;
  /** Set when the route is skipped before searching (no model, no tokens, embedding failed). */
  skip?: RouteSkip;
  warning?: SearchWarning;
}

/** What embedding reads of a query: its text and the language it is analysed in (PreparedQuery's analysis). */
interface QueryText {
  text: string;
  lang: Lang;
}

/**
 * Embeds the query for the vector route. Async because ONNX Runtime is. An embedding failure does
 * not fail the search: the keyword route still answers, and the outcome says why the vector route
 * did not run. `signal`: the request's end (search's), for the reads it makes.
 */
export async function queryVectorFor(
  pack: LoadedPack,
  query: PreparedQuery,
  options: SearchOptions,
  embedder?: QueryEmbedder,
  signal?: AbortSignal,
): Promise<QueryVector> {
  // The semantic files and the matrix rows are part of the pack, read as a section block is (a
  // lazily read pack reads them for the first query that embeds, LoadedPack.readSemantic): one
  // that cannot be read or is damaged fails the search (503 INDEX_UNAVAILABLE or INDEX_CORRUPT),
  // not just this route.
  const text: QueryText = { text: query.text, lang: query.analysis.lang };
  if (options.fuse.weights.vector > 0) {
    const semantic = await pack.readSemantic(signal);
    if (semantic) await readQueryNgrams(semantic, text.text, text.lang, signal);
  }
  const plan = planQueryVector(pack, text, options);
  if ('skip' in plan) return plan.skip;
  if (!embedder) await readQueryRows(plan.semantic, plan.tokens, signal);
  try {
    return embedded(embedder ? await embedder(plan.tokens) : embedStatic(plan.semantic, plan.tokens));
  } catch (e) {
    return embeddingFailed(e);
  }
}

/**
 * What both query-vector paths decide before embedding: whether the route runs at all, and the
 * query's tokens (one analysis, shared by the sync and the async path).
 */
function planQueryVector(pack: LoadedPack, query: QueryText, options: SearchOptions): { skip: QueryVector } | { semantic: SemanticIndex; tokens: EmbeddingTokens } {
  const { semantic } = pack;
  if (semantic === null) return { skip: { vector: null, skip: 'no-model' } };
  if (!(options.fuse.weights.vector > 0)) return { skip: { vector: null, skip: 'disabled' } };
  const tokens = queryTokens(semantic, query.text, query.lang);
  if (tokens.ids.length === 0) return { skip: { vector: null, skip: 'no-query-vector' } };
  return { semantic, tokens };
}

/** An embedding as the route takes it: a zero vector (unknown tokens only) has nothing to score. */
function embedded(vector: Float32Array): QueryVector {
  const direction = nonZero(vector);
  return direction === null ? { vector: null, skip: 'no-query-vector' } : { vector: direction };
}

/** The vector route is skipped with a warning when the query cannot be embedded: the keyword route still answers. */
function embeddingFailed(e: unknown): QueryVector {
  const code = isRecallBoxError(e) ? e.code : 'EMBED_FAILED';
  const message = `the vector route is unavailable, results come from the keyword route alone: ${(e as Error).message}`;
  return { vector: null, skip: 'failed', warning: { code, message } };
}

/**
 * `queryVectorFor` with the static model computed synchronously: for callers that cannot await
 * (the evaluation harness's systems), with the same result as the async path's default embedder.
 */
export function staticQueryVector(pack: LoadedPack, request: SearchRequest, options: SearchOptions): QueryVector {
  // The language the query is analysed in, as prepareQuery resolves it.
  const lang = queryLanguage(request.q, request.lang, pack.manifest.defaultLang);
  const plan = planQueryVector(pack, { text: request.q, lang }, options);
  if ('skip' in plan) return plan.skip;
  try {
    return embedded(embedStatic(plan.semantic, plan.tokens));
  } catch (e) {
    return embeddingFailed(e);
  }
}
