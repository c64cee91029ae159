import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker, { type Env } from '../../src/worker/index.ts';
import { DOCS_PACK_PATH } from '../support/search-samples.ts';

// The site for agents (src/worker/llms-routes.ts) inside workerd, against the fixture pack
// prepare-site.ts built from test/fixtures/site and serves as static assets at /pack/, with
// test/wrangler.test.toml's vars (PREVIEW_PAGES on: its catch-all comes after these routes).

interface ErrorBody {
  error: { code: string; message: string };
}

async function call(path: string, init: RequestInit = {}, vars: Partial<Env> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`https://search.example.com${path}`, init), { ...(env as unknown as Env), ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** A file of the fixture pack as the static assets hold it. */
async function packFile(name: string, packPath = '/pack/'): Promise<string> {
  const res = await (env as unknown as Env).ASSETS.fetch(new Request(`https://assets.invalid${packPath}${name}`));
  expect(res.status).toBe(200);
  return res.text();
}

describe('GET /llms.txt and /llms-full.txt', () => {
  it.each([
    ['/llms.txt', 'llms.txt'],
    ['/llms-full.txt', 'llms-full.txt'],
  ])('%s answers the pack\'s %s as UTF-8 text, with the security headers and the CORS of /search', async (path, file) => {
    const res = await call(path, { headers: { Origin: 'https://docs.example.com' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('access-control-allow-origin')).toBe('https://docs.example.com');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await res.text()).toBe(await packFile(file));
  });

  it('is the llms.txt format, linking each page\'s Markdown URL, which the Worker answers', async () => {
    const text = await (await call('/llms.txt')).text();
    expect(text.startsWith('# Skylark\n\n> ')).toBe(true);
    const links = [...text.matchAll(/^- \[[^\]]+\]\(([^)]+)\)/gm)].map((m) => m[1]!);
    expect(links).toContain('/guides/routing/index.html.md');
    for (const link of links) expect((await call(link)).status, link).toBe(200);
  });

  it('answers a client holding the same build 304 without reading the file', async () => {
    const first = await call('/llms-full.txt');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[0-9a-f]{16}-llms"$/);
    const again = await call('/llms-full.txt', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('is off with LLMS_TXT = "off": NOT_FOUND, as any path no route answers', async () => {
    for (const path of ['/llms.txt', '/llms-full.txt', '/guides/routing/index.html.md']) {
      const res = await call(path, {}, { LLMS_TXT: 'off' });
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as ErrorBody).error.code).toBe('NOT_FOUND');
    }
  });
});

describe('GET <page>.md', () => {
  it('answers a page\'s Markdown at its URL + index.html.md, and + .md without the slash', async () => {
    const res = await call('/guides/routing/index.html.md');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const md = await res.text();
    expect(md.startsWith('# Routing\n')).toBe(true);
    expect(md).toContain('\n## Route parameters\n');
    expect(await (await call('/guides/routing.md')).text()).toBe(md);
    // The page as llms-full.txt holds it: one rendering.
    expect(await packFile('llms-full.txt')).toContain(`---\nurl: /guides/routing/\n---\n\n${md}`);
  });

  it('answers a page of another language, and the home page at /index.html.md', async () => {
    const zh = await call('/zh-cn/guides/routing/index.html.md');
    expect(zh.status).toBe(200);
    expect((await call('/index.html.md')).status).toBe(200);
  });

  it('answers NOT_FOUND as JSON for a Markdown path that is no page, though the preview\'s catch-all is on', async () => {
    const res = await call('/no/such/page/index.html.md');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await res.json()) as ErrorBody).error.code).toBe('NOT_FOUND');
  });

  it('leaves every other path to the preview: the page itself is still HTML', async () => {
    const res = await call('/guides/routing/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('finds a page in whichever index holds it, and answers llms.txt from the default one', async () => {
    const INDEXES = JSON.stringify({ site: '/pack/', docs: DOCS_PACK_PATH });
    const res = await call('/api/index.html.md', {}, { INDEXES });
    expect(res.status).toBe(200);
    expect((await res.text()).startsWith('# ')).toBe(true);
    expect(await (await call('/llms.txt', {}, { INDEXES })).text()).toBe(await packFile('llms.txt'));
  });
});
