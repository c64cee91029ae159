/**
 * Uploading a pack to KV or R2 (PACK_SOURCE = "kv" / "r2"): the wrangler command lines that put
 * every stored file under the index's key prefix, manifest last.
 *
 * The default prefix is `pack-<buildId>/`, new for every build: a Worker reading the old prefix
 * never sees a half-uploaded pack, and switching is one var (PACK_PATH or INDEXES) and a deploy.
 * Re-uploading over a prefix a Worker is reading works too, but an isolate that reads a shard
 * mid-upload refuses the pack (its hash no longer matches) for STORE_FAILURE_RETRY_MS (30 s), and
 * one that had loaded the old pack keeps it until it is recycled.
 *
 * The pack is checked before anything is uploaded: manifest valid, every shard present with its
 * size and SHA-256, so a damaged pack fails here and not in production.
 *
 * KV values go in bulk files, except, for the local storage `wrangler dev` reads, the binary files,
 * which are put one by one (see isUtf8Text).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { normalizePackPath } from '../protocol/indexes.ts';
import { PACK_FILES, packKey, readManifest, readPackShard, type PackManifest } from '../core/index.ts';
import { fsPackSource } from '../indexer/fs-source.ts';

export type UploadTarget = (
  | {
      kind: 'kv';
      /** The namespace: the Worker's binding name in wrangler.toml (e.g. PACK_KV), or a namespace id. */
      namespace: { binding: string } | { id: string };
    }
  | { kind: 'r2'; /** The bucket the PACK_BUCKET binding names. */ bucket: string }
) & {
  /** `remote` (Cloudflare) or `local` (the storage `wrangler dev` reads). */
  where: 'remote' | 'local';
};

export interface UploadOptions {
  /**
   * Largest `wrangler kv bulk put` file, in bytes of JSON. Default 90 MB: the bulk API takes
   * 100 MB per request, and values travel base64-encoded (4/3 of their size), so a 25 MiB shard
   * still fits with room for the JSON around it.
   */
  maxBulkBytes: number;
}

export const DEFAULT_UPLOAD_OPTIONS: Readonly<UploadOptions> = Object.freeze({ maxBulkBytes: 90_000_000 });

export interface UploadPlan {
  manifest: PackManifest;
  /** The index path the Worker reads (PACK_PATH or an INDEXES entry), e.g. `/pack-0123abcd/`. */
  packPath: string;
  /** Stored files in upload order (data shards, then manifest.json), with their keys. */
  files: Array<{ key: string; file: string; bytes: number }>;
  /** Command lines, in order; each is argv for `npx` (`wrangler …`). */
  commands: string[][];
  /** KV bulk files to write before running the commands (empty for R2). */
  bulkFiles: Array<{ file: string; json: string }>;
}

/** Check the pack in `packDir` and plan its upload to `target` under `prefix` (default `pack-<buildId>/`). */
export async function planUpload(
  packDir: string,
  target: UploadTarget,
  prefix?: string,
  workDir?: string,
  options: UploadOptions = DEFAULT_UPLOAD_OPTIONS,
): Promise<UploadPlan> {
  const source = fsPackSource(packDir);
  const { manifest, text: manifestText } = await readManifest(source);
  // Each data shard, read and checked against the manifest (readPackShard): for R2 only checked,
  // for KV checked as it is read into its bulk file, so no file is read twice.
  const shards = Object.values(manifest.files).flatMap((entry) => entry.shards.map((s, i) => ({ name: s.name, bytes: s.bytes, read: () => readPackShard(source, entry, i) })));
  const packPath = normalizePackPath(prefix ?? `pack-${manifest.buildId}`);
  // Outside the pack's folder: next to public/pack/ it would be deployed as static assets.
  const bulkDir = workDir ?? path.join(tmpdir(), `recall-box-upload-${manifest.buildId}`);
  const names = [...shards, { name: PACK_FILES.manifest, bytes: new TextEncoder().encode(manifestText).length }];
  const files = names.map((n) => ({ key: packKey(packPath, n.name), file: path.join(path.resolve(packDir), n.name), bytes: n.bytes }));
  const where = `--${target.where}`;
  if (target.kind === 'r2') {
    for (const shard of shards) await shard.read();
    const commands = files.map((f) => ['wrangler', 'r2', 'object', 'put', `${target.bucket}/${f.key}`, '--file', f.file, where]);
    return { manifest, packPath, files, commands, bulkFiles: [] };
  }
  // KV: data shards in as few bulk files as fit, then the manifest alone, last.
  const ns = 'binding' in target.namespace ? ['--binding', target.namespace.binding] : ['--namespace-id', target.namespace.id];
  const bulkFiles: UploadPlan['bulkFiles'] = [];
  /** Files put one by one (`kv key put --path`, which stores the file's bytes as they are). */
  const singles: typeof files = [];
  const data = files.slice(0, -1);
  let batch: string[] = [];
  let batchBytes = 2;
  const flush = () => {
    if (batch.length === 0) return;
    bulkFiles.push({ file: path.join(bulkDir, `kv-bulk-${String(bulkFiles.length).padStart(3, '0')}.json`), json: `[${batch.join(',')}]` });
    batch = [];
    batchBytes = 2;
  };
  for (const [i, f] of data.entries()) {
    const read = await shards[i]!.read();
    const bytes = Buffer.from(read.buffer, read.byteOffset, read.byteLength);
    if (target.where === 'local' && !isUtf8Text(bytes)) {
      singles.push(f);
      continue;
    }
    const entry = JSON.stringify({ key: f.key, value: bytes.toString('base64'), base64: true });
    if (batchBytes + entry.length + 1 > options.maxBulkBytes) flush();
    batch.push(entry);
    batchBytes += entry.length + 1;
  }
  flush();
  const manifestFile = files[files.length - 1]!;
  const putFile = (f: (typeof files)[number]) => ['wrangler', 'kv', 'key', 'put', f.key, '--path', f.file, ...ns, where];
  const commands = [...bulkFiles.map((b) => ['wrangler', 'kv', 'bulk', 'put', b.file, ...ns, where]), ...singles.map(putFile), putFile(manifestFile)];
  return { manifest, packPath, files, commands, bulkFiles };
}

const UTF8_STRICT = new TextDecoder('utf-8', { fatal: true });

/**
 * Whether `bytes` are UTF-8 text, which alone survives `wrangler kv bulk put --local`: wrangler
 * (4.86) decodes a base64 value and stores it as a string, so a binary file (the embedding matrix,
 * the vectors, the ONNX model) would be stored re-encoded as UTF-8, larger and refused by the
 * Worker's check (INDEX_CORRUPT). Cloudflare's bulk API stores the bytes themselves.
 */
function isUtf8Text(bytes: Uint8Array): boolean {
  try {
    UTF8_STRICT.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Write the plan's KV bulk files (they hold the data, base64) into their folder (default: under the OS temp dir). */
export async function writeBulkFiles(plan: UploadPlan): Promise<void> {
  for (const b of plan.bulkFiles) {
    await mkdir(path.dirname(b.file), { recursive: true });
    await writeFile(b.file, b.json);
  }
}
