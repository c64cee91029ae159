/**
 * The security test's search backend: test/fixtures/hostile-site (docs full of `<img onerror>`,
 * `<script>`, `javascript:` links, in titles, headings, body text and code) built into a real pack
 * and searched by the real pipeline (real-search.ts), so the widget sees exactly the bodies a
 * deployed Worker would send for those docs.
 */
import path from 'node:path';
import { REPO_ROOT, startSiteSearch, type SiteSearch } from './real-search.ts';

export const HOSTILE_SITE_DIR = path.join(REPO_ROOT, 'test/fixtures/hostile-site');

export type HostileSearch = SiteSearch;

/** Builds the pack (keyword-only: the payloads are words, and it keeps the build fast) and loads it. */
export function startHostileSearch(): Promise<HostileSearch> {
  return startSiteSearch(HOSTILE_SITE_DIR, 'hostile-pack');
}
