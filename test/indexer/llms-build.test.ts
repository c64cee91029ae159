import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPack, type BuildSummary } from '../../src/indexer/build-pack.ts';
import { fsPackSource } from '../../src/indexer/fs-source.ts';
import { loadPack, pageMarkdown, pageSections, verifyPack, type LoadedPack } from '../../src/core/index.ts';
import { markdownFileOf } from '../../src/indexer/llms-site.ts';

// `recall-box build` writes llms.txt and llms-full.txt into the pack (listed in its manifest, so
// checked, uploaded and bundled like its other files), and with --llms-out every page's Markdown
// into a site folder: the very text the Worker renders of the pack.

const SITE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/site');
let dir: string;
let summary: BuildSummary;
let pack: LoadedPack;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'recall-box-llms-'));
  summary = await buildPack(SITE, path.join(dir, 'pack'), { embedding: false, llms: { out: path.join(dir, 'site') } });
  pack = await loadPack(fsPackSource(path.join(dir, 'pack')));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the build, for agents', () => {
  it('lists llms.txt and llms-full.txt in the manifest, and the pack still loads and verifies whole', async () => {
    expect(Object.keys(pack.manifest.files)).toEqual(expect.arrayContaining(['llms.txt', 'llms-full.txt']));
    const verified = await verifyPack(fsPackSource(path.join(dir, 'pack')), pack.manifest);
    expect(verified.damaged).toEqual([]);
    const llms = await readFile(path.join(dir, 'pack', 'llms.txt'), 'utf8');
    expect(llms.startsWith('# Skylark\n\n> ')).toBe(true);
    expect(llms).toContain('- [Routing](/guides/routing/index.html.md): ');
    // The fixture's zh-cn and ja pages are not listed (English has the most sections).
    expect(llms).not.toContain('/zh-cn/');
    expect(summary.llms).toMatchObject({ lang: 'en', pages: 13, fullPages: 13, bytes: { llms: Buffer.byteLength(llms) } });
  });

  it('writes the pair at the site folder\'s root, the same as the pack\'s', async () => {
    for (const name of ['llms.txt', 'llms-full.txt']) {
      expect(await readFile(path.join(dir, 'site', name), 'utf8')).toBe(await readFile(path.join(dir, 'pack', name), 'utf8'));
    }
    expect(summary.llms.site).toEqual({ dir: path.join(dir, 'site'), pages: summary.pages, outside: 0 });
  });

  it('writes every page\'s Markdown, every language, at its URL + .md: what the Worker renders of the pack', async () => {
    const pages = pageSections(pack);
    expect(pages.size).toBe(summary.pages);
    for (const [url, ids] of pages) {
      const lookup = await pack.sections.load(ids);
      const file = markdownFileOf(path.join(dir, 'site'), '/', url)!;
      expect(await readFile(file, 'utf8'), url).toBe(pageMarkdown(ids.map((id) => lookup(id))));
    }
    expect((await stat(path.join(dir, 'site', 'zh-cn', 'guides', 'routing', 'index.html.md'))).isFile()).toBe(true);
  });
});

describe('markdownFileOf', () => {
  it('places a page under the base URL, and refuses one outside it or the folder', () => {
    const root = path.resolve('/site');
    expect(markdownFileOf(root, '/docs/', '/docs/guides/a/')).toBe(path.join(root, 'guides', 'a', 'index.html.md'));
    expect(markdownFileOf(root, '/docs/', '/docs/')).toBe(path.join(root, 'index.html.md'));
    expect(markdownFileOf(root, '/docs/', '/docs/a.html')).toBe(path.join(root, 'a.html.md'));
    expect(markdownFileOf(root, '/docs/', '/blog/a/')).toBeNull();
    expect(markdownFileOf(root, '/', '/../../etc/passwd')).toBeNull();
  });
});

describe('the title of a built site\'s llms.txt', () => {
  const BUILT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/built-site/plain');

  it('is the name its pages\' <title>s end with, unless the build names one', async () => {
    const named = await buildPack(BUILT, path.join(dir, 'built'), { html: true, embedding: false });
    expect(named.llms.lang).toBe('en');
    expect((await readFile(path.join(dir, 'built', 'llms.txt'), 'utf8')).split('\n')[0]).toBe('# Skylark');
    await buildPack(BUILT, path.join(dir, 'built-own'), { html: true, embedding: false, llms: { title: 'Skylark Docs', summary: 'All of it.' } });
    expect((await readFile(path.join(dir, 'built-own', 'llms.txt'), 'utf8')).startsWith('# Skylark Docs\n\n> All of it.\n\n')).toBe(true);
  });
});
