import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { assetsPackSource } from '../../src/worker/sources/assets.ts';
import { PackCache } from '../../src/worker/pack-cache.ts';
import { retryingSource } from '../../src/worker/sources/retry.ts';
import type { Env } from '../../src/worker/index.ts';

// The per-isolate pack cache: a store's failure is retried after a while (KV/R2 can change without
// a deploy), an asset pack's failure is kept. The "store" here is the static assets, its content
// changing from the corrupt fixture pack to the good one under one cache key.

const assets = (env as unknown as Env).ASSETS;
const corrupt = () => assetsPackSource(assets, '/pack-corrupt/');
const good = () => assetsPackSource(assets, '/pack/');

describe('PackCache', () => {
  it('keeps a failure for retryFailuresAfterMs, then loads again and keeps the success', async () => {
    let clock = 1_000;
    const cache = new PackCache({}, () => clock);
    await expect(cache.get('kv:/pack/', corrupt, 30_000)).rejects.toMatchObject({ code: 'INDEX_CORRUPT' });
    clock += 29_999;
    await expect(cache.get('kv:/pack/', good, 30_000)).rejects.toMatchObject({ code: 'INDEX_CORRUPT' });
    expect(cache.loads).toBe(1);
    clock += 1;
    const pack = await cache.get('kv:/pack/', good, 30_000);
    expect(pack.sections.count).toBeGreaterThan(10);
    clock += 3_600_000;
    expect(await cache.get('kv:/pack/', corrupt, 30_000)).toBe(pack);
    expect(cache.loads).toBe(2);
  });

  it('keeps a failure for the isolate by default (static assets cannot change within a deployment)', async () => {
    let clock = 0;
    const cache = new PackCache({}, () => clock);
    await expect(cache.get('assets:/pack/', corrupt)).rejects.toMatchObject({ code: 'INDEX_CORRUPT' });
    clock += 86_400_000;
    await expect(cache.get('assets:/pack/', good)).rejects.toMatchObject({ code: 'INDEX_CORRUPT' });
    expect(cache.loads).toBe(1);
  });

  it('forgets a transport failure at once', async () => {
    const cache = new PackCache();
    const down = () => ({ label: 'down', read: () => Promise.reject(new Error('network down')), readBytes: () => Promise.reject(new Error('network down')) });
    await expect(cache.get('r2:/pack/', down)).rejects.toThrow('network down');
    expect((await cache.get('r2:/pack/', good)).sections.count).toBeGreaterThan(10);
  });

  it('forgets INDEX_UNAVAILABLE at once, even for static assets (a read that failed, not a damaged pack)', async () => {
    const cache = new PackCache();
    const unavailable = () => retryingSource({ label: 'down', read: () => Promise.reject(new Error('reset')), readBytes: () => Promise.reject(new Error('reset')) }, { attempts: 2, attemptTimeoutMs: 100, firstBackoffMs: 1 });
    await expect(cache.get('assets:/pack/', unavailable)).rejects.toMatchObject({ code: 'INDEX_UNAVAILABLE' });
    expect((await cache.get('assets:/pack/', good)).sections.count).toBeGreaterThan(10);
    expect(cache.loads).toBe(2);
  });
});
