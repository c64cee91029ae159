/**
 * `--model <dir>`: a Model2Vec static model (e.g. `minishlab/potion-base-8M`, downloaded by the user:
 * recall-box downloads nothing) turned into the pack's model — its WordPiece tokenizer from
 * `tokenizer.json`, its `embeddings` matrix from `model.safetensors` as E. The rest of the build is
 * unchanged: the same ONNX graph (Gather → weighted sum → L2 normalise), the same section vectors,
 * the same query path in the Worker, whose tokenizer (core/embed/wordpiece.ts) reads the spec
 * stored in embedding.json.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { EMBEDDING_MODEL_FORMAT, EMBEDDING_MODEL_VERSION, type EmbeddingModel, type EmbeddingModelInfo } from '../../core/embed/model.ts';
import type { EmbeddingModelFile } from '../../core/embed/model-file.ts';
import type { WordPieceSpec } from '../../core/embed/wordpiece.ts';
import { RecallBoxError } from '../../core/errors.ts';
import { isRecord } from '../../core/is-record.ts';
import { DEFAULT_ANALYZER_OPTIONS } from '../../core/analysis/segment.ts';
import { readSafetensor } from './safetensors.ts';

/** The tensor Model2Vec stores its token embeddings under. */
export const MODEL2VEC_TENSOR = 'embeddings';

/** HF tokenizers' WordPiece defaults, used when tokenizer.json leaves a field out. */
const WORDPIECE_DEFAULTS = { unkToken: '[UNK]', continuingPrefix: '##', maxInputCharsPerWord: 100 } as const;

export interface ImportedModel {
  model: EmbeddingModel;
  matrix: Float32Array;
  file: EmbeddingModelFile;
}

function unsupported(message: string): RecallBoxError {
  return new RecallBoxError('MODEL_UNSUPPORTED', `--model: ${message}`);
}


/** The WordPiece description of a tokenizer.json, or MODEL_UNSUPPORTED naming what differs. */
export function wordPieceFromTokenizerJson(json: unknown): WordPieceSpec {
  if (!isRecord(json) || !isRecord(json.model)) throw unsupported('tokenizer.json has no "model".');
  const { model, normalizer, pre_tokenizer: pre } = json;
  if (model.type !== 'WordPiece') throw unsupported(`tokenizer.json has a ${String(model.type)} model; only WordPiece (BERT-style) tokenizers are supported.`);
  if (normalizer !== null && normalizer !== undefined && (!isRecord(normalizer) || normalizer.type !== 'BertNormalizer')) {
    throw unsupported(`tokenizer.json has a ${isRecord(normalizer) ? String(normalizer.type) : 'malformed'} normalizer; only BertNormalizer is supported.`);
  }
  if (pre !== null && pre !== undefined && (!isRecord(pre) || !['BertPreTokenizer', 'WhitespaceSplit', 'Whitespace'].includes(String(pre.type)))) {
    throw unsupported(`tokenizer.json has a ${isRecord(pre) ? String(pre.type) : 'malformed'} pre-tokenizer; only BertPreTokenizer is supported.`);
  }
  if (!isRecord(model.vocab)) throw unsupported('tokenizer.json has no WordPiece vocab.');
  const entries = Object.entries(model.vocab);
  const vocab: string[] = new Array(entries.length);
  for (const [token, id] of entries) {
    if (!Number.isInteger(id) || (id as number) < 0 || (id as number) >= entries.length || vocab[id as number] !== undefined) {
      throw unsupported(`tokenizer.json's vocab ids are not 0…${entries.length - 1}, each once (token "${token}" has ${String(id)}).`);
    }
    vocab[id as number] = token;
  }
  const n = isRecord(normalizer) ? normalizer : {};
  const lowercase = n.lowercase === undefined ? isRecord(normalizer) : Boolean(n.lowercase);
  return {
    vocab,
    unkToken: typeof model.unk_token === 'string' ? model.unk_token : WORDPIECE_DEFAULTS.unkToken,
    continuingPrefix: typeof model.continuing_subword_prefix === 'string' ? model.continuing_subword_prefix : WORDPIECE_DEFAULTS.continuingPrefix,
    maxInputCharsPerWord: Number.isInteger(model.max_input_chars_per_word) ? (model.max_input_chars_per_word as number) : WORDPIECE_DEFAULTS.maxInputCharsPerWord,
    lowercase,
    // BertNormalizer: strip_accents null means "as lowercase".
    stripAccents: n.strip_accents === null || n.strip_accents === undefined ? lowercase : Boolean(n.strip_accents),
    handleChineseChars: n.handle_chinese_chars === undefined ? isRecord(normalizer) : Boolean(n.handle_chinese_chars),
  };
}

async function readOrFail(file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (e) {
    throw new RecallBoxError('MODEL_INVALID', `--model: cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`);
  }
}

/** Reads a Model2Vec directory (tokenizer.json + model.safetensors). */
export async function importModel2Vec(dir: string): Promise<ImportedModel> {
  const tokenizerText = (await readOrFail(path.join(dir, 'tokenizer.json'))).toString('utf8');
  let tokenizerJson: unknown;
  try {
    tokenizerJson = JSON.parse(tokenizerText);
  } catch {
    throw new RecallBoxError('MODEL_INVALID', `--model: ${path.join(dir, 'tokenizer.json')} is not JSON.`);
  }
  const wordpiece = wordPieceFromTokenizerJson(tokenizerJson);
  const bytes = await readOrFail(path.join(dir, 'model.safetensors'));
  const tensor = readSafetensor(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), MODEL2VEC_TENSOR);
  if (tensor.shape.length !== 2) throw new RecallBoxError('MODEL_INVALID', `--model: "${MODEL2VEC_TENSOR}" has shape [${tensor.shape.join(', ')}], expected [tokens, dimensions].`);
  const [rows, dimensions] = tensor.shape as [number, number];
  if (rows !== wordpiece.vocab.length) {
    throw new RecallBoxError('MODEL_INVALID', `--model: the tokenizer has ${wordpiece.vocab.length} tokens, the embeddings ${rows} rows.`);
  }
  if (!(dimensions >= 1 && dimensions <= 1024)) throw new RecallBoxError('MODEL_UNSUPPORTED', `--model: ${dimensions} dimensions; 1…1024 are supported.`);
  for (let i = 0; i < tensor.data.length; i++) {
    if (!Number.isFinite(tensor.data[i])) throw new RecallBoxError('MODEL_INVALID', `--model: embedding value ${i} is ${tensor.data[i]}.`);
  }
  const info: EmbeddingModelInfo = {
    format: EMBEDDING_MODEL_FORMAT,
    version: EMBEDDING_MODEL_VERSION,
    method: 'model2vec',
    dimensions,
    vocabularySize: 0,
    rows,
    // No trained vocabulary and no hashed n-grams: the WordPiece pieces play both roles.
    ngram: { minN: 3, maxN: 5, buckets: 0, share: 0, minKnownShare: 0 },
    sifA: 1,
    analyzer: { ...DEFAULT_ANALYZER_OPTIONS },
  };
  const model: EmbeddingModel = { info, terms: [], termWeights: new Float32Array(0), wordpiece };
  return { model, matrix: tensor.data, file: { info, totalTokens: 0, terms: [], counts: [], wordpiece } };
}
