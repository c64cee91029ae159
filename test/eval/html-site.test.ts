import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Section } from '../../src/core/index.ts';
import { htmlSiteCollections, orderRows, pageAgreement, renderHtmlSiteMarkdown, runHtmlSiteComparison, successAt, type HtmlSiteComparison } from '../../src/eval/html-site.ts';
import { renderStarlightSite } from '../../src/eval/starlight-site.ts';
import { allSystems } from '../../src/eval/systems/index.ts';

const SITE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/site');

function page(url: string, title: string, headings: string[], description = ''): Page {
  const section = (anchor: string, t: string, depth: number): Section => ({
    id: `${url}#${anchor}`,
    url: anchor ? `${url}#${anchor}` : url,
    pageUrl: url,
    anchor,
    title: t,
    breadcrumb: [title],
    depth,
    lang: 'en',
    text: `${t} text`,
    code: '',
    links: [],
    tags: [],
    description,
  });
  return {
    path: url.slice(1) + 'index.md',
    url,
    title,
    lang: 'en',
    description,
    tags: [],
    sections: [section('', title, 1), ...headings.map((h) => section(h.toLowerCase().replace(/ /g, '-'), h, 2))],
  };
}

describe('pageAgreement', () => {
  it('lists pages only one build has, titles that differ and headings the HTML pack lacks', () => {
    const sources = [page('/a/', 'Alpha', ['Set it up']), page('/b/', 'Beta', []), page('/c/', 'Gamma', [])];
    const html = [page('/a/', 'Alpha | Site', []), page('/b/', 'Beta', []), page('/d.html', 'Delta', [])];
    const a = pageAgreement(sources, html);
    expect(a.both).toBe(2);
    expect(a.onlySources).toEqual(['/c/']);
    expect(a.onlyHtml).toEqual(['/d.html']);
    expect(a.titleDiffers).toEqual([{ url: '/a/', sources: 'Alpha', html: 'Alpha | Site' }]);
    expect(a.headingsMissing).toEqual([{ url: '/a/', heading: 'Set it up' }]);
    expect(a.sections).toEqual({ sources: 4, 'built HTML': 3 });
    expect(a.descriptionDiffers).toBe(0);
  });
});

describe('htmlSiteCollections', () => {
  it('asks both packs the sources\' queries, judged by the sources\' URLs, over each pack\'s own documents', () => {
    const sources = [page('/a/', 'Alpha', ['Set it up']), page('/b/', 'Beta', ['Deploy it now'])];
    const html = [page('/a/', 'Alpha', ['Set it up'])];
    const [s, h] = htmlSiteCollections('x', sources, html);
    expect(s!.pack).toBe('sources');
    expect(h!.pack).toBe('built HTML');
    for (const i of [0, 1]) {
      expect(h!.sets[i]!.dataset.queries).toEqual(s!.sets[i]!.dataset.queries);
      expect(h!.sets[i]!.dataset.qrels).toBe(s!.sets[i]!.dataset.qrels);
    }
    expect(s!.sets.map((x) => x.name)).toEqual(['titles', 'headings']);
    expect(s!.sets[0]!.dataset.queries.map((q) => q.text)).toEqual(['Alpha', 'Beta']);
    // /b/ is missing from the HTML pack: its queries stay, as misses.
    expect(h!.sets[0]!.dataset.docs.map((d) => d.id)).toEqual(['/a/#', '/a/#set-it-up']);
    expect(s!.sets[0]!.dataset.docs).toBe(s!.sets[1]!.dataset.docs);
  });
});

describe('successAt and orderRows', () => {
  it('counts the queries whose page is at rank k or better', () => {
    const rows = [1, 2, null, 5].map((firstRelevantRank) => ({ firstRelevantRank })) as never;
    expect(successAt({ rows }, 1)).toBe(0.25);
    expect(successAt({ rows }, 3)).toBe(0.5);
    expect(successAt({ rows }, 10)).toBe(0.75);
    expect(successAt({ rows: [] }, 1)).toBe(0);
  });

  it('puts each HTML row under its sources row, with the MRR@10 difference', () => {
    const row = (pack: 'sources' | 'built HTML', querySet: string, mrr10: number) => ({ pack, querySet, system: 'k', queries: 2, mrr10, success: [] });
    const out = orderRows([row('sources', 'titles', 0.5), row('sources', 'headings', 1), row('built HTML', 'titles', 0.75), row('built HTML', 'headings', 0.5)]);
    expect(out.map((r) => [r.querySet, r.pack, r.deltaMrr10])).toEqual([
      ['titles', 'sources', null],
      ['titles', 'built HTML', 0.25],
      ['headings', 'sources', null],
      ['headings', 'built HTML', -0.5],
    ]);
  });
});

describe('runHtmlSiteComparison on test/fixtures/site rendered Starlight-like', () => {
  let root: string;
  let comparison: HtmlSiteComparison;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'recall-box-html-site-'));
    await renderStarlightSite(SITE, root, { siteTitle: 'Skylark' });
    comparison = await runHtmlSiteComparison({
      name: 'fixtures/site',
      docsDir: SITE,
      siteDir: root,
      makeSystems: () => allSystems().filter((s) => s.name === 'recall-box:keyword'),
      log: () => {},
    });
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('finds every rendered page at its source URL with its source title', () => {
    const a = comparison.agreement;
    // The HTML source (concepts/caching.html) is not rendered: a Starlight site has none.
    expect(a.onlySources).toEqual(['/concepts/caching/']);
    expect(a.onlyHtml).toEqual([]);
    expect(a.titleDiffers).toEqual([]);
    expect(a.headingsMissing).toEqual([]);
    // Every fixture page has its own front matter description, which the renderer writes as
    // <meta name="description"> and the HTML reader takes, being page-specific.
    expect(a.both).toBeGreaterThan(5);
    expect(a.descriptionDiffers).toBe(0);
  });

  it('prints one table with a sources row and a built-HTML row per query set and system', () => {
    expect(comparison.rows.map((r) => `${r.querySet} ${r.pack}`)).toEqual(['titles sources', 'titles built HTML', 'headings sources', 'headings built HTML']);
    const [titles, titlesHtml] = comparison.rows;
    expect(titlesHtml!.queries).toBe(titles!.queries);
    expect(titles!.queries).toBeGreaterThan(5);
    // Only the unrendered page's title can be missed by the HTML pack.
    expect(titlesHtml!.success[2]).toBeGreaterThanOrEqual(titles!.success[2]! - 1 / titles!.queries);
    const md = renderHtmlSiteMarkdown(comparison);
    expect(md).toContain('| titles | recall-box:keyword | built HTML |');
    expect(md).toContain('only in sources 1 (/concepts/caching/)');
  });
});
