import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPack } from '../../../src/indexer/build-pack.ts';
import { main } from '../../../src/cli/main.ts';
import { importTransformer } from '../../../src/indexer/embed/transformer-import.ts';
import { fsPackSource } from '../../../src/indexer/fs-source.ts';
import { meanPool, transformerSequence } from '../../../src/core/embed/transformer.ts';
import { loadPack, type LoadedPack } from '../../../src/core/pack/load.ts';
import { DEFAULT_SEARCH_OPTIONS } from '../../../src/core/search/options.ts';
import { search } from '../../../src/core/search/search.ts';
import { codeOfAsync, thrown } from '../../support/errors.ts';
import { tinyEmbeddings, TINY_MODEL2VEC_VOCAB } from '../../support/model2vec-fixture.ts';
import { TINY_TRANSFORMER_DIM, writeTinyTransformer } from '../../support/transformer-fixture.ts';

const SITE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/site');

let root: string;
let files: { onnx: string; tokenizer: string };
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'recall-box-transformer-'));
  files = await writeTinyTransformer(path.join(root, 'model'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('a transformer sentence-embedding model (--model x.onnx --tokenizer t.json)', () => {
  it('finds the graph\'s inputs and output and the embedding\'s dimensions', async () => {
    const imported = await importTransformer(files.onnx, files.tokenizer);
    try {
      expect(imported.file.graph).toEqual({ ids: 'input_ids', mask: 'attention_mask', typeIds: 'token_type_ids', output: 'last_hidden_state' });
      expect(imported.file.dimensions).toBe(TINY_TRANSFORMER_DIM);
      expect([imported.file.cls, imported.file.sep]).toEqual(['[CLS]', '[SEP]']);
    } finally {
      await imported.release();
    }
  });

  it('embeds text as mean pooling of the token states of [CLS] pieces [SEP], truncated to maxTokens', async () => {
    const imported = await importTransformer(files.onnx, files.tokenizer, 5);
    try {
      const sequence = transformerSequence('routing parameters deploy', imported.model);
      // 5 tokens at most: [CLS], three pieces, [SEP].
      expect([...sequence].map((id) => TINY_MODEL2VEC_VOCAB[id])).toEqual(['[CLS]', 'rout', '##ing', 'param', '[SEP]']);
      const e = tinyEmbeddings();
      const states = Float32Array.from([...sequence].flatMap((id) => Array.from(e.subarray(id * TINY_TRANSFORMER_DIM, (id + 1) * TINY_TRANSFORMER_DIM), Math.tanh)));
      const expected = meanPool(states, sequence.length, TINY_TRANSFORMER_DIM);
      const [actual] = await imported.embed(['routing parameters deploy']);
      actual!.forEach((x, j) => expect(x).toBeCloseTo(expected[j]!, 6));
    } finally {
      await imported.release();
    }
  });

  it('refuses a graph without a transformer\'s inputs, and a missing file, with stable codes', async () => {
    const modelDir = path.join(root, 'model');
    // The static-embedding test model takes `ids` and `weights`: not a transformer.
    const { exportOnnx } = await import('../../../src/indexer/embed/onnx.ts');
    const { writeFile } = await import('node:fs/promises');
    const staticFile = path.join(modelDir, 'static.onnx');
    await writeFile(staticFile, exportOnnx(Float32Array.of(1, 0, 0, 1), { rows: 2, dimensions: 2 }));
    expect(await codeOfAsync(importTransformer(staticFile, files.tokenizer))).toBe('MODEL_UNSUPPORTED');
    expect(await codeOfAsync(importTransformer(path.join(modelDir, 'none.onnx'), files.tokenizer))).toBe('MODEL_INVALID');
  });

  describe('a pack built with it', () => {
    let pack: LoadedPack;
    let out: string;
    beforeAll(async () => {
      out = path.join(root, 'pack');
      const code = await main(['build', SITE, '--out', out, '--model', files.onnx, '--tokenizer', files.tokenizer, '--max-tokens', '64'], () => undefined, () => undefined);
      expect(code).toBe(0);
      pack = await loadPack(fsPackSource(out));
    });

    it('holds the model itself and the section vectors, no static matrix', async () => {
      expect(pack.manifest.model).toEqual({ kind: 'transformer', dimensions: TINY_TRANSFORMER_DIM, maxTokens: 64 });
      expect((await readdir(out)).sort()).toEqual(['embedding.json', 'keyword-0000.json', 'keyword.json', 'llms-full.txt', 'llms.txt', 'manifest.json', 'model.onnx', 'sections-0000.json', 'sections.json', 'vectors.bin']);
      expect(pack.semantic!.rows).toBeNull();
    });

    it('answers through both routes when ORT embeds the query (the ONNX Worker), within int8 of the stored vectors', async () => {
      const imported = await importTransformer(files.onnx, files.tokenizer, 64);
      try {
        const outcome = await search(pack, { q: 'deploy the site from a submarine', limit: 5, lang: null }, DEFAULT_SEARCH_OPTIONS, (t) => imported.embedSequence(t.ids));
        expect(outcome.warnings).toEqual([]);
        expect(outcome.routes.vector).toMatchObject({ ran: true });
      } finally {
        await imported.release();
      }
    });

    it('answers from the keyword route with MODEL_NEEDS_ONNX_RUNTIME where only the static embedder exists (the default Worker)', async () => {
      const outcome = await search(pack, { q: 'deploy the site from a submarine', limit: 5, lang: null }, DEFAULT_SEARCH_OPTIONS);
      expect(outcome.routes.vector).toEqual({ ran: false, reason: 'failed' });
      expect(outcome.warnings.map((w) => w.code)).toEqual(['MODEL_NEEDS_ONNX_RUNTIME']);
      expect(outcome.results.length).toBeGreaterThan(0);
    });
  });

  it('needs --tokenizer with an .onnx model, and refuses a bad --max-tokens (usage errors, exit 2)', async () => {
    const quiet = () => undefined;
    expect(await main(['build', SITE, '--out', path.join(root, 'x'), '--model', files.onnx], quiet, quiet)).toBe(2);
    expect(await main(['build', SITE, '--out', path.join(root, 'x'), '--model', files.onnx, '--tokenizer', files.tokenizer, '--max-tokens', '2'], quiet, quiet)).toBe(2);
    expect(thrown(() => meanPool([1, 2, 3], 2, 2)).code).toBe('EMBED_FAILED');
  });
});
