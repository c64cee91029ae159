/**
 * One suite, run against both SectionStore implementations (read whole, read block by block): the
 * same questions must get the same answers, whichever the runtime chose.
 */
import { describe, expect, it } from 'vitest';
import type { StoredSection } from '../../../src/core/pack/format.ts';
import { everySection, openBlockStore, readWholeStore, type ReadBlock, type SectionStore } from '../../../src/core/pack/section-store.ts';
import { sectionStoreFiles } from '../../../src/core/pack/sections-file.ts';
import { thrown } from '../../support/errors.ts';
import { encodeTermSet, termSetOf } from '../../../src/core/rank/term-set.ts';

/** 40 sections on 10 pages, 3 languages, two pools; page p links to page p + 1. */
const SECTIONS: StoredSection[] = Array.from({ length: 40 }, (_, i) => {
  const page = Math.floor(i / 4);
  const lang = ['en', 'ja', 'zh-cn'][page % 3]!;
  return {
    id: `/p${page}/#s${i}`,
    url: `/p${page}/#s${i}`,
    pageUrl: `/p${page}/`,
    anchor: `s${i}`,
    title: `Section ${i}`,
    breadcrumb: [`Page ${page}`, `Section ${i}`],
    depth: 2,
    lang,
    text: `text of section ${i} `.repeat(5),
    code: '',
    links: i % 4 === 0 && page < 9 ? [`/p${page + 1}/`] : [],
    tags: [],
    description: '',
    pool: page === 9 ? 'reference' : 'knowledge',
    termSet: encodeTermSet(termSetOf(['text', 'section', String(i)])),
  };
});

/** A configured facet: page p has version `v${p % 2}`, and pages 0–4 the tag `old` besides. */
const FACETS = {
  names: ['version'],
  valuesOf: (page: string) => {
    const p = Number(page.slice(2, -1));
    return p < 5 ? [`v${p % 2}`, 'old'] : [`v${p % 2}`];
  },
};

/** ~6 sections a block. */
const { head, blocks } = sectionStoreFiles(SECTIONS, { blockBytes: 1500 }, FACETS);

function reader(): { read: ReadBlock; reads: string[]; broken: Set<string> } {
  const reads: string[] = [];
  const broken = new Set<string>();
  return {
    reads,
    broken,
    read: async (file) => {
      reads.push(file);
      await Promise.resolve();
      if (broken.has(file)) throw new Error(`cannot read ${file}`);
      const text = blocks[file]!;
      return { data: JSON.parse(text), bytes: text.length };
    },
  };
}

const stores: Array<[string, () => Promise<SectionStore>]> = [
  ['read whole', () => readWholeStore(head, reader().read)],
  ['read block by block', async () => openBlockStore(head, reader().read)],
];

describe.each(stores)('SectionStore (%s)', (_name, open) => {
  it('answers page, language and pool of every section from the columns', async () => {
    const store = await open();
    expect(store.count).toBe(40);
    SECTIONS.forEach((s, i) => {
      expect(store.pageOf(i)).toBe(s.pageUrl);
      expect(store.langOf(i)).toBe(s.lang);
      expect(store.poolOf(i)).toBe(s.pool);
    });
  });

  it('has the facets pool, lang and the configured ones, each section\'s values read from the columns', async () => {
    const store = await open();
    expect(store.facets.map((f) => f.name)).toEqual(['pool', 'lang', 'version']);
    const [pool, lang, version] = store.facets;
    SECTIONS.forEach((s, i) => {
      expect(pool!.valuesOf(i).map((v) => pool!.values[v])).toEqual([s.pool]);
      expect(lang!.valuesOf(i).map((v) => lang!.values[v])).toEqual([s.lang]);
      expect(version!.valuesOf(i).map((v) => version!.values[v]).sort()).toEqual([...FACETS.valuesOf(s.pageUrl)].sort());
    });
  });

  it('counts the pages, and the sections of each section\'s page', async () => {
    const store = await open();
    const pages = new Set(SECTIONS.map((s) => s.pageUrl));
    expect(store.pageCount).toBe(pages.size);
    SECTIONS.forEach((s, i) => expect(store.pageSizeOf(i)).toBe(SECTIONS.filter((o) => o.pageUrl === s.pageUrl).length));
  });

  it('counts the sections of a set of languages', async () => {
    const store = await open();
    const count = (langs: string[]) => SECTIONS.filter((s) => langs.includes(s.lang)).length;
    expect(store.countIn(new Set(['en']))).toBe(count(['en']));
    expect(store.countIn(new Set(['ja', 'zh-cn']))).toBe(count(['ja', 'zh-cn']));
    expect(store.countIn(new Set(['ko']))).toBe(0);
  });

  it('links each page with the pages it links to and is linked from', async () => {
    const store = await open();
    expect([...store.graph.get('/p0/')!]).toEqual(['/p1/']);
    expect([...store.graph.get('/p4/')!].sort()).toEqual(['/p3/', '/p5/']);
  });

  it('loads any sections, in any order, each the stored one', async () => {
    const store = await open();
    const ids = [39, 0, 17, 18, 5, 33];
    const section = await store.load(ids);
    for (const id of ids) expect(section(id)).toEqual(SECTIONS[id]);
  });

  it('holds what it loaded: loading it again reads nothing', async () => {
    const store = await open();
    await store.load([3, 30]);
    expect(store.holds([30, 3])).toBe(true);
  });

  it('gives them synchronously once loaded', async () => {
    const store = await open();
    await store.load([3, 30]);
    const section = store.resident([3, 30]);
    expect(section(30)).toEqual(SECTIONS[30]);
  });

  it('refuses a position outside the store', async () => {
    const store = await open();
    await expect(store.load([40])).rejects.toThrow(RangeError);
  });
});

describe('a store read block by block', () => {
  it('reads only the blocks of the sections asked for, once however often they are asked', async () => {
    const { read, reads } = reader();
    const store = openBlockStore(head, read);
    expect(reads).toEqual([]);
    await store.load([0, 1]);
    expect(reads).toEqual([head.blocks[0]!.file]);
    await Promise.all([store.load([39]), store.load([38, 0])]);
    expect(reads).toEqual([head.blocks[0]!.file, head.blocks.at(-1)!.file]);
    expect(store.reads).toBe(2);
  });

  it('holds the sections of the blocks it read, and no others', async () => {
    const store = openBlockStore(head, reader().read);
    expect(store.holds([])).toBe(true);
    expect(store.holds([0])).toBe(false);
    await store.load([0]);
    // Section 1 shares section 0's block; the last section does not.
    expect(store.holds([0, 1])).toBe(true);
    expect(store.holds([0, 39])).toBe(false);
    await store.load([39]);
    expect(store.holds([0, 1, 39])).toBe(true);
  });

  it('holds nothing it evicted', async () => {
    const store = openBlockStore(head, reader().read, { residentBytes: 1 }); // nothing stays
    await store.load([0]);
    expect(store.holds([0])).toBe(false);
  });

  it('answers SECTIONS_NOT_RESIDENT to a synchronous read of a block it has not read, and lists no whole store', () => {
    const store = openBlockStore(head, reader().read);
    expect(thrown(() => store.resident([20])).code).toBe('SECTIONS_NOT_RESIDENT');
    expect(store.all).toBeNull();
    expect(thrown(() => everySection(store)).code).toBe('SECTIONS_NOT_RESIDENT');
  });

  it('keeps what a query loaded even when a later query evicts its blocks from memory', async () => {
    const { read, reads } = reader();
    const store = openBlockStore(head, read, { residentBytes: 1 }); // nothing stays
    const first = await store.load([0]);
    await store.load([39]);
    expect(first(0)).toEqual(SECTIONS[0]);
    expect(() => store.resident([0])).toThrow();
    await store.load([0]);
    expect(reads.filter((f) => f === head.blocks[0]!.file)).toHaveLength(2);
  });

  it('fails a load whose block cannot be read, and reads it again on the next load', async () => {
    const { read, reads, broken } = reader();
    const store = openBlockStore(head, read);
    broken.add(head.blocks[1]!.file);
    await expect(store.load([head.blocks[1]!.first])).rejects.toThrow('cannot read');
    broken.clear();
    expect((await store.load([head.blocks[1]!.first]))(head.blocks[1]!.first)).toEqual(SECTIONS[head.blocks[1]!.first]);
    expect(reads.filter((f) => f === head.blocks[1]!.file)).toHaveLength(2);
  });

  it('refuses a memory budget that is not a whole number ≥ 0 with INVALID_OPTIONS', () => {
    for (const residentBytes of [-1, 0.5, Number.NaN]) expect(thrown(() => openBlockStore(head, reader().read, { residentBytes })).code).toBe('INVALID_OPTIONS');
  });

  it('refuses a block from another position with INDEX_CORRUPT naming its file', async () => {
    const store = openBlockStore(head, async (file) => {
      const other = file === head.blocks[2]!.file ? head.blocks[3]!.file : file;
      return { data: JSON.parse(blocks[other]!), bytes: 1 };
    });
    const e = await store.load([head.blocks[2]!.first]).then(
      () => null,
      (err) => err,
    );
    expect(e.code).toBe('INDEX_CORRUPT');
    expect(e.message).toContain(head.blocks[2]!.file);
  });
});

describe('a store read whole', () => {
  it('lists every section in order', async () => {
    expect(everySection(await readWholeStore(head, reader().read))).toEqual(SECTIONS);
  });

  it('holds every section without a load', async () => {
    expect((await readWholeStore(head, reader().read)).holds([0, 17, 39])).toBe(true);
  });
});
