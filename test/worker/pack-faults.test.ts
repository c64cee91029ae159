import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Env } from '../../src/worker/index.ts';
import { createWorker } from '../../src/worker/worker.ts';
import { packKey } from '../../src/core/pack/key.ts';
import type { KvReader } from '../../src/worker/sources/kv.ts';
import type { R2Reader } from '../../src/worker/sources/r2.ts';
import type { AssetsFetcher } from '../../src/worker/sources/assets.ts';

// Faults of the pack source, injected between the Worker and its real bindings (static assets,
// miniflare's KV and R2): a read that errors, hangs, comes back short or breaks off mid-stream — on
// the first try of each file, or on every try. Each case runs in a new Worker (createWorker: its
// own pack cache), so the faults meet the pack's load, or, read lazily, the query's reads.

interface SearchBody {
  results: Array<{ id: string; score: number }>;
}
interface ErrorBody {
  error: { code: string; message: string };
}
interface Writable {
  put(key: string, value: Uint8Array): Promise<unknown>;
}
const bindings = env as unknown as Env & { PACK_KV: Writable & KvReader; PACK_BUCKET: Writable & R2Reader };

/** Where the KV and R2 cases find the fixture pack (copied in beforeAll). */
const STORE_PATH = '/faults/';
/** One try's time limit in these tests: a hung read fails in 100 ms, not the default 4 s. */
const TIMEOUT_MS = '100';
const QUERY = '/search?q=route%20parameters';

type Kind = 'error' | 'timeout' | 'short' | 'broken stream';
type When = 'first try' | 'every try';

/** Which reads fail: every read while on (`every try`), or each file's first read only. */
class Faults {
  on = true;
  injected = 0;
  private readonly seen = new Set<string>();
  constructor(
    readonly kind: Kind,
    readonly when: When,
  ) {}

  hits(key: string): boolean {
    if (!this.on) return false;
    if (this.when === 'first try') {
      if (this.seen.has(key)) return false;
      this.seen.add(key);
    }
    this.injected++;
    return true;
  }
}

const never = <T>() => new Promise<T>(() => undefined);
const half = (bytes: ArrayBuffer) => bytes.slice(0, Math.floor(bytes.byteLength / 2));

function faultyAssets(real: AssetsFetcher, faults: Faults): AssetsFetcher {
  return {
    async fetch(request) {
      if (!faults.hits(new URL(request.url).pathname)) return real.fetch(request);
      if (faults.kind === 'error') throw new Error('injected: connection reset');
      if (faults.kind === 'timeout') return never();
      const res = await real.fetch(request);
      const bytes = await res.arrayBuffer();
      const headers = new Headers(res.headers);
      headers.set('content-length', String(bytes.byteLength));
      if (faults.kind === 'short') return new Response(half(bytes), { status: res.status, headers });
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array(half(bytes)));
          controller.error(new Error('injected: stream broke'));
        },
      });
      return new Response(body, { status: res.status, headers });
    },
  };
}

function faultyKv(real: KvReader, faults: Faults): KvReader {
  return {
    async get(key, type) {
      if (!faults.hits(key)) return real.get(key, type);
      if (faults.kind === 'timeout') return never();
      if (faults.kind === 'short') {
        const value = await real.get(key, type);
        return value === null ? null : half(value);
      }
      // KV hands a value over whole: a stream that breaks is an error of the read.
      throw new Error('injected: KV read failed');
    },
  };
}

function faultyR2(real: R2Reader, faults: Faults): R2Reader {
  return {
    async get(key) {
      if (!faults.hits(key)) return real.get(key);
      if (faults.kind === 'error') throw new Error('injected: R2 read failed');
      if (faults.kind === 'timeout') return never();
      const object = await real.get(key);
      if (object === null) return null;
      if (faults.kind === 'short') return { size: object.size, arrayBuffer: async () => half(await object.arrayBuffer()) };
      return { size: object.size, arrayBuffer: () => Promise.reject(new Error('injected: body broke off')) };
    },
  };
}

type Source = 'assets' | 'kv' | 'r2';

function envWith(source: Source, faults: Faults | null, vars: Partial<Env> = {}): Env {
  // EDGE_CACHE off: every answer is searched, none taken from an earlier case's cache.
  const base: Env = { ...bindings, PACK_READ_TIMEOUT_MS: TIMEOUT_MS, EDGE_CACHE: 'off', ...vars };
  if (source === 'assets') return { ...base, ASSETS: faults ? faultyAssets(bindings.ASSETS, faults) : bindings.ASSETS };
  const stores = { PACK_SOURCE: source, PACK_PATH: STORE_PATH };
  if (source === 'kv') return { ...base, ...stores, PACK_KV: faults ? faultyKv(bindings.PACK_KV, faults) : bindings.PACK_KV };
  return { ...base, ...stores, PACK_BUCKET: faults ? faultyR2(bindings.PACK_BUCKET, faults) : bindings.PACK_BUCKET };
}

async function call(worker: ReturnType<typeof createWorker>, environment: Env, path: string): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`https://search.example.com${path}`), environment, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** The answer of a Worker that meets no fault. */
async function cleanAnswer(source: Source, vars: Partial<Env> = {}): Promise<SearchBody> {
  const res = await call(createWorker(), envWith(source, null, vars), QUERY);
  expect(res.status).toBe(200);
  return (await res.json()) as SearchBody;
}

beforeAll(async () => {
  const manifest = await (await bindings.ASSETS.fetch(new Request('https://assets.invalid/pack/manifest.json'))).arrayBuffer();
  const names = ['manifest.json'];
  const listed = JSON.parse(new TextDecoder().decode(manifest)) as { files: Record<string, { shards: Array<{ name: string }> }> };
  for (const entry of Object.values(listed.files)) names.push(...entry.shards.map((s) => s.name));
  for (const name of names) {
    const bytes = new Uint8Array(await (await bindings.ASSETS.fetch(new Request(`https://assets.invalid/pack/${name}`))).arrayBuffer());
    await bindings.PACK_KV.put(packKey(STORE_PATH, name), bytes);
    await bindings.PACK_BUCKET.put(packKey(STORE_PATH, name), bytes);
  }
});

const CASES: Array<[Source, Kind]> = [
  ['assets', 'error'],
  ['assets', 'timeout'],
  ['assets', 'short'],
  ['assets', 'broken stream'],
  ['kv', 'error'],
  ['kv', 'timeout'],
  ['kv', 'short'],
  ['r2', 'error'],
  ['r2', 'timeout'],
  ['r2', 'short'],
  ['r2', 'broken stream'],
];

describe('a pack source that fails on the first try of each read', () => {
  it.each(CASES)('%s, %s: retried, and the answer is the one a healthy source gives', async (source, kind) => {
    const faults = new Faults(kind, 'first try');
    const res = await call(createWorker(), envWith(source, faults), QUERY);
    expect(faults.injected).toBeGreaterThan(0);
    expect(res.status).toBe(200);
    expect(((await res.json()) as SearchBody).results).toEqual((await cleanAnswer(source)).results);
  });
});

describe('a pack source that fails on every try', () => {
  it.each(CASES)('%s, %s: 503 within the retry budget, never a 500; the next query after the fault clears is answered, in the same isolate', async (source, kind) => {
    const faults = new Faults(kind, 'every try');
    const worker = createWorker();
    const environment = envWith(source, faults);
    const res = await call(worker, environment, QUERY);
    expect(res.status).toBe(503);
    const body = (await res.json()) as ErrorBody;
    if (source === 'kv' && kind === 'short') {
      // A KV value carries no length of its own: the same short bytes on every try are what a
      // damaged upload looks like. It is refused as such — never answered from — and, KV being a
      // store that can change, read again after STORE_FAILURE_RETRY_MS (pack-cache.ts).
      expect(body.error.code).toBe('INDEX_CORRUPT');
      return;
    }
    expect(body.error.code).toBe('INDEX_UNAVAILABLE');
    expect(body.error.message).toMatch(/try again/);
    expect(body.error.message).not.toMatch(/injected/);
    faults.on = false;
    const next = await call(worker, environment, QUERY);
    expect(next.status).toBe(200);
    expect(((await next.json()) as SearchBody).results).toEqual((await cleanAnswer(source)).results);
  });
});

describe('a lazily read pack whose source fails after it loaded', () => {
  it.each(['assets', 'kv', 'r2'] as const)('%s: the query that needs a block answers 503 INDEX_UNAVAILABLE, the next one after the fault clears is answered', async (source) => {
    const faults = new Faults('error', 'every try');
    faults.on = false;
    const worker = createWorker();
    const environment = envWith(source, faults, { PACK_READ: 'lazy' });
    // /health loads the pack (manifest, heads, vectors) but reads no block or partition.
    expect((await call(worker, environment, '/health')).status).toBe(200);
    faults.on = true;
    const res = await call(worker, environment, QUERY);
    expect(res.status).toBe(503);
    expect(((await res.json()) as ErrorBody).error.code).toBe('INDEX_UNAVAILABLE');
    faults.on = false;
    const next = await call(worker, environment, QUERY);
    expect(next.status).toBe(200);
    expect(((await next.json()) as SearchBody).results).toEqual((await cleanAnswer(source, { PACK_READ: 'lazy' })).results);
  });
});
