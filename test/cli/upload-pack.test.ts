import { mkdtemp, readFile, rm, writeFile, cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPack } from '../../src/indexer/build-pack.ts';
import { planUpload } from '../../src/cli/upload-pack.ts';
import type { PackManifest } from '../../src/core/pack/format.ts';

const SITE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/site');

describe('planUpload', () => {
  let dir: string;
  let pack: string;
  let manifest: PackManifest;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'recall-box-upload-'));
    pack = path.join(dir, 'pack');
    await buildPack(SITE, pack, { embedding: false, shards: { shardBytes: 8 * 1024 } });
    manifest = JSON.parse(await readFile(path.join(pack, 'manifest.json'), 'utf8'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('puts every shard under pack-<buildId>/ in R2, the manifest last', async () => {
    const plan = await planUpload(pack, { kind: 'r2', bucket: 'docs', where: 'remote' });
    const shards = Object.values(manifest.files).flatMap((f) => f.shards.map((s) => s.name));
    expect(shards.length).toBeGreaterThan(2);
    expect(plan.packPath).toBe(`/pack-${manifest.buildId}/`);
    expect(plan.files.map((f) => f.key)).toEqual([...shards, 'manifest.json'].map((n) => `pack-${manifest.buildId}/${n}`));
    expect(plan.commands.at(-1)).toEqual(['wrangler', 'r2', 'object', 'put', `docs/pack-${manifest.buildId}/manifest.json`, '--file', path.join(pack, 'manifest.json'), '--remote']);
  });

  it('batches KV values into bulk files of base64 values under the size limit, then puts the manifest alone', async () => {
    const plan = await planUpload(pack, { kind: 'kv', namespace: { binding: 'PACK_KV' }, where: 'local' }, '/docs-v2/', path.join(dir, 'bulk'), { maxBulkBytes: 20_000 });
    expect(plan.bulkFiles.length).toBeGreaterThan(1);
    const entries = plan.bulkFiles.flatMap((b) => JSON.parse(b.json) as Array<{ key: string; value: string; base64: boolean }>);
    expect(entries.map((e) => e.key)).toEqual(plan.files.slice(0, -1).map((f) => f.key));
    const first = entries[0]!;
    expect(Buffer.from(first.value, 'base64')).toEqual(await readFile(path.join(pack, first.key.slice('docs-v2/'.length))));
    expect(plan.commands.at(-1)).toEqual(['wrangler', 'kv', 'key', 'put', 'docs-v2/manifest.json', '--path', path.join(pack, 'manifest.json'), '--binding', 'PACK_KV', '--local']);
  });

  it('puts a binary file one by one into the local KV, whose bulk put would store it re-encoded as UTF-8, and in bulk into Cloudflare\'s', async () => {
    const withVectors = path.join(dir, 'vectors');
    await buildPack(SITE, withVectors, { shards: { shardBytes: 8 * 1024 } });
    // What wrangler's local bulk put keeps intact: bytes that come back the same through a UTF-8 string.
    const isText = (bytes: Buffer) => Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes);
    const local = await planUpload(withVectors, { kind: 'kv', namespace: { id: 'ns' }, where: 'local' }, '/v/', path.join(dir, 'bulk-local'));
    const inBulk = new Set(local.bulkFiles.flatMap((b) => (JSON.parse(b.json) as Array<{ key: string }>).map((e) => e.key)));
    const single = local.commands.filter((c) => c[2] === 'key').map((c) => c[4]!);
    const binary: string[] = [];
    for (const f of local.files.slice(0, -1)) {
      const text = isText(await readFile(f.file));
      if (!text) binary.push(f.key);
      // Each file exactly once: a text file in a bulk file, a binary one in a command of its own.
      expect([inBulk.has(f.key), single.includes(f.key)], f.key).toEqual([text, !text]);
    }
    expect(binary.some((k) => k.startsWith('v/vectors.bin'))).toBe(true);
    expect(local.commands.at(-1)![4]).toBe('v/manifest.json');
    const remote = await planUpload(withVectors, { kind: 'kv', namespace: { id: 'ns' }, where: 'remote' }, '/v/', path.join(dir, 'bulk-remote'));
    expect(remote.commands.filter((c) => c[2] === 'key').map((c) => c[4])).toEqual(['v/manifest.json']);
  });

  it('refuses a pack with a damaged shard before planning anything', async () => {
    const bad = path.join(dir, 'bad');
    await cp(pack, bad, { recursive: true });
    const shard = manifest.files['sections-0000.json']!.shards[1]!.name;
    const bytes = await readFile(path.join(bad, shard));
    bytes[0] ^= 1;
    await writeFile(path.join(bad, shard), bytes);
    await expect(planUpload(bad, { kind: 'r2', bucket: 'docs', where: 'remote' })).rejects.toMatchObject({ code: 'INDEX_CORRUPT' });
    await expect(planUpload(bad, { kind: 'kv', namespace: { id: 'ns' }, where: 'local' }, undefined, path.join(dir, 'bulk-bad'))).rejects.toMatchObject({ code: 'INDEX_CORRUPT' });
  });
});
