import { describe, expect, it } from 'vitest';
import { isRecallBoxError } from '../../../src/core/errors.ts';
import { indexDocuments } from '../../../src/core/keyword/build.ts';
import { buildKeywordIndex, DEFAULT_KEYWORD_OPTIONS, loadKeywordIndex, type KeywordDoc, type KeywordIndexData } from '../../../src/core/keyword/index.ts';
import { rankingIndex } from '../../../src/core/keyword/search.ts';

const docs: KeywordDoc[] = [
  { fields: { title: 'Middleware', headings: 'CORS\ncors()', body: 'Use app.use(cors()) before routes. Middleware middleware.' }, lang: 'en' },
  { fields: { title: 'Context', headings: 'c.json()', body: 'c.json() returns JSON; c.text() returns text.' }, lang: 'en' },
  { fields: { title: 'Routing', headings: 'getStaticPaths', body: 'Export getStaticPaths from dynamic routes.' }, lang: 'en' },
  { fields: { title: '', headings: '', body: '' }, lang: 'en' },
  { fields: { title: '路由', headings: '动态路由', body: '使用 getStaticPaths 生成动态路由。' }, lang: 'zh-cn' },
];
const queries = ['middleware', 'cors', 'c.json()', 'json text', 'getStaticPaths', 'static paths', 'routes', '路由', 'nothing here', ''];

async function rejection(value: unknown): Promise<string | undefined> {
  try {
    await loadKeywordIndex(value as KeywordIndexData);
  } catch (e) {
    return isRecallBoxError(e) ? e.code : `not a RecallBoxError: ${String(e)}`;
  }
  return undefined;
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('export / import round trip', () => {
  it('an imported index answers exactly like the freshly built one (same hits, same scores)', async () => {
    const fresh = indexDocuments(docs);
    const freshIndex = rankingIndex(fresh.flex, fresh.stats, fresh.options);
    const imported = await loadKeywordIndex(clone(await buildKeywordIndex(docs)));
    for (const q of queries) {
      const lang = /[\u4e00-\u9fff]/.test(q) ? 'zh-cn' : 'en';
      expect(imported.search(q, { lang }), q).toEqual(freshIndex.search(q, { lang }));
    }
    expect(imported.search('middleware', { lang: 'en' }).length).toBeGreaterThan(0);
  });

  it('builds byte-identical data from the same input', async () => {
    expect(JSON.stringify(await buildKeywordIndex(docs))).toBe(JSON.stringify(await buildKeywordIndex(docs)));
  });

  it('stores the build options and per-field lengths for every document', async () => {
    const data = await buildKeywordIndex(docs, { k1: 0.9, weights: { title: 4 } });
    expect(data.version).toBe(1);
    expect(data.options.k1).toBe(0.9);
    expect(data.options.weights).toEqual({ ...DEFAULT_KEYWORD_OPTIONS.weights, title: 4 });
    expect(data.stats.docCount).toBe(5);
    expect(data.stats.fieldLengths.title).toHaveLength(5);
    expect(data.stats.fieldLengths.body[3]).toBe(0);
    expect((await loadKeywordIndex(clone(data))).options.k1).toBe(0.9);
  });
});

describe('malformed data is refused with INDEX_CORRUPT', () => {
  const mutations: Array<[string, (d: any) => unknown]> = [
    ['not an object', () => 'keyword'],
    ['null', () => null],
    ['another version', (d) => ({ ...d, version: 2 })],
    ['options missing', (d) => ({ ...d, options: undefined })],
    ['negative k1', (d) => ({ ...d, options: { ...d.options, k1: -1 } })],
    ['b above 1', (d) => ({ ...d, options: { ...d.options, b: { ...d.options.b, body: 1.5 } } })],
    ['analyzer flag not boolean', (d) => ({ ...d, options: { ...d.options, analyzer: { ...d.options.analyzer, stem: 'yes' } } })],
    ['stats missing', (d) => ({ ...d, stats: undefined })],
    ['docCount not an integer', (d) => ({ ...d, stats: { ...d.stats, docCount: 4.5 } })],
    ['field lengths shorter than docCount', (d) => ({ ...d, stats: { ...d.stats, fieldLengths: { ...d.stats.fieldLengths, body: [1, 2] } } })],
    ['negative field length', (d) => ({ ...d, stats: { ...d.stats, fieldLengths: { ...d.stats.fieldLengths, title: [-1, 1, 1, 0, 1] } } })],
    ['flexsearch missing', (d) => ({ ...d, flexsearch: undefined })],
    ['chunk not a string', (d) => ({ ...d, flexsearch: { ...d.flexsearch, 'body.1.map': [] } })],
    ['chunk not JSON', (d) => ({ ...d, flexsearch: { ...d.flexsearch, 'body.1.map': '[["x",[[0]]' } })],
    ['unexpected chunk key', (d) => ({ ...d, flexsearch: { ...d.flexsearch, 'body.1.ctx': '[]' } })],
    ['chunk of an unknown field', (d) => ({ ...d, flexsearch: { ...d.flexsearch, 'code.1.map': '[]' } })],
    ['posting beyond docCount', (d) => ({ ...d, flexsearch: { ...d.flexsearch, 'body.1.map': '[["x",[[0,5]]]]' } })],
    ['posting not an integer', (d) => ({ ...d, flexsearch: { ...d.flexsearch, 'body.1.map': '[["x",[["0"]]]]' } })],
    ['entry not [term, slots]', (d) => ({ ...d, flexsearch: { ...d.flexsearch, 'body.1.map': '[["x"]]' } })],
    ['more slots than maxTermFrequency', (d) => ({ ...d, flexsearch: { ...d.flexsearch, 'body.1.map': JSON.stringify([['x', Array(33).fill(null)]]) } })],
    ['register id out of range', (d) => ({ ...d, flexsearch: { ...d.flexsearch, '1.reg': '[0,99]' } })],
  ];

  it.each(mutations)('%s', async (_name, mutate) => {
    const data = clone(await buildKeywordIndex(docs));
    expect(await rejection(mutate(data))).toBe('INDEX_CORRUPT');
  });

  it('accepts the unmodified data (the mutations above are what breaks it)', async () => {
    expect(await rejection(clone(await buildKeywordIndex(docs)))).toBeUndefined();
  });
});
