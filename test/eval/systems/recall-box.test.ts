/**
 * recall-box's evaluation systems beyond the shared contract: the confidence score, fidelity of
 * `recall-box:full` to the Worker, and how evaluation documents become the pack.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { assemblePack } from '../../../src/indexer/build-pack.ts';
import { loadPack } from '../../../src/core/pack/load.ts';
import { DEFAULT_SEARCH_OPTIONS } from '../../../src/core/search/options.ts';
import type { Section } from '../../../src/core/types.ts';
import { evalPages, sectionOf } from '../../../src/datasets/collection-pages.ts';
import { memoryPackSource } from '../../../src/datasets/memory-source.ts';
import { evalSearchOptions, recallBoxSystems } from '../../../src/eval/systems/recall-box.ts';
import type { EvalDoc, EvalSystem } from '../../../src/eval/types.ts';
import { DEFAULT_WORKER_CONFIG } from '../../../src/worker/config.ts';
import { createApp } from '../../../src/worker/app.ts';

const DOCS: EvalDoc[] = [
  { id: 'cors', title: 'Middleware', headings: 'CORS', body: 'The cors middleware adds the headers browsers need for cross-origin requests.', lang: 'en' },
  { id: 'logging', title: 'Middleware', headings: 'Logging', body: 'The logger middleware prints every request with its status.', lang: 'en' },
  { id: 'routing', title: 'Routing', headings: '', body: 'The router maps a request path to a handler.', lang: 'en' },
  { id: 'deploy', title: 'Deployment', headings: '', body: 'Deploy to Cloudflare Workers with wrangler.', lang: 'en' },
];

async function indexedRecallBox(docs: readonly EvalDoc[] = DOCS): Promise<{ keyword: EvalSystem; full: EvalSystem }> {
  const systems = recallBoxSystems();
  const keyword = systems.find((s) => s.name === 'recall-box:keyword');
  const full = systems.find((s) => s.name === 'recall-box:full');
  await keyword!.index(docs);
  await full!.index(docs);
  return { keyword: keyword!, full: full! };
}

describe('recall-box confidence', () => {
  let keyword: EvalSystem;
  let full: EvalSystem;
  beforeAll(async () => {
    ({ keyword, full } = await indexedRecallBox());
  });

  it('the pipeline reports the Worker’s verdict on every answer: score in [0, 1], its decision, its outcome and its signals', async () => {
    for (const q of ['cors middleware', 'cors spaceship', 'zqxjv', 'the of', '???', 'wrangler deploy', '   ']) {
      const answer = await full.search(q, 10);
      expect(answer.confidence, q).toBeGreaterThanOrEqual(0);
      expect(answer.confidence, q).toBeLessThanOrEqual(1);
      expect(answer.answered, q).toBeTypeOf('boolean');
      expect(['answer', 'uncertain', 'fallback'], q).toContain(answer.outcome);
      expect(answer.answered, q).toBe(answer.outcome === 'answer');
    }
    expect(Object.keys((await full.search('cors middleware', 10)).signals!)).toContain('topCosine');
  });

  it('is higher for a fully matched query than for a half-matched one, and 0 without a match', async () => {
    expect((await full.search('cors middleware', 10)).confidence!).toBeGreaterThan((await full.search('cors spaceship', 10)).confidence!);
    expect(await full.search('zqxjv spaceship', 10)).toMatchObject({ confidence: 0, answered: false });
    expect(await full.search('the of', 10)).toMatchObject({ confidence: 0, answered: false });
  });

  it('the keyword route alone reports none (the verdict needs the pipeline)', async () => {
    expect((await keyword.search('cors middleware', 10)).confidence).toBeUndefined();
  });
});

describe('recall-box:full', () => {
  /** The Worker's HTTP app over the same pages, built and loaded independently of the system. */
  async function workerApp(docs: readonly EvalDoc[]) {
    const { manifest, files } = await assemblePack(evalPages(docs), { baseUrl: '/', createdAt: '2020-01-01T00:00:00.000Z' });
    const pack = await loadPack(memoryPackSource('test', manifest, files));
    return createApp({ config: DEFAULT_WORKER_CONFIG, getPack: async () => pack, packLoads: () => 1 });
  }

  it('returns the Worker’s /search results, in the Worker’s order', async () => {
    const { full } = await indexedRecallBox();
    const app = await workerApp(DOCS);
    for (const q of ['middleware', 'cors middleware', 'request handler', 'wrangler', 'Examples: what is a router?']) {
      const response = await app.request(`/search?q=${encodeURIComponent(q)}&limit=10`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { results: Array<{ id: string; score: number }> };
      const answer = await full.search(q, 10);
      expect(answer.hits.map((h) => h.docId), q).toEqual(body.results.map((r) => r.id));
      expect(answer.hits.map((h) => h.score), q).toEqual(body.results.map((r) => r.score));
    }
  });

  it('returns more than the Worker’s maxLimit when the harness asks for it', async () => {
    const many: EvalDoc[] = Array.from({ length: DEFAULT_SEARCH_OPTIONS.maxLimit + 20 }, (_, i) => ({
      id: `d${i}`,
      title: `Page ${i}`,
      headings: '',
      body: `The handler number ${i}.`,
      lang: 'en',
    }));
    const { full } = await indexedRecallBox(many);
    expect((await full.search('handler', 100)).hits).toHaveLength(many.length);
    expect(evalSearchOptions(100)).toMatchObject({ maxLimit: 100, candidateLimit: DEFAULT_SEARCH_OPTIONS.candidateLimit });
    expect(evalSearchOptions(300)).toMatchObject({ maxLimit: 300, candidateLimit: 300 });
    expect(evalSearchOptions(10)).toEqual(DEFAULT_SEARCH_OPTIONS);
  });

  it('answers a query longer than the Worker accepts, as the keyword route does', async () => {
    const { keyword, full } = await indexedRecallBox();
    const long = `cors ${'middleware '.repeat(DEFAULT_SEARCH_OPTIONS.maxQueryLength / 10)}`;
    expect([...long.trim()].length).toBeGreaterThan(DEFAULT_SEARCH_OPTIONS.maxQueryLength);
    const ids = async (system: EvalSystem) => (await system.search(long, 10)).hits.map((h) => h.docId);
    expect(await ids(full)).toEqual(await ids(keyword));
    expect((await ids(full))[0]).toBe('cors');
    expect(evalSearchOptions(10, long).maxQueryLength).toBe([...long.trim()].length);
  });

  it('answers an empty query with nothing, where the Worker answers 400', async () => {
    const { full } = await indexedRecallBox();
    expect(await full.search('   ', 10)).toEqual({ hits: [], confidence: 0, answered: false, outcome: 'fallback' });
  });
});

describe('evaluation documents as recall-box pages', () => {
  it('synthesises a section per document without one', () => {
    expect(sectionOf({ id: '7', title: 'Wings', headings: '', body: 'Lift.', lang: 'en' })).toMatchObject({
      id: '7',
      url: '/7/',
      pageUrl: '/7/',
      breadcrumb: ['Wings'],
      title: 'Wings',
      depth: 1,
      text: 'Lift.',
      lang: 'en',
    });
    expect(sectionOf({ id: 'x', title: 'Page', headings: 'Part', body: 'Text.', lang: 'fr' })).toMatchObject({
      breadcrumb: ['Page', 'Part'],
      title: 'Part',
      depth: 2,
      lang: 'fr',
    });
  });

  const section = (anchor: string, heading: string, text: string): Section => ({
    id: `/guide/#${anchor}`,
    url: `/guide/#${anchor}`,
    pageUrl: '/guide/',
    anchor,
    title: heading,
    breadcrumb: ['Guide', heading],
    depth: 2,
    lang: 'en',
    text,
    code: anchor === 'setup' ? 'npm install skylark' : '',
    links: [],
    tags: ['howto'],
    description: '',
  });

  it('uses the ingested section when the document has one, grouping a page’s sections', async () => {
    const docs: EvalDoc[] = [
      // body/title deliberately differ from the section: the section is what production indexes.
      { id: 'g1', title: 'ignored', headings: 'ignored', body: 'ignored', lang: 'en', section: section('setup', 'Setup', 'Install it.') },
      { id: 'g2', title: 'ignored', headings: 'ignored', body: 'ignored', lang: 'en', section: section('usage', 'Usage', 'Call it.') },
    ];
    const pages = evalPages(docs);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.sections.map((s) => s.anchor)).toEqual(['setup', 'usage']);
    const { keyword, full } = await indexedRecallBox(docs);
    for (const system of [keyword, full]) {
      // `npm install` is only in the section's code, `howto` only in its tags.
      expect((await system.search('npm install', 10)).hits.map((h) => h.docId), system.name).toEqual(['g1']);
      expect((await system.search('howto', 10)).hits, system.name).toHaveLength(2);
      expect((await system.search('ignored', 10)).hits, system.name).toEqual([]);
    }
  });

  it('refuses duplicate document ids', async () => {
    const [keyword] = recallBoxSystems();
    await expect(keyword!.index([DOCS[0]!, DOCS[0]!])).rejects.toThrow(/duplicate document id 'cors'/);
  });
});
