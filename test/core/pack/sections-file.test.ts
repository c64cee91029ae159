import { describe, expect, it } from 'vitest';
import type { StoredSection } from '../../../src/core/pack/format.ts';
import {
  blockFileName,
  headColumns,
  sectionStoreFiles,
  validateSectionBlock,
  validateSectionsHead,
  type SectionsHead,
} from '../../../src/core/pack/sections-file.ts';
import { thrown } from '../../support/errors.ts';
import { encodeTermSet, termSetOf } from '../../../src/core/rank/term-set.ts';

function stored(overrides: Partial<StoredSection> = {}): StoredSection {
  return {
    id: '/a/#',
    url: '/a/',
    pageUrl: '/a/',
    anchor: '',
    title: 'A',
    breadcrumb: ['A'],
    depth: 1,
    lang: 'en',
    text: 'text',
    code: '',
    links: [],
    tags: [],
    description: '',
    pool: 'knowledge',
    termSet: encodeTermSet(termSetOf(['text'])),
    ...overrides,
  };
}

/** Three pages: /a/ (two sections, links to /b/), /b/ (ja, reference), /c/ (links to a page outside the pack). */
const SECTIONS: StoredSection[] = [
  stored({ links: ['/b/'] }),
  stored({ id: '/a/#x', url: '/a/#x', anchor: 'x', title: 'X', breadcrumb: ['A', 'X'], depth: 2, text: 'x '.repeat(200) }),
  stored({ id: '/b/#', url: '/b/', pageUrl: '/b/', title: 'B', breadcrumb: ['B'], lang: 'ja', pool: 'reference' }),
  stored({ id: '/c/#', url: '/c/', pageUrl: '/c/', title: 'C', breadcrumb: ['C'], links: ['/elsewhere/'] }),
];

const parsedBlocks = (files: Record<string, string>) => Object.fromEntries(Object.entries(files).map(([n, t]) => [n, JSON.parse(t)]));

describe('sectionStoreFiles', () => {
  it('puts page, language and pool of every section in the head as columns, and the link graph by page (both directions, pack pages only)', () => {
    const { head } = sectionStoreFiles(SECTIONS);
    expect(head.pages).toEqual(['/a/', '/b/', '/c/']);
    expect(head.page).toEqual([0, 0, 1, 2]);
    expect(head.langs).toEqual(['en', 'ja']);
    expect(head.lang).toEqual([0, 0, 1, 0]);
    expect(head.pools).toEqual(['knowledge', 'reference']);
    expect(head.pool).toEqual([0, 0, 1, 0]);
    // /a/ → /b/ gives both /a/'s and /b/'s lists; /c/'s link leaves the pack and is dropped.
    expect(head.links).toEqual([[1], [0], []]);
  });

  it('cuts the sections into contiguous blocks of at most blockBytes (one section alone may exceed it), in order', () => {
    const { head, blocks } = sectionStoreFiles(SECTIONS, { blockBytes: 500 });
    // Section 1 alone is ~700 bytes: it closes block 0 and fills block 1 by itself.
    expect(head.blocks).toEqual([
      { file: blockFileName(0), first: 0, count: 1 },
      { file: blockFileName(1), first: 1, count: 1 },
      { file: blockFileName(2), first: 2, count: 2 },
    ]);
    const parsed = parsedBlocks(blocks);
    expect(head.blocks.flatMap((b) => parsed[b.file].sections)).toEqual(SECTIONS);
    expect(sectionStoreFiles(SECTIONS).head.blocks).toHaveLength(1);
  });

  it('writes one (empty) block for an empty store, so every pack has a block to list', () => {
    const { head, blocks } = sectionStoreFiles([]);
    expect(head.blocks).toEqual([{ file: blockFileName(0), first: 0, count: 0 }]);
    expect(JSON.parse(blocks[blockFileName(0)]!)).toEqual({ first: 0, sections: [] });
  });

  it('refuses a block size that is not a whole number ≥ 1 with INVALID_OPTIONS', () => {
    for (const blockBytes of [0, -1, 1.5, Number.NaN]) expect(thrown(() => sectionStoreFiles(SECTIONS, { blockBytes })).code).toBe('INVALID_OPTIONS');
  });
});

describe('sectionStoreFiles: configured facets', () => {
  const TAGS: Record<string, string[]> = { '/a/': ['guide', 'routing'], '/c/': ['routing'] };
  const facets = { names: ['tags', 'version'], valuesOf: (page: string, name: string) => (name === 'tags' ? (TAGS[page] ?? []) : page === '/b/' ? ['v5'] : []) };

  it('stores each configured facet once per page: its values in the order met, each page\'s as positions', () => {
    const { head } = sectionStoreFiles(SECTIONS, undefined, facets);
    expect(head.facets).toEqual([
      { name: 'tags', values: ['guide', 'routing'], pages: [[0, 1], [], [1]] },
      { name: 'version', values: ['v5'], pages: [[], [0], []] },
    ]);
    expect(validateSectionsHead(JSON.parse(JSON.stringify(head)), 4).facets).toEqual(head.facets);
  });

  it('writes no facets key without configured facets, so such a head is what it was before facets', () => {
    expect(sectionStoreFiles(SECTIONS).head).not.toHaveProperty('facets');
    expect(sectionStoreFiles(SECTIONS, undefined, { names: [], valuesOf: () => ['x'] }).head).not.toHaveProperty('facets');
    expect(JSON.stringify(sectionStoreFiles(SECTIONS, undefined, { names: [], valuesOf: () => [] }).head)).toBe(JSON.stringify(sectionStoreFiles(SECTIONS).head));
  });

  it('keeps a configured facet no page has a value of (a filter on it then matches nothing, not an unknown facet)', () => {
    expect(sectionStoreFiles(SECTIONS, undefined, { names: ['version'], valuesOf: () => [] }).head.facets).toEqual([{ name: 'version', values: [], pages: [[], [], []] }]);
  });

  it('refuses more than 1,000 distinct values of one facet with INVALID_OPTIONS naming it', () => {
    const pages = Array.from({ length: 1001 }, (_, i) => stored({ id: `/p${i}/#`, url: `/p${i}/`, pageUrl: `/p${i}/` }));
    const e = thrown(() => sectionStoreFiles(pages, undefined, { names: ['title'], valuesOf: (page) => [page] }));
    expect(e.code).toBe('INVALID_OPTIONS');
    expect(e.message).toContain('"title" has 1001 distinct values');
  });

  it.each<[string, (f: any) => unknown]>([
    ['not a list', () => ({ name: 'tags' })],
    ['a built-in name', (f) => [{ ...f[0], name: 'pool' }]],
    ['a name that is no field name', (f) => [{ ...f[0], name: '__proto__' }]],
    ['the same name twice', (f) => [f[0], f[0]]],
    ['repeated values', (f) => [{ ...f[0], values: ['guide', 'guide'] }]],
    ['a value that is not a string', (f) => [{ ...f[0], values: ['guide', 5] }]],
    ['a page list one short', (f) => [{ ...f[0], pages: f[0].pages.slice(1) }]],
    ['a value position out of range', (f) => [{ ...f[0], pages: [[0, 2], [], [1]] }]],
  ])('refuses a head whose facets have %s as INDEX_CORRUPT', (_name, mutate) => {
    const head = JSON.parse(JSON.stringify(sectionStoreFiles(SECTIONS, undefined, facets).head));
    expect(thrown(() => validateSectionsHead({ ...head, facets: mutate(head.facets) }, 4)).code).toBe('INDEX_CORRUPT');
  });
});

describe('validateSectionsHead', () => {
  const head = (): SectionsHead => JSON.parse(JSON.stringify(sectionStoreFiles(SECTIONS, { blockBytes: 500 }).head));

  it('returns a head whose columns and blocks agree with the section count', () => {
    expect(validateSectionsHead(head(), 4)).toEqual(head());
  });

  it.each<[string, (h: any) => unknown]>([
    ['not an object', () => 'head'],
    ['no pages', (h) => ({ ...h, pages: undefined })],
    ['an unknown pool name', (h) => ({ ...h, pools: ['marketing'] })],
    ['a link to a page out of range', (h) => ({ ...h, links: [[7], [0], []] })],
    ['a link list per page missing', (h) => ({ ...h, links: [[1]] })],
    ['a page column one short', (h) => ({ ...h, page: h.page.slice(1) })],
    ['a language position out of range', (h) => ({ ...h, lang: [0, 0, 5, 0] })],
    ['no blocks', (h) => ({ ...h, blocks: [] })],
    ['a gap between blocks', (h) => ({ ...h, blocks: [h.blocks[0], h.blocks[2]] })],
    ['blocks holding fewer sections than the manifest', (h) => ({ ...h, blocks: h.blocks.slice(0, 2) })],
  ])('refuses a head with %s as INDEX_CORRUPT', (_name, mutate) => {
    expect(thrown(() => validateSectionsHead(mutate(head()), 4)).code).toBe('INDEX_CORRUPT');
  });

  it('refuses a head written for another section count, naming both counts', () => {
    const e = thrown(() => validateSectionsHead(head(), 5));
    expect(e.code).toBe('INDEX_CORRUPT');
    expect(e.message).toMatch(/5/);
  });
});

describe('validateSectionBlock', () => {
  const { head, blocks } = sectionStoreFiles(SECTIONS, { blockBytes: 500 });
  const entry = head.blocks[2]!; // sections 2 and 3
  const block = () => JSON.parse(blocks[entry.file]!);

  it('returns the block\'s sections when it is the block the head lists at that position', () => {
    expect(validateSectionBlock(block(), entry, headColumns(head))).toEqual(SECTIONS.slice(2));
  });

  it('refuses a block from another position (another first section), naming the file', () => {
    const e = thrown(() => validateSectionBlock(JSON.parse(blocks[head.blocks[1]!.file]!), entry, headColumns(head)));
    expect(e.code).toBe('INDEX_CORRUPT');
    expect(e.message).toContain(entry.file);
  });

  it('refuses a block whose sections disagree with the head\'s columns (another build\'s block)', () => {
    const other = block();
    other.sections[0].pageUrl = '/a/';
    const e = thrown(() => validateSectionBlock(other, entry, headColumns(head)));
    expect(e.code).toBe('INDEX_CORRUPT');
    expect(e.message).toContain('section 2');
  });

  it('refuses a block holding another number of sections than the head says', () => {
    const short = block();
    short.sections.pop();
    expect(thrown(() => validateSectionBlock(short, entry, headColumns(head))).message).toContain('holds 1 sections');
  });

  const badSections: Array<[string, unknown]> = [
    ['null', null],
    ['a string', 'section'],
    ...(['id', 'url', 'pageUrl', 'anchor', 'title', 'lang', 'text', 'code', 'description', 'termSet'] as const).map(
      (f): [string, unknown] => [`missing "${f}"`, { ...SECTIONS[3], [f]: undefined }],
    ),
    ['a numeric text', { ...SECTIONS[3], text: 5 }],
    ['no breadcrumb', { ...SECTIONS[3], breadcrumb: undefined }],
    ['links not an array', { ...SECTIONS[3], links: '/b/' }],
    ['no tags', { ...SECTIONS[3], tags: undefined }],
    ['no depth', { ...SECTIONS[3], depth: undefined }],
    ['a term set of 6 bytes', { ...SECTIONS[3], termSet: 'AAAAAAAA' }],
    ['an unknown pool', { ...SECTIONS[3], pool: 'marketing' }],
  ];

  it.each(badSections)('refuses a section that is/has %s with INDEX_CORRUPT naming its position', (_name, bad) => {
    const e = thrown(() => validateSectionBlock({ first: 2, sections: [SECTIONS[2], bad] }, entry, headColumns(head)));
    expect(e.code).toBe('INDEX_CORRUPT');
    expect(e.message).toContain('section 3');
  });
});
