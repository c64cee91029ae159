import { describe, expect, it } from 'vitest';
import { gatherWrites } from '../../src/worker/gather-writes.ts';

// The write windows of src/worker/gather-writes.ts, on workerd's timers.

describe('gatherWrites', () => {
  it('writes what a window gathered, in order, once; the next item opens a new window', async () => {
    const written: string[][] = [];
    const g = gatherWrites<string>(async (items) => void written.push(items), { windowMs: 20, max: 100 });
    await Promise.all(['a', 'b', 'c'].map((x) => g.add(x)));
    await g.add('d');
    expect(written).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('with a window of 0 ms still gathers what one turn adds', async () => {
    const written: number[][] = [];
    const g = gatherWrites<number>(async (items) => void written.push(items), { windowMs: 0, max: 100 });
    await Promise.all([g.add(1), g.add(2)]);
    await g.add(3);
    expect(written).toEqual([[1, 2], [3]]);
  });

  it('closes a window when it holds max items; what comes after waits for a window of its own', async () => {
    const written: number[][] = [];
    const g = gatherWrites<number>(async (items) => void written.push(items), { windowMs: 50, max: 2 });
    await Promise.all([1, 2, 3, 4, 5].map((x) => g.add(x)));
    expect(written).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('hands a failed write to the item that opened the window only', async () => {
    const g = gatherWrites<number>(async () => Promise.reject(new Error('D1 is down')), { windowMs: 10, max: 100 });
    const [opener, joiner] = await Promise.allSettled([g.add(1), g.add(2)]);
    expect(opener).toMatchObject({ status: 'rejected', reason: { message: 'D1 is down' } });
    expect(joiner).toEqual({ status: 'fulfilled', value: undefined });
  });
});
