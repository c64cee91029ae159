/**
 * A search backend for browser tests made of the real parts: a docs folder built into a pack by the
 * real builder (keyword-only: fast, and the words are what these tests are about) and answered by
 * the real search pipeline in Node — the same pure code the Worker runs — so the widget sees exactly
 * the bodies a deployed Worker would send for those docs.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPack } from '../../src/indexer/build-pack.ts';
import { fsPackSource } from '../../src/indexer/fs-source.ts';
import { RecallBoxError } from '../../src/core/errors.ts';
import { loadPack } from '../../src/core/pack/load.ts';
import { parseSearchRequest } from '../../src/protocol/request.ts';
import { DEFAULT_SEARCH_OPTIONS } from '../../src/core/search/options.ts';
import { search } from '../../src/core/search/search.ts';
import { searchResponseBody } from '../../src/protocol/response.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface SiteSearch {
  /** The /search answer for these query parameters: status and JSON body, as the Worker's app builds them. */
  answer(params: URLSearchParams): Promise<{ status: number; body: unknown }>;
}

/** Builds `siteDir` into `test/.generated/<packName>` and answers searches from it. */
export async function startSiteSearch(siteDir: string, packName: string): Promise<SiteSearch> {
  const packDir = path.join(REPO_ROOT, 'test/.generated', packName);
  await rm(packDir, { recursive: true, force: true });
  const summary = await buildPack(siteDir, packDir, { embedding: false, now: () => new Date('2026-01-01T00:00:00Z') });
  if (summary.skipped.length > 0) throw new Error(`${siteDir}: files skipped: ${JSON.stringify(summary.skipped)}`);
  const pack = await loadPack(fsPackSource(packDir));
  return {
    async answer(params) {
      try {
        const request = parseSearchRequest({ q: params.get('q') ?? undefined, limit: params.get('limit') ?? undefined, lang: params.get('lang') ?? undefined }, DEFAULT_SEARCH_OPTIONS);
        const outcome = await search(pack, request, DEFAULT_SEARCH_OPTIONS);
        // The very body the Worker sends for GET /search (src/protocol/response.ts).
        const body = searchResponseBody({ request, index: 'default', pack, outcome, tookMs: 0 });
        return { status: 200, body };
      } catch (e) {
        if (e instanceof RecallBoxError) return { status: 400, body: { error: { code: e.code, message: e.message } } };
        throw e;
      }
    },
  };
}
