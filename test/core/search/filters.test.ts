/**
 * Filtered search (core/search/filters.ts) on a small pack with configured facets: the filters
 * restrict the candidates where both routes gather them, the counts are taken among the candidates
 * without the filters, and a filter nobody matches falls back saying so.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { assemblePack } from '../../../src/indexer/build-pack.ts';
import { parseDocument } from '../../../src/indexer/ingest/index.ts';
import { bytesSource } from '../../../src/core/pack/source.ts';
import { loadPack, type LoadedPack } from '../../../src/core/pack/load.ts';
import { DEFAULT_SEARCH_OPTIONS, type SearchOptions } from '../../../src/core/search/options.ts';
import { search, searchPack } from '../../../src/core/search/search.ts';
import type { SearchOutcome } from '../../../src/core/search/outcome.ts';
import { staticQueryVector } from '../../../src/core/search/query-vector.ts';
import { vectorRoute } from '../../../src/core/search/routes.ts';
import { facetCounts, FACET_COUNT_VALUES, resolveFilters, type FacetCounts } from '../../../src/core/search/filters.ts';
import type { SearchRequest } from '../../../src/core/search/request.ts';
import type { SectionFacet } from '../../../src/core/pack/section-store.ts';
import { thrown } from '../../support/errors.ts';

const FACETS = ['version', 'tags'];

const page = (title: string, meta: string, body: string) => `---\ntitle: ${title}\n${meta}\n---\n\n${body}\n`;
const deployGuide = (n: string) =>
  page(`Deploy to ${n}`, 'version: v5\ntags: [guide, deploy]', `Deploy your app to ${n}. The deploy command builds and uploads the worker.\n\n## Deploy settings\n\nEvery deploy reads its settings from the config file.`);

const DOCS: Record<string, string> = {
  'guides/deploy-a.md': deployGuide('Alpha'),
  'guides/deploy-b.md': deployGuide('Beta'),
  'guides/deploy-c.md': deployGuide('Gamma'),
  'guides/routing.md': page('Routing', 'version: v5\ntags: guide', 'Map URLs to handlers with the router.\n\n## Route parameters\n\nRead parameters of the path.'),
  'reference/cli.md': page('CLI reference', 'version: v4\ntags: [reference]', 'Commands of the tool.\n\n## build\n\nBuild the bundle before you deploy it.\n\n## serve\n\nServe the app locally.'),
  'reference/config.md': page('Config reference', 'version: v4\ntags: [reference]', 'Options of the config file.\n\n## target\n\nThe runtime a deploy targets.\n\n## output\n\nWhere the build writes its files.'),
  'reference/api.md': page('API reference', 'version: v5\ntags: [reference]', 'Functions of the package.\n\n## createApp\n\nCreate an app you can deploy.\n\n## route\n\nRegister a route.'),
  'reference/errors/deploy-failed.md': page('DeployFailed', 'version: v5\ntags: [error]', 'The deploy could not upload the worker.\n\n## How to fix it\n\nCheck your credentials and deploy again.'),
  'ja/guides/deploy.md': page('デプロイ', 'version: v5', 'アプリをデプロイします。deploy コマンドを使います。'),
  'about.md': '# About\n\nThis site documents the tool. Nothing here is about shipping.\n',
  // Six reference sections about plugins, two per page (MMR's page cap), for the pools' quotas.
  ...Object.fromEntries(
    ['hooks', 'adapters', 'loaders'].map((name) => [
      `reference/${name}.md`,
      page(`${name} reference`, 'version: v5\ntags: [reference]', `The ${name} of the tool.\n\n## First\n\nA plugin can add ${name}.\n\n## Second\n\nEvery plugin lists its ${name}.`),
    ]),
  ),
};

const CREATED_AT = '2026-01-01T00:00:00.000Z';

async function packOf(docs: Record<string, string>, facets: string[]): Promise<Record<string, string | Uint8Array>> {
  const pages = Object.entries(docs).map(([path, content]) => parseDocument(path, content, { facets }));
  // A few sections only: the test lowers minSections to get vectors (both routes filtered).
  const { manifest, files } = await assemblePack(pages, { baseUrl: '/', createdAt: CREATED_AT, embedding: { minSections: 2 }, facets });
  return { ...files, 'manifest.json': JSON.stringify(manifest) };
}

/** The files as a pack source. */
const sourceOf = (files: Record<string, string | Uint8Array>) =>
  bytesSource('memory:/pack/', async (name) => {
    if (!Object.hasOwn(files, name)) return null;
    const f = files[name]!;
    return typeof f === 'string' ? new TextEncoder().encode(f) : f;
  });

const request = (q: string, over: Partial<SearchRequest> = {}): SearchRequest => ({ q, limit: 10, lang: null, ...over });

let pack: LoadedPack;
let files: Record<string, string | Uint8Array>;
const ask = (q: string, over: Partial<SearchRequest> = {}, options: SearchOptions = DEFAULT_SEARCH_OPTIONS): SearchOutcome => {
  const req = request(q, over);
  return searchPack(pack, req, options, staticQueryVector(pack, req, options));
};

/** The values of `facet` section `id` (by its section id) has. */
function valuesOf(facetName: string, sectionId: string): string[] {
  const id = pack.sections.all!.findIndex((s) => s.id === sectionId);
  const facet = pack.sections.facets.find((f) => f.name === facetName)!;
  return facet.valuesOf(id).map((v) => facet.values[v]!);
}

/** The unfiltered candidates of a query (both routes past their thresholds), from a debug answer. */
function candidatesOf(q: string, options: SearchOptions = DEFAULT_SEARCH_OPTIONS): string[] {
  const { debug } = ask(q, {}, { ...options, debug: true });
  return [...new Set([...(debug!.routes.keyword ?? []), ...(debug!.routes.vector ?? [])].map((h) => h.id))];
}

/** Counts by hand: per facet, value → candidates having it among those passing the other facets' filters. */
function countsByHand(candidates: string[], filters: Record<string, string>): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const facet of pack.sections.facets) {
    const counts: Record<string, number> = {};
    for (const id of candidates) {
      const others = Object.entries(filters).filter(([name]) => name !== facet.name);
      if (!others.every(([name, value]) => valuesOf(name, id).includes(value))) continue;
      for (const v of valuesOf(facet.name, id)) counts[v] = (counts[v] ?? 0) + 1;
    }
    out[facet.name] = counts;
  }
  return out;
}

const asRecord = (counts: FacetCounts) => Object.fromEntries(Object.entries(counts).map(([name, list]) => [name, Object.fromEntries(list.filter((c) => c.count > 0).map((c) => [c.value, c.count]))]));

beforeAll(async () => {
  files = await packOf(DOCS, FACETS);
  pack = await loadPack(sourceOf(files));
  expect(pack.semantic).not.toBeNull();
});

describe('a filtered search', () => {
  it('answers only sections with the filter\'s value, for a built-in and a configured facet', () => {
    const byPool = ask('deploy', { filters: { pool: 'reference' } });
    expect(byPool.results.length).toBeGreaterThan(0);
    expect(byPool.results.every((r) => r.pool === 'reference')).toBe(true);
    const byVersion = ask('deploy', { filters: { version: 'v4' } });
    expect(byVersion.results.map((r) => r.id).sort()).toEqual(['/reference/cli/#build', '/reference/config/#target']);
    const byTag = ask('deploy', { filters: { tags: 'error' } });
    expect(byTag.results.length).toBeGreaterThan(0);
    expect(byTag.results.every((r) => r.id.startsWith('/reference/errors/'))).toBe(true);
    const both = ask('deploy', { filters: { version: 'v5', pool: 'knowledge' } });
    expect(both.results.length).toBeGreaterThan(0);
    for (const r of both.results) {
      expect(r.pool).toBe('knowledge');
      expect(valuesOf('version', r.id)).toEqual(['v5']);
    }
  });

  it('reads a lang filter as a language tag', () => {
    const ja = ask('デプロイ', { filters: { lang: 'JA' } });
    expect(ja.filters).toEqual({ lang: 'ja' });
    expect(ja.results.map((r) => r.id)).toEqual(['/ja/guides/deploy/#']);
    expect(ask('デプロイ', { filters: { lang: 'en' } }).results).toEqual([]);
  });

  it('fills the limit with matching sections: the filter applies where the routes gather candidates, before they are cut', () => {
    // Two candidates per route: without the filter both routes' candidates are deploy guides.
    const narrow = { ...DEFAULT_SEARCH_OPTIONS, candidateLimit: 2 };
    const unfiltered = candidatesOf('deploy', narrow);
    expect(unfiltered.every((id) => !valuesOf('version', id).includes('v4'))).toBe(true);
    const filtered = ask('deploy', { filters: { version: 'v4' } }, narrow);
    expect(filtered.results.map((r) => r.id).sort()).toEqual(['/reference/cli/#build', '/reference/config/#target']);
  });

  it('fills the vector route\'s candidates with matching sections: its kernel is asked for as many more as the filter needs', () => {
    const narrow = { ...DEFAULT_SEARCH_OPTIONS, candidateLimit: 3 };
    // No floor: every matching section counts, however far from the query.
    const floorless = { ...narrow, thresholds: { ...narrow.thresholds, vector: { min: -1, scale: 'absolute' as const } } };
    const query = staticQueryVector(pack, request('deploy the worker'), narrow).vector!;
    const everyScore = pack.semantic!.kernel.topK(query, pack.sections.count);
    const all = vectorRoute(pack, query, null, narrow);
    for (const filters of [{ version: 'v4' }, { pool: 'reference' }, { tags: 'error' }, { lang: 'ja' }] as Record<string, string>[]) {
      const filtering = resolveFilters(pack.sections, filters)!;
      // The matching sections best first, as the kernel ranks them all.
      const ranked = Array.from(everyScore.ids, (id, i) => ({ id, score: everyScore.scores[i]! })).filter((h) => filtering.accepts(h.id));
      const strict = vectorRoute(pack, query, null, floorless, filtering);
      expect(strict.hits, JSON.stringify(filters)).toEqual(ranked.slice(0, 3));
      expect(strict.unfiltered).toEqual(all.hits);
      // Under the default threshold (cosine 0.4), sections the kernel was not asked for are left
      // out only when they would fall below it: every hit that passes it is there.
      const { hits } = vectorRoute(pack, query, null, narrow, filtering);
      expect(hits).toEqual(ranked.slice(0, hits.length));
      expect(hits.length).toBeGreaterThanOrEqual(Math.min(1, ranked.length));
      expect(hits.length).toBeGreaterThanOrEqual(ranked.slice(0, 3).filter((h) => h.score >= 0.4).length);
    }
  });

  it('answers the same from a pack read lazily (search, which reads what the query needs)', async () => {
    const lazy = await loadPack(sourceOf(files), { read: 'lazy' });
    const filters = { version: 'v5', tags: 'reference' };
    const whole = ask('create an app to deploy', { filters });
    const read = await search(lazy, request('create an app to deploy', { filters }), DEFAULT_SEARCH_OPTIONS);
    expect(read.results).toEqual(whole.results);
    expect(read.facets).toEqual(whole.facets);
  });

  it('picks results past the pools\' quotas when it filters by pool (pools on): the limit is filled from that pool', () => {
    const pools = { ...DEFAULT_SEARCH_OPTIONS, pools: { ...DEFAULT_SEARCH_OPTIONS.pools, enabled: true } };
    const filtered = ask('plugin', { filters: { pool: 'reference' }, limit: 10 }, pools);
    // Six reference sections hold the word; the quotas would let the reference pool take 5 of 10.
    expect(filtered.results.every((r) => r.pool === 'reference')).toBe(true);
    expect(filtered.results.length).toBe(6);
  });
});

describe('facet counts', () => {
  it('are absent, as is `filters`, from an answer that neither filters nor asks for them', () => {
    const plain = ask('deploy');
    expect(plain).not.toHaveProperty('facets');
    expect(plain).not.toHaveProperty('filters');
  });

  it('count, for `facets` without a filter, every candidate\'s values, for pool, lang and each configured facet', () => {
    const counts = ask('deploy', { facets: true }).facets!;
    expect(Object.keys(counts)).toEqual(['pool', 'lang', 'version', 'tags']);
    expect(asRecord(counts)).toEqual(countsByHand(candidatesOf('deploy'), {}));
    expect(counts.pool!.reduce((n, c) => n + c.count, 0)).toBe(candidatesOf('deploy').length);
    // Most first, ties by value.
    for (const list of Object.values(counts)) {
      for (let i = 1; i < list.length; i++) expect(list[i - 1]!.count > list[i]!.count || (list[i - 1]!.count === list[i]!.count && list[i - 1]!.value < list[i]!.value)).toBe(true);
    }
  });

  it('count each facet among the unfiltered candidates passing the other facets\' filters, not its own', () => {
    const filters = { pool: 'knowledge', version: 'v5' };
    const outcome = ask('deploy', { filters });
    expect(outcome.filters).toEqual(filters);
    expect(asRecord(outcome.facets!)).toEqual(countsByHand(candidatesOf('deploy'), filters));
    // The chosen values' counts are the sections the filtered search ranks from (among these candidates).
    const chosen = outcome.facets!.version!.find((c) => c.value === 'v5')!.count;
    expect(chosen).toBeGreaterThanOrEqual(outcome.results.length);
  });

  it('list a chosen value even when no candidate has it, at 0', () => {
    const outcome = ask('deploy', { filters: { version: 'v9' } });
    expect(outcome.facets!.version).toContainEqual({ value: 'v9', count: 0 });
    expect(outcome.facets!.version!.filter((c) => c.value !== 'v9').map((c) => c.value).sort()).toEqual(['v4', 'v5']);
  });
});

describe('a filter nobody matches', () => {
  it('answers no results and the fallback with the cause `filtered` when the query matches sections outside the filter', () => {
    for (const filters of [{ version: 'v9' }, { tags: 'error', lang: 'ja' }, { pool: 'negative' }] as Record<string, string>[]) {
      const outcome = ask('deploy', { filters });
      expect(outcome.results).toEqual([]);
      expect(outcome.confidence.outcome).toBe('fallback');
      expect(outcome.fallback).toMatchObject({ cause: 'filtered', message: 'Nothing matches this search with the filters chosen; other parts of the docs do.' });
    }
  });

  it('says `filtered` in the request\'s language', () => {
    expect(ask('deploy', { filters: { version: 'v9' }, lang: 'ja' }).fallback?.message).toBe('選択したフィルターでは、この検索に一致する内容がありません。ドキュメントの他の部分にはあります。');
  });

  it('falls back with `no-results` when the query matches nothing even without the filter', () => {
    const outcome = ask('quokka', { filters: { version: 'v5' } });
    expect(outcome.results).toEqual([]);
    expect(outcome.fallback?.cause).toBe('no-results');
  });

  it('refuses a facet the pack does not have with UNKNOWN_FACET, listing its facets', () => {
    const e = thrown(() => ask('deploy', { filters: { product: 'x' } }));
    expect(e.code).toBe('UNKNOWN_FACET');
    expect(e.message).toContain('"product"');
    expect(e.message).toContain('pool, lang, version, tags');
  });

  it('refuses a configured facet on a pack built without it', async () => {
    const plain = await loadPack(sourceOf(await packOf(DOCS, [])));
    expect(plain.sections.facets.map((f) => f.name)).toEqual(['pool', 'lang']);
    expect(thrown(() => searchPack(plain, request('deploy', { filters: { version: 'v5' } }), DEFAULT_SEARCH_OPTIONS)).code).toBe('UNKNOWN_FACET');
  });
});

describe('facetCounts', () => {
  /** Sections 0..n-1 with one value each of facets a and b (single-valued, like pool and lang). */
  const store = (a: string[], b: string[]) => {
    const facet = (name: string, of: string[]): SectionFacet => {
      const values = [...new Set(of)];
      return { name, values, valuesOf: (id) => [values.indexOf(of[id]!)] };
    };
    return { facets: [facet('a', a), facet('b', b)] };
  };

  it('keeps the FACET_COUNT_VALUES most frequent values, a chosen value beyond them last', () => {
    const a = Array.from({ length: 60 }, (_, i) => `v${String(i % 30).padStart(2, '0')}`);
    a.push('v00');
    const s = store(a, a.map(() => 'x'));
    const counts = facetCounts(s, a.map((_, i) => i), resolveFilters(s, { a: 'v29' }));
    expect(counts.a).toHaveLength(FACET_COUNT_VALUES);
    expect(counts.a![0]).toEqual({ value: 'v00', count: 3 });
    expect(counts.a!.at(-1)).toEqual({ value: 'v29', count: 2 });
    expect(counts.b).toEqual([{ value: 'x', count: 2 }]);
  });

  it('counts a candidate once however often it is listed', () => {
    const s = store(['p', 'q'], ['x', 'y']);
    expect(facetCounts(s, [0, 0, 1, 0], null)).toEqual({
      a: [{ value: 'p', count: 1 }, { value: 'q', count: 1 }],
      b: [{ value: 'x', count: 1 }, { value: 'y', count: 1 }],
    });
  });
});
