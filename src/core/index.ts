/**
 * The search core's public surface: what the Worker, the protocol layer, the CLI, the evaluation
 * harness and the benchmarks use. Pure and runtime-agnostic — it runs unchanged in Node, workerd
 * and the browser; runtime capabilities (the WASM kernel, an ONNX embedder, where pack files come
 * from) are passed in.
 *
 * The indexer (src/indexer) also reaches into the modules whose data it writes (the pack format,
 * the keyword index builder, the embedding model, the confidence model and its calibration file);
 * nothing else needs more than this file.
 */

// Searching a pack: the one entry, its options, its request and answer.
export { search, searchPack } from './search/search.ts';
export type { SearchOutcome, SearchResult, SearchDebug, RouteReport } from './search/outcome.ts';
export { staticQueryVector } from './search/query-vector.ts';
export type { SearchWarning } from './search/query-vector.ts';
export { DEFAULT_SEARCH_OPTIONS } from './search/options.ts';
export type { SearchOptions } from './search/options.ts';
export { MAX_FILTERS } from './search/filters.ts';
export type { FacetCounts, FacetValueCount } from './search/filters.ts';
export { FACET_NAME, MAX_FACETS, MAX_FACET_VALUE_CHARS, normalizeFacetValue } from './pack/facets.ts';
export type { SearchRequest } from './search/request.ts';
export type { RouteName } from './rank/fuse.ts';
export { parsePoolRules } from './rank/pools.ts';
export { GRAPH_BOOST_SEEDS_WHEN_ON } from './rank/graph-boost.ts';
export { RERANK_FEATURES } from './rank/rerank.ts';
export type { RerankWeights } from './rank/rerank.ts';

// The pack: loading it, where its files come from, its format.
export { loadPack, readManifest, PACK_READ_MODES } from './pack/load.ts';
export { DEFAULT_READ_DEADLINE_MS } from './codec/kept-loads.ts';
export { withinDeadline } from './deadline.ts';
export { untilAnswered } from './request-end.ts';
export type { LoadedPack, LoadPackOptions, PackReadMode } from './pack/load.ts';
export { bytesSource } from './pack/source.ts';
export type { PackSource } from './pack/source.ts';
export { PACK_FILES } from './pack/format.ts';
export type { PackManifest, StoredSection } from './pack/format.ts';
export { DEFAULT_SHARD_OPTIONS, MAX_SHARD_BYTES, readPackFile, readPackShard } from './pack/shards.ts';
export { verifyPack } from './pack/verify.ts';
export { packKey } from './pack/key.ts';
export { dequantizeMatrix, encodeFloat32 } from './codec/binary.ts';
export { everySection } from './pack/section-store.ts';
export { findPage, pageAt, pageSections } from './pack/page-sections.ts';

// Text analysis and languages.
export { detectScriptLang, normalizeLang, queryLanguage, coveredLanguages } from './analysis/lang.ts';
export { QUERY_STRATEGIES, queryConcepts } from './analysis/query.ts';
export type { QueryStrategy } from './analysis/query.ts';
export { sectionFields } from './analysis/fields.ts';
export { ENGLISH_STOP_WORDS } from './analysis/stopwords.ts';
export { DEFAULT_KEYWORD_OPTIONS } from './keyword/index.ts';

// The semantic route: query embedding and vector scoring.
export { embedStatic, queryTokens } from './embed/semantic.ts';
export type { QueryEmbedder } from './embed/semantic.ts';
export { instantiateWasmKernel } from './vector/wasm-kernel.ts';
export { createTypeScriptKernel, quantizeVectors } from './vector/index.ts';
export { EMBED_GRAPH_NAMES } from './embed/model.ts';
export { modelFromFile, validateModelFile } from './embed/model-file.ts';
export { meanPool } from './embed/transformer.ts';
export type { TransformerModel } from './embed/transformer.ts';
export type { QuantizedVectors, VectorKernel } from './vector/types.ts';

// The confidence verdict.
export { CONFIDENCE_MODES, DEFAULT_THRESHOLDS, outcomeFor } from './confidence/levels.ts';
export type { ConfidenceMode, ConfidenceOutcome, LevelThresholds } from './confidence/levels.ts';
export type { ConfidenceVerdict } from './confidence/verdict.ts';
export type { Fallback } from './confidence/fallback.ts';
export { SIGNAL_NAMES, type ConfidenceSignals } from './confidence/signals.ts';
export type { Correction } from './present/correction.ts';
export type { Answer } from './present/answer.ts';
export { pageMarkdown, pageMarkdownBlocks, sectionMarkdown } from './present/page-markdown.ts';
export { markdownUrlOf, pageUrlOfMarkdown } from './present/markdown-url.ts';
export { confidenceScore, DEFAULT_CONFIDENCE_MODEL, roundScore } from './confidence/score.ts';
export type { ConfidenceModel } from './confidence/score.ts';
export { calibrationFromFile, type Calibration, type QuestionRates } from './confidence/calibration.ts';
export type { CalibrationFile } from './confidence/calibration.ts';

// Shared small things.
export { RecallBoxError, isRecallBoxError, quoteInput } from './errors.ts';
export type { ErrorCode } from './errors.ts';
export type { Lang, Page, Section } from './types.ts';
export { fnv1aHex } from './hash.ts';
export { BoundedLru } from './bounded-lru.ts';
export { KeptLoads } from './codec/kept-loads.ts';
export { isRecord } from './is-record.ts';
export { mulberry32 } from './random.ts';
