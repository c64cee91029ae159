import { describe, expect, it } from 'vitest';
import { isRecallBoxError } from '../../../src/core/errors.ts';
import { indexDocuments } from '../../../src/core/keyword/build.ts';
import {
  buildKeywordIndex,
  DEFAULT_KEYWORD_OPTIONS,
  loadKeywordIndex,
  openKeywordIndex,
  partitionOf,
  queryTerms,
  type KeywordDoc,
  type KeywordIndex,
  type StoredKeywordIndex,
} from '../../../src/core/keyword/index.ts';
import { COMPACT_PART_BYTES, LARGE_INDEX_PART_BYTES, mapChunkBytes, partitionCount } from '../../../src/core/keyword/partitions.ts';
import { rankingIndex } from '../../../src/core/keyword/search.ts';

const docs: KeywordDoc[] = [
  { fields: { title: 'Middleware', headings: 'CORS\ncors()', body: 'Use app.use(cors()) before routes. Middleware middleware.' }, lang: 'en' },
  { fields: { title: 'Context', headings: 'c.json()', body: 'c.json() returns JSON; c.text() returns text.' }, lang: 'en' },
  { fields: { title: 'Routing', headings: 'getStaticPaths', body: 'Export getStaticPaths from dynamic routes.' }, lang: 'en' },
  { fields: { title: '', headings: '', body: '' }, lang: 'en' },
  { fields: { title: '路由', headings: '动态路由', body: '使用 getStaticPaths 生成动态路由。' }, lang: 'zh-cn' },
];
const queries = ['middleware', 'cors', 'c.json()', 'json text', 'getStaticPaths', 'static paths', 'routes', '路由', 'nothing here', ''];
const langOf = (q: string) => (/[\u4e00-\u9fff]/.test(q) ? 'zh-cn' : 'en');

/** Small enough that nearly every term gets a partition of its own. */
const TINY_PARTS = { partBytes: 16 };

async function rejection(value: unknown): Promise<string | undefined> {
  try {
    await loadKeywordIndex(value as StoredKeywordIndex);
  } catch (e) {
    return isRecallBoxError(e) ? e.code : `not a RecallBoxError: ${String(e)}`;
  }
  return undefined;
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Opens `stored` lazily, reading its parts through JSON as a pack would. */
const lazily = (stored: StoredKeywordIndex): KeywordIndex =>
  openKeywordIndex(clone(stored.head), async (i) => ({ data: clone(stored.parts[i]), bytes: JSON.stringify(stored.parts[i]).length }));

describe('export / import round trip', () => {
  it('an imported index answers exactly like the freshly built one, however partitioned, eager or lazy', async () => {
    const fresh = indexDocuments(docs);
    const freshIndex = rankingIndex(fresh.flex, fresh.stats, fresh.options);
    const single = await buildKeywordIndex(docs);
    const many = await buildKeywordIndex(docs, undefined, TINY_PARTS);
    expect(single.head.starts.length).toBe(1);
    expect(many.head.starts.length).toBeGreaterThan(10);
    const eager = [await loadKeywordIndex(clone(single)), await loadKeywordIndex(clone(many))];
    const lazy = [lazily(single), lazily(many)];
    for (const q of queries) {
      const lang = langOf(q);
      const expected = freshIndex.search(q, { lang });
      const terms = queryTerms(q, lang, freshIndex.options);
      for (const index of eager) {
        expect(index.search(q, { lang }), `${q} (${index.partitions} partitions, eager)`).toEqual(expected);
        expect(index.termStats(terms), q).toEqual(freshIndex.termStats(terms));
      }
      for (const index of lazy) {
        const view = await index.prepare(terms);
        expect(view.search(q, { lang }), `${q} (${index.partitions} partitions, lazy view)`).toEqual(expected);
        expect(view.termStats(terms), q).toEqual(freshIndex.termStats(terms));
        // Within the (default) residency budget, the index itself now answers too.
        expect(index.search(q, { lang }), `${q} (${index.partitions} partitions, lazy index)`).toEqual(expected);
      }
    }
    expect(eager[1].search('middleware', { lang: 'en' }).length).toBeGreaterThan(0);
  });

  it('builds byte-identical data from the same input', async () => {
    expect(JSON.stringify(await buildKeywordIndex(docs))).toBe(JSON.stringify(await buildKeywordIndex(docs)));
    expect(JSON.stringify(await buildKeywordIndex(docs, undefined, TINY_PARTS))).toBe(JSON.stringify(await buildKeywordIndex(docs, undefined, TINY_PARTS)));
  });

  it('stores the build options and per-field lengths for every document in the head', async () => {
    const { head, parts } = await buildKeywordIndex(docs, { k1: 0.9, weights: { title: 4 } });
    expect(head.version).toBe(3);
    expect(head.options.k1).toBe(0.9);
    expect(head.options.weights).toEqual({ ...DEFAULT_KEYWORD_OPTIONS.weights, title: 4 });
    expect(head.stats.docCount).toBe(5);
    expect(head.stats.fieldLengths.title).toHaveLength(5);
    expect(head.stats.fieldLengths.body[3]).toBe(0);
    expect(parts).toHaveLength(head.starts.length);
    expect((await loadKeywordIndex(clone({ head, parts }))).options.k1).toBe(0.9);
  });

  it('stores only map chunks, each term in the part partitionOf names, every term exactly once per field', async () => {
    const single = await buildKeywordIndex(docs);
    const { head, parts } = await buildKeywordIndex(docs, undefined, TINY_PARTS);
    const entries = (part: Record<string, string>) =>
      Object.entries(part).flatMap(([key, text]) => (JSON.parse(text) as Array<[string, unknown]>).map(([term, slots]) => [key.split('.')[0], term, slots] as const));
    parts.forEach((part, i) => {
      for (const key of Object.keys(part)) expect(key).toMatch(/^(title|headings|body)\.\d+\.map$/);
      for (const [, term] of entries(part)) expect(partitionOf(term, head.starts)).toBe(i);
    });
    // The same (field, term, slots) as the single partition, none lost or duplicated.
    const sorted = (list: ReadonlyArray<readonly [string, string, unknown]>) => list.map((e) => JSON.stringify(e)).sort();
    expect(sorted(parts.flatMap(entries))).toEqual(sorted(entries(single.parts[0])));
  });

  it('sizes partitions by partBytes: one for the default, more for smaller targets', async () => {
    // What the build divides: the UTF-8 bytes of FlexSearch's map chunks (the docs include CJK).
    const total = mapChunkBytes(await indexDocuments(docs).flex.export());
    expect(total).toBeGreaterThan(100);
    expect((await buildKeywordIndex(docs, undefined, { partBytes: total })).head.starts.length).toBe(1);
    expect((await buildKeywordIndex(docs, undefined, { partBytes: total - 1 })).head.starts.length).toBe(2);
    expect((await buildKeywordIndex(docs, undefined, { partBytes: Math.ceil(total / 3) })).head.starts.length).toBe(3);
    // No documents, no postings: still one (empty) partition.
    const empty = await buildKeywordIndex([], undefined, TINY_PARTS);
    expect(empty.head.starts.length).toBe(1);
    expect(empty.parts).toEqual([{}]);
  });

  it('by default cuts postings that fit the residency budget into compact parts, not the large index\'s', async () => {
    // Postings between the two sizes, so the two give different counts: 3,000 distinct words.
    const word = (n: number) => `w${n.toString(36)}`;
    const many: KeywordDoc[] = Array.from({ length: 100 }, (_, d) => ({
      fields: { title: `Page ${d}`, headings: '', body: Array.from({ length: 30 }, (_, k) => word(d * 30 + k)).join(' ') },
      lang: 'en',
    }));
    const total = mapChunkBytes(await indexDocuments(many).flex.export());
    expect(total).toBeGreaterThan(LARGE_INDEX_PART_BYTES);
    expect(total).toBeLessThanOrEqual(COMPACT_PART_BYTES);
    const parts = (await buildKeywordIndex(many)).head.starts.length;
    expect(parts).toBe(partitionCount(total, COMPACT_PART_BYTES));
    expect(parts).not.toBe(partitionCount(total, LARGE_INDEX_PART_BYTES));
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses partBytes %s with INVALID_OPTIONS', async (partBytes) => {
    await expect(buildKeywordIndex(docs, undefined, { partBytes })).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
  });
});

describe('malformed data is refused with INDEX_CORRUPT', () => {
  /** Replaces chunk `key` of part 0 (the only part of a default build). */
  const inPart0 = (d: any, key: string, text: unknown) => ({ ...d, parts: [{ ...d.parts[0], [key]: text }] });
  const mutations: Array<[string, (d: any) => unknown]> = [
    ['not an object', () => 'keyword'],
    ['null', () => null],
    ['head missing', (d) => ({ ...d, head: undefined })],
    ['another version', (d) => ({ ...d, head: { ...d.head, version: 1 } })],
    ['the version 1 shape (no head)', (d) => ({ version: 1, options: d.head.options, stats: d.head.stats, flexsearch: {} })],
    ['options missing', (d) => ({ ...d, head: { ...d.head, options: undefined } })],
    ['negative k1', (d) => ({ ...d, head: { ...d.head, options: { ...d.head.options, k1: -1 } } })],
    ['b above 1', (d) => ({ ...d, head: { ...d.head, options: { ...d.head.options, b: { ...d.head.options.b, body: 1.5 } } } })],
    ['analyzer flag not boolean', (d) => ({ ...d, head: { ...d.head, options: { ...d.head.options, analyzer: { ...d.head.options.analyzer, stem: 'yes' } } } })],
    ['stats missing', (d) => ({ ...d, head: { ...d.head, stats: undefined } })],
    ['docCount not an integer', (d) => ({ ...d, head: { ...d.head, stats: { ...d.head.stats, docCount: 4.5 } } })],
    ['field lengths shorter than docCount', (d) => ({ ...d, head: { ...d.head, stats: { ...d.head.stats, fieldLengths: { ...d.head.stats.fieldLengths, body: [1, 2] } } } })],
    ['negative field length', (d) => ({ ...d, head: { ...d.head, stats: { ...d.head.stats, fieldLengths: { ...d.head.stats.fieldLengths, title: [-1, 1, 1, 0, 1] } } } })],
    ['starts missing', (d) => ({ ...d, head: { ...d.head, starts: undefined } })],
    ['no partition (starts empty)', (d) => ({ head: { ...d.head, starts: [] }, parts: [] })],
    ["starts not beginning with ''", (d) => ({ ...d, head: { ...d.head, starts: ['a'] } })],
    ['starts not sorted', (d) => ({ ...d, head: { ...d.head, starts: ['', 'm', 'c'] }, parts: [d.parts[0], {}, {}] })],
    ['fewer parts than starts', (d) => ({ ...d, head: { ...d.head, starts: ['', 'm'] } })],
    ['dictionary missing', (d) => ({ ...d, head: { ...d.head, dictionary: undefined } })],
    ['dictionary lists of other lengths', (d) => ({ ...d, head: { ...d.head, dictionary: { ...d.head.dictionary, counts: [] } } })],
    ['dictionary not sorted', (d) => ({ ...d, head: { ...d.head, dictionary: { shared: [0, 0], suffixes: ['b', 'a'], counts: [1, 1] } } })],
    ['dictionary sharing more than the term before', (d) => ({ ...d, head: { ...d.head, dictionary: { shared: [2], suffixes: ['a'], counts: [1] } } })],
    ['parts missing', (d) => ({ ...d, parts: undefined })],
    ['part not an object', (d) => ({ ...d, parts: ['[]'] })],
    ['chunk not a string', (d) => inPart0(d, 'body.1.map', [])],
    ['chunk not JSON', (d) => inPart0(d, 'body.1.map', '[["x",[[0]]')],
    ['unexpected chunk key', (d) => inPart0(d, 'body.1.ctx', '[]')],
    ['an id register (no longer stored)', (d) => inPart0(d, '1.reg', '[0,1]')],
    ['chunk of an unknown field', (d) => inPart0(d, 'code.1.map', '[]')],
    ['posting beyond docCount', (d) => inPart0(d, 'body.1.map', '[["x",[[0,5]]]]')],
    ['posting not an integer', (d) => inPart0(d, 'body.1.map', '[["x",[["0"]]]]')],
    ['entry not [term, slots]', (d) => inPart0(d, 'body.1.map', '[["x"]]')],
    ['more slots than maxTermFrequency', (d) => inPart0(d, 'body.1.map', JSON.stringify([['x', Array(33).fill(null)]]))],
  ];

  it.each(mutations)('%s', async (_name, mutate) => {
    const data = clone(await buildKeywordIndex(docs));
    expect(await rejection(mutate(data))).toBe('INDEX_CORRUPT');
  });

  it('names the unsupported version', async () => {
    const data = clone(await buildKeywordIndex(docs));
    await expect(loadKeywordIndex({ ...data, head: { ...data.head, version: 1 as 3 } })).rejects.toThrow(/unsupported keyword index version 1/);
    expect(() => openKeywordIndex({ ...data.head, version: 4 }, async () => ({ data: {}, bytes: 0 }))).toThrow(/unsupported keyword index version 4/);
    // A version 1 pack's keyword.json (one object with the postings inside), however it is read.
    const v1 = { version: 1, options: data.head.options, stats: data.head.stats, flexsearch: {} };
    await expect(loadKeywordIndex(v1 as never)).rejects.toThrow(/unsupported keyword index version 1/);
    expect(() => openKeywordIndex(v1, async () => ({ data: {}, bytes: 0 }))).toThrow(/unsupported keyword index version 1/);
  });

  it('refuses parts in the wrong position or from a build with another partition count', async () => {
    const many = clone(await buildKeywordIndex(docs, undefined, TINY_PARTS));
    const [a, b] = many.parts.flatMap((p, i) => (Object.keys(p).length > 0 ? [i] : []));
    const swapped = many.parts.slice();
    [swapped[a], swapped[b]] = [swapped[b], swapped[a]];
    await expect(loadKeywordIndex({ ...many, parts: swapped })).rejects.toThrow(/belongs to partition/);
    expect(await rejection({ ...many, parts: swapped })).toBe('INDEX_CORRUPT');

    const other = clone(await buildKeywordIndex(docs, undefined, { partBytes: 64 }));
    expect(other.head.starts.length).not.toBe(many.head.starts.length);
    const mixed = many.parts.map((part, i) => other.parts[i] ?? part);
    expect(await rejection({ ...many, parts: mixed })).toBe('INDEX_CORRUPT');
  });

  it('accepts the unmodified data, partitioned or not (the mutations above are what breaks it)', async () => {
    expect(await rejection(clone(await buildKeywordIndex(docs)))).toBeUndefined();
    expect(await rejection(clone(await buildKeywordIndex(docs, undefined, TINY_PARTS)))).toBeUndefined();
  });
});
