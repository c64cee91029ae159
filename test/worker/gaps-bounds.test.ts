import { applyD1Migrations, createExecutionContext, waitOnExecutionContext, type D1Migration } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import worker, { type Env } from '../../src/worker/index.ts';
import { createWorker } from '../../src/worker/worker.ts';
import { d1GapStore, GAPS_WITHOUT_RATE_LIMITER, type D1Like } from '../../src/worker/gaps.ts';
import { daysBefore, GAPS_DEFAULTS, type GapPolicy } from '../../src/protocol/gaps.ts';
import type { RateLimiter } from '../../src/worker/rate-limit.ts';

// The gap table's bounds inside workerd, on miniflare's local D1 (GAPS_DB in
// test/wrangler.test.toml) with migrations/ applied: the row cap under a flood, the age cap, which
// rows a full table drops, what one record costs in rows read, redaction and day-granular times on
// the real /search path, and the warning about a report without a rate limiter. Each test file has
// its own D1 storage; each test here starts from an empty table.

const testEnv = env as unknown as Env & { GAPS_DB: D1Like; TEST_MIGRATIONS: D1Migration[]; TEST_RATE_LIMITER: RateLimiter };
const db = testEnv.GAPS_DB;
const TODAY = new Date().toISOString();
const policy = (overrides: Partial<GapPolicy>): GapPolicy => ({ ...GAPS_DEFAULTS, ...overrides });

interface SearchBody {
  confidence: { shouldAnswer: boolean };
}

async function one<T>(sql: string, ...values: unknown[]): Promise<T> {
  const { results } = await db.prepare(sql).bind(...values).all<T>();
  return results[0]!;
}

/** The table's rows, counted, and the count the triggers keep (gaps_size), which must agree. */
async function size(): Promise<{ rows: number; kept: number }> {
  return one('SELECT (SELECT count(*) FROM gaps) AS rows, (SELECT rows FROM gaps_size WHERE id = 1) AS kept');
}

async function queries(): Promise<string[]> {
  const { results } = await db.prepare('SELECT query FROM gaps ORDER BY query').bind().all<{ query: string }>();
  return results.map((r) => r.query);
}

/** `i` in letters only (0 → "a", 26 → "ba"), so flood queries hold no digits for redaction to touch. */
function letters(i: number): string {
  return [...i.toString(26)].map((d) => String.fromCharCode(97 + parseInt(d, 26))).join('');
}

async function search(vars: Partial<Env> & Record<string, unknown>, q: string): Promise<SearchBody> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`https://search.example.com/search?q=${encodeURIComponent(q)}`), vars as Env, ctx);
  const body = (await res.json()) as SearchBody;
  await waitOnExecutionContext(ctx);
  return body;
}

beforeAll(async () => {
  await applyD1Migrations(db, testEnv.TEST_MIGRATIONS);
});

beforeEach(async () => {
  await db.prepare('DELETE FROM gaps').bind().run();
  // A test may lose the kept count on purpose; every test starts with it right.
  await db.prepare('INSERT OR REPLACE INTO gaps_size (id, rows) VALUES (1, 0)').bind().run();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the row cap', () => {
  // ~13 s on an idle machine (5,000 D1 batches): its own timeout, so a busy machine does not fail it.
  it('holds under a flood of 5,000 distinct queries, and keeps the queries asked more than once', { timeout: 60_000 }, async () => {
    const cap = 100;
    const store = d1GapStore(db, policy({ maxRows: cap }));
    const askedTwice = Array.from({ length: 10 }, (_, i) => `asked twice ${letters(i)}`);
    for (const query of [...askedTwice, ...askedTwice]) await store.record({ query, lang: 'en' }, TODAY);

    // 50 records in flight at a time, as concurrent Workers would send them; the cap holds after every wave.
    const wave = 50;
    for (let start = 0; start < 5_000; start += wave) {
      await Promise.all(Array.from({ length: wave }, (_, j) => store.record({ query: `flood ${letters(start + j)}`, lang: 'en' }, TODAY)));
      const { rows, kept } = await size();
      expect(rows).toBeLessThanOrEqual(cap);
      expect(kept).toBe(rows);
    }

    expect(await size()).toEqual({ rows: cap, kept: cap });
    const left = await queries();
    // Rows seen twice outrank any flood row seen once...
    for (const query of askedTwice) expect(left).toContain(query);
    // ...and among rows seen once on the same day, the earliest recorded went first: the flood's last
    // queries are in, its first ones long gone.
    expect(left).toContain(`flood ${letters(4_999)}`);
    expect(left).not.toContain(`flood ${letters(0)}`);
    const counts = await one<{ twice: number }>("SELECT count(*) AS twice FROM gaps WHERE count = 2 AND query LIKE 'asked twice %'");
    expect(counts.twice).toBe(askedTwice.length);
  });

  it('holds through GET /search: 1,000 distinct unanswerable queries leave GAPS_MAX_ROWS rows', async () => {
    // One env object for every request: one app, as in a deployed isolate.
    const vars = { ...testEnv, GAPS: 'on', GAPS_MAX_ROWS: '25', EDGE_CACHE: 'off' };
    const kept = 'zebra husbandry quota';
    await search(vars, kept);
    await search(vars, kept);
    let fallbacks = 0;
    for (let i = 0; i < 1_000; i++) {
      if (!(await search(vars, `zebra husbandry ${letters(i)}`)).confidence.shouldAnswer) fallbacks++;
    }
    // Every query was a gap the Worker tried to record, so the table was offered 1,001 rows.
    expect(fallbacks).toBe(1_000);
    expect(await size()).toEqual({ rows: 25, kept: 25 });
    expect(await queries()).toContain(kept);
  });

  it('drops the fewest occurrences first, then the longest unseen, then the earliest recorded', async () => {
    const store = d1GapStore(db, policy({ maxRows: 5 }));
    const daysAgo = (n: number) => `${daysBefore(TODAY.slice(0, 10), n)}T12:00:00.000Z`;
    const record = (query: string, at = TODAY) => store.record({ query, lang: 'en' }, at);
    await record('often', daysAgo(5));
    await record('often', daysAgo(5));
    await record('old once', daysAgo(3));
    await record('yesterday once', daysAgo(1));
    await record('today first');
    await record('today second');
    expect(await queries()).toEqual(['often', 'old once', 'today first', 'today second', 'yesterday once']);

    await record('new a');
    expect(await queries()).not.toContain('old once');
    await record('new b');
    expect(await queries()).not.toContain('yesterday once');
    await record('new c');
    expect(await queries()).toEqual(['new a', 'new b', 'new c', 'often', 'today second']);
    expect(await size()).toEqual({ rows: 5, kept: 5 });
  });

  it('costs a handful of rows read per record, not a count of the table', async () => {
    const cap = 2_000;
    // Fill the table to its cap in one statement (the triggers count the rows as they go in).
    await db
      .prepare(
        `INSERT INTO gaps (query, lang, count, first_seen, last_seen)
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
         SELECT 'filler ' || i, 'en', 1 + i % 3, ?2, ?2 FROM n`,
      )
      .bind(cap, TODAY.slice(0, 10))
      .run();
    expect(await size()).toEqual({ rows: cap, kept: cap });

    const reads: number[] = [];
    const metered: D1Like = {
      prepare: (sql) => db.prepare(sql),
      batch: async (statements) => {
        const results = (await db.batch(statements)) as { meta: { rows_read: number } }[];
        reads.push(results.reduce((n, r) => n + r.meta.rows_read, 0));
        return results;
      },
    };
    const store = d1GapStore(metered, policy({ maxRows: cap }));
    await store.record({ query: 'a new query over the cap', lang: 'en' }, TODAY);
    await store.record({ query: 'filler 7', lang: 'en' }, TODAY);
    expect(await size()).toEqual({ rows: cap, kept: cap });

    // The meter sees full scans: counting the table reads every row.
    const count = (await db.prepare('SELECT count(*) FROM gaps').bind().run()) as { meta: { rows_read: number } };
    expect(count.meta.rows_read).toBeGreaterThanOrEqual(cap);
    // A record, pruning one row or none, reads a handful (8 and 4 measured), whatever the table's size.
    expect(reads).toHaveLength(2);
    for (const n of reads) expect(n).toBeLessThanOrEqual(16);
  });

  it('still holds if the kept count is lost, by counting', async () => {
    const store = d1GapStore(db, policy({ maxRows: 3 }));
    await db.prepare('DELETE FROM gaps_size').bind().run();
    for (const query of ['a', 'b', 'c', 'd', 'e']) await store.record({ query, lang: 'en' }, TODAY);
    expect((await size()).rows).toBe(3);
  });
});

describe('the age cap', () => {
  it('drops rows last seen more than GAPS_MAX_AGE_DAYS days before the day recorded, however often asked', async () => {
    const store = d1GapStore(db, policy({ maxAgeDays: 90 }));
    const today = TODAY.slice(0, 10);
    for (let i = 0; i < 5; i++) await store.record({ query: 'asked often long ago', lang: 'en' }, `${daysBefore(today, 91)}T08:00:00.000Z`);
    await store.record({ query: 'seen 90 days ago', lang: 'en' }, `${daysBefore(today, 90)}T23:59:59.999Z`);
    await store.record({ query: 'seen today', lang: 'en' }, TODAY);
    expect(await queries()).toEqual(['seen 90 days ago', 'seen today']);
    expect(await size()).toEqual({ rows: 2, kept: 2 });
  });
});

describe('what is stored', () => {
  const secretQuery = 'My password is hunter2; mail jane.doe@example.com or call 4111 1111 1111 1111 key sk-proj-a1b2c3d4e5f6g7h8';

  it('redacts e-mail addresses, long numbers, tokens and secrets before storing, by default', async () => {
    const body = await search({ ...testEnv, GAPS: 'on' }, secretQuery);
    expect(body.confidence.shouldAnswer).toBe(false);
    expect(await queries()).toEqual(['my password is <secret> mail <email> or call <number> key <token>']);
    const { results } = await db.prepare('SELECT * FROM gaps').bind().all();
    expect(JSON.stringify(results)).not.toMatch(/hunter2|jane|example\.com|4111|a1b2c3/);
  });

  it('stores the normalised query as typed with GAPS_REDACT = "off"', async () => {
    await search({ ...testEnv, GAPS: 'on', GAPS_REDACT: 'off' }, secretQuery);
    expect(await queries()).toEqual([secretQuery.toLowerCase()]);
  });

  it('keeps times to the UTC day, and migration 0002 cuts rows of the old format to theirs', async () => {
    await search({ ...testEnv, GAPS: 'on' }, 'zebra husbandry quota');
    const fresh = await one<{ first_seen: string; last_seen: string }>('SELECT first_seen, last_seen FROM gaps');
    expect(fresh).toEqual({ first_seen: TODAY.slice(0, 10), last_seen: TODAY.slice(0, 10) });

    // A row as the Worker wrote it before 0002, and a lost count: running 0002 again (every
    // statement may run twice) cuts the times to the day and recounts.
    await db.prepare("INSERT INTO gaps (query, lang, count, first_seen, last_seen) VALUES ('legacy', 'en', 3, '2026-01-05T09:31:02.114Z', '2026-02-01T17:05:40.951Z')").bind().run();
    await db.prepare('UPDATE gaps_size SET rows = 999').bind().run();
    const bounds = testEnv.TEST_MIGRATIONS.find((m) => m.name.startsWith('0002_'));
    expect(bounds).toBeDefined();
    for (const sql of bounds!.queries) await db.prepare(sql).bind().run();
    expect(await one('SELECT first_seen, last_seen FROM gaps WHERE query = ?1', 'legacy')).toEqual({ first_seen: '2026-01-05', last_seen: '2026-02-01' });
    expect(await size()).toEqual({ rows: 2, kept: 2 });
  });
});

describe('a report without a rate limiter', () => {
  const HEALTH_TOKEN = 'gaps-bounds-token';
  async function health(app: ReturnType<typeof createWorker>, vars: Record<string, unknown>): Promise<string[]> {
    // The admin token shows them (issue 47 L2: the public /health does not).
    const ctx = createExecutionContext();
    const request = new Request('https://search.example.com/health', { headers: { authorization: `Bearer ${HEALTH_TOKEN}` } });
    const res = await app.fetch(request, { ...testEnv, ...vars, ADMIN_TOKEN: HEALTH_TOKEN } as Env, ctx);
    await waitOnExecutionContext(ctx);
    return ((await res.json()) as { configWarnings: string[] }).configWarnings;
  }

  it('is named in /health every time and logged once per isolate', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const isolate = createWorker();
    // Each env object builds its own app (as a new deployment's vars would): still one log line.
    expect(await health(isolate, { GAPS: 'on' })).toContain(GAPS_WITHOUT_RATE_LIMITER);
    expect(await health(isolate, { GAPS: 'on', GAPS_MAX_ROWS: '10' })).toContain(GAPS_WITHOUT_RATE_LIMITER);
    const logged = warn.mock.calls.filter(([message]) => String(message).includes('RATE_LIMITER'));
    expect(logged).toEqual([[`recall-box: ${GAPS_WITHOUT_RATE_LIMITER}`]]);
  });

  it('is not warned about with a limiter bound, nor with the report off', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const isolate = createWorker();
    expect(await health(isolate, { GAPS: 'on', RATE_LIMITER: testEnv.TEST_RATE_LIMITER })).not.toContain(GAPS_WITHOUT_RATE_LIMITER);
    expect(await health(isolate, {})).not.toContain(GAPS_WITHOUT_RATE_LIMITER);
    expect(warn).not.toHaveBeenCalled();
  });

  it('names gap settings it cannot use in /health and keeps their defaults', async () => {
    const warnings = (await health(createWorker(), { GAPS: 'on', RATE_LIMITER: testEnv.TEST_RATE_LIMITER, GAPS_MAX_ROWS: 'lots', GAPS_MAX_AGE_DAYS: '0', GAPS_REDACT: 'maybe' })).join('\n');
    expect(warnings).toMatch(/GAPS_MAX_ROWS "lots".*using 10000/);
    expect(warnings).toMatch(/GAPS_MAX_AGE_DAYS "0".*using 90/);
    expect(warnings).toMatch(/GAPS_REDACT "maybe".*using on/);
  });
});
