/**
 * A tiny stand-in for a transformer sentence-embedding model, generated (no model may be
 * downloaded): an ONNX graph with a transformer's interface — input_ids, attention_mask and
 * token_type_ids [1, n] int64 in, last_hidden_state [1, n, dim] float out — computing
 * tanh(E[input_ids]). It exercises everything recall-box does with a real one (the WordPiece
 * sequence with [CLS]/[SEP], the feeds, mean pooling, ORT in Node and in workerd), in milliseconds.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import onnxProto from 'onnx-proto';
import { encodeFloat32 } from '../../src/core/codec/binary.ts';
import { mkdir } from 'node:fs/promises';
import { tinyEmbeddings, tinyTokenizerJson, TINY_MODEL2VEC_DIM, TINY_MODEL2VEC_VOCAB } from './model2vec-fixture.ts';

const { onnx } = onnxProto;
const FLOAT = onnx.TensorProto.DataType.FLOAT;
const INT64 = onnx.TensorProto.DataType.INT64;

export const TINY_TRANSFORMER_DIM = TINY_MODEL2VEC_DIM;


const tokenInput = (name: string) => ({
  name,
  type: { tensorType: { elemType: INT64, shape: { dim: [{ dimValue: 1 }, { dimParam: 'n' }] } } },
});

export function tinyTransformerOnnx(): Uint8Array {
  const rows = TINY_MODEL2VEC_VOCAB.length;
  const model = onnx.ModelProto.create({
    irVersion: 8,
    opsetImport: [{ domain: '', version: 13 }],
    producerName: 'recall-box-tests',
    graph: {
      name: 'tiny-transformer',
      initializer: [{ name: 'E', dims: [rows, TINY_TRANSFORMER_DIM], dataType: FLOAT, rawData: encodeFloat32(tinyEmbeddings()) }],
      input: [tokenInput('input_ids'), tokenInput('attention_mask'), tokenInput('token_type_ids')],
      output: [{ name: 'last_hidden_state', type: { tensorType: { elemType: FLOAT, shape: { dim: [{ dimValue: 1 }, { dimParam: 'n' }, { dimValue: TINY_TRANSFORMER_DIM }] } } } }],
      node: [
        { opType: 'Gather', input: ['E', 'input_ids'], output: ['gathered'], attribute: [{ name: 'axis', type: onnx.AttributeProto.AttributeType.INT, i: 0 }] },
        { opType: 'Tanh', input: ['gathered'], output: ['last_hidden_state'] },
      ],
    },
  });
  return onnx.ModelProto.encode(model).finish();
}

/** Writes model.onnx and tokenizer.json into `dir`; returns their paths. */
export async function writeTinyTransformer(dir: string): Promise<{ onnx: string; tokenizer: string }> {
  await mkdir(dir, { recursive: true });
  const files = { onnx: path.join(dir, 'model.onnx'), tokenizer: path.join(dir, 'tokenizer.json') };
  await writeFile(files.onnx, tinyTransformerOnnx());
  await writeFile(files.tokenizer, JSON.stringify(tinyTokenizerJson()));
  return files;
}
