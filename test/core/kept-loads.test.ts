import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeptLoads, keptRead } from '../../src/core/kept-loads.ts';

/** A load whose calls stay pending until the test settles them, one by one. */
function gatedLoads<T>() {
  const calls: Array<{ resolve: (v: T) => void; reject: (e: unknown) => void }> = [];
  const load = () => new Promise<T>((resolve, reject) => calls.push({ resolve, reject }));
  return { calls, load };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('keptRead', () => {
  it('reads for every caller until a read succeeds, then answers from the kept value', async () => {
    const { calls, load } = gatedLoads<object>();
    const get = keptRead(load);
    const a = get();
    const b = get(); // does not wait on a's read: it reads too
    expect(calls).toHaveLength(2);
    const value = { first: true };
    calls[1]!.resolve(value);
    expect(await b).toBe(value);
    expect(await get()).toBe(value);
    expect(calls).toHaveLength(2);
    // a's read, settling later with another object, yields the kept one: every caller holds one value.
    calls[0]!.resolve({ first: false });
    expect(await a).toBe(value);
  });

  it('keeps no failure: the next call reads again', async () => {
    let n = 0;
    const get = keptRead(async () => {
      if (n++ === 0) throw new Error('reset');
      return 'ok';
    });
    await expect(get()).rejects.toThrow('reset');
    expect(await get()).toBe('ok');
    expect(n).toBe(2);
  });

  it('never leaves a caller waiting on a read another caller started (any order of settling)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.integer({ min: 1, max: 6 }), fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }), async (s, callers, fails) => {
        let reads = 0;
        // Each read settles, or fails, when the scheduler says, in any order.
        const get = keptRead(() => {
          const i = reads++;
          return s.schedule(fails[i] ? Promise.reject(new Error(`read ${i}`)) : Promise.resolve(`value ${i}`), `read ${i}`);
        });
        const results = Array.from({ length: callers }, () => get().then((v) => ({ v }), () => ({ v: null })));
        await s.waitAll();
        const settled = await Promise.all(results);
        // Each caller read for itself; every successful caller got the same (first kept) value.
        expect(reads).toBe(callers);
        const values = new Set(settled.map((r) => r.v).filter((v) => v !== null));
        expect(values.size).toBeLessThanOrEqual(1);
        if (values.size === 1) {
          // Kept: a later call reads nothing and gets that value.
          expect(await get()).toBe([...values][0]);
          expect(reads).toBe(callers);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('KeptLoads', () => {
  const lasting = (e: unknown) => e instanceof Error && e.message.startsWith('lasting');

  it('keeps a lasting failure for keepFailureMs, then loads again; forgets any other failure at once', async () => {
    let clock = 0;
    const loads = new KeptLoads<string, string>(lasting, () => clock);
    await expect(loads.get('a', async () => Promise.reject(new Error('lasting: corrupt')), 1_000)).rejects.toThrow('lasting');
    let called = false;
    const loadOk = async () => ((called = true), 'pack');
    clock = 999;
    await expect(loads.get('a', loadOk, 1_000)).rejects.toThrow('lasting');
    expect(called).toBe(false);
    clock = 1_000;
    expect(await loads.get('a', loadOk, 1_000)).toBe('pack');
    await expect(loads.get('b', async () => Promise.reject(new Error('reset')))).rejects.toThrow('reset');
    expect(await loads.get('b', loadOk)).toBe('pack');
    expect(loads.loads).toBe(4);
  });

  it('turns a load that throws synchronously into a rejection', async () => {
    const loads = new KeptLoads<string, string>(lasting);
    await expect(
      loads.get('a', () => {
        throw new Error('no binding');
      }),
    ).rejects.toThrow('no binding');
  });

  it('has concurrent first callers each load; all get the first value kept, and a lasting failure after it changes nothing', async () => {
    const loads = new KeptLoads<string, object>(lasting);
    const { calls, load } = gatedLoads<object>();
    const a = loads.get('k', load);
    const b = loads.get('k', load);
    const c = loads.get('k', load);
    await flush();
    expect(calls).toHaveLength(3);
    const pack = { id: 1 };
    calls[1]!.resolve(pack);
    calls[2]!.reject(new Error('lasting: corrupt'));
    calls[0]!.resolve({ id: 0 });
    expect(await b).toBe(pack);
    await expect(c).rejects.toThrow('lasting');
    expect(await a).toBe(pack);
    expect(await loads.get('k', load)).toBe(pack);
    expect(calls).toHaveLength(3);
  });
});
