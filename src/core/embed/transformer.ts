/**
 * A transformer sentence-embedding model (`--model <file.onnx> --tokenizer <tokenizer.json>`, e.g.
 * all-MiniLM-L6-v2 exported to ONNX): what the pack stores about it and the pure parts of running it
 * — the token sequence it is fed ([CLS] pieces [SEP], truncated) and the mean pooling of its token
 * states into one unit vector. ORT itself runs only in the ONNX configurations (build in Node, the
 * Worker's ONNX entry): a transformer is not a lookup, so the default Worker cannot embed with it.
 */
import { RecallBoxError } from '../errors.ts';
import { isRecord } from '../is-record.ts';
import { L2_NORM_FLOOR } from './model.ts';
import { prepareWordPiece, wordPieceIds, type WordPieceSpec, type WordPieceTokenizer } from './wordpiece.ts';

export const TRANSFORMER_MODEL_FORMAT = 'recall-box/transformer-embedding';
export const TRANSFORMER_MODEL_VERSION = 1;

/** embedding.json of a transformer pack. */
export interface TransformerModelFile {
  format: typeof TRANSFORMER_MODEL_FORMAT;
  version: typeof TRANSFORMER_MODEL_VERSION;
  dimensions: number;
  /** Longest sequence fed to the model, special tokens included; longer text is truncated. */
  maxTokens: number;
  wordpiece: WordPieceSpec;
  /** Tokens put around the pieces (BERT's [CLS] and [SEP]); null when the vocabulary has none. */
  cls: string | null;
  sep: string | null;
  /** Graph names: the token ids, the attention mask, the token types (null if absent), the output. */
  graph: { ids: string; mask: string; typeIds: string | null; output: string };
}

export interface TransformerModel extends TransformerModelFile {
  tokenizer: WordPieceTokenizer;
  clsId: number | null;
  sepId: number | null;
}

function corrupt(message: string): RecallBoxError {
  return new RecallBoxError('INDEX_CORRUPT', `transformer model: ${message}`);
}


export function validateTransformerFile(value: unknown): TransformerModelFile {
  if (!isRecord(value) || value.format !== TRANSFORMER_MODEL_FORMAT) throw corrupt('embedding.json is not a transformer model description.');
  if (value.version !== TRANSFORMER_MODEL_VERSION) {
    throw new RecallBoxError('INDEX_VERSION_MISMATCH', `the transformer model description has version ${String(value.version)}, this reader reads ${TRANSFORMER_MODEL_VERSION}. Rebuild the pack.`);
  }
  const g = value.graph;
  const ok =
    Number.isInteger(value.dimensions) && (value.dimensions as number) > 0 &&
    Number.isInteger(value.maxTokens) && (value.maxTokens as number) >= 3 &&
    isRecord(value.wordpiece) && Array.isArray(value.wordpiece.vocab) &&
    isRecord(g) && typeof g.ids === 'string' && typeof g.mask === 'string' && typeof g.output === 'string' && (g.typeIds === null || typeof g.typeIds === 'string');
  if (!ok) throw corrupt('embedding.json lacks dimensions, maxTokens, wordpiece or graph names.');
  return value as unknown as TransformerModelFile;
}

export function prepareTransformer(file: TransformerModelFile): TransformerModel {
  const tokenizer = prepareWordPiece(file.wordpiece);
  const idOf = (t: string | null) => (t === null ? null : (tokenizer.idOf.get(t) ?? null));
  return { ...file, tokenizer, clsId: idOf(file.cls), sepId: idOf(file.sep) };
}

/** The model's input sequence for `text`: [CLS] pieces [SEP], the pieces cut to fit maxTokens. */
export function transformerSequence(text: string, model: TransformerModel): Int32Array {
  const specials = (model.clsId === null ? 0 : 1) + (model.sepId === null ? 0 : 1);
  const pieces = wordPieceIds(text, model.tokenizer).slice(0, model.maxTokens - specials);
  if (pieces.length === 0) return new Int32Array(0);
  return Int32Array.from([...(model.clsId === null ? [] : [model.clsId]), ...pieces, ...(model.sepId === null ? [] : [model.sepId])]);
}

/**
 * Mean of the token states (`hidden`, n × dim, row-major; every token attended), L2-normalised
 * with the same floor as the static graph. Sentence-transformers' mean pooling.
 */
export function meanPool(hidden: ArrayLike<number>, n: number, dim: number): Float32Array {
  if (hidden.length !== n * dim) throw new RecallBoxError('EMBED_FAILED', `the model gave ${hidden.length} values for ${n} tokens of ${dim} dimensions.`);
  const sum = new Float64Array(dim);
  for (let t = 0; t < n; t++) for (let j = 0; j < dim; j++) sum[j] += hidden[t * dim + j]!;
  const norm = Math.max(Math.hypot(...sum), L2_NORM_FLOOR);
  if (!Number.isFinite(norm)) throw new RecallBoxError('EMBED_FAILED', 'the model gave non-finite token states.');
  return Float32Array.from(sum, (x) => x / norm);
}
