import { describe, expect, it } from 'vitest';
import { readPackFile, shardFile } from '../../../src/core/pack/shards.ts';
import { readManifest } from '../../../src/core/pack/load.ts';
import type { PackSource } from '../../../src/core/pack/source.ts';
import { codeOfAsync } from '../../support/errors.ts';
import { isRecallBoxError } from '../../../src/core/errors.ts';

const NAME = 'data.bin';
const DATA = new TextEncoder().encode('the bytes of one shard, as the build wrote them');

/** A source answering each read of `name` with the next of `answers` (the last one repeating). */
function sourceAnswering(name: string, answers: Array<Uint8Array | null>): PackSource & { reads: number } {
  const source = {
    label: 'test',
    reads: 0,
    read: async () => null,
    readBytes: async (asked: string) => {
      if (asked !== name) return null;
      return answers[Math.min(source.reads++, answers.length - 1)]!;
    },
  };
  return source;
}

const cut = DATA.subarray(0, 10);
const flipped = Uint8Array.from(DATA, (b, i) => (i === 3 ? b ^ 1 : b));

describe('readPackFile: a shard that fails its check is read once more', () => {
  it('uses the second read when it is the listed one (a short read, a store in flux)', async () => {
    const { entry } = await shardFile(NAME, DATA);
    for (const bad of [cut, flipped, null]) {
      const source = sourceAnswering(NAME, [bad, DATA]);
      expect(await readPackFile(source, { [NAME]: entry }, NAME)).toEqual(DATA);
      expect(source.reads).toBe(2);
    }
  });

  it('refuses the same wrong bytes twice as INDEX_CORRUPT (damaged), naming the fault', async () => {
    const { entry } = await shardFile(NAME, DATA);
    const error: unknown = await readPackFile(sourceAnswering(NAME, [flipped]), { [NAME]: entry }, NAME).catch((e: unknown) => e);
    expect(isRecallBoxError(error) && error.code).toBe('INDEX_CORRUPT');
    expect((error as Error).message).toContain('does not match its SHA-256');
  });

  it('answers two different wrong reads with INDEX_UNAVAILABLE (try again), not INDEX_CORRUPT', async () => {
    const { entry } = await shardFile(NAME, DATA);
    expect(await codeOfAsync(readPackFile(sourceAnswering(NAME, [cut, flipped]), { [NAME]: entry }, NAME))).toBe('INDEX_UNAVAILABLE');
  });

  it('reads a good shard once', async () => {
    const { entry } = await shardFile(NAME, DATA);
    const source = sourceAnswering(NAME, [DATA]);
    await readPackFile(source, { [NAME]: entry }, NAME);
    expect(source.reads).toBe(1);
  });
});

describe('readManifest: a manifest that does not parse is read once more', () => {
  const textSource = (answers: string[]) => {
    let reads = 0;
    return { label: 'test', read: async () => answers[Math.min(reads++, answers.length - 1)]!, readBytes: async () => null } satisfies PackSource;
  };

  it('is INDEX_CORRUPT when it reads the same twice, INDEX_UNAVAILABLE when it reads differently and still broken', async () => {
    expect(await codeOfAsync(readManifest(textSource(['{"formatVersion": '])))).toBe('INDEX_CORRUPT');
    expect(await codeOfAsync(readManifest(textSource(['{"formatVersion": ', '{"formatV'])))).toBe('INDEX_UNAVAILABLE');
  });
});
