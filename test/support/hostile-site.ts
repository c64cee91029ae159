/**
 * The security test's search backend: test/fixtures/hostile-site (docs full of `<img onerror>`,
 * `<script>`, `javascript:` links, in titles, headings, body text and code) built into a real pack
 * with the real builder, and answered by the real search pipeline in Node — the same pure code the
 * Worker runs — so the widget sees exactly the bodies a deployed Worker would send for those docs.
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

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const HOSTILE_SITE_DIR = path.join(root, 'test/fixtures/hostile-site');
const PACK_DIR = path.join(root, 'test/.generated/hostile-pack');

export interface HostileSearch {
  /** The /search answer for these query parameters: status and JSON body, as the Worker's app builds them. */
  answer(params: URLSearchParams): Promise<{ status: number; body: unknown }>;
}

/** Builds the pack (keyword-only: the payloads are words, and it keeps the build fast) and loads it. */
export async function startHostileSearch(): Promise<HostileSearch> {
  await rm(PACK_DIR, { recursive: true, force: true });
  const summary = await buildPack(HOSTILE_SITE_DIR, PACK_DIR, { embedding: false, now: () => new Date('2026-01-01T00:00:00Z') });
  if (summary.skipped.length > 0) throw new Error(`hostile site: files skipped: ${JSON.stringify(summary.skipped)}`);
  const pack = await loadPack(fsPackSource(PACK_DIR));
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
