import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from '../../src/core/index.ts';
import { docsDataset, type KnownItemQuery } from '../../src/datasets/docs.ts';
import { asYouTypeQueries, typoQueries } from '../../src/datasets/query-variants.ts';
import { headingQueries, titleQueries } from '../../src/datasets/title-queries.ts';
import { ingestDirectory } from '../../src/indexer/ingest/index.ts';
import {
  REGRESSION_MARKER,
  buildSuiteTable,
  docsQuerySets,
  isRegression,
  meanOfAll,
  renderSuiteMarkdown,
  suiteJson,
  type SuiteRowInput,
  type SuiteSystem,
} from '../../src/eval/suite.ts';
import { findSuiteSources, runCollection, suiteSystems, type SuiteCollection } from '../../src/eval/suite-run.ts';
import { DOCS_SITES } from '../../src/eval/docs-sites.ts';
import { isTransportError, SEARCH_ATTEMPTS, withRetries } from '../../src/eval/peers/retry.ts';
import type { EvalAnswer, EvalDoc, EvalSystem } from '../../src/eval/types.ts';

const SYSTEMS: SuiteSystem[] = [
  { name: 'recall-box:keyword', peer: false },
  { name: 'recall-box:vector', peer: false },
  { name: 'recall-box:full', peer: false },
  { name: 'minisearch:vitepress', peer: true },
  { name: 'pagefind:starlight', peer: true },
];

function row(collection: string, scores: Record<string, number>, queries = 10): SuiteRowInput {
  return { collection, querySet: 'titles', metric: 'MRR@10', queries, scores };
}

describe('buildSuiteTable', () => {
  // full wins by 0.10 on a small row and loses by 0.04 on each of two others: two rows are
  // regressions while the average is still up (0.0067).
  const inputs = [
    row('a', { 'recall-box:keyword': 0.5, 'recall-box:vector': 0.4, 'recall-box:full': 0.6, 'minisearch:vitepress': 0.3, 'pagefind:starlight': 0.5 }, 5),
    row('b', { 'recall-box:keyword': 0.8, 'recall-box:vector': 0.6, 'recall-box:full': 0.76, 'minisearch:vitepress': 0.9, 'pagefind:starlight': 0.4 }, 100),
    row('c', { 'recall-box:keyword': 0.7, 'recall-box:vector': 0.2, 'recall-box:full': 0.66, 'minisearch:vitepress': 0.6, 'pagefind:starlight': 0.8 }, 1000),
  ];
  const table = buildSuiteTable(inputs, SYSTEMS);

  it('computes each row: Δ full−keyword, the row\'s best peer, full ÷ it, the marker', () => {
    const [a, b, c] = table.rows;
    expect(a!.deltaFullKeyword).toBeCloseTo(0.1, 12);
    expect(a!.bestPeer).toEqual({ name: 'pagefind:starlight', score: 0.5 });
    expect(a!.fullOverBestPeer).toBeCloseTo(1.2, 12);
    expect(a!.regression).toBe(false);
    expect(b!.deltaFullKeyword).toBeCloseTo(-0.04, 12);
    expect(b!.bestPeer).toEqual({ name: 'minisearch:vitepress', score: 0.9 });
    expect(b!.fullOverBestPeer).toBeCloseTo(0.76 / 0.9, 12);
    expect(b!.regression).toBe(true);
    expect(c!.bestPeer!.name).toBe('pagefind:starlight');
    expect(c!.regression).toBe(true);
  });

  it('macro-averages each column with every row weighing the same, whatever its queries', () => {
    const m = table.macro;
    expect(m.rows).toBe(3);
    expect(m.queries).toBe(1105);
    expect(m.scores['recall-box:full']).toBeCloseTo((0.6 + 0.76 + 0.66) / 3, 12);
    expect(m.scores['recall-box:keyword']).toBeCloseTo((0.5 + 0.8 + 0.7) / 3, 12);
    expect(m.deltaFullKeyword).toBeCloseTo((0.1 - 0.04 - 0.04) / 3, 12);
    expect(m.bestPeerScore).toBeCloseTo((0.5 + 0.9 + 0.8) / 3, 12);
    expect(m.fullOverBestPeer).toBeCloseTo((0.6 / 0.5 + 0.76 / 0.9 + 0.66 / 0.8) / 3, 12);
    // Up by 0.0067 on average: not a regression of the average.
    expect(m.regression).toBe(false);
    // The best single peer on average (minisearch, 0.6) is not the mean of the rows' best (0.733).
    expect(table.bestSinglePeer!.name).toBe('minisearch:vitepress');
    expect(table.bestSinglePeer!.score).toBeCloseTo((0.3 + 0.9 + 0.6) / 3, 12);
    expect(table.bestSinglePeer!.fullOver).toBeCloseTo((0.6 + 0.76 + 0.66) / (0.3 + 0.9 + 0.6), 12);
  });

  it('marks the macro-average when full wins one collection and loses on the average', () => {
    const t = buildSuiteTable(
      [
        row('win', { 'recall-box:keyword': 0.5, 'recall-box:full': 0.52 }),
        row('lose', { 'recall-box:keyword': 0.5, 'recall-box:full': 0.47 }),
      ],
      SYSTEMS.slice(0, 3),
    );
    expect(t.rows.map((r) => r.regression)).toEqual([false, true]);
    expect(t.macro.deltaFullKeyword).toBeCloseTo(-0.005, 12);
    expect(t.macro.regression).toBe(false); // exactly the margin: not beyond it
    const worse = buildSuiteTable(
      [
        row('win', { 'recall-box:keyword': 0.5, 'recall-box:full': 0.52 }),
        row('lose', { 'recall-box:keyword': 0.5, 'recall-box:full': 0.46 }),
      ],
      SYSTEMS.slice(0, 3),
    );
    expect(worse.macro.regression).toBe(true);
    expect(renderSuiteMarkdown(worse, { skipped: [], elapsedMs: 0 })).toMatch(/\| \*\*macro-average\*\* .* \*\*−0\.0100\*\* ▼ \|/);
  });

  it('regression is strictly beyond the margin, and needs both scores', () => {
    expect(isRegression(0.495, 0.5)).toBe(false);
    expect(isRegression(0.4949, 0.5)).toBe(true);
    expect(isRegression(0.6, 0.5)).toBe(false);
    expect(isRegression(null, 0.5)).toBe(false);
    expect(isRegression(0.1, undefined)).toBe(false);
  });

  it('leaves a column\'s mean empty when a row lacks it, and has no best peer without peers', () => {
    expect(meanOfAll([0.5, null])).toBeNull();
    expect(meanOfAll([])).toBeNull();
    const t = buildSuiteTable([row('a', { 'recall-box:full': 0.5 }), row('b', { 'recall-box:full': 0.7, 'recall-box:keyword': 0.9 })], SYSTEMS.slice(0, 3));
    expect(t.macro.scores['recall-box:full']).toBeCloseTo(0.6, 12);
    expect(t.macro.scores['recall-box:keyword']).toBeNull();
    expect(t.macro.deltaFullKeyword).toBeNull();
    expect(t.rows[0]!.bestPeer).toBeNull();
    expect(t.rows[0]!.fullOverBestPeer).toBeNull();
    expect(t.bestSinglePeer).toBeNull();
    expect(t.rows[1]!.regression).toBe(true);
  });

  it('renders one row per input plus the macro row, markers on regressions only, and the same figures as JSON', () => {
    const md = renderSuiteMarkdown(table, { skipped: ['cisi: /x not found'], elapsedMs: 125_000 });
    const rows = md.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| ---') && !l.startsWith('| collection'));
    expect(rows).toHaveLength(4);
    expect(md).toContain('| collection | query set | metric | queries | keyword | vector | full | Δ full−keyword | best peer | full ÷ best peer |');
    expect(rows[0]).toBe('| a | titles | MRR@10 | 5 | 0.5000 | 0.4000 | 0.6000 | +0.1000 | pagefind:starlight 0.5000 | 1.200 |');
    expect(rows[1]).toContain(`**−0.0400** ${REGRESSION_MARKER}`);
    expect(rows[0]).not.toContain(REGRESSION_MARKER);
    expect(rows[3]).toContain('| **macro-average** | 3 rows |');
    expect(rows[3]).not.toContain(REGRESSION_MARKER);
    expect(md).toContain('each row (collection × query set) weighs the same');
    expect(md).toContain('2 of 3 rows; not the macro-average.');
    expect(md).toContain('- cisi: /x not found');
    expect(md).toContain('Run time: 2 min 05 s.');
    const json = suiteJson(table, { skipped: [], elapsedMs: 1 });
    expect(json.rows[1]).toMatchObject({ collection: 'b', deltaFullKeyword: -0.04, regression: true, bestPeer: { name: 'minisearch:vitepress', score: 0.9 } });
    expect(json.macro.regression).toBe(false);
    expect(JSON.parse(JSON.stringify(json)).macro.scores['recall-box:full']).toBeCloseTo(0.673333, 6);
  });
});

describe('docsQuerySets', () => {
  const site = fileURLToPath(new URL('../fixtures/site', import.meta.url));
  let pages: Page[];
  beforeAll(async () => {
    pages = (await ingestDirectory(site, { baseUrl: '/' })).pages;
  });

  it('makes titles and headings, as typed and with one typo (seed 1), then the answerable questions', () => {
    const questions: KnownItemQuery[] = [
      { query: 'how do routes work', url: '/guides/routing/', line: 1 },
      { query: 'deploy to mars', unanswerable: true, line: 2 },
    ];
    const sets = docsQuerySets(pages, [{ name: 'questions', items: questions }]);
    expect(sets.map((s) => s.name)).toEqual([
      'titles',
      'titles, as you type',
      'titles, one typo',
      'headings',
      'headings, as you type',
      'headings, one typo',
      'questions',
    ]);
    const titles = titleQueries(pages).queries;
    const headings = headingQueries(pages);
    expect(titles.length).toBeGreaterThan(0);
    expect(headings.length).toBeGreaterThan(0);
    const texts = (i: number) => sets[i]!.items.map((q) => [q.query, q.url]);
    expect(texts(0)).toEqual(titles.map((q) => [q.query, q.url]));
    expect(texts(1)).toEqual(asYouTypeQueries(titles).map((q) => [q.query, q.url]));
    expect(texts(2)).toEqual(typoQueries(titles, 1).map((q) => [q.query, q.url]));
    expect(texts(3)).toEqual(headings.map((q) => [q.query, q.url]));
    expect(texts(5)).toEqual(typoQueries(headings, 1).map((q) => [q.query, q.url]));
    expect(sets[6]!.items).toEqual([questions[0]]);
  });

  it('every generated query names an ingested page', () => {
    for (const set of docsQuerySets(pages)) {
      const loaded = docsDataset('site', pages, set.items);
      expect(loaded.dataset.queries.length, set.name).toBe(set.items.length);
    }
  });
});

/** Counts its index() calls; ranks documents by shared words with the query. */
class CountingSystem implements EvalSystem {
  static indexCalls = 0;
  private docs: EvalDoc[] = [];
  constructor(
    readonly name: string,
    readonly peer: boolean,
    readonly description = 'stub',
  ) {}
  async index(docs: readonly EvalDoc[]): Promise<void> {
    CountingSystem.indexCalls++;
    this.docs = [...docs];
  }
  async search(query: string, k: number): Promise<EvalAnswer> {
    const words = new Set(query.toLowerCase().split(/\W+/).filter(Boolean));
    const hits = this.docs
      .map((d) => ({ docId: d.id, score: d.title.toLowerCase().split(/\W+/).filter((w) => words.has(w)).length }))
      .filter((h) => h.score > 0)
      .sort((a, b) => b.score - a.score || a.docId.localeCompare(b.docId));
    return { hits: this.peer ? hits.reverse().slice(0, k) : hits.slice(0, k) };
  }
}

async function fixtureCollection(): Promise<{ collection: SuiteCollection; sets: ReturnType<typeof docsQuerySets> }> {
  const pages = (await ingestDirectory(fileURLToPath(new URL('../fixtures/site', import.meta.url)), { baseUrl: '/' })).pages;
  const base = docsDataset('site', pages, []).dataset;
  const sets = docsQuerySets(pages).slice(0, 2);
  const collection: SuiteCollection = {
    name: 'site',
    kind: 'docs',
    metric: 'MRR@10',
    docs: base.docs,
    sets: sets.map((s) => ({ name: s.name, dataset: { ...docsDataset('site', pages, s.items).dataset, docs: base.docs } })),
    notes: [],
    skipped: [],
  };
  return { collection, sets };
}

/** Fails as `fail` says on its first `failures` searches, then answers as CountingSystem. */
class FlakySystem extends CountingSystem {
  calls = 0;
  constructor(
    name: string,
    peer: boolean,
    private readonly failures: number,
    private readonly fail: () => void,
  ) {
    super(name, peer);
  }
  override async search(query: string, k: number): Promise<EvalAnswer> {
    this.calls++;
    if (this.calls <= this.failures) this.fail();
    return super.search(query, k);
  }
}

const resetError = () => {
  throw new TypeError('fetch failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) });
};

describe('withRetries', () => {
  it('asks again after a transport error, and gives up after SEARCH_ATTEMPTS', async () => {
    const flaky = new FlakySystem('pagefind:x', true, 1, resetError);
    const logs: string[] = [];
    await flaky.index([{ id: '/a/#', title: 'alpha', headings: '', body: '', lang: 'en' }]);
    expect((await withRetries(flaky, (l: string) => logs.push(l)).search('alpha', 10)).hits).toHaveLength(1);
    expect(flaky.calls).toBe(2);
    expect(logs).toHaveLength(1);
    const broken = new FlakySystem('pagefind:x', true, 99, resetError);
    await expect(withRetries(broken, () => {}).search('alpha', 10)).rejects.toThrow(/failed 3 times/);
    expect(broken.calls).toBe(SEARCH_ATTEMPTS);
  });

  it('does not retry other errors', async () => {
    const bug = new FlakySystem('x', true, 1, () => {
      throw new RangeError('a bug');
    });
    await expect(withRetries(bug, () => {}).search('alpha', 10)).rejects.toThrow('a bug');
    expect(bug.calls).toBe(1);
    expect(isTransportError(new TypeError('fetch failed'))).toBe(true);
    expect(isTransportError(new Error('x'))).toBe(false);
  });

  it('asks again when pagefind.js logs a failed index chunk instead of failing', async () => {
    const silent = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const lossy = new FlakySystem('pagefind:x', true, 1, () => console.error('Failed to load the index chunk http://x/index/1.pf_index:\nTypeError: fetch failed'));
      await lossy.index([]);
      await withRetries(lossy, () => {}).search('alpha', 10);
      expect(lossy.calls).toBe(2);
    } finally {
      silent.mockRestore();
    }
  });
});

describe('runCollection', () => {
  it('indexes each system once and scores every query set against that index', async () => {
    const { collection, sets } = await fixtureCollection();
    CountingSystem.indexCalls = 0;
    const run = await runCollection(collection, () => [new CountingSystem('recall-box:full', false), new CountingSystem('peer:x', true)], () => {});
    expect(CountingSystem.indexCalls).toBe(2);
    expect(run.systems).toEqual([
      { name: 'recall-box:full', peer: false },
      { name: 'peer:x', peer: true },
    ]);
    expect(run.rows.map((r) => r.querySet)).toEqual(['titles', 'titles, as you type']);
    // Titles searched by title words: the page itself comes first for every unique title.
    expect(run.rows[0]!.scores['recall-box:full']).toBeGreaterThan(0.5);
    expect(run.rows[0]!.queries).toBe(sets[0]!.items.length);
    for (const r of run.rows) for (const v of Object.values(r.scores)) expect(v).toBeGreaterThanOrEqual(0);
  });

  it('leaves out a failing peer with a line, and fails on a failing recall-box system', async () => {
    const { collection } = await fixtureCollection();
    const broken = () => new FlakySystem('peer:broken', true, Infinity, resetError);
    const run = await runCollection(collection, () => [new CountingSystem('recall-box:full', false), broken()], () => {});
    expect(run.systems.map((s) => s.name)).toEqual(['recall-box:full', 'peer:broken']);
    expect(Object.keys(run.rows[0]!.scores)).toEqual(['recall-box:full']);
    expect(run.skipped).toEqual([expect.stringMatching(/^peer:broken on site: failed/)]);
    const ownBroken = () => new FlakySystem('recall-box:full', false, Infinity, resetError);
    await expect(runCollection(collection, () => [ownBroken()], () => {})).rejects.toThrow('fetch failed');
  });
});

describe('findSuiteSources and suiteSystems', () => {
  let shared: string;
  beforeAll(async () => {
    shared = await mkdtemp(path.join(os.tmpdir(), 'suite-shared-'));
    const beir = path.join(shared, 'datasets', 'beir', 'tiny');
    await mkdir(path.join(beir, 'qrels'), { recursive: true });
    await writeFile(path.join(beir, 'corpus.jsonl'), '{"_id": "d1", "title": "t", "text": "x"}\n');
    await writeFile(path.join(beir, 'queries.jsonl'), '{"_id": "q1", "text": "x"}\n');
    await writeFile(path.join(beir, 'qrels', 'test.tsv'), 'query-id\tcorpus-id\tscore\nq1\td1\t1\n');
  });
  afterAll(async () => {
    await rm(shared, { recursive: true, force: true });
  });

  it('skips each absent collection with a line and finds a BEIR folder', async () => {
    const { sources, skipped } = await findSuiteSources(shared, '/nowhere');
    expect(sources.map((s) => s.name)).toEqual(['tiny']);
    expect(skipped.map((s) => s.split(':')[0])).toEqual(['cranfield', 'cisi', 'astro-docs/en', 'hono-docs/docs', ...DOCS_SITES.map((s) => s.name)]);
    expect(skipped.at(-1)).toContain('npm run fetch:sites');
    const tiny = await sources[0]!.load();
    expect(tiny).toMatchObject({ kind: 'beir', metric: 'nDCG@10' });
  });

  it('runs keyword, vector, full and the peers by default; --systems filters', () => {
    const all = ['recall-box:keyword', 'recall-box:vector', 'recall-box:hybrid', 'recall-box:full', 'lunr:default'].map(
      (n) => new CountingSystem(n, !n.startsWith('recall-box')),
    );
    expect(suiteSystems(all).map((s) => s.name)).toEqual(['recall-box:keyword', 'recall-box:vector', 'recall-box:full', 'lunr:default']);
    expect(suiteSystems(all, ['recall-box:hybrid']).map((s) => s.name)).toEqual(['recall-box:hybrid']);
  });
});
