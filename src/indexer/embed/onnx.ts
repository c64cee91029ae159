/**
 * The embedding model as a real ONNX graph (opset 13, IR 8), run by onnxruntime-web at build time
 * (Node) and query time (Worker):
 *
 *   ids int64 [n], weights float [n]
 *   gathered = Gather(E, ids, axis 0)                       [n, dim]
 *   weighted = Mul(gathered, Unsqueeze(weights, axes [1]))  [n, dim]
 *   sum      = ReduceSum(weighted, axes [0], keepdims 0)    [dim]
 *   norm     = Max(ReduceL2(sum, axes [0], keepdims 1), ε)  [1]
 *   embedding = Div(sum, norm)                              [dim]
 *
 * with E (float32 [rows, dim]) an initializer and ε = L2_NORM_FLOOR, so a text without tokens
 * embeds to the zero vector rather than NaN. src/core/embed/reference.ts is the same computation in
 * TypeScript, and the tests hold ORT to it within 1e-5.
 *
 * Serialised with onnx-proto, the protobuf code generated from ONNX's own onnx.proto (v1.10.2):
 * complete and exact, where a hand-vendored subset of the schema could drift from the standard.
 * Every tensor goes in `raw_data`, little-endian as ONNX requires (floats by the pack's own
 * `encodeFloat32`, the writer of embedding.bin, so the bytes do not depend on the host's byte order). Nothing time- or host-dependent is written: the
 * same matrix gives the same bytes.
 */
import onnxProto from 'onnx-proto';
import { EMBED_GRAPH_NAMES, L2_NORM_FLOOR, type EmbeddingModelInfo } from '../../core/embed/model.ts';
import { RecallBoxError } from '../../core/errors.ts';
import { encodeFloat32 } from '../../core/codec/binary.ts';

const { onnx } = onnxProto;

export { EMBED_GRAPH_NAMES };

/** Operator set: 13 is the first with ReduceSum's axes as an input; every op used exists in it. */
export const ONNX_OPSET = 13;
/** IR version 8 (ONNX 1.10), the newest onnx-proto 8.0.1 describes; ORT 1.30 reads IR ≤ 11. */
export const ONNX_IR_VERSION = 8;

const FLOAT = onnx.TensorProto.DataType.FLOAT;
const INT64 = onnx.TensorProto.DataType.INT64;
const INT = onnx.AttributeProto.AttributeType.INT;
const INTS = onnx.AttributeProto.AttributeType.INTS;


function int64Bytes(values: readonly number[]): Uint8Array {
  const out = new Uint8Array(values.length * 8);
  const view = new DataView(out.buffer);
  values.forEach((v, i) => view.setBigInt64(i * 8, BigInt(v), true));
  return out;
}

function tensorType(elemType: number, dims: Array<string | number>) {
  return {
    tensorType: {
      elemType,
      shape: { dim: dims.map((d) => (typeof d === 'string' ? { dimParam: d } : { dimValue: d })) },
    },
  };
}

export interface ExportOnnxOptions {
  /**
   * Keep E out of the graph, as ONNX external data in this file (float32 little-endian, offset 0),
   * which the runtime is given beside the model. The pack does this: its embedding.bin then serves
   * the static embedder and ORT alike, instead of the pack carrying E twice.
   */
  externalMatrix?: string;
}

/** The initializer holding E: inline (raw_data) or a reference to external data. */
function matrixInitializer(matrix: Float32Array, rows: number, dim: number, externalMatrix: string | undefined) {
  if (externalMatrix === undefined) return { name: 'E', dims: [rows, dim], dataType: FLOAT, rawData: encodeFloat32(matrix) };
  return {
    name: 'E',
    dims: [rows, dim],
    dataType: FLOAT,
    dataLocation: onnx.TensorProto.DataLocation.EXTERNAL,
    externalData: [
      { key: 'location', value: externalMatrix },
      { key: 'offset', value: '0' },
      { key: 'length', value: String(matrix.length * 4) },
    ],
  };
}

/**
 * The ONNX model bytes for E (row-major, info.rows × info.dimensions). The model's info is also
 * stored as metadata (`recall-box:model`, JSON) for anyone inspecting the file.
 */
export function exportOnnx(
  matrix: Float32Array,
  info: Pick<EmbeddingModelInfo, 'rows' | 'dimensions'> & Partial<EmbeddingModelInfo>,
  options: ExportOnnxOptions = {},
): Uint8Array {
  const { rows, dimensions: dim } = info;
  if (matrix.length !== rows * dim) {
    throw new RecallBoxError('INVALID_OPTIONS', `embedding matrix has ${matrix.length} values, expected ${rows} rows × ${dim}.`);
  }
  const n = EMBED_GRAPH_NAMES;
  const model = onnx.ModelProto.create({
    irVersion: ONNX_IR_VERSION,
    opsetImport: [{ domain: '', version: ONNX_OPSET }],
    producerName: 'recall-box',
    metadataProps: [{ key: 'recall-box:model', value: JSON.stringify(info) }],
    graph: {
      name: 'recall-box-static-embedding',
      initializer: [
        matrixInitializer(matrix, rows, dim, options.externalMatrix),
        { name: 'axis0', dims: [1], dataType: INT64, rawData: int64Bytes([0]) },
        { name: 'axis1', dims: [1], dataType: INT64, rawData: int64Bytes([1]) },
        { name: 'epsilon', dims: [], dataType: FLOAT, rawData: encodeFloat32(Float32Array.of(L2_NORM_FLOOR)) },
      ],
      input: [
        { name: n.ids, type: tensorType(INT64, ['n']) },
        { name: n.weights, type: tensorType(FLOAT, ['n']) },
      ],
      output: [{ name: n.output, type: tensorType(FLOAT, [dim]) }],
      node: [
        { opType: 'Gather', input: ['E', n.ids], output: ['gathered'], attribute: [{ name: 'axis', type: INT, i: 0 }] },
        { opType: 'Unsqueeze', input: [n.weights, 'axis1'], output: ['column'] },
        { opType: 'Mul', input: ['gathered', 'column'], output: ['weighted'] },
        { opType: 'ReduceSum', input: ['weighted', 'axis0'], output: ['sum'], attribute: [{ name: 'keepdims', type: INT, i: 0 }] },
        {
          opType: 'ReduceL2',
          input: ['sum'],
          output: ['norm'],
          attribute: [
            { name: 'axes', type: INTS, ints: [0] },
            { name: 'keepdims', type: INT, i: 1 },
          ],
        },
        { opType: 'Max', input: ['norm', 'epsilon'], output: ['safeNorm'] },
        { opType: 'Div', input: ['sum', 'safeNorm'], output: [n.output] },
      ],
    },
  });
  return onnx.ModelProto.encode(model).finish();
}
