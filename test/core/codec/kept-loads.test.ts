import fc from 'fast-check';
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { KeptLoads, ReadsInFlight, keptRead } from '../../../src/core/codec/kept-loads.ts';

// Issue 47, H1: a request never awaits another request's read. It waits for that read's end — the
// read settling, or the request that made it ending (its signal), or its own patience running out —
// each on a promise and a timer of its own, and then looks again.

/** A read whose calls stay pending until the test settles them, one by one (or never: a dropped read). */
function gatedReads<T>() {
  const calls: Array<{ resolve: (v: T) => void; reject: (e: unknown) => void }> = [];
  const read = () => new Promise<T>((resolve, reject) => calls.push({ resolve, reject }));
  return { calls, read };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A long patience: a test that relied on it running out would time out instead. */
const PATIENT_MS = 60_000;

/** One key's value kept in a variable, read through ReadsInFlight by gated reads: `get(signal)` is one request's ask. */
function oneKey(patienceMs = PATIENT_MS) {
  const flights = new ReadsInFlight<string>(patienceMs);
  const { calls, read } = gatedReads<string>();
  let kept: string | undefined;
  const get = (signal?: AbortSignal) => flights.get('k', () => (kept === undefined ? undefined : { value: kept }), async () => (kept = await read()), signal);
  return { calls, get };
}

describe('ReadsInFlight', () => {
  it('has concurrent requests for a piece wait for one read of it, and find what it kept', async () => {
    const { calls, get } = oneKey();
    const all = Promise.all([get(), get(), get()]);
    await tick();
    expect(calls).toHaveLength(1);
    calls[0]!.resolve('piece');
    expect(await all).toEqual(['piece', 'piece', 'piece']);
  });

  it('frees the waiters when the reading request ends, though its read never settles (the runtime dropped it)', async () => {
    const { calls, get } = oneKey();
    const first = new AbortController();
    void get(first.signal); // never settles
    const second = get();
    await tick();
    expect(calls).toHaveLength(1);
    first.abort(); // its answer was made (a cache hit): its read is as good as gone
    await tick();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve('piece');
    expect(await second).toBe('piece');
  });

  it('listens to a request\'s signal once, however many reads it has in flight, and frees the waiters of each at its end', async () => {
    const flights = new ReadsInFlight<number>(PATIENT_MS);
    const { calls, read } = gatedReads<string>();
    const kept = new Map<number, string>();
    const held = (k: number) => () => (kept.has(k) ? { value: kept.get(k)! } : undefined);
    const end = new AbortController();
    const keys = Array.from({ length: 20 }, (_, k) => k);
    for (const k of keys) void flights.get(k, held(k), async () => (kept.set(k, await read()), kept.get(k)!), end.signal);
    await tick();
    expect(getEventListeners(end.signal, 'abort')).toHaveLength(1);
    const waiting = keys.map((k) => flights.get(k, held(k), async () => (kept.set(k, 'mine'), 'mine')));
    end.abort();
    expect(await Promise.all(waiting)).toEqual(keys.map(() => 'mine'));
    expect(calls).toHaveLength(20);
  });

  it('has a waiter read for itself once its patience runs out (a request that ended without saying so)', async () => {
    const { calls, get } = oneKey(50);
    void get(); // never settles, never ends
    const second = get();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(calls).toHaveLength(2);
    calls[1]!.resolve('piece');
    expect(await second).toBe('piece');
  });

  it('fails the waiters with a read\'s failure (they asked at the same time), and keeps no failure: the next caller reads again', async () => {
    const { calls, get } = oneKey();
    const first = get();
    const second = get();
    await tick();
    calls[0]!.reject(new Error('reset'));
    await expect(first).rejects.toThrow('reset');
    await expect(second).rejects.toThrow('reset');
    expect(calls).toHaveLength(1);
    const third = get();
    await tick();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve('piece');
    expect(await third).toBe('piece');
  });

  it('ends every caller with a value or its own read\'s failure, in any order of settling and ending (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.array(fc.constantFrom('ok', 'fail', 'end'), { minLength: 1, maxLength: 6 }), async (s, fates) => {
        const flights = new ReadsInFlight<string>(PATIENT_MS);
        let kept: string | undefined;
        let reads = 0;
        const callers = fates.map((fate, i) => {
          const end = new AbortController();
          const read = async () => {
            const n = reads++;
            // `end`: the read never settles, and its request ends when the scheduler says.
            if (fate === 'end') {
              void s.schedule(Promise.resolve(), `end ${i}`).then(() => end.abort());
              return new Promise<string>(() => undefined);
            }
            await s.schedule(Promise.resolve(), `read ${n} of caller ${i}`);
            if (fate === 'fail') throw new Error(`read ${n} failed`);
            return (kept = `value ${n}`);
          };
          return flights.get('k', () => (kept === undefined ? undefined : { value: kept }), read, end.signal).then(
            (v) => ({ v }),
            () => ({ v: null }),
          );
        });
        // Callers whose fate is `end` never answer (their read is dropped); every other one does.
        const answering = callers.filter((_, i) => fates[i] !== 'end');
        // Releases the scheduled reads and ends, in the order fast-check picks, until every answering caller has answered.
        const hung = new Promise((_, reject) => setTimeout(() => reject(new Error('a caller hung')), 2_000));
        await Promise.race([s.waitFor(Promise.all(answering)), hung]);
        expect(reads).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 100 },
    );
  });
});

describe('keptRead', () => {
  it('reads once for concurrent callers, then answers from the kept value; a failure is not kept', async () => {
    let n = 0;
    const get = keptRead(async () => {
      n++;
      if (n === 1) throw new Error('reset');
      return { n };
    }, PATIENT_MS);
    await expect(get()).rejects.toThrow('reset');
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(await get()).toBe(a);
    expect(n).toBe(2);
  });
});

describe('keptRead of a read with no value (a shard read into a buffer)', () => {
  it('counts it as kept all the same: one read, then none', async () => {
    let n = 0;
    const get = keptRead(async () => {
      n++;
    }, PATIENT_MS);
    await Promise.all([get(), get(), get()]);
    await get();
    expect(n).toBe(1);
  });
});

describe('KeptLoads', () => {
  const lasting = (e: unknown) => e instanceof Error && e.message.startsWith('lasting');

  it('keeps a lasting failure for keepFailureMs, then loads again; forgets any other failure at once', async () => {
    let clock = 0;
    const loads = new KeptLoads<string, string>(lasting, PATIENT_MS, () => clock);
    await expect(loads.get('a', async () => Promise.reject(new Error('lasting: corrupt')), { keepFailureMs: 1_000 })).rejects.toThrow('lasting');
    let called = false;
    const loadOk = async () => ((called = true), 'pack');
    clock = 999;
    await expect(loads.get('a', loadOk, { keepFailureMs: 1_000 })).rejects.toThrow('lasting');
    expect(called).toBe(false);
    clock = 1_000;
    expect(await loads.get('a', loadOk, { keepFailureMs: 1_000 })).toBe('pack');
    await expect(loads.get('b', async () => Promise.reject(new Error('reset')))).rejects.toThrow('reset');
    expect(await loads.get('b', loadOk)).toBe('pack');
    expect(loads.loads).toBe(4);
  });

  it('turns a load that throws synchronously into a rejection', async () => {
    const loads = new KeptLoads<string, string>(lasting, PATIENT_MS);
    await expect(
      loads.get('a', () => {
        throw new Error('no binding');
      }),
    ).rejects.toThrow('no binding');
  });

  it('loads once for concurrent callers; when the loading request ends first, a waiter loads and every later caller gets its value', async () => {
    const loads = new KeptLoads<string, object>(lasting, PATIENT_MS);
    const { calls, read } = gatedReads<object>();
    const first = new AbortController();
    void loads.get('k', read, { signal: first.signal });
    const second = loads.get('k', read);
    const third = loads.get('k', read);
    await tick();
    expect(calls).toHaveLength(1);
    first.abort();
    await tick();
    expect(calls).toHaveLength(2);
    const pack = { id: 1 };
    calls[1]!.resolve(pack);
    expect(await second).toBe(pack);
    expect(await third).toBe(pack);
    // The first load settling late changes nothing: the value kept stays.
    calls[0]!.resolve({ id: 0 });
    await tick();
    expect(await loads.get('k', read)).toBe(pack);
    expect(loads.loads).toBe(2);
  });
});
