/**
 * The model's vocabulary as a pack file (JSON): the info, the terms in row order and each term's
 * corpus count. Counts, not weights: they are small integers (a tenth of the bytes of float
 * weights) and the SIF weights follow from them by one IEEE-exact formula (`sifWeights`), the same
 * function training uses, so the Worker's weights equal the build's bit for bit.
 */
import { RecallBoxError } from '../errors.ts';
import { isRecord } from '../is-record.ts';
import { EMBEDDING_MODEL_FORMAT, EMBEDDING_MODEL_VERSION, type EmbeddingModel, type EmbeddingModelInfo } from './model.ts';
import type { WordPieceSpec } from './wordpiece.ts';

export interface EmbeddingModelFile {
  info: EmbeddingModelInfo;
  /** All term occurrences in the training corpus, vocabulary or not. */
  totalTokens: number;
  terms: string[];
  /** Occurrences of terms[i] in the training corpus. */
  counts: number[];
  /** An imported model's tokenizer (EmbeddingModel.wordpiece); absent for a trained model. */
  wordpiece?: WordPieceSpec;
}

/** SIF weights a / (a + count / total), as float32. */
export function sifWeights(counts: ArrayLike<number>, totalTokens: number, a: number): Float32Array {
  return Float32Array.from({ length: counts.length }, (_, i) => a / (a + counts[i] / totalTokens));
}

/** The tokenizer model a vocabulary file describes. */
export function modelFromFile(file: EmbeddingModelFile): EmbeddingModel {
  const model: EmbeddingModel = { info: file.info, terms: file.terms, termWeights: sifWeights(file.counts, file.totalTokens, file.info.sifA) };
  return file.wordpiece ? { ...model, wordpiece: file.wordpiece } : model;
}

function corrupt(message: string): RecallBoxError {
  return new RecallBoxError('INDEX_CORRUPT', `embedding vocabulary: ${message}`);
}

const isCount = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isPositive = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v > 0;

function validateWordPiece(w: unknown, rows: number): void {
  const ok =
    isRecord(w) &&
    Array.isArray(w.vocab) &&
    w.vocab.every((t) => typeof t === 'string') &&
    typeof w.unkToken === 'string' &&
    typeof w.continuingPrefix === 'string' &&
    isCount(w.maxInputCharsPerWord) &&
    ['lowercase', 'stripAccents', 'handleChineseChars'].every((k) => typeof w[k] === 'boolean');
  if (!ok) throw corrupt('wordpiece is not a WordPiece tokenizer description.');
  if ((w.vocab as unknown[]).length !== rows) throw corrupt(`wordpiece has ${(w.vocab as unknown[]).length} tokens for a model of ${rows} rows.`);
}

/**
 * Checks parsed JSON of a vocabulary file. A file of another format version is refused with
 * INDEX_VERSION_MISMATCH (rebuild the pack), anything malformed with INDEX_CORRUPT.
 */
export function validateModelFile(value: unknown): EmbeddingModelFile {
  if (!isRecord(value) || !isRecord(value.info)) throw corrupt('not an object with info.');
  const info = value.info;
  if (info.format !== EMBEDDING_MODEL_FORMAT) throw corrupt(`unknown format ${JSON.stringify(info.format)}.`);
  if (info.version !== EMBEDDING_MODEL_VERSION) {
    throw new RecallBoxError('INDEX_VERSION_MISMATCH', `the embedding model has version ${String(info.version)}, this reader reads ${EMBEDDING_MODEL_VERSION}. Rebuild the pack.`);
  }
  if (!isCount(info.dimensions) || !isCount(info.vocabularySize) || !isCount(info.rows) || !isPositive(info.sifA)) {
    throw corrupt('info.dimensions, vocabularySize, rows or sifA is not a valid number.');
  }
  const ngram = info.ngram;
  if (!isRecord(ngram) || !['minN', 'maxN', 'buckets', 'share', 'minKnownShare'].every((k) => typeof ngram[k] === 'number')) throw corrupt('info.ngram is malformed.');
  if (!isRecord(info.analyzer)) throw corrupt('info.analyzer is missing.');
  if (!isCount(value.totalTokens)) throw corrupt('totalTokens is not a count.');
  if (!Array.isArray(value.terms) || !value.terms.every((t) => typeof t === 'string')) throw corrupt('terms is not a list of strings.');
  if (!Array.isArray(value.counts) || !value.counts.every(isCount)) throw corrupt('counts is not a list of counts.');
  if (value.wordpiece !== undefined) validateWordPiece(value.wordpiece, info.rows as number);
  if (value.terms.length !== info.vocabularySize || value.counts.length !== info.vocabularySize) {
    throw corrupt(`${value.terms.length} terms and ${value.counts.length} counts for a vocabulary of ${String(info.vocabularySize)}.`);
  }
  return value as unknown as EmbeddingModelFile;
}
