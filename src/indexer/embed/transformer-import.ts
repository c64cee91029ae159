/**
 * `--model <file.onnx> --tokenizer <tokenizer.json>`: a transformer sentence-embedding model (e.g.
 * all-MiniLM-L6-v2 exported to ONNX, downloaded by the user) used as the pack's model. Its graph is
 * inspected once with ORT in Node to find the inputs (token ids, attention mask, token types) and
 * the output (token states to mean-pool, or a pooled sentence embedding) and its dimensions.
 */
import { readFile } from 'node:fs/promises';
import * as ort from 'onnxruntime-web/wasm';
import {
  meanPool,
  prepareTransformer,
  transformerSequence,
  TRANSFORMER_MODEL_FORMAT,
  TRANSFORMER_MODEL_VERSION,
  type TransformerModel,
  type TransformerModelFile,
} from '../../core/embed/transformer.ts';
import { RecallBoxError } from '../../core/errors.ts';
import { wordPieceFromTokenizerJson } from './model2vec.ts';
import { configureOrt } from './ort-node.ts';

/**
 * Default longest token sequence: 256, the maximum all-MiniLM-L6-v2 was trained with (sentence-
 * transformers' max_seq_length); longer sections are truncated, as sentence-transformers does.
 */
export const DEFAULT_MAX_TOKENS = 256;

/** Output names tried in order: token states first (mean-pooled here), then a pooled embedding. */
const OUTPUT_NAMES = ['last_hidden_state', 'token_embeddings', 'sentence_embedding'];

function invalid(message: string): RecallBoxError {
  return new RecallBoxError('MODEL_INVALID', `--model: ${message}`);
}

export interface ImportedTransformer {
  model: TransformerModel;
  file: TransformerModelFile;
  bytes: Uint8Array;
  /** Embeds texts with ORT in Node, as the ONNX Worker will embed queries. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
  /** Embeds one token sequence (transformerSequence's), as the ONNX Worker's embedder does. */
  embedSequence(sequence: Int32Array): Promise<Float32Array>;
  release(): Promise<void>;
}

async function runOnce(session: ort.InferenceSession, file: Omit<TransformerModelFile, 'dimensions'>, ids: Int32Array): Promise<ort.Tensor> {
  const n = ids.length;
  const feeds: Record<string, ort.Tensor> = {
    [file.graph.ids]: new ort.Tensor('int64', BigInt64Array.from(ids, (id) => BigInt(id)), [1, n]),
    [file.graph.mask]: new ort.Tensor('int64', new BigInt64Array(n).fill(1n), [1, n]),
  };
  if (file.graph.typeIds) feeds[file.graph.typeIds] = new ort.Tensor('int64', new BigInt64Array(n), [1, n]);
  try {
    return (await session.run(feeds))[file.graph.output]!;
  } catch (e) {
    throw new RecallBoxError('EMBED_FAILED', `--model: running the model failed: ${(e as Error).message.slice(0, 300)}`);
  }
}

export async function importTransformer(onnxFile: string, tokenizerFile: string, maxTokens = DEFAULT_MAX_TOKENS): Promise<ImportedTransformer> {
  if (!Number.isInteger(maxTokens) || maxTokens < 3) throw new RecallBoxError('INVALID_OPTIONS', `--max-tokens must be a whole number ≥ 3, got ${maxTokens}.`);
  const read = async (f: string) => readFile(f).catch((e: NodeJS.ErrnoException) => {
    throw invalid(`cannot read ${f} (${e.code ?? e.message}).`);
  });
  const bytes = new Uint8Array(await read(onnxFile));
  let tokenizerJson: unknown;
  try {
    tokenizerJson = JSON.parse((await read(tokenizerFile)).toString('utf8'));
  } catch (e) {
    if (e instanceof RecallBoxError) throw e;
    throw invalid(`${tokenizerFile} is not JSON.`);
  }
  const wordpiece = wordPieceFromTokenizerJson(tokenizerJson);
  configureOrt();
  let session: ort.InferenceSession;
  try {
    session = await ort.InferenceSession.create(bytes, { executionProviders: ['wasm'], logSeverityLevel: 4 });
  } catch (e) {
    throw invalid(`onnxruntime-web cannot load ${onnxFile}: ${(e as Error).message.slice(0, 300)}`);
  }
  const inputs = session.inputNames;
  const pick = (...names: string[]) => names.find((n) => inputs.includes(n)) ?? null;
  const ids = pick('input_ids', 'ids');
  const mask = pick('attention_mask');
  if (!ids || !mask) {
    await session.release();
    throw new RecallBoxError('MODEL_UNSUPPORTED', `--model: the graph takes [${inputs.join(', ')}]; a sentence-embedding transformer takes input_ids and attention_mask.`);
  }
  const output = OUTPUT_NAMES.find((n) => session.outputNames.includes(n)) ?? session.outputNames[0]!;
  const has = (t: string) => wordpiece.vocab.includes(t);
  const draft = {
    format: TRANSFORMER_MODEL_FORMAT,
    version: TRANSFORMER_MODEL_VERSION,
    maxTokens,
    wordpiece,
    cls: has('[CLS]') ? '[CLS]' : null,
    sep: has('[SEP]') ? '[SEP]' : null,
    graph: { ids, mask, typeIds: pick('token_type_ids'), output },
  } as const;
  // One trial run tells the output's rank and the embedding's dimensions.
  const probe = prepareTransformer({ ...draft, dimensions: 1 });
  const trial = await runOnce(session, draft, transformerSequence('hello world', probe).length > 0 ? transformerSequence('hello world', probe) : Int32Array.of(0));
  const dimensions = trial.dims.at(-1)!;
  if (!(trial.dims.length === 3 || trial.dims.length === 2) || !(trial.data instanceof Float32Array)) {
    await session.release();
    throw new RecallBoxError('MODEL_UNSUPPORTED', `--model: output ${output} has dims [${trial.dims.join(', ')}]; expected float token states [1, n, d] or an embedding [1, d].`);
  }
  const file: TransformerModelFile = { ...draft, dimensions };
  const model = prepareTransformer(file);
  const embedSequence = async (sequence: Int32Array): Promise<Float32Array> => {
    if (sequence.length === 0) return new Float32Array(dimensions);
    const states = await runOnce(session, file, sequence);
    return meanPool(states.data as Float32Array, states.dims.length === 3 ? sequence.length : 1, dimensions);
  };
  return {
    model,
    file,
    bytes,
    embedSequence,
    async embed(texts) {
      const out: Float32Array[] = [];
      for (const text of texts) out.push(await embedSequence(transformerSequence(text, model)));
      return out;
    },
    release: () => session.release(),
  };
}
