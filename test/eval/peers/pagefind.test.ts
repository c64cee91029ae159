/**
 * `pagefind:starlight` beyond the shared contract (test/eval/systems/contract.test.ts): that it
 * really runs Pagefind's generated bundle with Starlight's setup — whole words, prefix extension of
 * a partly typed word, no answer for what no page holds — and how pages are rendered for it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { STARLIGHT_RANKING, pageHtml, pagefindSystems } from '../../../src/eval/peers/pagefind.ts';
import type { EvalDoc, EvalSystem } from '../../../src/eval/types.ts';

const DOCS: EvalDoc[] = [
  { id: 'routing', title: 'Routing', headings: '', body: 'The router maps each request path to a handler function.', lang: 'en' },
  { id: 'cors', title: 'Middleware', headings: 'CORS', body: 'The cors middleware adds the Access-Control headers for cross-origin requests.', lang: 'en' },
  { id: 'deploy', title: 'Deployment', headings: '', body: 'Deploy the application to Cloudflare Workers with wrangler.', lang: 'en' },
  { id: 'testing', title: 'Testing', headings: '', body: 'Send a request to the app and check the response in unit tests.', lang: 'en' },
  { id: 'config', title: 'Configuration', headings: 'Environment variables', body: 'Secrets are read from environment variables on each request.', lang: 'en' },
];

function fresh(): EvalSystem {
  const [system] = pagefindSystems();
  return system!;
}

const ids = async (system: EvalSystem, query: string, k = 10) => (await system.search(query, k)).hits.map((h) => h.docId);

describe('pagefind:starlight', () => {
  let system: EvalSystem;
  beforeAll(async () => {
    system = fresh();
    await system.index(DOCS);
  });

  it('is one peer, described with Starlight’s ranking', () => {
    const systems = pagefindSystems();
    expect(systems.map((s) => s.name)).toEqual(['pagefind:starlight']);
    expect(systems[0]!.peer).toBe(true);
    expect(systems[0]!.description).toContain(`pageLength ${STARLIGHT_RANKING.pageLength}`);
  });

  it('finds the page of a whole word first', async () => {
    expect((await ids(system, 'wrangler'))[0]).toBe('deploy');
    expect((await ids(system, 'environment variables'))[0]).toBe('config');
    expect((await ids(system, 'CORS'))[0]).toBe('cors');
  });

  it('extends a partly typed word as a prefix', async () => {
    expect((await ids(system, 'deplo'))[0]).toBe('deploy');
    expect((await ids(system, 'middlew'))[0]).toBe('cors');
  });

  it('answers what no page holds, and empty or punctuation-only queries, with no hits', async () => {
    for (const query of ['zqxjv wqpfkz', '', '   ', '???', '-', '""']) expect(await ids(system, query)).toEqual([]);
  });

  it('cuts the ranked list at k, best first, and refuses a bad k as every system does', async () => {
    const all = (await system.search('request', 10)).hits;
    expect(all.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < all.length; i++) expect(all[i]!.score).toBeLessThanOrEqual(all[i - 1]!.score);
    expect(await ids(system, 'request', 2)).toEqual(all.slice(0, 2).map((h) => h.docId));
    expect(await ids(system, 'request', 1)).toEqual([all[0]!.docId]);
    for (const k of [0, -1, 1.5, Number.NaN]) await expect(system.search('request', k)).rejects.toThrow(RangeError);
  });

  it('refuses to search before indexing, and re-indexing replaces the collection', async () => {
    const other = fresh();
    await expect(other.search('wrangler', 10)).rejects.toThrow(/index\(\)/);
    await other.index(DOCS);
    await other.index([{ id: 'only', title: 'Publishing', headings: '', body: 'Wrangler publishes.', lang: 'en' }]);
    expect(await ids(other, 'wrangler')).toEqual(['only']);
    expect(await ids(other, 'router')).toEqual([]);
  });

  it('answers nothing for an empty collection', async () => {
    const empty = fresh();
    await empty.index([]);
    expect(await ids(empty, 'wrangler')).toEqual([]);
  });
});

describe('pageHtml', () => {
  it('renders a section as a Starlight page body: h1 title, h2 heading, escaped text, the doc’s language', () => {
    const html = pageHtml({ id: 'x', title: 'A & B', headings: '<Head>', body: 'if a < b then "c"', lang: 'fr' });
    expect(html).toBe(
      '<html lang="fr"><head><title>A &amp; B</title></head><body><main data-pagefind-body><h1>A &amp; B</h1><h2>&lt;Head&gt;</h2><p>if a &lt; b then &quot;c&quot;</p></main></body></html>',
    );
  });

  it('leaves out the h2 of a section without a heading', () => {
    expect(pageHtml({ id: 'x', title: 'T', headings: ' ', body: 'b', lang: 'en' })).not.toContain('<h2>');
  });
});
