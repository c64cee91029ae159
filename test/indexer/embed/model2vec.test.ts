import { everySection } from '../../../src/core/pack/section-store.ts';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPack } from '../../../src/indexer/build-pack.ts';
import { main } from '../../../src/cli/main.ts';
import { importModel2Vec, wordPieceFromTokenizerJson } from '../../../src/indexer/embed/model2vec.ts';
import { readSafetensor, writeSafetensors } from '../../../src/indexer/embed/safetensors.ts';
import { fsPackSource } from '../../../src/indexer/fs-source.ts';
import { searchableText } from '../../../src/core/analysis/fields.ts';
import { wordPieceIds } from '../../../src/core/embed/wordpiece.ts';
import { loadPack, type LoadedPack } from '../../../src/core/pack/load.ts';
import { DEFAULT_SEARCH_OPTIONS } from '../../../src/core/search/options.ts';
import { search } from '../../../src/core/search/search.ts';
import { queryTokens, embedStatic } from '../../../src/core/embed/semantic.ts';
import { decodeMatrix, dequantizeMatrix, encodeMatrix } from '../../../src/core/codec/binary.ts';
import { codeOfAsync, thrown } from '../../support/errors.ts';
import { TINY_MODEL2VEC_DIM, TINY_MODEL2VEC_VOCAB, tinyEmbeddings, tinyTokenizerJson, writeTinyModel2Vec } from '../../support/model2vec-fixture.ts';

const SITE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/site');

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'recall-box-model2vec-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('safetensors', () => {
  it('reads back what it writes, and F16 tensors as float32', () => {
    const data = Float32Array.of(1, -2.5, 0.125, 3);
    expect(Array.from(readSafetensor(writeSafetensors({ e: { shape: [2, 2], data } }), 'e').data)).toEqual(Array.from(data));
    // A hand-made F16 file: 1.0 = 0x3c00, -2.0 = 0xc000.
    const header = new TextEncoder().encode(JSON.stringify({ h: { dtype: 'F16', shape: [2], data_offsets: [0, 4] } }));
    const bytes = new Uint8Array(8 + header.length + 4);
    const view = new DataView(bytes.buffer);
    view.setBigUint64(0, BigInt(header.length), true);
    bytes.set(header, 8);
    view.setUint16(8 + header.length, 0x3c00, true);
    view.setUint16(8 + header.length + 2, 0xc000, true);
    expect(Array.from(readSafetensor(bytes, 'h').data)).toEqual([1, -2]);
  });

  it('refuses a missing tensor, another dtype, or data that does not fit, as MODEL_INVALID', () => {
    const ok = writeSafetensors({ e: { shape: [2], data: Float32Array.of(1, 2) } });
    expect(thrown(() => readSafetensor(ok, 'embeddings')).code).toBe('MODEL_INVALID');
    expect(thrown(() => readSafetensor(ok.subarray(0, ok.length - 1), 'e')).code).toBe('MODEL_INVALID');
    expect(thrown(() => readSafetensor(Uint8Array.of(1, 2, 3), 'e')).code).toBe('MODEL_INVALID');
  });
});

describe('tokenizer.json', () => {
  it('reads a BERT-style WordPiece tokenizer', () => {
    const spec = wordPieceFromTokenizerJson(tinyTokenizerJson());
    expect(spec).toMatchObject({ unkToken: '[UNK]', continuingPrefix: '##', lowercase: true, stripAccents: true, handleChineseChars: true });
    expect(spec.vocab).toEqual(TINY_MODEL2VEC_VOCAB);
  });

  it('refuses other tokenizer models and broken vocabularies as MODEL_UNSUPPORTED, naming the problem', () => {
    const bpe = { ...(tinyTokenizerJson() as object), model: { type: 'BPE', vocab: {}, merges: [] } };
    const e = thrown(() => wordPieceFromTokenizerJson(bpe));
    expect(e.code).toBe('MODEL_UNSUPPORTED');
    expect(e.message).toContain('BPE');
    const gaps = tinyTokenizerJson() as { model: { vocab: Record<string, number> } };
    gaps.model.vocab.rout = 999;
    expect(thrown(() => wordPieceFromTokenizerJson(gaps)).code).toBe('MODEL_UNSUPPORTED');
  });
});

describe('building with --model <Model2Vec dir>', () => {
  let modelDir: string;
  let pack: LoadedPack;

  beforeAll(async () => {
    modelDir = await writeTinyModel2Vec(path.join(root, 'tiny-model'));
    const out = path.join(root, 'pack');
    const summary = await buildPack(SITE, out, { modelDir });
    expect(summary.vectors).toEqual({ built: true });
    pack = await loadPack(fsPackSource(out));
  });

  it('stores the imported model: its dimensions, its rows, its tokenizer', async () => {
    expect(pack.manifest.model).toEqual({ kind: 'static', dimensions: TINY_MODEL2VEC_DIM, rows: TINY_MODEL2VEC_VOCAB.length });
    // Its rows as the pack stores every model's: int8 with a step per row (binary.ts).
    const rows = TINY_MODEL2VEC_VOCAB.length;
    expect(Array.from(dequantizeMatrix(pack.semantic!.rows!.matrix))).toEqual(Array.from(decodeMatrix(encodeMatrix(tinyEmbeddings(), rows, TINY_MODEL2VEC_DIM), rows, TINY_MODEL2VEC_DIM)));
    const stored = JSON.parse(await readFile(path.join(root, 'pack', 'embedding.json'), 'utf8'));
    expect(stored.info.method).toBe('model2vec');
    expect(stored.wordpiece.vocab).toEqual(TINY_MODEL2VEC_VOCAB);
  });

  it('embeds a query as Model2Vec does: the normalised mean of its WordPiece rows, unknown pieces dropped', () => {
    const semantic = pack.semantic!;
    const q = 'Routing parameters, xylophone';
    const ids = wordPieceIds(q, semantic.tokenizer!.wordpieceTokenizer!).filter((id) => TINY_MODEL2VEC_VOCAB[id] !== '[UNK]');
    expect(ids.map((id) => TINY_MODEL2VEC_VOCAB[id])).toEqual(['rout', '##ing', 'param', '##eter', '##s', ',']);
    const rows = dequantizeMatrix(semantic.rows!.matrix);
    const mean = new Float64Array(TINY_MODEL2VEC_DIM);
    for (const id of ids) for (let j = 0; j < TINY_MODEL2VEC_DIM; j++) mean[j] += rows[id * TINY_MODEL2VEC_DIM + j]! / ids.length;
    const norm = Math.hypot(...mean);
    const actual = embedStatic(semantic, queryTokens(semantic, q, 'en'));
    actual.forEach((x, j) => expect(x).toBeCloseTo(mean[j]! / norm, 6));
  });

  it('stores each section as the embedding ORT computed of its indexed text (cosine ≈ 1 up to int8)', () => {
    const semantic = pack.semantic!;
    let checked = 0;
    for (const [i, s] of everySection(pack.sections).entries()) {
      const tokens = queryTokens(semantic, searchableText(s), s.lang);
      if (tokens.ids.length === 0) continue;
      const all = semantic.kernel.topK(embedStatic(semantic, tokens), pack.sections.count);
      expect(all.scores[[...all.ids].indexOf(i)]!, s.id).toBeGreaterThan(0.99);
      checked++;
    }
    expect(checked).toBeGreaterThan(pack.sections.count / 2);
  });

  it('answers a query through both routes (one word the docs lack, so the keyword route does not answer it alone)', async () => {
    const outcome = await search(pack, { q: 'deployment submarine', limit: 5, lang: null }, DEFAULT_SEARCH_OPTIONS);
    expect(outcome.routes.vector).toMatchObject({ ran: true });
    expect(outcome.results.length).toBeGreaterThan(0);
  });

  it('reports a folder that is not a Model2Vec model with a stable code, and writes no pack', async () => {
    const bad = await writeTinyModel2Vec(path.join(root, 'bad-model'), { rows: TINY_MODEL2VEC_VOCAB.length - 1, embeddings: tinyEmbeddings(TINY_MODEL2VEC_VOCAB.length - 1) });
    expect(await codeOfAsync(importModel2Vec(bad))).toBe('MODEL_INVALID');
    expect(await codeOfAsync(importModel2Vec(path.join(root, 'nowhere')))).toBe('MODEL_INVALID');
    const lines: string[] = [];
    const code = await main(['build', SITE, '--out', path.join(root, 'never'), '--model', bad], () => undefined, (s) => lines.push(s));
    expect(code).toBe(1);
    expect(lines.join('\n')).toContain('the tokenizer has');
    expect(await main(['build', SITE, '--out', path.join(root, 'never'), '--model', bad, '--no-vectors'], () => undefined, () => undefined)).toBe(2);
  });
});
