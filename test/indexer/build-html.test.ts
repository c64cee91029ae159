import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPack, type BuildSummary } from '../../src/indexer/build-pack.ts';
import { fsPackSource } from '../../src/indexer/fs-source.ts';
import { loadPack, type LoadedPack } from '../../src/core/pack/load.ts';
import { everySection } from '../../src/core/pack/section-store.ts';
import { DEFAULT_SEARCH_OPTIONS } from '../../src/core/search/options.ts';
import { searchPack } from '../../src/core/search/search.ts';

const BUILT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/built-site');

describe('buildPack of a built site (--html)', () => {
  let root: string;
  let summary: BuildSummary;
  let pack: LoadedPack;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'recall-box-build-html-'));
    const out = path.join(root, 'pack');
    summary = await buildPack(path.join(BUILT, 'plain'), out, { html: true, embedding: false, ingest: { baseUrl: '/' } });
    pack = await loadPack(fsPackSource(out));
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('reports the pages and the skipped files', () => {
    expect(summary.files).toBe(8);
    expect(summary.pages).toBe(6);
    expect(summary.skipped.map((f) => f.code)).toEqual(['NOT_FOUND_PAGE', 'REDIRECT_PAGE']);
    expect(summary.languages).toEqual(['en', 'fr-fr']);
  });

  it('writes the same pack format: sections with url, anchor, title, breadcrumb, lang and pool', () => {
    const sections = everySection(pack.sections);
    expect(sections.length).toBe(pack.manifest.counts.sections);
    const keys = sections.find((s) => s.anchor === 'with space')!;
    expect(keys).toMatchObject({
      url: '/guides/caching.html#with%20space',
      pageUrl: '/guides/caching.html',
      title: 'Cache keys',
      breadcrumb: ['Caching', 'Cache keys'],
      lang: 'en',
      pool: expect.any(String),
    });
  });

  it('answers searches with the page’s own anchors', () => {
    const search = (q: string, lang: string | null = null) => searchPack(pack, { q, limit: 5, lang }, DEFAULT_SEARCH_OPTIONS).results.map((r) => r.url);
    expect(search('cache keys')[0]).toBe('/guides/caching.html#with%20space');
    expect(search('invalidation')[0]).toBe('/guides/caching.html#invalidation');
    expect(search('createApp')[0]).toBe('/reference/api.html#create-app');
    expect(search('périphérie', 'fr')[0]).toBe('/fr/');
    // Chrome and ignored text were never indexed.
    expect(search('survey')).toEqual([]);
    expect(search('copyright')).toEqual([]);
  });
});
