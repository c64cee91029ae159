import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { configWarningsIn } from '../support/worker-call.ts';
import worker, { type Env } from '../../src/worker/index.ts';
import { readConfig } from '../../src/worker/config.ts';

// Several indexes in one Worker (INDEXES), against the fixture packs prepare-site.ts serves as
// static assets: /pack/ (good), /pack-keyword/ (good, keyword-only), /pack-corrupt/ (section store
// cut short), /pack-v999/ (another format version).

const INDEXES = JSON.stringify({
  en: '/pack/',
  kw: { path: '/pack-keyword/', languages: ['ja'] },
  broken: '/pack-corrupt/',
  old: '/pack-v999/',
});

interface ErrorBody {
  error: { code: string; message: string };
}

async function call(vars: Partial<Env>, path: string): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`https://search.example.com${path}`), { ...(env as unknown as Env), ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const withIndexes = (path: string) => call({ INDEXES }, path);

describe('INDEXES: several packs in one Worker', () => {
  it('answers from the default (first) index when the request names none, and says which', async () => {
    // A word no section holds ("urls"): the vector route votes (rank/route-weights.ts).
    const res = await withIndexes('/search?q=route%20parameters%20in%20urls');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { index: string; results: Array<{ routes: Record<string, unknown> }> };
    expect(body.index).toBe('en');
    expect(body.results.some((r) => 'vector' in r.routes)).toBe(true);
  });

  it('answers from the index a request names, and from the index whose languages hold its lang', async () => {
    const named = (await (await withIndexes('/search?q=routing&index=kw')).json()) as { index: string; results: Array<{ match: string }> };
    expect(named.index).toBe('kw');
    expect(named.results.every((r) => r.match === 'keyword')).toBe(true);
    const byLang = await withIndexes('/search?q=%E3%83%AB%E3%83%BC%E3%83%86%E3%82%A3%E3%83%B3%E3%82%B0&lang=ja');
    expect(byLang.status).toBe(200);
    expect(((await byLang.json()) as { index: string }).index).toBe('kw');
  });

  it('takes index in a POST body too', async () => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request('https://search.example.com/search', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ q: 'routing', index: 'kw' }) }),
      { ...(env as unknown as Env), INDEXES },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(((await res.json()) as { index: string }).index).toBe('kw');
  });

  it('refuses an unknown index with 400 UNKNOWN_INDEX listing the known ones', async () => {
    const res = await withIndexes('/search?q=routing&index=v9');
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe('UNKNOWN_INDEX');
    expect(body.error.message).toContain('en, kw, broken, old');
  });

  it('answers 503 with each broken index\'s own code while the good ones keep serving', async () => {
    const broken = await withIndexes('/search?q=routing&index=broken');
    expect(broken.status).toBe(503);
    expect(((await broken.json()) as ErrorBody).error.code).toBe('INDEX_CORRUPT');
    const old = await withIndexes('/search?q=routing&index=old');
    expect(old.status).toBe(503);
    expect(((await old.json()) as ErrorBody).error.code).toBe('INDEX_VERSION_MISMATCH');
    expect((await withIndexes('/search?q=routing&index=en')).status).toBe(200);
    expect((await withIndexes('/search?q=routing&index=kw')).status).toBe(200);
  });

  it('reports each index in /health: 200 "degraded" when a non-default one is broken', async () => {
    const res = await withIndexes('/health');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; buildId: string; indexes: Record<string, { status: string; code?: string; buildId?: string }> };
    expect(body.status).toBe('degraded');
    expect(body.indexes.en).toMatchObject({ status: 'ok', buildId: body.buildId });
    expect(body.indexes.kw!.status).toBe('ok');
    expect(body.indexes.broken).toMatchObject({ status: 'error', code: 'INDEX_CORRUPT' });
    expect(body.indexes.old).toMatchObject({ status: 'error', code: 'INDEX_VERSION_MISMATCH' });
  });

  it('answers /health with 503 and the default index\'s code when the default is the broken one, still listing the others', async () => {
    const res = await call({ INDEXES: JSON.stringify({ broken: '/pack-corrupt/', en: '/pack/' }) }, '/health');
    expect(res.status).toBe(503);
    const body = (await res.json()) as ErrorBody & { indexes: Record<string, { status: string }> };
    expect(body.error.code).toBe('INDEX_CORRUPT');
    expect(body.indexes.en!.status).toBe('ok');
  });

  it('keeps the single-index behaviour without INDEXES: "default" at PACK_PATH, status ok', async () => {
    const body = (await (await call({}, '/health')).json()) as { status: string; indexes: Record<string, { status: string }> };
    expect(body.status).toBe('ok');
    expect(Object.keys(body.indexes)).toEqual(['default']);
  });
});

describe('readConfig: INDEXES and PACK_SOURCE', () => {
  it('reads the list in order and defaults to one index at PACK_PATH from assets', () => {
    expect(readConfig({ PACK_PATH: 'docs-pack' })).toMatchObject({ indexes: [{ name: 'default', path: '/docs-pack/' }], packSource: 'assets', warnings: [] });
    expect(readConfig({ INDEXES, PACK_SOURCE: 'R2' }).indexes.map((i) => i.name)).toEqual(['en', 'kw', 'broken', 'old']);
    expect(readConfig({ PACK_SOURCE: 'R2' }).packSource).toBe('r2');
  });

  it('reads PACK_READ (auto unless set; an unknown mode is auto, with a warning)', () => {
    expect(readConfig({}).packRead).toBe('auto');
    expect(readConfig({ PACK_READ: ' Lazy ' }).packRead).toBe('lazy');
    const config = readConfig({ PACK_READ: 'sometimes' });
    expect(config.packRead).toBe('auto');
    expect(config.warnings.join(' ')).toContain('PACK_READ "sometimes"');
  });

  it('falls back, with a warning /health shows, on a list or source it cannot use', async () => {
    const config = readConfig({ INDEXES: '["/pack/"]', PACK_SOURCE: 'd1' });
    expect(config.indexes).toEqual([{ name: 'default', path: '/pack/', languages: [] }]);
    expect(config.packSource).toBe('assets');
    expect(config.warnings).toHaveLength(2);
    const health = (await (await call({ INDEXES: '{"en": 1}' }, '/health')).json()) as { status: string };
    expect(health.status).toBe('ok');
    expect((await configWarningsIn({ ...(env as unknown as Env), INDEXES: '{"en": 1}' })).join(' ')).toMatch(/INDEXES|index "en" has no path/);
  });
});
