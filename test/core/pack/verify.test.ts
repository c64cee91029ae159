import { describe, expect, it } from 'vitest';
import { shardFile } from '../../../src/core/pack/shards.ts';
import { verifyPack } from '../../../src/core/pack/verify.ts';
import type { PackManifest } from '../../../src/core/pack/format.ts';
import type { PackSource } from '../../../src/core/pack/source.ts';

/** A manifest listing `files` (only `files` matters to verifyPack) and a source holding `stored`. */
async function packOf(files: Record<string, string>, stored: (name: string, data: Uint8Array) => Uint8Array | null | Error) {
  const entries: PackManifest['files'] = {};
  const shards = new Map<string, Uint8Array>();
  for (const [name, text] of Object.entries(files)) {
    const { entry, pieces } = await shardFile(name, text, { shardBytes: 8 });
    entries[name] = entry;
    for (const [shard, piece] of Object.entries(pieces)) shards.set(shard, typeof piece === 'string' ? new TextEncoder().encode(piece) : piece);
  }
  let reads = 0;
  const source: PackSource = {
    label: 'test',
    read: async () => null,
    readBytes: async (name) => {
      reads++;
      const answer = stored(name, shards.get(name)!);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return { manifest: { files: entries } as PackManifest, source, reads: () => reads };
}

describe('verifyPack', () => {
  it('reads every shard of every listed file and reports a sound pack as such', async () => {
    const { manifest, source, reads } = await packOf({ 'a.json': '{"x": [1, 2, 3]}', 'b.bin': 'twenty-two bytes here.' }, (_n, data) => data);
    const result = await verifyPack(source, manifest);
    expect(result).toEqual({ files: 2, bytes: 16 + 22, damaged: [] });
    expect(reads()).toBe(2 + 3);
  });

  it('names each damaged file with the code a query would meet: a changed shard, a missing one, JSON that does not parse, a read that fails', async () => {
    const { manifest, source } = await packOf(
      { 'flipped.bin': 'abcdefghijklmnop', 'missing.bin': 'abcdefgh', 'bad.json': '{"x": 1', 'down.bin': 'abc', 'fine.json': '[]' },
      (name, data) => {
        if (name.startsWith('flipped')) return Uint8Array.from(data, (b, i) => (i === 0 ? b ^ 1 : b));
        if (name.startsWith('missing')) return null;
        if (name.startsWith('down')) return new Error('reset');
        return data;
      },
    );
    const { damaged } = await verifyPack(source, manifest, 2);
    expect(damaged.map((d) => [d.file, d.code])).toEqual([
      ['flipped.bin', 'INDEX_CORRUPT'],
      ['missing.bin', 'INDEX_CORRUPT'],
      ['bad.json', 'INDEX_CORRUPT'],
      ['down.bin', 'INDEX_UNAVAILABLE'],
    ]);
    expect(damaged[3]!.message).not.toContain('reset');
  });
});
