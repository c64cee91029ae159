/**
 * A reader for the safetensors format (Hugging Face): an 8-byte little-endian header length, a
 * JSON header `{name: {dtype, shape, data_offsets: [begin, end]}}` (offsets relative to the data
 * after the header), then the raw little-endian tensor data. Only what a static embedding model
 * needs: F32 and F16 tensors, read as float32.
 */
import { RecallBoxError } from '../../core/errors.ts';

export interface Tensor {
  shape: number[];
  data: Float32Array;
}

function invalid(message: string): RecallBoxError {
  return new RecallBoxError('MODEL_INVALID', `model.safetensors: ${message}`);
}

/** IEEE 754 half → float. */
function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exponent = (h >> 10) & 0x1f;
  const fraction = h & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 0x1f) return fraction ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

const BYTES_PER: Record<string, number> = { F32: 4, F16: 2 };

/** The tensor `name` of a safetensors file, as float32. */
export function readSafetensor(bytes: Uint8Array, name: string): Tensor {
  if (bytes.byteLength < 8) throw invalid('shorter than its 8-byte header length.');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = Number(view.getBigUint64(0, true));
  if (headerLength > bytes.byteLength - 8) throw invalid(`header length ${headerLength} runs past the end of the file.`);
  let header: Record<string, { dtype?: unknown; shape?: unknown; data_offsets?: unknown }>;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + headerLength)));
  } catch {
    throw invalid('its header is not JSON.');
  }
  const entry = header[name];
  if (!entry) throw invalid(`it has no tensor "${name}" (it has ${Object.keys(header).filter((k) => k !== '__metadata__').join(', ') || 'none'}).`);
  const { dtype, shape, data_offsets: offsets } = entry;
  const width = typeof dtype === 'string' ? BYTES_PER[dtype] : undefined;
  if (width === undefined) throw invalid(`tensor "${name}" has dtype ${String(dtype)}; F32 and F16 are supported.`);
  if (!Array.isArray(shape) || !shape.every((d) => Number.isInteger(d) && d >= 0)) throw invalid(`tensor "${name}" has no valid shape.`);
  if (!Array.isArray(offsets) || offsets.length !== 2) throw invalid(`tensor "${name}" has no data_offsets.`);
  const count = (shape as number[]).reduce((a, b) => a * b, 1);
  const [begin, end] = offsets as [number, number];
  const start = 8 + headerLength + begin;
  if (!(Number.isInteger(begin) && Number.isInteger(end) && end - begin === count * width && 8 + headerLength + end <= bytes.byteLength)) {
    throw invalid(`tensor "${name}" (${(shape as number[]).join(' × ')} ${dtype}) does not fit its data_offsets or the file.`);
  }
  const data = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    data[i] = width === 4 ? view.getFloat32(start + i * 4, true) : halfToFloat(view.getUint16(start + i * 2, true));
  }
  return { shape: shape as number[], data };
}

/** A safetensors file holding `tensors` (F32), for tests and tools. */
export function writeSafetensors(tensors: Record<string, Tensor>): Uint8Array {
  const header: Record<string, unknown> = {};
  let offset = 0;
  for (const [name, t] of Object.entries(tensors)) {
    header[name] = { dtype: 'F32', shape: t.shape, data_offsets: [offset, offset + t.data.length * 4] };
    offset += t.data.length * 4;
  }
  const json = new TextEncoder().encode(JSON.stringify(header));
  const out = new Uint8Array(8 + json.length + offset);
  const view = new DataView(out.buffer);
  view.setBigUint64(0, BigInt(json.length), true);
  out.set(json, 8);
  let at = 8 + json.length;
  for (const t of Object.values(tensors)) {
    for (let i = 0; i < t.data.length; i++, at += 4) view.setFloat32(at, t.data[i]!, true);
  }
  return out;
}
