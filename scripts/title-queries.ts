/**
 * Known-item queries from a docs folder's page titles, for `npm run eval` on a docs folder:
 *
 *   npx tsx scripts/title-queries.ts <docs-dir> --out <file.jsonl> [--base-url /] [--headings]
 *
 * One line per page, `{"query": "<title>", "url": "<page URL>"}`; titles shared by several pages
 * are skipped (see src/datasets/title-queries.ts). With --headings, one line per unique
 * multi-word h2/h3 heading instead (`headingQueries`), judged by the page that holds it. The file is derived from the docs, so write
 * it somewhere ignored (e.g. bench/.out/), not into the repository.
 * --base-url must match the one given to `npm run eval` (URLs are compared as ingested).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isRecallBoxError } from '../src/core/index.ts';
import { ingestDirectory } from '../src/indexer/ingest/index.ts';
import { headingQueries, titleQueries, toJsonLines } from '../src/datasets/title-queries.ts';

const USAGE = 'usage: npx tsx scripts/title-queries.ts <docs-dir> --out <file.jsonl> [--base-url /] [--headings]';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    options: { out: { type: 'string' }, 'base-url': { type: 'string' }, headings: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
const [dir, ...extra] = parsed.positionals;
if (!dir || extra.length > 0 || !parsed.values.out) fail(USAGE);

try {
  const ingested = await ingestDirectory(path.resolve(dir), { baseUrl: parsed.values['base-url'] });
  const out = path.resolve(parsed.values.out);
  await mkdir(path.dirname(out), { recursive: true });
  if (parsed.values.headings) {
    const queries = headingQueries(ingested.pages);
    await writeFile(out, toJsonLines(queries));
    console.error(`${queries.length} heading queries from ${ingested.pages.length} pages written to ${out}`);
    process.exit(0);
  }
  const result = titleQueries(ingested.pages);
  await writeFile(out, toJsonLines(result.queries));
  console.error(
    `${result.queries.length} queries from ${ingested.pages.length} pages written to ${out}` +
      ` (skipped: ${result.duplicateTitlePages} pages with a shared title, ${result.untitledPages} without a title)`,
  );
} catch (error) {
  if (isRecallBoxError(error)) fail(error.message);
  throw error;
}
