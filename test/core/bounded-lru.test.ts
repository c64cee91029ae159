import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedLru } from '../../src/core/bounded-lru.ts';

type Op = { kind: 'put'; key: number; bytes: number } | { kind: 'peek'; key: number };

/** The same map kept the slow, obvious way: an array in recency order, oldest first. */
function model(budget: number, ops: readonly Op[]): Array<[number, number]> {
  let held: Array<[number, number]> = [];
  for (const op of ops) {
    const at = held.findIndex(([k]) => k === op.key);
    if (op.kind === 'peek') {
      if (at >= 0) held.push(...held.splice(at, 1));
    } else if (at < 0 && op.bytes <= budget) {
      held.push([op.key, op.bytes]);
      while (held.reduce((sum, [, b]) => sum + b, 0) > budget) held.shift();
    }
  }
  return held;
}

describe('BoundedLru', () => {
  it('evicts the least recently used first, a peek counting as a use', () => {
    const lru = new BoundedLru<string, number>(30);
    lru.put('a', 1, 10);
    lru.put('b', 2, 10);
    lru.put('c', 3, 10);
    expect(lru.peek('a')).toBe(1);
    lru.put('d', 4, 10);
    // b was the least recently used: a was peeked after it.
    expect(['a', 'b', 'c', 'd'].map((k) => lru.has(k))).toEqual([true, false, true, true]);
    expect(lru.bytes).toBe(30);
    expect(lru.size).toBe(3);
  });

  it('does not keep a value counted as more than the whole budget, nor replace a held key', () => {
    const lru = new BoundedLru<string, number>(30);
    lru.put('a', 1, 10);
    lru.put('huge', 2, 31);
    expect(lru.has('huge')).toBe(false);
    expect(lru.peek('a')).toBe(1);
    lru.put('a', 99, 5);
    expect(lru.peek('a')).toBe(1);
    expect(lru.bytes).toBe(10);
  });

  it('holds what the obvious model holds, within the budget, after any puts and peeks', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('put' as const), key: fc.integer({ min: 0, max: 12 }), bytes: fc.integer({ min: 0, max: 40 }) }),
      fc.record({ kind: fc.constant('peek' as const), key: fc.integer({ min: 0, max: 12 }) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.array(op, { maxLength: 60 }), (budget, ops) => {
        const lru = new BoundedLru<number, string>(budget);
        for (const o of ops) {
          if (o.kind === 'put') lru.put(o.key, `v${o.key}`, o.bytes);
          else lru.peek(o.key);
        }
        const expected = model(budget, ops);
        expect(lru.bytes).toBe(expected.reduce((sum, [, b]) => sum + b, 0));
        expect(lru.bytes).toBeLessThanOrEqual(budget);
        expect(lru.size).toBe(expected.length);
        for (let k = 0; k <= 12; k++) expect(lru.has(k)).toBe(expected.some(([key]) => key === k));
      }),
    );
  });
});
