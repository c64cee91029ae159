import { describe, expect, it } from 'vitest';
import { ResidentCache } from '../../../src/core/codec/resident-cache.ts';

/** A cache over pieces "piece k" of `bytes` bytes each, counting reads per key. */
function cacheOf(budgetBytes: number, bytes = 10) {
  const reads: number[] = [];
  let fail = new Set<number>();
  const cache = new ResidentCache<string>(
    async (k) => {
      reads.push(k);
      await Promise.resolve();
      if (fail.has(k)) throw new Error(`read ${k} failed`);
      return { value: `piece ${k}`, bytes };
    },
    { budgetBytes },
  );
  return { cache, reads, failOn: (keys: number[]) => (fail = new Set(keys)) };
}

describe('ResidentCache', () => {
  it('reads a piece once and answers later gets from memory', async () => {
    const { cache, reads } = cacheOf(100);
    expect(await cache.get(1)).toBe('piece 1');
    expect(await cache.get(1)).toBe('piece 1');
    expect(reads).toEqual([1]);
    expect(cache.bytes).toBe(10);
  });

  it('shares one read among concurrent gets of the same piece', async () => {
    const { cache, reads } = cacheOf(100);
    expect(await Promise.all([cache.get(2), cache.get(2), cache.get(2)])).toEqual(['piece 2', 'piece 2', 'piece 2']);
    expect(reads).toEqual([2]);
  });

  it('never has a get await another request\'s read: when that request ends first, a waiting get reads for itself', async () => {
    // A read is the I/O of the request that started it; the runtime drops it when that request
    // ends, and a get awaiting it would then wait forever (issue 47).
    const reads: number[] = [];
    const gates: Array<(piece: { value: object; bytes: number }) => void> = [];
    const cache = new ResidentCache<object>(
      (k) => {
        reads.push(k);
        return new Promise((resolve) => gates.push(resolve));
      },
      { budgetBytes: 100 },
    );
    const first = new AbortController();
    void cache.get(2, first.signal); // its read never settles: dropped with its request
    const second = cache.get(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads).toEqual([2]);
    first.abort();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads).toEqual([2, 2]);
    const piece = { n: 2 };
    gates[1]!({ value: piece, bytes: 10 });
    expect(await second).toBe(piece);
    // Held now: a later get reads nothing, whatever became of the first read.
    expect(await cache.get(2)).toBe(piece);
    gates[0]!({ value: { n: 'late' }, bytes: 10 });
    expect(await cache.get(2)).toBe(piece);
    expect(reads).toEqual([2, 2]);
    expect(cache.bytes).toBe(10);
  });

  it('drops the least recently used piece beyond the budget (a get or peek counts as use)', async () => {
    const { cache, reads } = cacheOf(30);
    await cache.get(1);
    await cache.get(2);
    await cache.get(3);
    expect(cache.peek(1)).toBe('piece 1'); // 1 is now the most recent; 2 the least
    await cache.get(4);
    expect(cache.peek(2)).toBeUndefined();
    expect(cache.peek(1)).toBe('piece 1');
    expect(cache.bytes).toBe(30);
    await cache.get(2);
    expect(reads).toEqual([1, 2, 3, 4, 2]);
  });

  it('does not keep a failed read: the next get reads again', async () => {
    const { cache, reads, failOn } = cacheOf(100);
    failOn([5]);
    await expect(cache.get(5)).rejects.toThrow('read 5 failed');
    failOn([]);
    expect(await cache.get(5)).toBe('piece 5');
    expect(reads).toEqual([5, 5]);
  });

  it('returns a piece bigger than the whole budget without keeping it or evicting the others', async () => {
    const { cache } = cacheOf(15, 20);
    const small = new ResidentCache<string>(async () => ({ value: 'x', bytes: 5 }), { budgetBytes: 15 });
    await small.get(1);
    expect(await cache.get(9)).toBe('piece 9');
    expect(cache.peek(9)).toBeUndefined();
    expect(cache.bytes).toBe(0);
    small.put(2, { value: 'big', bytes: 16 });
    expect(small.peek(1)).toBe('x');
  });
});
