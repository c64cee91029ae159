/**
 * Does the Worker keep answering with its answer cache on? Issue 47's targets, against a built pack
 * under `wrangler dev` (workerd, loopback only, every run bounded in count and time):
 *
 *   npm run bench:probe -- --pack <built pack dir> [--queries 200] [--connections 50] [--seconds 60]
 *
 * 1. restart: `--queries` page titles asked (stored in the Cache API), wrangler restarted on the same
 *    state folder and port, the same queries asked again (Cache API hits while the new isolate's
 *    searches still read), then as many new ones: how many got no answer within 10 s;
 * 2. load: `--connections` clients for `--seconds`, cycling through the titles, cache on: every
 *    request answered?
 * 3. the same with one section block missing from the pack: the queries that need it answer 503,
 *    every other one 200, none unanswered;
 * 4. a cold burst: a new isolate asked `--connections` distinct queries at once, which wait for one
 *    another's reads of the pieces they share (src/core/codec/kept-loads.ts): when the first and the last
 *    answer came.
 * The pack is read lazily (PACK_READ lazy), the path a large site takes. Prints one table.
 */
import autocannon from 'autocannon';
import { cp, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, startWranglerDev, writeLazyPackConfig, type WranglerDev } from './wrangler-dev.ts';

/** An answer later than this counts as none: far above a search's milliseconds. */
const ANSWER_TIMEOUT_MS = 10_000;
/** Requests in flight at once in the restart sequence: a page of readers, not a flood. */
const RESTART_CONCURRENCY = 20;

const { values } = parseArgs({
  options: {
    pack: { type: 'string' },
    queries: { type: 'string', default: '200' },
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '60' },
  },
});
if (!values.pack) throw new Error('usage: npm run bench:probe -- --pack <built pack dir> [--queries 200] [--connections 50] [--seconds 60]');
const QUERIES = Number(values.queries);
const CONNECTIONS = Number(values.connections);
const SECONDS = Number(values.seconds);

/** Every distinct section title of the pack, in block order. */
async function titlesOf(packDir: string): Promise<string[]> {
  const titles = new Set<string>();
  for (const file of (await readdir(packDir)).filter((f) => /^sections-\d+\.json$/.test(f)).sort()) {
    const block = JSON.parse(await readFile(path.join(packDir, file), 'utf8')) as { sections: Array<{ title: string }> };
    for (const s of block.sections) titles.add(s.title);
  }
  return [...titles];
}

/** A folder serving `packDir` at /pack/, a wrangler config for it and a state folder. */
async function siteFor(packDir: string): Promise<{ dir: string; config: string; state: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'recall-box-probe-'));
  await cp(packDir, path.join(dir, 'site/pack'), { recursive: true });
  const config = await writeLazyPackConfig(dir, 'recall-box-probe');
  return { dir, config, state: path.join(dir, 'state') };
}

/** Each query's outcome: `<status> <cache status>`, or `unanswered`. */
async function ask(url: string, qs: readonly string[]): Promise<Record<string, number>> {
  const tally: Record<string, number> = {};
  let next = 0;
  const client = async () => {
    while (next < qs.length) {
      const q = qs[next++]!;
      let outcome = 'unanswered';
      try {
        const res = await fetch(`${url}/search?q=${encodeURIComponent(q)}`, { signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) });
        await res.arrayBuffer();
        outcome = `${res.status} ${res.headers.get('x-recall-box-cache')}`;
      } catch {
        // No answer within the timeout.
      }
      tally[outcome] = (tally[outcome] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: RESTART_CONCURRENCY }, client));
  return tally;
}

interface Row {
  run: string;
  requests: number;
  outcomes: string;
  unanswered: number;
  /** For a load run: autocannon's errors (connection errors, timeouts included) and timeouts, apart. */
  failures: string;
  p50: string;
  p99: string;
}

async function load(name: string, url: string, qs: readonly string[]): Promise<Row> {
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: ANSWER_TIMEOUT_MS / 1000,
    requests: [{ method: 'GET', setupRequest: (r) => ({ ...r, path: `/search?q=${encodeURIComponent(qs[next++ % qs.length]!)}` }) }],
  });
  const codes = Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => `${code} × ${(s as { count: number }).count}`);
  return {
    run: name,
    requests: result.requests.total,
    outcomes: codes.join(', '),
    // autocannon counts a timeout among its errors too.
    unanswered: result.errors,
    failures: `${result.errors} errors (${result.timeouts} timeouts)`,
    p50: `${result.latency.p50} ms`,
    p99: `${result.latency.p99} ms`,
  };
}

/** `qs` all at once to a new isolate (its pack not loaded): each answer's status, and when the first and last came. */
async function coldBurst(url: string, qs: readonly string[]): Promise<Row> {
  const started = Date.now();
  const answers = await Promise.all(
    qs.map(async (q) => {
      try {
        const res = await fetch(`${url}/search?q=${encodeURIComponent(q)}`, { signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) });
        await res.arrayBuffer();
        return { outcome: String(res.status), ms: Date.now() - started };
      } catch {
        return { outcome: 'unanswered', ms: Date.now() - started };
      }
    }),
  );
  const tally: Record<string, number> = {};
  for (const a of answers) tally[a.outcome] = (tally[a.outcome] ?? 0) + 1;
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  return {
    run: `cold burst: ${qs.length} distinct queries at once to a new isolate`,
    requests: qs.length,
    outcomes: Object.entries(tally).map(([k, n]) => `${k} × ${n}`).join(', '),
    unanswered: tally['unanswered'] ?? 0,
    failures: `first answer ${ms[0]} ms`,
    p50: `${ms[Math.floor(ms.length / 2)]} ms`,
    p99: `${ms[ms.length - 1]} ms (last)`,
  };
}

const rows: Row[] = [];
const titles = await titlesOf(values.pack);
if (titles.length < 2 * QUERIES) throw new Error(`the pack has ${titles.length} titles, fewer than 2 × --queries`);
const site = await siteFor(values.pack);
const port = await freePort();
const running: WranglerDev[] = [];
const start = async () => {
  const dev = await startWranglerDev({ config: site.config, port, persistTo: site.state, timeoutMs: 120_000 });
  running.push(dev);
  return dev;
};
const show = (t: Record<string, number>) => Object.entries(t).map(([k, n]) => `${k} × ${n}`).join(', ');
try {
  const repeated = titles.slice(0, QUERIES);
  const fresh = titles.slice(QUERIES, 2 * QUERIES);
  let server = await start();
  const first = await ask(server.url, repeated);
  rows.push({ run: `restart: ${QUERIES} titles, first run`, requests: QUERIES, outcomes: show(first), unanswered: first['unanswered'] ?? 0, failures: '', p50: '', p99: '' });
  await server.stop();
  server = await start();
  const again = await ask(server.url, repeated);
  rows.push({ run: `restart: the same ${QUERIES} after a restart`, requests: QUERIES, outcomes: show(again), unanswered: again['unanswered'] ?? 0, failures: '', p50: '', p99: '' });
  const after = await ask(server.url, fresh);
  rows.push({ run: `restart: ${QUERIES} new titles`, requests: QUERIES, outcomes: show(after), unanswered: after['unanswered'] ?? 0, failures: '', p50: '', p99: '' });
  rows.push(await load(`load: ${CONNECTIONS} clients, ${SECONDS} s, cache on`, server.url, titles));
  await server.stop();

  // One block gone: the queries that need it fail typed (503), every other query is answered.
  const blocks = (await readdir(path.join(site.dir, 'site/pack'))).filter((f) => /^sections-\d+\.json$/.test(f)).sort();
  const missing = blocks[Math.floor(blocks.length / 2)]!;
  await rm(path.join(site.dir, 'site/pack', missing));
  await rm(site.state, { recursive: true, force: true });
  server = await start();
  rows.push(await load(`load: ${CONNECTIONS} clients, ${SECONDS} s, cache on, ${missing} missing`, server.url, titles));
  await server.stop();

  await cp(path.join(values.pack, missing), path.join(site.dir, 'site/pack', missing));
  await rm(site.state, { recursive: true, force: true });
  server = await start();
  rows.push(await coldBurst(server.url, titles.slice(-CONNECTIONS)));
} finally {
  for (const dev of running) await dev.stop();
  await rm(site.dir, { recursive: true, force: true });
}

console.log(`\npack ${values.pack} (${titles.length} titles), read lazily, under wrangler dev on 127.0.0.1\n`);
console.log('| run | requests | outcomes (status × count) | unanswered | failures | p50 | p99 |');
console.log('| --- | ---: | --- | ---: | --- | ---: | ---: |');
for (const r of rows) console.log(`| ${r.run} | ${r.requests} | ${r.outcomes} | ${r.unanswered} | ${r.failures} | ${r.p50} | ${r.p99} |`);
