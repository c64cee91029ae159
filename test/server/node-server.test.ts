import { copyFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeHandler, startNodeServer } from '../../src/server/node-server.ts';
import { buildPack } from '../../src/indexer/build-pack.ts';
import { buildWidget } from '../../scripts/build-widget.ts';
import { buildHighlight } from '../../scripts/build-highlight.ts';

// The Node adapter on a real pack of the fixture site and the real widget files: what
// `recall-box serve` and a self-hosted server answer. (That it answers /search as workerd does is
// test/worker/node-parity.test.ts.)

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let dir: string;
let publicDir: string;
let handler: (request: Request) => Promise<Response>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'recall-box-node-server-'));
  // The widget files as the package ships them, built here: a fresh clone has none before its build.
  publicDir = path.join(dir, 'public');
  await mkdir(publicDir);
  await buildWidget({ outfile: path.join(publicDir, 'recall-box.js') });
  await buildHighlight(path.join(publicDir, 'recall-box-highlight.js'));
  await copyFile(path.join(ROOT, 'public/demo.css'), path.join(publicDir, 'demo.css'));
  await buildPack(path.join(ROOT, 'test/fixtures/site'), path.join(dir, 'pack'), { embedding: false });
  handler = await createNodeHandler({ packDir: path.join(dir, 'pack'), publicDir });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, init?: RequestInit) => handler(new Request(`http://127.0.0.1${url}`, init));

describe('the Node server', () => {
  it('answers /search from the pack on disk', async () => {
    const res = await get('/search?q=route%20parameters');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { results: Array<{ url: string }> };
    expect(body.results[0]?.url).toBe('/guides/routing/#route-parameters');
  });

  it('renders an indexed page at its URL, with the heading a result links to, under a policy that loads only its own scripts', async () => {
    const res = await get('/guides/routing/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).toMatch(/<h2 id="route-parameters">/);
    expect(html).toContain('/recall-box-highlight.js');
    // The same page without its trailing slash.
    expect((await get('/guides/routing')).status).toBe(200);
  });

  it('lists every page, at / when the docs have no page there', async () => {
    const html = await (await get('/_recall-box/pages/')).text();
    expect(html).toContain('href="/guides/routing/"');
    expect(html).toContain('href="/reference/api/"');
  });

  it('serves the widget and the highlight script for any origin, and 404 NOT_FOUND for anything else', async () => {
    const widget = await get('/recall-box.js');
    expect(widget.status).toBe(200);
    expect(widget.headers.get('access-control-allow-origin')).toBe('*');
    expect(widget.headers.get('content-type')).toMatch(/javascript/);
    expect((await widget.text()).length).toBeGreaterThan(10_000);
    expect((await get('/recall-box-highlight.js')).status).toBe(200);
    const missing = await get('/no/such/page/');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    // The API's JSON keeps the strictest policy: only pages load scripts.
    expect(missing.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('answers llms.txt, llms-full.txt and each page\'s Markdown from the pack, as the Worker does', async () => {
    const llms = await get('/llms.txt');
    expect(llms.status).toBe(200);
    expect(llms.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await llms.text()).toBe(await readFile(path.join(dir, 'pack', 'llms.txt'), 'utf8'));
    expect(await (await get('/llms-full.txt')).text()).toBe(await readFile(path.join(dir, 'pack', 'llms-full.txt'), 'utf8'));
    const md = await get('/guides/routing/index.html.md');
    expect(md.status).toBe(200);
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await md.text()).toMatch(/^# Routing\n/);
  });

  it('says NOT_FOUND for llms.txt of a pack built before it', async () => {
    // The pack as an older build wrote it: no llms files in its manifest.
    const old = path.join(dir, 'old-pack');
    await cp(path.join(dir, 'pack'), old, { recursive: true });
    const manifest = JSON.parse(await readFile(path.join(old, 'manifest.json'), 'utf8')) as { files: Record<string, unknown> };
    delete manifest.files['llms.txt'];
    delete manifest.files['llms-full.txt'];
    await writeFile(path.join(old, 'manifest.json'), JSON.stringify(manifest));
    const oldHandler = await createNodeHandler({ packDir: old, publicDir });
    const res = await oldHandler(new Request('http://127.0.0.1/llms.txt'));
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('NOT_FOUND');
    expect(body.error.message).toContain('rebuild');
    // Its pages' Markdown is rendered from the sections, which every pack has.
    expect((await oldHandler(new Request('http://127.0.0.1/guides/routing.md'))).status).toBe(200);
  });

  it('refuses bad input with the Worker\'s codes', async () => {
    const bad = await get('/search', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('BAD_REQUEST');
    const empty = await get('/search?q=');
    expect(((await empty.json()) as { error: { code: string } }).error.code).toBe('QUERY_EMPTY');
  });

  it('says INDEX_MISSING for a folder with no pack, and WIDGET_MISSING at start for a package whose widget was never built', async () => {
    const none = await createNodeHandler({ packDir: path.join(dir, 'nothing-here'), publicDir });
    const health = await none(new Request('http://127.0.0.1/health'));
    expect(health.status).toBe(503);
    expect(((await health.json()) as { error: { code: string } }).error.code).toBe('INDEX_MISSING');
    await expect(createNodeHandler({ packDir: path.join(dir, 'pack'), publicDir: dir })).rejects.toThrow(/WIDGET_MISSING/);
  });

  it("serves the owners' page as the Worker does: the login form, its files, and 401 to everyone without an ADMIN_TOKEN", async () => {
    const page = await get('/admin');
    expect(page.status).toBe(401);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('action="/admin/login"');
    expect((await get('/admin/assets/admin.js')).status).toBe(200);
    const login = await get('/admin/login', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'token=' });
    expect(login.status).toBe(401);
    expect((await get('/admin/api/report')).status).toBe(401);
  });

  it('guards /admin/* with the ADMIN_TOKEN it is given, and refuses everyone without one', async () => {
    const withToken = await createNodeHandler({ packDir: path.join(dir, 'pack'), publicDir, adminToken: 'node-admin-token' });
    const gaps = (h: typeof handler, authorization?: string) => h(new Request('http://127.0.0.1/admin/gaps', authorization ? { headers: { authorization } } : {}));
    // The right token gets past the guard to a report that is off here (no D1 under Node).
    expect((await gaps(withToken, 'Bearer node-admin-token')).status).toBe(404);
    expect((await gaps(withToken, 'Bearer wrong')).status).toBe(401);
    expect((await gaps(handler, 'Bearer node-admin-token')).status).toBe(401);
  });

  it('counts searches and clicks in memory with ANALYTICS on, and shows them on the owners\' page', async () => {
    const counting = await createNodeHandler({ packDir: path.join(dir, 'pack'), publicDir, adminToken: 'node-admin-token', vars: { ANALYTICS: 'on' } });
    const call = (url: string, init?: RequestInit) => counting(new Request(`http://127.0.0.1${url}`, init));
    const search = await call('/search?q=route%20parameters');
    // The header the widget waits for before it sends a beacon.
    expect(search.headers.get('x-recall-box-analytics')).toBe('on');
    await call('/search?q=zebra%20husbandry');
    // The count is taken after the answer, on a 0 ms timer: one of 20 ms set later fires after it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const click = await call('/events', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ q: 'route parameters', rank: 1, url: '/guides/routing/#route-parameters' }) });
    expect(click.status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const report = (await (await call('/admin/api/report', { headers: { authorization: 'Bearer node-admin-token' } })).json()) as {
      totals: { searches: number; clicks: number };
      topQueries: Array<{ query: string; clicks: number }>;
      gaps: Array<{ queries: string[] }>;
    };
    expect(report.totals).toMatchObject({ searches: 2, clicks: 1 });
    expect(report.topQueries.find((q) => q.query === 'route parameters')).toMatchObject({ clicks: 1 });
    expect(report.gaps.map((g) => g.queries[0])).toEqual(['zebra husbandry']);
    // Off (the default), nothing is counted and the page says so.
    expect((await get('/events', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' })).status).toBe(404);
  });

  it('listens on loopback and stops', async () => {
    const server = await startNodeServer({ packDir: path.join(dir, 'pack'), port: 0, publicDir });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const res = await fetch(`${server.url}/health`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { status: string }).status).toBe('ok');
    } finally {
      await server.close();
    }
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();
  });
});
