import { applyD1Migrations, createExecutionContext, type D1Migration } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import worker, { type Env } from '../../src/worker/index.ts';
import { callIn, configWarningsIn } from '../support/worker-call.ts';
import type { D1Like } from '../../src/worker/gaps.ts';

// The content-gap report inside workerd, on miniflare's local D1 (GAPS_DB in
// test/wrangler.test.toml) with the repository's migrations applied.

const testEnv = env as unknown as Env & { GAPS_DB: D1Like; TEST_MIGRATIONS: D1Migration[] };
const TOKEN = 'test-admin-token-0123456789abcdef';
const ON = { GAPS: 'on', ADMIN_TOKEN: TOKEN };

interface GapRow {
  query: string;
  lang: string;
  count: number;
  agentCount: number;
  firstSeen: string;
  lastSeen: string;
}
interface SearchBody {
  confidence: { shouldAnswer: boolean };
  results: unknown[];
}

async function call(vars: Partial<Env>, path: string, init?: RequestInit): Promise<Response> {
  return callIn({ ...testEnv, ...vars }, path, init);
}

const admin = (vars: Partial<Env>, query = '', authorization: string | null = `Bearer ${TOKEN}`) =>
  call(vars, `/admin/gaps${query}`, authorization === null ? {} : { headers: { authorization } });

async function gaps(limit = 500): Promise<GapRow[]> {
  const res = await admin(ON, `?limit=${limit}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { gaps: GapRow[] }).gaps;
}

/** A query the fixture docs (Skylark, a web framework) cannot answer, new to this run. */
function unanswerable(): string {
  return `Zebra husbandry quota ${crypto.randomUUID().replace(/[^a-f]/g, '').slice(0, 10)}`;
}

beforeAll(async () => {
  await applyD1Migrations(testEnv.GAPS_DB, testEnv.TEST_MIGRATIONS);
});

describe('content-gap report (GAPS = "on", GAPS_DB)', () => {
  it('counts unanswered queries by their normalised text, cache hits included, and nothing else', async () => {
    const q = unanswerable();
    const first = await call(ON, `/search?q=${encodeURIComponent(q)}`, { headers: { 'cf-connecting-ip': '198.51.100.23', 'user-agent': 'probe/1.0' } });
    expect(((await first.json()) as SearchBody).confidence.shouldAnswer).toBe(false);
    const again = await call(ON, `/search?q=${encodeURIComponent(q)}`);
    expect(again.headers.get('x-recall-box-cache')).toBe('hit');
    await call(ON, '/search', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ q: `  ${q.toUpperCase()}  ` }) });
    // A debug request is the owner looking, not a reader asking.
    await call(ON, `/search?q=${encodeURIComponent(q)}&debug=1`);

    const row = (await gaps()).find((g) => g.query === q.toLowerCase());
    expect(row).toBeDefined();
    expect(row!.count).toBe(3);
    expect(row!.lang).toBe('en');
    expect(row!.agentCount).toBe(0);
    expect(Object.keys(row!).sort()).toEqual(['agentCount', 'count', 'firstSeen', 'lang', 'lastSeen', 'query']);
    // Times are kept to the UTC day, never a request's moment.
    const today = new Date().toISOString().slice(0, 10);
    expect(row!.firstSeen).toBe(today);
    expect(row!.lastSeen).toBe(today);
    // Nothing about the client is stored, in any column.
    const { results } = await testEnv.GAPS_DB.prepare('SELECT * FROM gaps').bind().all();
    expect(JSON.stringify(results)).not.toMatch(/198\.51\.100\.23|probe\/1\.0/);
  });

  it('counts an agent\'s search (MCP search_docs) apart, cached or not, in the same row as readers\'', async () => {
    const q = unanswerable();
    const isolate = { ...testEnv, ...ON };
    const tool = (id: number) =>
      callIn(isolate, '/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'search_docs', arguments: { query: q } } }),
      });
    expect((await tool(1)).status).toBe(200);
    await tool(2);
    await callIn(isolate, `/search?q=${encodeURIComponent(q)}`);
    const row = (await gaps()).find((g) => g.query === q.toLowerCase());
    expect([row?.count, row?.agentCount]).toEqual([3, 2]);
  });

  it('counts a repeat answered from the isolate\'s memory too', async () => {
    const q = unanswerable();
    const isolate = { ...testEnv, ...ON };
    await callIn(isolate, `/search?q=${encodeURIComponent(q)}`);
    const again = await callIn(isolate, `/search?q=${encodeURIComponent(q)}`);
    expect(again.headers.get('x-recall-box-cache')).toBe('memory');
    expect((await gaps()).find((g) => g.query === q.toLowerCase())?.count).toBe(2);
  });

  it('does not count answered queries, nor anything when GAPS is off', async () => {
    const answered = await call(ON, '/search?q=route%20parameters');
    expect(((await answered.json()) as SearchBody).confidence.shouldAnswer).toBe(true);
    const offQuery = unanswerable();
    await call({ ADMIN_TOKEN: TOKEN }, `/search?q=${encodeURIComponent(offQuery)}`);
    const queries = (await gaps()).map((g) => g.query);
    expect(queries).not.toContain('route parameters');
    expect(queries).not.toContain(offQuery.toLowerCase());
  });

  it('lists the most frequent first and honours limit', async () => {
    const often = unanswerable();
    const once = unanswerable();
    for (let i = 0; i < 5; i++) await call({ ...ON, EDGE_CACHE: 'off' }, `/search?q=${encodeURIComponent(often)}`);
    await call(ON, `/search?q=${encodeURIComponent(once)}`);
    const all = await gaps();
    const counts = all.map((g) => g.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(all.findIndex((g) => g.query === often.toLowerCase())).toBeLessThan(all.findIndex((g) => g.query === once.toLowerCase()));
    expect(await gaps(1)).toHaveLength(1);
    const bad = await admin(ON, '?limit=0');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('BAD_LIMIT');
  });

  it('never slows or fails /search when D1 fails or hangs', async () => {
    const failing: D1Like = {
      prepare() {
        throw new Error('D1 is down');
      },
      batch: () => Promise.reject(new Error('D1 is down')),
    };
    const q = encodeURIComponent(unanswerable());
    const res = await call({ ...ON, GAPS_DB: failing }, `/search?q=${q}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as SearchBody).confidence.shouldAnswer).toBe(false);
    // Reading the report through a broken D1 is a 503 with a code, not a stack.
    const read = await admin({ ...ON, GAPS_DB: failing });
    expect(read.status).toBe(503);
    expect(((await read.json()) as { error: { code: string } }).error.code).toBe('GAPS_UNAVAILABLE');

    // A write that never completes: the answer still comes (its context is not waited on).
    const never = new Promise<never>(() => {});
    const hanging: D1Like = { prepare: () => ({ bind: () => hanging.prepare(''), run: () => never, all: () => never }), batch: () => never };
    const ctx = createExecutionContext();
    const answer = await worker.fetch(new Request(`https://search.example.com/search?q=${encodeURIComponent(unanswerable())}`), { ...testEnv, ...ON, GAPS_DB: hanging, EDGE_CACHE: 'off' }, ctx);
    expect(answer.status).toBe(200);
  });

  it('names GAPS without a GAPS_DB binding in /health, to the admin token\'s holder', async () => {
    const warnings = await configWarningsIn({ ...testEnv, GAPS: 'on', GAPS_DB: undefined });
    expect(warnings.some((w) => /GAPS_DB/.test(w))).toBe(true);
  });
});

describe('GET /admin/gaps authentication', () => {
  it('answers one identical 401 for a missing, malformed or wrong token, or none configured', async () => {
    const refusals = [
      await admin(ON, '', null),
      await admin(ON, '', `Bearer wrong-${TOKEN}`),
      await admin(ON, '', `Bearer ${TOKEN.slice(0, -1)}`),
      await admin(ON, '', `Basic ${btoa(`admin:${TOKEN}`)}`),
      await admin(ON, '', TOKEN),
      await admin(ON, '', 'Bearer '),
      // A bad limit is not even looked at before authentication.
      await admin(ON, '?limit=0', null),
      // No token configured: nothing matches, not even an empty one.
      await admin({ GAPS: 'on', ADMIN_TOKEN: undefined }, '', `Bearer ${TOKEN}`),
      await admin({ GAPS: 'on', ADMIN_TOKEN: '' }, '', 'Bearer '),
      // The report off: a stranger cannot tell.
      await admin({ ADMIN_TOKEN: TOKEN }, '', null),
    ];
    const bodies = await Promise.all(refusals.map((r) => r.text()));
    for (const r of refusals) {
      expect(r.status).toBe(401);
      expect(r.headers.get('www-authenticate')).toBe('Bearer');
      expect(r.headers.get('cache-control')).toBe('no-store');
    }
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0]!).error.code).toBe('UNAUTHORIZED');
  });

  it('tells a token holder that the report is off (404 GAPS_DISABLED)', async () => {
    const res = await admin({ ADMIN_TOKEN: TOKEN });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('GAPS_DISABLED');
    // ...and with GAPS on but no database, the same.
    expect((await admin({ ...ON, GAPS_DB: undefined })).status).toBe(404);
  });

  it('accepts the scheme in any case', async () => {
    expect((await admin(ON, '', `bearer ${TOKEN}`)).status).toBe(200);
  });
});
