/**
 * Issue 53's targets, measured on loopback with the real Worker under `wrangler dev`:
 *
 *   npx tsx bench/analytics-bench.ts [--queries 300] [--flood-seconds 60] [--flood-cap 2000]
 *
 * 1. /search with ANALYTICS on vs off (bench/analytics-cost.ts): two Workers (one with analytics on
 *    a local D1 holding 10,000 rows), the same distinct queries alternating between them; medians
 *    and the paired ratio (on ÷ off). With --pause-ms N, N ms between pairs.
 * 2. The owners' page with 10,000 stored rows: GET /admin/api/report (bearer), and the page in
 *    Chromium from navigation to drawn (logged in by the form), medians of 10 after a first load.
 * 3. A flood: distinct queries as fast as 8 clients can send them for --flood-seconds against a
 *    Worker with ANALYTICS_MAX_ROWS = --flood-cap; then the tables' row counts, which must be at
 *    most the cap, and analytics_size, which must agree with them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser } from '../test/support/browser.ts';
import { benchAnalyticsCost } from './analytics-cost.ts';
import { ANALYTICS_CONFIG, analyticsRowCounts, seededAnalytics } from './analytics-seed.ts';
import { median } from './stats.ts';
import { startWranglerDev, type WranglerDev } from './wrangler-dev.ts';

const { values: args } = parseArgs({ options: { queries: { type: 'string', default: '300' }, 'flood-seconds': { type: 'string', default: '60' }, 'flood-cap': { type: 'string', default: '2000' }, 'pause-ms': { type: 'string', default: '0' }, control: { type: 'boolean', default: false } } });
const TOKEN = 'analytics-bench-token-0123456789abcdef';
const WORDS = ['routing', 'middleware', 'route parameters', 'deploy', 'install', 'configuration', 'handlers', 'errors', 'testing', 'context'];
const query = (i: number) => `${WORDS[i % WORDS.length]} ${(i * 7919).toString(36)}`;

async function adminLoad(server: WranglerDev) {
  const api: number[] = [];
  for (let i = 0; i < 11; i++) {
    const started = performance.now();
    const res = await fetch(`${server.url}/admin/api/report`, { headers: { authorization: `Bearer ${TOKEN}` } });
    await res.text();
    if (i > 0) api.push(performance.now() - started);
  }
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}/admin`);
    await page.locator('#token').fill(TOKEN);
    await Promise.all([page.waitForURL(`${server.url}/admin`), page.locator('button[type=submit]').click()]);
    await page.locator('body[data-loaded=""]').waitFor({ timeout: 30_000 });
    const loads: number[] = [];
    // The page's own clock: navigation start to the report drawn (admin.js sets data-drawn-ms).
    const drawn: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      await page.goto(`${server.url}/admin`);
      await page.locator('body[data-loaded=""]').waitFor({ timeout: 30_000 });
      loads.push(performance.now() - started);
      drawn.push(Number(await page.locator('body').getAttribute('data-drawn-ms')));
    }
    return { apiP50: median(api), pageP50: median(loads), pageLoads: loads.map((t) => Math.round(t)), drawnP50: median(drawn) };
  } finally {
    await browser.close();
  }
}

async function flood(persistTo: string, seconds: number, cap: number) {
  const server = await startWranglerDev({ config: ANALYTICS_CONFIG, persistTo, vars: { ANALYTICS: 'on', EDGE_CACHE: 'off', ANALYTICS_MAX_ROWS: String(cap) }, timeoutMs: 90_000 });
  let sent = 0;
  let failed = 0;
  try {
    const end = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: 8 }, async (_, client) => {
        for (let i = 0; Date.now() < end; i++) {
          const res = await fetch(`${server.url}/search?q=${encodeURIComponent(`flood ${client} ${i.toString(36)} routing`)}`);
          await res.text();
          if (res.status === 200) sent++;
          else failed++;
        }
      }),
    );
    // The last requests' writes run after their answers (waitUntil): give them a moment.
    await new Promise((r) => setTimeout(r, 2_000));
  } finally {
    await server.stop();
  }
  return { seconds, cap, searches: sent, failed, ...(await analyticsRowCounts(persistTo)) };
}

async function main(persistTo: string): Promise<void> {
  await seededAnalytics(persistTo, 10_000);
  // --control: the "on" Worker with analytics off, everything else the same: the ratio two like
  // Workers show on this machine, to read the real one against.
  const on = await startWranglerDev({ config: ANALYTICS_CONFIG, persistTo, vars: { ANALYTICS: args.control ? 'off' : 'on', EDGE_CACHE: 'off', ADMIN_TOKEN: TOKEN }, timeoutMs: 90_000 });
  const off = await startWranglerDev({ config: ANALYTICS_CONFIG, persistTo: `${persistTo}-off`, vars: { EDGE_CACHE: 'off' }, timeoutMs: 90_000 });
  try {
    const queries = Array.from({ length: Number(args.queries) }, (_, i) => query(i));
    const cost = await benchAnalyticsCost(on.url, off.url, queries, 20, Number(args['pause-ms']));
    console.log(`/search, ${cost.queries} distinct queries, ${cost.pauseMs} ms between pairs: p50 ${cost.on.p50.toFixed(2)} ms with ANALYTICS ${args.control ? 'off (control)' : 'on'}, ${cost.off.p50.toFixed(2)} ms off; paired ratio ${cost.pairedRatio.toFixed(3)}`);
    await off.stop();
    if (args.control) return;
    const admin = await adminLoad(on);
    console.log(`/admin with 10,000 rows: report API p50 ${admin.apiP50.toFixed(1)} ms; page drawn p50 ${admin.drawnP50} ms by the page's clock (navigation start to drawn), ${admin.pageP50.toFixed(1)} ms as Playwright sees it (${admin.pageLoads.join(', ')})`);
  } finally {
    await Promise.all([on.stop(), off.stop()]);
  }
  if (Number(args['flood-seconds']) <= 0) return;
  const f = await flood(persistTo, Number(args['flood-seconds']), Number(args['flood-cap']));
  console.log(`flood: ${f.searches} searches (${f.failed} failed) in ${f.seconds} s, cap ${f.cap}: analytics_queries ${f.queries} rows (size ${f.sizeQueries}), analytics_pages ${f.pages} rows (size ${f.sizePages})`);
  if (f.queries > f.cap || f.pages > f.cap || f.queries !== f.sizeQueries || f.pages !== f.sizePages) {
    console.error('the caps did not hold');
    process.exitCode = 1;
  }
}

const persistTo = await mkdtemp(path.join(tmpdir(), 'recall-box-analytics-bench-'));
try {
  await main(persistTo);
} finally {
  await rm(persistTo, { recursive: true, force: true });
  await rm(`${persistTo}-off`, { recursive: true, force: true });
}
