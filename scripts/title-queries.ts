/**
 * Known-item queries from a docs folder's page titles, for `npm run eval` on a docs folder:
 *
 *   npx tsx scripts/title-queries.ts <docs-dir> --out <file.jsonl> [--base-url /] [--headings]
 *                                    [--as-you-type | --typos <seed>]
 *
 * One line per page, `{"query": "<title>", "url": "<page URL>"}`; titles shared by several pages
 * are skipped (see src/datasets/title-queries.ts). With --headings, one line per unique
 * multi-word h2/h3 heading instead (`headingQueries`), judged by the page that holds it. The file is derived from the docs, so write
 * it somewhere ignored (e.g. bench/.out/), not into the repository.
 * --base-url must match the one given to `npm run eval` (URLs are compared as ingested).
 * --as-you-type writes, instead of each query, what the box holds while its last word is typed
 * (cut after 3, 4, … letters, and at half); --typos <seed> writes each query with one Damerau edit
 * in one word of ≥ 5 letters (src/datasets/query-variants.ts). Each line then names its `variant`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isRecallBoxError } from '../src/core/index.ts';
import { ingestDirectory } from '../src/indexer/ingest/index.ts';
import { headingQueries, titleQueries, toJsonLines, type TitleQuery } from '../src/datasets/title-queries.ts';
import { asYouTypeQueries, typoQueries } from '../src/datasets/query-variants.ts';

const USAGE = 'usage: npx tsx scripts/title-queries.ts <docs-dir> --out <file.jsonl> [--base-url /] [--headings] [--as-you-type | --typos <seed>]';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    options: { out: { type: 'string' }, 'base-url': { type: 'string' }, headings: { type: 'boolean' }, 'as-you-type': { type: 'boolean' }, typos: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
const [dir, ...extra] = parsed.positionals;
if (!dir || extra.length > 0 || !parsed.values.out) fail(USAGE);
const { values } = parsed;
const typoSeed = values.typos === undefined ? undefined : Number(values.typos);
if (typoSeed !== undefined && !Number.isInteger(typoSeed)) fail(`--typos takes a whole-number seed, got ${JSON.stringify(values.typos)}\n${USAGE}`);
if (typoSeed !== undefined && values['as-you-type']) fail(`--as-you-type and --typos make different sets: one at a time\n${USAGE}`);

/** The query set as asked: the queries themselves, or their as-you-type or typo variants. */
function variants(queries: TitleQuery[]): { lines: string; what: string } {
  const [made, what] = values['as-you-type']
    ? [asYouTypeQueries(queries), 'as-you-type variants']
    : typoSeed !== undefined
      ? [typoQueries(queries, typoSeed), `typo variants (seed ${typoSeed})`]
      : [queries, ''];
  return { lines: toJsonLines(made), what: what === '' ? 'all of' : `${made.length} ${what} of` };
}

try {
  const ingested = await ingestDirectory(path.resolve(dir), { baseUrl: parsed.values['base-url'] });
  const out = path.resolve(parsed.values.out);
  await mkdir(path.dirname(out), { recursive: true });
  if (parsed.values.headings) {
    const queries = headingQueries(ingested.pages);
    const { lines, what } = variants(queries);
    await writeFile(out, lines);
    console.error(`${what} ${queries.length} heading queries from ${ingested.pages.length} pages written to ${out}`);
    process.exit(0);
  }
  const result = titleQueries(ingested.pages);
  const { lines, what } = variants(result.queries);
  await writeFile(out, lines);
  console.error(
    `${what} ${result.queries.length} queries from ${ingested.pages.length} pages written to ${out}` +
      ` (skipped: ${result.duplicateTitlePages} pages with a shared title, ${result.untitledPages} without a title)`,
  );
} catch (error) {
  if (isRecallBoxError(error)) fail(error.message);
  throw error;
}
