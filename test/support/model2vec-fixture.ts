/**
 * A tiny Model2Vec-format model folder, generated (recall-box may not download one): a BERT-style
 * WordPiece tokenizer.json over the fixture site's vocabulary and a model.safetensors of
 * deterministic embeddings. Small enough to check every vector by hand.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeSafetensors } from '../../src/indexer/embed/safetensors.ts';
import { mulberry32 } from '../../src/core/random.ts';

export const TINY_MODEL2VEC_DIM = 8;

/** Tokens in id order: specials, whole words, and continuation pieces. */
export const TINY_MODEL2VEC_VOCAB = [
  '[PAD]', '[UNK]', '[CLS]', '[SEP]',
  'rout', '##e', '##es', '##ing', '##er', 'param', '##eter', '##s', 'middle', '##ware', 'deploy', '##ment',
  'cache', '##d', 'session', 'config', '##uration', 'the', 'a', 'to', 'and', 'of', 'how', 'do', 'i',
  'page', 'server', 'request', 'response', 'header', 'error', 'build', 'site', 'sky', '##lark', '.', ',', '(', ')',
];

export function tinyTokenizerJson(vocab: readonly string[] = TINY_MODEL2VEC_VOCAB): unknown {
  return {
    version: '1.0',
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(vocab.map((t, i) => [t, i])),
    },
  };
}

/** Row-major embeddings, rows × TINY_MODEL2VEC_DIM, from a fixed seed. */
export function tinyEmbeddings(rows = TINY_MODEL2VEC_VOCAB.length): Float32Array {
  const random = mulberry32(0x2ec);
  return Float32Array.from({ length: rows * TINY_MODEL2VEC_DIM }, () => random() * 2 - 1);
}

/** Writes the folder; returns its path. */
export async function writeTinyModel2Vec(dir: string, overrides: { tokenizer?: unknown; embeddings?: Float32Array; rows?: number } = {}): Promise<string> {
  await mkdir(dir, { recursive: true });
  const embeddings = overrides.embeddings ?? tinyEmbeddings();
  const rows = overrides.rows ?? embeddings.length / TINY_MODEL2VEC_DIM;
  await writeFile(path.join(dir, 'tokenizer.json'), JSON.stringify(overrides.tokenizer ?? tinyTokenizerJson()));
  await writeFile(path.join(dir, 'model.safetensors'), writeSafetensors({ embeddings: { shape: [rows, TINY_MODEL2VEC_DIM], data: embeddings } }));
  await writeFile(path.join(dir, 'config.json'), JSON.stringify({ model_type: 'model2vec', normalize: true, hidden_dim: TINY_MODEL2VEC_DIM }));
  return dir;
}
