import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseKnownItemQueries, type KnownItemQuery } from '../../src/datasets/docs.ts';
import { ingestDirectory } from '../../src/indexer/ingest/index.ts';

// The reader question sets in bench/queries (first, fresh, fresh2 … fresh5), held to what their READMEs
// say: distinct queries, the later sets never repeating the earlier ones, and every target a page
// of the docs it is asked of (when ../shared holds those docs).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SITES = [
  { site: 'hono', docs: path.resolve(root, '../shared/corpora/hono-docs/docs') },
  { site: 'astro', docs: path.resolve(root, '../shared/corpora/astro-docs/en') },
] as const;
/** The sets written after the first ones, each with its own README. */
const LATER = ['fresh', 'fresh2', 'fresh3', 'fresh4', 'fresh5'] as const;
/** What the READMEs of bench/queries/fresh … fresh5 say each such set holds. */
const FRESH_COUNTS = { questions: 80, unanswerable: 35 };
/** The most questions of one such set one page is the target of (their READMEs). */
const FRESH_MAX_PER_PAGE = 2;

async function set(folder: string, site: string, kind: 'questions' | 'unanswerable'): Promise<KnownItemQuery[]> {
  const file = path.join(root, 'bench/queries', folder, `${site}-${kind}.jsonl`);
  return parseKnownItemQueries(await readFile(file, 'utf8'), file);
}

const key = (q: KnownItemQuery) => q.query.trim().toLowerCase();

describe.each(SITES)('$site reader question sets', ({ site, docs }) => {
  it('hold distinct queries, answerable ones with a page and unanswerable ones without', async () => {
    const [first, firstNo] = await Promise.all([set('', site, 'questions'), set('', site, 'unanswerable')]);
    const later = await Promise.all(LATER.map(async (folder) => ({ questions: await set(folder, site, 'questions'), unanswerable: await set(folder, site, 'unanswerable') })));
    for (const q of [...first, ...later.flatMap((l) => l.questions)]) expect(q.url).toBeTypeOf('string');
    for (const q of [...firstNo, ...later.flatMap((l) => l.unanswerable)]) expect(q.unanswerable).toBe(true);
    const all = [...first, ...firstNo, ...later.flatMap((l) => [...l.questions, ...l.unanswerable])].map(key);
    expect(new Set(all).size).toBe(all.length);
    for (const { questions, unanswerable } of later) {
      expect([questions.length, unanswerable.length]).toEqual([FRESH_COUNTS.questions, FRESH_COUNTS.unanswerable]);
      const perPage = new Map<string, number>();
      for (const q of questions) perPage.set(q.url!, (perPage.get(q.url!) ?? 0) + 1);
      expect(Math.max(...perPage.values())).toBeLessThanOrEqual(FRESH_MAX_PER_PAGE);
    }
  });

  it.skipIf(!existsSync(docs))(`target pages of the docs (needs ${path.relative(root, docs)})`, async () => {
    const pages = new Set((await ingestDirectory(docs)).pages.map((p) => p.url));
    const targets = (await Promise.all(['', ...LATER].map((folder) => set(folder, site, 'questions')))).flat().map((q) => q.url!);
    expect(targets.filter((url) => !pages.has(url))).toEqual([]);
    // Reading a 420-page docs folder takes seconds on a busy 2-core machine.
  }, 60_000);
});
