/**
 * Pack files as stored: each data file is one or more shards of at most `shardBytes`, each listed
 * in the manifest with its byte count and SHA-256, so every shard read is checked on its own —
 * a cut, corrupt or other-build shard is refused by name before anything parses it.
 *
 * Why shards: Workers Static Assets and KV both cap one file (value) at 25 MiB, and a large site's
 * section store or keyword index is bigger than that. Why hashes: a JSON file cut at a bracket, or a
 * binary file of the right length from another build, would otherwise load and answer wrongly.
 *
 * A file no bigger than one shard is stored under its own name (`sections.json`), so small packs
 * look as they always did; a bigger one as `sections.json.000`, `sections.json.001`, ….
 * Pure apart from Web Crypto (crypto.subtle), which Node ≥ 20, workerd and browsers all have.
 */
import { RecallBoxError } from '../errors.ts';
import { isRecord } from '../is-record.ts';
import type { PackSource } from './source.ts';

export interface ShardOptions {
  /**
   * Largest shard, in bytes. Range 1 byte … 25 MiB (the Static Assets and KV per-file limit).
   * Default 10 MiB: well under that limit, yet few enough reads that a 100 MB store is ten
   * subrequests, not hundreds (an ASSETS/KV/R2 read is a subrequest, and a Worker invocation has a
   * budget of them).
   */
  shardBytes: number;
}

/** 25 MiB: the largest file Workers Static Assets serves and the largest value KV stores. */
export const MAX_SHARD_BYTES = 25 * 1024 * 1024;

export const DEFAULT_SHARD_OPTIONS: Readonly<ShardOptions> = Object.freeze({ shardBytes: 10 * 1024 * 1024 });

/** One stored piece of a pack file. */
export interface ShardEntry {
  /** Name in the pack folder (or after the KV/R2 key prefix). */
  name: string;
  bytes: number;
  /** SHA-256 of the shard's bytes, lower-case hex. */
  sha256: string;
}

/** A data file in the manifest: its total size and its shards, in order. */
export interface PackFileEntry {
  bytes: number;
  shards: ShardEntry[];
}

/** Shard `i` of `count` for `name`: the name itself for a one-shard file. */
export function shardName(name: string, i: number, count: number): string {
  return count === 1 ? name : `${name}.${String(i).padStart(3, '0')}`;
}

/** SHA-256 of bytes as lower-case hex (Web Crypto: native speed in workerd and Node). */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  let hex = '';
  for (const b of digest) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/**
 * A file's bytes cut into shards, with the manifest entry that lists them. `split: false` keeps the
 * file whole (one shard whatever its size), for a file a runtime reads by name (model.onnx).
 */
export async function shardFile(
  name: string,
  data: string | Uint8Array,
  options: ShardOptions = DEFAULT_SHARD_OPTIONS,
  split = true,
): Promise<{ entry: PackFileEntry; pieces: Record<string, string | Uint8Array> }> {
  if (!Number.isInteger(options.shardBytes) || options.shardBytes < 1 || options.shardBytes > MAX_SHARD_BYTES) {
    throw new RangeError(`shardBytes must be a whole number from 1 to ${MAX_SHARD_BYTES}, not ${options.shardBytes}.`);
  }
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const shardBytes = split ? options.shardBytes : Math.max(1, bytes.byteLength);
  // An empty file is still one (empty) shard, so every listed file has something to read.
  const count = Math.max(1, Math.ceil(bytes.byteLength / shardBytes));
  // A one-shard file is written as given (text stays text): small packs are their plain files.
  const pieces: Record<string, string | Uint8Array> = {};
  const shards: ShardEntry[] = [];
  for (let i = 0; i < count; i++) {
    const piece = bytes.subarray(i * shardBytes, Math.min(bytes.byteLength, (i + 1) * shardBytes));
    const shard = shardName(name, i, count);
    pieces[shard] = count === 1 ? data : piece;
    shards.push({ name: shard, bytes: piece.byteLength, sha256: await sha256Hex(piece) });
  }
  return { entry: { bytes: bytes.byteLength, shards }, pieces };
}

function corrupt(message: string): RecallBoxError {
  return new RecallBoxError('INDEX_CORRUPT', message);
}

/** Shard names are plain file names: nothing that could climb out of the pack's folder or prefix. */
const SHARD_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const SHA256_HEX = /^[0-9a-f]{64}$/;

/** Check the manifest's `files`: every entry a list of well-formed shards adding up to its size. */
export function validateFileEntries(files: unknown): Record<string, PackFileEntry> {
  if (!isRecord(files)) throw corrupt('manifest.json has no files object.');
  for (const [name, entry] of Object.entries(files)) {
    if (!isRecord(entry) || !Number.isInteger(entry.bytes) || !Array.isArray(entry.shards) || entry.shards.length === 0) {
      throw corrupt(`manifest.json: file ${name} has no byte count or shard list.`);
    }
    let total = 0;
    for (const s of entry.shards as unknown[]) {
      if (!isRecord(s) || typeof s.name !== 'string' || !SHARD_NAME.test(s.name) || !Number.isInteger(s.bytes) || (s.bytes as number) < 0 || typeof s.sha256 !== 'string' || !SHA256_HEX.test(s.sha256)) {
        throw corrupt(`manifest.json: file ${name} lists a shard without a plain name, byte count and SHA-256.`);
      }
      total += s.bytes as number;
    }
    if (total !== entry.bytes) throw corrupt(`manifest.json: the shards of ${name} add up to ${total} bytes, not ${entry.bytes as number}.`);
  }
  return files as Record<string, PackFileEntry>;
}

/** What is wrong with a shard's bytes, or null when they are the ones the manifest lists. */
async function shardFault(source: PackSource, shard: ShardEntry, bytes: Uint8Array | null): Promise<string | null> {
  if (bytes === null) return `${source.label} has no ${shard.name}, which the manifest lists.`;
  if (bytes.byteLength !== shard.bytes) return `${shard.name} has ${bytes.byteLength} bytes, the manifest says ${shard.bytes} (cut short or from another build).`;
  if ((await sha256Hex(bytes)) !== shard.sha256) return `${shard.name} does not match its SHA-256 in the manifest (corrupted, or from another build).`;
  return null;
}

function sameBytes(a: Uint8Array | null, b: Uint8Array | null): boolean {
  if (a === null || b === null) return a === b;
  return a.byteLength === b.byteLength && a.every((v, i) => v === b[i]);
}

/**
 * One shard read and checked: present, of its listed length, with its listed hash. A shard that
 * fails the check is read once more: a store can hand out a short read or, during an upload, a
 * file of the next build. Good the second time: used. The same bytes twice: damaged
 * (INDEX_CORRUPT, which the Worker keeps). Other bytes, still wrong: the store is in flux
 * (INDEX_UNAVAILABLE, which the next request retries).
 */
async function readShard(source: PackSource, shard: ShardEntry): Promise<Uint8Array> {
  const first = await source.readBytes(shard.name);
  const fault = await shardFault(source, shard, first);
  if (fault === null) return first!;
  const second = await source.readBytes(shard.name);
  if ((await shardFault(source, shard, second)) === null) return second!;
  if (sameBytes(first, second)) throw corrupt(fault);
  throw new RecallBoxError('INDEX_UNAVAILABLE', `${shard.name} read differently twice from ${source.label}, neither as the manifest lists it; try again.`);
}

/** Shard `i` of a data file's manifest entry, read and checked as readPackFile reads each. */
export function readPackShard(source: PackSource, entry: PackFileEntry, i: number): Promise<Uint8Array> {
  return readShard(source, entry.shards[i]!);
}

/**
 * A data file's bytes, its shards read in parallel and each checked. Null when the manifest does
 * not list the file (the caller decides whether that is allowed).
 */
export async function readPackFile(source: PackSource, files: Readonly<Record<string, PackFileEntry>>, name: string): Promise<Uint8Array | null> {
  if (!Object.hasOwn(files, name)) return null;
  const entry = files[name]!;
  const shards = await Promise.all(entry.shards.map((s) => readShard(source, s)));
  if (shards.length === 1) return shards[0]!;
  const out = new Uint8Array(entry.bytes);
  let offset = 0;
  for (const s of shards) {
    out.set(s, offset);
    offset += s.byteLength;
  }
  return out;
}

/** A data file's text (UTF-8), read as readPackFile does. */
export async function readPackText(source: PackSource, files: Readonly<Record<string, PackFileEntry>>, name: string): Promise<string | null> {
  const bytes = await readPackFile(source, files, name);
  return bytes === null ? null : new TextDecoder().decode(bytes);
}
