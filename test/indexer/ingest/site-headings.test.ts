/**
 * Headings that name the site, not the page (src/indexer/ingest/site-headings.ts): a folder whose
 * pages open with the product's name titles each page by its own first heading instead.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ingestDirectory } from '../../../src/indexer/ingest/index.ts';
import { siteHeadings } from '../../../src/indexer/ingest/site-headings.ts';

describe('siteHeadings', () => {
  it('names a first-h1 title most pages share, not one a few pages share', () => {
    expect(siteHeadings(['Fastify', 'Fastify', 'Fastify', undefined, 'Welcome'], 5)).toEqual(new Set(['Fastify']));
    // Overview on 3 of 200 pages: a title of its own in each section, not the site's name.
    expect(siteHeadings(['Overview', 'Overview', 'Overview', ...Array.from({ length: 197 }, (_, i) => `Page ${i}`)], 200)).toEqual(new Set());
    // Two pages alike are a coincidence, whatever their share.
    expect(siteHeadings(['Intro', 'Intro'], 2)).toEqual(new Set());
  });
});

describe('ingestDirectory: pages that open with the site name', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function site(files: Record<string, string>) {
    dir = await mkdtemp(path.join(tmpdir(), 'site-headings-'));
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), text);
    }
    return ingestDirectory(dir);
  }

  const fastifyLike = (h2: string) => `<h1 align="center">Fastify</h1>\n\n## ${h2}\n\nAbout ${h2.toLowerCase()}.\n\n### Details\n\nMore on ${h2.toLowerCase()}.\n`;

  it('titles each page by its first heading after the site name, which heads its intro; the site name is in no breadcrumb', async () => {
    const { pages } = await site({
      'Reference/Routes.md': fastifyLike('Routes'),
      'Reference/Server.md': fastifyLike('Server'),
      'Reference/Hooks.md': fastifyLike('Hooks'),
      'index.md': '# Welcome\n\nStart here.\n',
      'Guides/Plugins.md': '---\ntitle: Plugins Guide\n---\n\n<h1 align="center">Fastify</h1>\n\n## Plugins\n\nWrite one.\n',
    });
    expect(pages.map((p) => p.title)).toEqual(['Plugins Guide', 'Hooks', 'Routes', 'Server', 'Welcome']);
    const routes = pages.find((p) => p.title === 'Routes')!;
    expect(routes.sections.map((s) => [s.anchor, s.breadcrumb.join(' > ')])).toEqual([
      ['', 'Routes'],
      ['details', 'Routes > Details'],
    ]);
    expect(routes.sections[0]!.text).toBe('About routes.');
    expect(pages.flatMap((p) => p.sections).filter((s) => s.breadcrumb.includes('Fastify'))).toEqual([]);
  });

  it('leaves a title a few pages of a larger folder share (Overview)', async () => {
    const files: Record<string, string> = {};
    for (const folder of ['a', 'b', 'c']) files[`${folder}/index.md`] = `# Overview\n\nThe ${folder} part.\n\n## Setup\n\nSteps.\n`;
    for (let i = 0; i < 15; i++) files[`p${i}.md`] = `# Page ${i}\n\nText ${i}.\n`;
    const { pages } = await site(files);
    expect(pages.filter((p) => p.title === 'Overview')).toHaveLength(3);
  });
});
