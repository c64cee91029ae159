import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPack, type LoadedPack } from '../../src/core/index.ts';
import { buildPack } from '../../src/indexer/build-pack.ts';
import { fsPackSource } from '../../src/indexer/fs-source.ts';
import { parseDocsUrl, READ_PAGE_LIMITS, readPage, readSection } from '../../src/mcp/read.ts';
import { codeOfAsync } from '../support/errors.ts';

// read_section and read_page on a real pack of the fixture site (the Skylark docs).

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let dir: string;
let packs: Array<() => Promise<LoadedPack>>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'recall-box-mcp-read-'));
  await buildPack(path.join(ROOT, 'test/fixtures/site'), dir, { embedding: false });
  const pack = await loadPack(fsPackSource(dir));
  packs = [async () => pack];
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('parseDocsUrl', () => {
  it('takes a path or a full URL, with or without an anchor, percent-encoded or not', () => {
    expect(parseDocsUrl('/guides/routing/#route-parameters')).toEqual({ path: '/guides/routing/', anchor: 'route-parameters' });
    expect(parseDocsUrl('https://docs.example.com/guides/routing/')).toEqual({ path: '/guides/routing/', anchor: '' });
    expect(parseDocsUrl('/zh-cn/%E6%8C%87%E5%8D%97/#%E8%B7%AF%E7%94%B1')).toEqual({ path: '/zh-cn/指南/', anchor: '路由' });
  });

  it('refuses a URL longer than any docs URL as BAD_REQUEST', () => {
    expect(() => parseDocsUrl(`/${'a'.repeat(5000)}`)).toThrow(/BAD_REQUEST/);
  });
});

describe('readSection', () => {
  it('gives the section an anchor names, as Markdown under its breadcrumb and URL', async () => {
    const md = await readSection(packs, '/guides/routing/#route-parameters');
    const [breadcrumb, url, , heading] = md.split('\n');
    expect(breadcrumb).toMatch(/Routing › Route parameters/);
    expect(url).toBe('/guides/routing/#route-parameters');
    expect(heading).toMatch(/^## Route parameters/);
  });

  it('says NOT_FOUND for a page or an anchor the docs lack, naming what to do', async () => {
    expect(await codeOfAsync(readSection(packs, '/no/such/page/'))).toBe('NOT_FOUND');
    expect(await codeOfAsync(readSection(packs, '/guides/routing/#no-such-heading'))).toBe('NOT_FOUND');
  });
});

describe('readPage', () => {
  it('gives the whole page: its title once, then every section in order', async () => {
    const md = await readPage(packs, 'https://docs.example.com/guides/routing/#route-parameters');
    expect(md.startsWith('# Routing')).toBe(true);
    expect(md.match(/^# /gm)).toHaveLength(1);
    expect(md.indexOf('## Route parameters')).toBeGreaterThan(0);
  });

  it('cuts a page longer than maxChars at a section\'s end and lists the sections left out', async () => {
    const whole = await readPage(packs, '/guides/routing/', READ_PAGE_LIMITS.maxChars);
    const cut = await readPage(packs, '/guides/routing/', Math.floor(whole.length / 2));
    expect(cut.length).toBeLessThan(whole.length + 500);
    expect(cut).toMatch(/The page goes on; \d+ more sections?, each readable with read_section/);
    expect(cut).toMatch(/^- .+: \/guides\/routing\/#[\w-]+$/m);
    // What it keeps is the page's start, whole sections.
    expect(whole.startsWith(cut.split('\n[The page goes on')[0]!.trimEnd())).toBe(true);
  });
});
