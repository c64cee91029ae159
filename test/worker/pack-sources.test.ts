import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import worker, { type Env } from '../../src/worker/index.ts';
import onnxWorker from '../../src/worker/onnx.ts';
import { createWorker } from '../../src/worker/worker.ts';
import type { BundledPacks } from '../../src/worker/sources/bundled.ts';
import { packKey } from '../../src/core/pack/key.ts';
import { BAD_BLOCKS_PACK_PATH, SHARDED_PACK_PATH } from '../support/search-samples.ts';

// Shards and pack sources in workerd. The fixture packs are static assets (prepare-site.ts); the
// KV and R2 tests copy them, shard by shard, into miniflare's local KV namespace and R2 bucket
// (bound in test/wrangler.test.toml) under the same key layout the upload script writes.

interface SearchBody {
  index: string;
  buildId: string;
  results: Array<{ id: string; score: number; routes: Record<string, unknown> }>;
}
interface ErrorBody {
  error: { code: string; message: string };
}

interface Writable {
  put(key: string, value: Uint8Array): Promise<unknown>;
}
const bindings = env as unknown as Env & { PACK_KV: Writable; PACK_BUCKET: Writable };

async function call(vars: Partial<Env>, path: string): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`https://search.example.com${path}`), { ...bindings, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

async function answers(vars: Partial<Env>, queries: readonly string[]): Promise<SearchBody[]> {
  const out: SearchBody[] = [];
  for (const q of queries) {
    const res = await call(vars, `/search?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    out.push((await res.json()) as SearchBody);
  }
  return out;
}

async function asset(path: string): Promise<Uint8Array> {
  const res = await bindings.ASSETS.fetch(new Request(`https://assets.invalid${path}`));
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

/** Every stored file of the pack at `path` (its manifest and each listed shard), by stored name. */
async function packFiles(path: string): Promise<Map<string, Uint8Array>> {
  const manifestBytes = await asset(`${path}manifest.json`);
  const manifest = JSON.parse(new TextDecoder().decode(manifestBytes)) as { files: Record<string, { shards: Array<{ name: string }> }> };
  const files = new Map([['manifest.json', manifestBytes]]);
  for (const entry of Object.values(manifest.files)) {
    for (const shard of entry.shards) files.set(shard.name, await asset(`${path}${shard.name}`));
  }
  return files;
}

// The first holds a word no section has, so the vector route votes in its answer (rank/route-weights.ts).
const QUERIES = ['route parameters in urls', 'routing', 'middleware order', 'deploy to production', '路由'];

describe('a pack cut into shards', () => {
  it('answers exactly as the same pack in one piece (same buildId, same results and scores)', async () => {
    const whole = await answers({}, QUERIES);
    const sharded = await answers({ PACK_PATH: SHARDED_PACK_PATH }, QUERIES);
    expect(sharded.map((a) => a.buildId)).toEqual(whole.map((a) => a.buildId));
    expect(sharded.map((a) => a.results)).toEqual(whole.map((a) => a.results));
    expect(whole[0]!.results.some((r) => 'vector' in r.routes)).toBe(true);
  });

  it('refuses a search with 503 INDEX_CORRUPT naming the damaged matrix shard its rows are in, while another index keeps serving', async () => {
    const INDEXES = JSON.stringify({ good: SHARDED_PACK_PATH, bad: '/pack-bad-shard/' });
    // A query the vector route runs for ("submarine" is in no doc), so its rows are read.
    const bad = await call({ INDEXES }, '/search?q=routing%20on%20a%20submarine&index=bad');
    expect(bad.status).toBe(503);
    const body = (await bad.json()) as ErrorBody;
    expect(body.error.code).toBe('INDEX_CORRUPT');
    expect(body.error.message).toContain('embedding.bin.001 does not match its SHA-256');
    expect((await call({ INDEXES }, '/search?q=routing&index=good')).status).toBe(200);
  });
});

describe('PACK_READ', () => {
  it('reads the small fixture pack whole under auto (its blocks and partitions fit the budgets), lazily under lazy, with the same answers', async () => {
    const health = async (PACK_READ: string) => ((await (await call({ PACK_READ }, '/health')).json()) as { indexes: Record<string, { read: string }> }).indexes;
    expect((await health('auto')).default!.read).toBe('whole');
    expect((await health('lazy')).default!.read).toBe('lazy');
    expect((await health('whole')).default!.read).toBe('whole');
    const lazy = await answers({ PACK_READ: 'lazy' }, QUERIES);
    expect((await answers({ PACK_READ: 'auto' }, QUERIES)).map((a) => a.results)).toEqual(lazy.map((a) => a.results));
  });

  it('refuses a damaged block at load when reading whole (auto on a small pack), instead of per query', async () => {
    const res = await call({ PACK_READ: 'auto', PACK_PATH: BAD_BLOCKS_PACK_PATH }, '/health');
    expect(res.status).toBe(503);
    expect(((await res.json()) as ErrorBody).error.message).toMatch(/sections-\d{4}\.json does not match its SHA-256/);
  });
});

describe('a pack read lazily', () => {
  it('refuses a search that reads a damaged section block with 503 INDEX_CORRUPT naming the block, every time, while the pack itself loads and the other index serves', async () => {
    // The Worker reads blocks when a query needs them, so damage inside one is found by the query
    // that reads it — not at load, which checks the head and the keyword head (the vectors are read by the first query that needs them).
    const INDEXES = JSON.stringify({ good: '/pack/', bad: BAD_BLOCKS_PACK_PATH });
    const health = (await (await call({ INDEXES }, '/health')).json()) as { status: string };
    expect(health.status).toBe('ok');
    for (let i = 0; i < 2; i++) {
      const bad = await call({ INDEXES }, '/search?q=routing&index=bad');
      expect(bad.status).toBe(503);
      const body = (await bad.json()) as ErrorBody;
      expect(body.error.code).toBe('INDEX_CORRUPT');
      expect(body.error.message).toMatch(/sections-\d{4}\.json does not match its SHA-256/);
    }
    expect((await call({ INDEXES }, '/search?q=routing&index=good')).status).toBe(200);
  });
});

describe('PACK_SOURCE=kv and PACK_SOURCE=r2', () => {
  beforeAll(async () => {
    for (const path of ['/pack/', SHARDED_PACK_PATH, '/pack-v999/']) {
      for (const [name, bytes] of await packFiles(path)) {
        await bindings.PACK_KV.put(packKey(path, name), bytes);
        await bindings.PACK_BUCKET.put(packKey(path, name), bytes);
      }
    }
  });

  it.each(['kv', 'r2'])('answers from %s exactly as from the static assets, whole and sharded', async (source) => {
    const fromAssets = await answers({}, QUERIES);
    for (const path of ['/pack/', SHARDED_PACK_PATH]) {
      const fromStore = await answers({ PACK_SOURCE: source, PACK_PATH: path }, QUERIES);
      expect(fromStore.map((a) => a.results)).toEqual(fromAssets.map((a) => a.results));
    }
  });

  it.each(['kv', 'r2'])('serves several indexes from %s, a broken one failing alone', async (source) => {
    const INDEXES = JSON.stringify({ en: '/pack/', old: '/pack-v999/', gone: '/nothing-here/' });
    expect((await call({ PACK_SOURCE: source, INDEXES }, '/search?q=routing')).status).toBe(200);
    const old = (await (await call({ PACK_SOURCE: source, INDEXES }, '/search?q=routing&index=old')).json()) as ErrorBody;
    expect(old.error.code).toBe('INDEX_VERSION_MISMATCH');
    const gone = (await (await call({ PACK_SOURCE: source, INDEXES }, '/search?q=routing&index=gone')).json()) as ErrorBody;
    expect(gone.error).toMatchObject({ code: 'INDEX_MISSING' });
    expect(gone.error.message).toContain(`${source}:nothing-here/`);
    const health = (await (await call({ PACK_SOURCE: source, INDEXES }, '/health')).json()) as { status: string; indexes: Record<string, { status: string }> };
    expect(health.status).toBe('degraded');
    expect(health.indexes.en!.status).toBe('ok');
  });

  it('runs the ONNX entry on the model.onnx of the pack it reads, from R2 under a non-default index', async () => {
    const ctx = createExecutionContext();
    const vars = { PACK_SOURCE: 'r2', PACK_PATH: '/nowhere/', INDEXES: JSON.stringify({ old: '/pack-v999/', sharded: SHARDED_PACK_PATH }) };
    const res = await onnxWorker.fetch(new Request('https://search.example.com/search?q=route%20parameters%20on%20a%20submarine&index=sharded'), { ...bindings, ...vars }, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    const body = (await res.json()) as SearchBody & { warnings: unknown[] };
    expect(body.warnings).toEqual([]);
    expect(body.results.some((r) => 'vector' in r.routes)).toBe(true);
  });

  it('detects a shard damaged in the store itself', async () => {
    const path = '/kv-damaged/';
    for (const [name, bytes] of await packFiles(SHARDED_PACK_PATH)) {
      const copy = Uint8Array.from(bytes);
      if (name === 'vectors.bin') copy[0] ^= 0xff;
      await bindings.PACK_KV.put(packKey(path, name), copy);
    }
    // A query the vector route runs for ("submarine" is in no doc): a lazily read pack reads its vectors then.
    const res = await call({ PACK_SOURCE: 'kv', PACK_PATH: path }, '/search?q=routing%20on%20a%20submarine');
    expect(res.status).toBe(503);
    expect(((await res.json()) as ErrorBody).error.message).toContain('vectors.bin does not match');
  });

  it('answers 503 INDEX_MISSING naming the binding when the source\'s binding is not there', async () => {
    const res = await call({ PACK_SOURCE: 'r2', PACK_PATH: '/no-binding/', PACK_BUCKET: undefined }, '/search?q=routing');
    expect(res.status).toBe(503);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe('INDEX_MISSING');
    expect(body.error.message).toContain('PACK_BUCKET');
  });
});

describe('a pack bundled into the Worker script', () => {
  // src/worker/bundled.ts is createWorker({ bundledPacks }) over the module map `recall-box bundle`
  // writes (wrangler resolves that import: test/deploy/bundled-worker.test.ts); here the same
  // packs are built from the fixture's files.
  let packs: Record<string, Record<string, ArrayBuffer>>;
  let bundledWorker: ReturnType<typeof createWorker>;
  const DAMAGED = '/bundled-damaged/';

  beforeAll(async () => {
    const copy = (bytes: Uint8Array) => Uint8Array.from(bytes).buffer as ArrayBuffer;
    packs = {};
    for (const path of ['/pack/', SHARDED_PACK_PATH]) packs[path] = Object.fromEntries([...(await packFiles(path))].map(([name, bytes]) => [name, copy(bytes)]));
    packs[DAMAGED] = Object.fromEntries(
      [...(await packFiles(SHARDED_PACK_PATH))].map(([name, bytes]) => {
        const damaged = Uint8Array.from(bytes);
        if (name === 'vectors.bin') damaged[0] ^= 0xff;
        return [name, damaged.buffer as ArrayBuffer];
      }),
    );
    bundledWorker = createWorker({ bundledPacks: packs as BundledPacks });
  });

  async function callBundled(vars: Partial<Env>, path: string): Promise<Response> {
    const ctx = createExecutionContext();
    const res = await bundledWorker.fetch(new Request(`https://search.example.com${path}`), { ...bindings, ...vars }, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  }

  // Static assets that fail every read: a bundled Worker that still answers read none of them.
  const NO_ASSETS = { ASSETS: { fetch: async () => new Response('assets are off in this test', { status: 500 }) } };
  type Health = { indexes: Record<string, { status: string; source?: string; code?: string }> };

  it('answers exactly as from the static assets, whole and sharded, without reading an asset', async () => {
    const fromAssets = await answers({}, QUERIES);
    for (const path of ['/pack/', SHARDED_PACK_PATH]) {
      const fromScript: SearchBody[] = [];
      for (const q of QUERIES) {
        const res = await callBundled({ ...NO_ASSETS, PACK_PATH: path }, `/search?q=${encodeURIComponent(q)}`);
        expect(res.status).toBe(200);
        fromScript.push((await res.json()) as SearchBody);
      }
      expect(fromScript.map((a) => a.results)).toEqual(fromAssets.map((a) => a.results));
    }
    const health = (await (await callBundled(NO_ASSETS, '/health')).json()) as Health;
    expect(health.indexes.default).toMatchObject({ status: 'ok', source: 'script:/pack/' });
  });

  it('reads an index the script does not hold from PACK_SOURCE, whatever the script holds', async () => {
    const INDEXES = JSON.stringify({ en: '/pack/', old: '/pack-v999/' });
    const health = (await (await callBundled({ INDEXES }, '/health')).json()) as Health;
    expect(health.indexes.en).toMatchObject({ status: 'ok', source: 'script:/pack/' });
    // From the static assets: the old-format pack there is refused as such.
    expect(health.indexes.old).toMatchObject({ status: 'error', code: 'INDEX_VERSION_MISMATCH' });
    const fromKv = (await (await callBundled({ INDEXES, PACK_SOURCE: 'kv' }, '/health')).json()) as Health;
    expect(fromKv.indexes.en!.source).toBe('script:/pack/');
    // The default entry reads the same index from the assets, and so does the bundled entry with an
    // empty map (what `recall-box bundle --optional` writes for a pack too large for the plan).
    const plain = (await (await call({}, '/health')).json()) as Health;
    expect(plain.indexes.default!.source).toBe('assets:/pack/');
    const ctx = createExecutionContext();
    const empty = await createWorker({ bundledPacks: {} }).fetch(new Request('https://search.example.com/health'), bindings, ctx);
    await waitOnExecutionContext(ctx);
    expect(((await empty.json()) as Health).indexes.default!.source).toBe('assets:/pack/');
  });

  it('answers 503 INDEX_CORRUPT for a damaged file in the script, as for one in a store', async () => {
    // A query the vector route runs for ("submarine" is in no doc), so the vectors are read.
    const damaged = await callBundled({ PACK_PATH: DAMAGED }, '/search?q=routing%20on%20a%20submarine');
    expect(damaged.status).toBe(503);
    expect(((await damaged.json()) as ErrorBody).error.message).toContain('vectors.bin does not match');
  });
});
