import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker, { type Env } from '../../src/worker/index.ts';
import { BAD_BLOCKS_PACK_PATH, SHARDED_PACK_PATH } from '../support/search-samples.ts';

// GET /health?deep=1 in workerd: every file of a lazily read pack checked, so the damaged section
// blocks of the bad-blocks fixture (which plain /health never reads) are named.

const TOKEN = 'deep-health-test-token';
const INDEXES = JSON.stringify({ good: '/pack/', sharded: SHARDED_PACK_PATH, bad: BAD_BLOCKS_PACK_PATH });

interface DeepBody {
  status: string;
  indexes: Record<string, { status: string; files: number; bytes: number; damaged: Array<{ file: string; code: string; message: string }> }>;
}

async function call(path: string, token: string | null = TOKEN): Promise<Response> {
  const ctx = createExecutionContext();
  const headers: Record<string, string> = token === null ? {} : { authorization: `Bearer ${token}` };
  const vars = { INDEXES, PACK_READ: 'lazy', ADMIN_TOKEN: TOKEN };
  const res = await worker.fetch(new Request(`https://search.example.com${path}`, { headers }), { ...(env as unknown as Env), ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe('GET /health?deep=1', () => {
  it('finds the damaged block plain /health cannot see, by name, and answers 503', async () => {
    expect(((await (await call('/health')).json()) as { status: string }).status).toBe('ok');
    const res = await call('/health?deep=1');
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as DeepBody;
    expect(body.status).toBe('damaged');
    expect(body.indexes.good!.status).toBe('ok');
    expect(body.indexes.sharded!.status).toBe('ok');
    const bad = body.indexes.bad!;
    expect(bad.status).toBe('damaged');
    // Every section block of that fixture has a byte flipped (prepare-site.ts damageBlocks), nothing else.
    const head = (await (await (env as unknown as Env).ASSETS.fetch(new Request(`https://assets.invalid${BAD_BLOCKS_PACK_PATH}sections.json`))).json()) as { blocks: Array<{ file: string }> };
    expect(bad.damaged.map((d) => d.file).sort()).toEqual(head.blocks.map((b) => b.file).sort());
    for (const d of bad.damaged) {
      expect(d.code).toBe('INDEX_CORRUPT');
      expect(d.message).toMatch(/does not match its SHA-256/);
    }
  });

  it('checks every file the manifest lists, and answers 200 for a sound index', async () => {
    const res = await call('/health?deep=1&index=sharded');
    expect(res.status).toBe(200);
    const body = (await res.json()) as DeepBody;
    expect(Object.keys(body.indexes)).toEqual(['sharded']);
    const manifest = (await (await (env as unknown as Env).ASSETS.fetch(new Request(`https://assets.invalid${SHARDED_PACK_PATH}manifest.json`))).json()) as { files: Record<string, { bytes: number }> };
    expect(body.indexes.sharded!.files).toBe(Object.keys(manifest.files).length);
    expect(body.indexes.sharded!.bytes).toBe(Object.values(manifest.files).reduce((s, f) => s + f.bytes, 0));
    expect(body.indexes.sharded!.damaged).toEqual([]);
  });

  it('is for the admin token only: 401 with no token or a wrong one; an unknown index is 400', async () => {
    for (const token of [null, 'wrong']) {
      const res = await call('/health?deep=1', token);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    }
    expect((await call('/health?deep=1&index=nope')).status).toBe(400);
  });
});
