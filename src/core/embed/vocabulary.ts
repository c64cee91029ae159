/**
 * Vocabulary lookup: term → row of E. Built once per model (per isolate in the Worker) and then
 * shared by every query.
 */
import { RecallBoxError } from '../errors.ts';
import type { EmbeddingModel } from './model.ts';
import { knownNgramHashes } from './ngrams.ts';
import { prepareWordPiece, type WordPieceTokenizer } from './wordpiece.ts';

/** A model ready to tokenize with: the model plus its term → row map. */
export interface TokenizerModel extends EmbeddingModel {
  /** Row of each vocabulary term. */
  rowOf: ReadonlyMap<string, number>;
  /**
   * Hashes of the vocabulary's n-grams (knownNgramHashes), for NgramSettings.minKnownShare: those
   * the pack stores (PACK_FILES.ngrams), or, for a pack built before it stored them, computed on
   * the first call (the first query with a word the vocabulary lacks), not when the pack loads:
   * hashing every n-gram of the vocabulary was the largest part of loading the semantic files,
   * which every cold isolate paid before its first answer (`npm run bench` prints the pack's load
   * time in Node).
   */
  knownNgrams: () => Uint32Array;
  /** An imported model's tokenizer, ready to use (see EmbeddingModel.wordpiece). */
  wordpieceTokenizer?: WordPieceTokenizer;
}

/**
 * The term → row map of a vocabulary. A term listed twice would make one of its rows unreachable
 * and means the vocabulary was written wrongly, so it is refused (INDEX_CORRUPT: the vocabulary
 * ships in the pack).
 */
export function vocabularyLookup(terms: readonly string[]): Map<string, number> {
  const rows = new Map<string, number>();
  terms.forEach((term, row) => {
    if (rows.has(term)) throw new RecallBoxError('INDEX_CORRUPT', `embedding vocabulary lists "${term}" twice (rows ${rows.get(term)} and ${row}).`);
    rows.set(term, row);
  });
  return rows;
}

const NO_NGRAMS = new Uint32Array(0);

/**
 * Whether the model's tokenizer looks unknown terms' n-grams up among the vocabulary's
 * (NgramSettings.minKnownShare): what the build stores knownNgramHashes for, and what the query
 * side reads them for.
 */
export function usesKnownNgrams(model: Pick<EmbeddingModel, 'info' | 'wordpiece'>): boolean {
  const { buckets, minKnownShare } = model.info.ngram;
  return !model.wordpiece && buckets > 0 && minKnownShare > 0;
}

/** The model as a tokenizer that keeps every unknown term's n-grams (minKnownShare 0): the most rows a text's tokens can need. */
export function keepingUnknownTerms(model: TokenizerModel): TokenizerModel {
  return { ...model, info: { ...model.info, ngram: { ...model.info.ngram, minKnownShare: 0 } } };
}

/**
 * Checks the model's parts agree with each other and adds the lookup map. `storedNgrams`: the
 * pack's knownNgramHashes of this vocabulary once they have been read (null before, and for a pack
 * that stores none); without them they are computed when first needed.
 */
export function prepareTokenizer(model: EmbeddingModel, storedNgrams: () => Uint32Array | null = () => null): TokenizerModel {
  const { info, terms, termWeights } = model;
  if (model.wordpiece) {
    if (info.rows !== model.wordpiece.vocab.length || terms.length !== 0) {
      throw new RecallBoxError('INDEX_CORRUPT', `embedding model has ${info.rows} rows for ${model.wordpiece.vocab.length} WordPiece tokens.`);
    }
    return { ...model, rowOf: new Map(), knownNgrams: () => NO_NGRAMS, wordpieceTokenizer: prepareWordPiece(model.wordpiece) };
  }
  if (terms.length !== info.vocabularySize || termWeights.length !== info.vocabularySize) {
    throw new RecallBoxError(
      'INDEX_CORRUPT',
      `embedding model says ${info.vocabularySize} terms but has ${terms.length} terms and ${termWeights.length} weights.`,
    );
  }
  if (info.rows !== info.vocabularySize + info.ngram.buckets) {
    throw new RecallBoxError('INDEX_CORRUPT', `embedding model has ${info.rows} rows, expected ${info.vocabularySize} terms + ${info.ngram.buckets} buckets.`);
  }
  const { minN, maxN } = info.ngram;
  // Only needed when unknown terms are filtered.
  let known: Uint32Array | null = usesKnownNgrams(model) ? null : NO_NGRAMS;
  const knownNgrams = () => known ?? storedNgrams() ?? (known = knownNgramHashes(terms, minN, maxN));
  return { ...model, rowOf: vocabularyLookup(terms), knownNgrams };
}
