import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestDirectory, type IngestResult } from '../../../src/indexer/ingest/index.ts';
import type { Section } from '../../../src/core/types.ts';
import { codeOfAsync } from '../../support/errors.ts';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures');

describe('ingestDirectory: the Skylark fixture site', () => {
  let result: IngestResult;
  let byUrl: Map<string, Section>;
  beforeAll(async () => {
    result = await ingestDirectory(path.join(fixtures, 'site'));
    byUrl = new Map(result.pages.flatMap((p) => p.sections).map((s) => [s.url, s]));
  });

  it('ingests every file with zero skipped', () => {
    expect(result.skipped).toEqual([]);
    expect(result.pages).toHaveLength(result.files);
    expect(result.files).toBeGreaterThanOrEqual(10);
  });

  it('returns pages in sorted path order', () => {
    const paths = result.pages.map((p) => p.path);
    expect(paths).toEqual([...paths].sort());
    expect(paths).toContain('concepts/caching.html');
  });

  it('has the sections other tests search for', () => {
    expect(byUrl.get('/guides/routing/#route-parameters')?.text).toContain('route parameter');
    expect(byUrl.get('/guides/routing/#optional-parameters')?.breadcrumb).toEqual(['Routing', 'Route parameters', 'Optional parameters']);
    expect(byUrl.get('/guides/deploying/#cloudflare')?.title).toBe('Cloudflare Workers');
    expect(byUrl.get('/guides/middleware/#registering-middleware')?.code).toContain('app.use(');
    expect(byUrl.get('/reference/api/#getstaticpaths')?.text).toContain('getStaticPaths()');
    expect(byUrl.get('/reference/api/#cjson')?.title).toBe('c.json()');
    expect(byUrl.get('/reference/api/#createapp')?.text).toContain('snake_case_option');
    expect(byUrl.get('/concepts/caching/#etag')?.text).toContain('304 Not Modified');
  });

  it('detects the language of translated pages from their folder', () => {
    const lang = new Map(result.pages.map((p) => [p.url, p.lang]));
    expect(lang.get('/zh-cn/guides/routing/')).toBe('zh-cn');
    expect(lang.get('/ja/guides/routing/')).toBe('ja');
    expect(lang.get('/guides/routing/')).toBe('en');
    expect(byUrl.get('/zh-cn/guides/routing/#路由配置')?.text).toContain('配置');
  });

  it('leaves no MDX, container or HTML-chrome residue in the text', () => {
    const text = result.pages.flatMap((p) => p.sections).map((s) => s.text).join('\n');
    expect(text).not.toMatch(/import |export const|<Aside|<Steps|:::|UA-TRACKING|Footer text|Navigation sidebar/);
  });

  it('resolves internal links to pages of the site', () => {
    const pageUrls = new Set(result.pages.map((p) => p.url));
    const links = result.pages.flatMap((p) => p.sections).flatMap((s) => s.links);
    expect(links.length).toBeGreaterThan(10);
    expect(links.filter((l) => !pageUrls.has(l))).toEqual([]);
  });
});

describe('ingestDirectory: bad files', () => {
  let tmp: string;
  let result: IngestResult;
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'recall-box-ingest-'));
    await cp(path.join(fixtures, 'broken'), tmp, { recursive: true });
    // Cases that are awkward to commit: invalid UTF-8 without NUL bytes, and an unreadable entry.
    await writeFile(path.join(tmp, 'latin1.md'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x6e, 0x6f, 0x69, 0x72]));
    await symlink(path.join(tmp, 'does-not-exist.md'), path.join(tmp, 'dangling.md'));
    result = await ingestDirectory(tmp);
  });
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it('reports each bad file with its code', () => {
    expect(result.skipped.map((s) => [s.path, s.code])).toEqual([
      ['bad-front-matter.md', 'FRONT_MATTER_INVALID'],
      ['binary.md', 'BINARY_CONTENT'],
      ['dangling.md', 'UNREADABLE'],
      ['empty.md', 'NO_CONTENT'],
      ['latin1.md', 'BINARY_CONTENT'],
    ]);
    for (const s of result.skipped) expect(s.reason.length).toBeGreaterThan(0);
  });

  it('still indexes the good pages, including MDX that needed the Markdown fallback', () => {
    expect(result.pages.map((p) => p.path)).toEqual(['good.md', 'nested/also-good.html', 'unclosed-jsx.mdx']);
    expect(result.files).toBe(8);
    const text = result.pages.flatMap((p) => p.sections).map((s) => s.text).join('\n');
    expect(text).toContain('quokka');
    expect(text).toContain('wombat');
    expect(text).toContain('numbat');
    expect(text).toContain('Text after the broken component is still worth indexing.');
    expect(text).not.toMatch(/import |<Aside/);
  });
});

describe('ingestDirectory: folders', () => {
  let tmp: string;
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'recall-box-ingest-'));
  });
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it('throws DOCS_NOT_FOUND naming a missing folder', async () => {
    const missing = path.join(tmp, 'nope');
    await expect(ingestDirectory(missing)).rejects.toThrow(missing);
    expect(await codeOfAsync(ingestDirectory(missing))).toBe('DOCS_NOT_FOUND');
  });

  it('throws DOCS_NOT_FOUND for a file instead of a folder', async () => {
    await writeFile(path.join(tmp, 'file.md'), 'x');
    expect(await codeOfAsync(ingestDirectory(path.join(tmp, 'file.md')))).toBe('DOCS_NOT_FOUND');
  });

  it('throws DOCS_EMPTY naming a folder without supported files', async () => {
    const empty = path.join(tmp, 'empty');
    await mkdir(path.join(empty, 'sub'), { recursive: true });
    await writeFile(path.join(empty, 'notes.txt'), 'not a doc');
    await expect(ingestDirectory(empty)).rejects.toThrow(empty);
    expect(await codeOfAsync(ingestDirectory(empty))).toBe('DOCS_EMPTY');
  });

  it('skips node_modules and dot-folders, and keeps the first of two files with one URL', async () => {
    const site = path.join(tmp, 'site');
    await mkdir(path.join(site, 'node_modules/pkg'), { recursive: true });
    await mkdir(path.join(site, '.vitepress'), { recursive: true });
    await mkdir(path.join(site, 'guides'), { recursive: true });
    await writeFile(path.join(site, 'node_modules/pkg/readme.md'), 'Dependency readme.');
    await writeFile(path.join(site, '.vitepress/theme.md'), 'Theme file.');
    await writeFile(path.join(site, 'guides.md'), 'Guides as a file.');
    await writeFile(path.join(site, 'guides/index.md'), 'Guides as an index.');
    await writeFile(path.join(site, 'B.md'), 'Upper case sorts first.');
    const result = await ingestDirectory(site, { baseUrl: '/docs/' });
    expect(result.pages.map((p) => [p.path, p.url])).toEqual([
      ['B.md', '/docs/B/'],
      ['guides.md', '/docs/guides/'],
    ]);
    expect(result.skipped).toEqual([
      { path: 'guides/index.md', code: 'DUPLICATE_URL', reason: 'same URL /docs/guides/ as guides.md' },
    ]);
    expect(result.files).toBe(3);
  });
});
