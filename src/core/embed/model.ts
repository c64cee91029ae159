/**
 * The static embedding model as the query side sees it: its settings (stored with the pack, so the
 * Worker tokenizes exactly as the build did) and its vocabulary. Pure types and constants; the
 * matrix E itself lives in the ONNX graph (build: src/indexer/embed/onnx.ts).
 *
 * Row layout of E, which token ids index: rows 0 … V−1 are the vocabulary terms in `terms` order,
 * rows V … V+B−1 the B hashed character n-gram buckets (see ngrams.ts).
 */
import type { AnalyzerOptions } from '../analysis/segment.ts';
import type { WordPieceSpec } from './wordpiece.ts';

/** Identifies the model format, so a reader can refuse a model it does not understand. */
export const EMBEDDING_MODEL_FORMAT = 'recall-box/static-embedding';
/** Bumped whenever tokenization, the row layout or the graph changes meaning. */
export const EMBEDDING_MODEL_VERSION = 2;

/**
 * Floor of the L2 norm the embedding is divided by, in the ONNX graph and in the reference alike:
 * a text without any known token sums to the zero vector and must stay zero, not become NaN.
 * Far below any real norm (a single token row has norm ≈ 0.01 … 1).
 */
export const L2_NORM_FLOOR = 1e-12;

/** How terms are cut into hashed character n-grams. Stored with the model: both sides must agree. */
export interface NgramSettings {
  /** Shortest n-gram, in code points, boundary markers included. */
  minN: number;
  /** Longest n-gram, in code points, boundary markers included. */
  maxN: number;
  /** Number of hash buckets (rows of E after the vocabulary); 0 turns n-grams off. */
  buckets: number;
  /**
   * Share of a KNOWN term's weight given to its n-grams (split evenly among them); the term's own
   * row keeps the rest. An unknown term has no row, so its n-grams carry all of its weight.
   */
  share: number;
  /**
   * An unknown term takes part only if at least this share of its n-grams occur in vocabulary
   * terms (0 keeps every unknown term). A typo shares most n-grams with its word (`midleware`,
   * analysed `midlewar`: 15 of its 21 occur in `middlewar`); typed noise (`zqxjv`) shares none, and without this rule its hashed
   * n-grams — colliding in buckets with real words' — still embed to a unit vector that lands
   * near some section (on the Astro docs, random letter strings reached top-1 cosine 0.38
   * median, 0.51 at p95), which the reader sees as confident-looking noise. With 0.5 they embed
   * to nothing, while all 16 typos of `scripts/embed-cranfield.ts --typos` still pass (their
   * ranks are unchanged: add `--variant '{"ngram":{"minKnownShare":0}}'` to compare). Reproduce
   * the cosines with `npx tsx scripts/vector-threshold.ts [--embedding
   * '{"ngram":{"minKnownShare":0}}'] <docs> <queries.jsonl>` (queries from scripts/title-queries.ts).
   */
  minKnownShare: number;
}

/**
 * Where the model comes from: trained on the docs from TF-IDF or PPMI statistics, or imported from
 * a Model2Vec directory (`--model <dir>`: WordPiece tokens, one row each, uniform weights).
 */
export type EmbeddingMethod = 'ppmi' | 'tfidf' | 'model2vec';

/** Everything about a trained model except its vocabulary and matrix: small, JSON-safe. */
export interface EmbeddingModelInfo {
  format: typeof EMBEDDING_MODEL_FORMAT;
  version: typeof EMBEDDING_MODEL_VERSION;
  method: EmbeddingMethod;
  /** Length of every embedding (columns of E). */
  dimensions: number;
  /** Number of vocabulary terms V (the first V rows of E). */
  vocabularySize: number;
  /** Rows of E: V + ngram.buckets. */
  rows: number;
  ngram: NgramSettings;
  /** SIF smoothing a: a term of corpus probability p weighs a / (a + p). */
  sifA: number;
  /** Analyzer settings the terms were produced with; queries must be analysed the same way. */
  analyzer: AnalyzerOptions;
}

/** A model's tokenizer side: settings plus the vocabulary with each term's SIF weight. */
export interface EmbeddingModel {
  info: EmbeddingModelInfo;
  /** Vocabulary term of row i. */
  terms: readonly string[];
  /** SIF weight a / (a + p(term)) of row i, in (0, 1]. */
  termWeights: Float32Array;
  /**
   * An imported model's own tokenizer. When set, text is cut by it (not by the keyword analyzer),
   * each token id is a row of E with weight 1 per occurrence, and `terms` is empty.
   */
  wordpiece?: WordPieceSpec;
}

/**
 * Weight of a term that is not in the vocabulary: the SIF weight of a term never seen,
 * a / (a + 0) = 1 — an unseen word (a typo, a new identifier) is as informative as the rarest.
 */
export const UNKNOWN_TERM_WEIGHT = 1;

/**
 * Names of the ONNX graph's inputs and output: the contract between the exporter (build), the Node
 * embedder and the Worker's embedder. Here, in the pure model module, so the Worker can import it
 * without the protobuf writer the exporter needs.
 */
export const EMBED_GRAPH_NAMES = { ids: 'ids', weights: 'weights', output: 'embedding' } as const;
