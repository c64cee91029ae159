/**
 * A docs folder plus a known-item queries file as an EvalDataset: page-level known-item search.
 *
 * - Documents are the ingested SECTIONS, with `section` set so recall-box indexes them exactly as
 *   in production; peers get the same searchable text as plain fields (`sectionFields`, the one
 *   definition of what a section's searchable text is).
 * - The queries file has lines `{"query": "…", "url": "/path/"}`; the URL names the one relevant
 *   page (binary gain 1). A result counts when its page URL, without `#anchor`, is that page, so
 *   a document's unit is its page URL and rankings are deduplicated by page.
 * - Query ids are the kept queries' 1-based positions (`3`); lines naming no ingested page are
 *   dropped and reported in the notes.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { RecallBoxError, sectionFields, type Page } from '../core/index.ts';
import { ingestDirectory } from '../indexer/ingest/index.ts';
import type { EvalDataset, EvalDoc, EvalQuery } from './types.ts';
import { DATASET_INVALID, parseJsonLines, stringField } from './jsonl.ts';
import type { LoadedDataset } from './loaded.ts';

/** One line of a known-item queries file: a query and the page that answers it, or a query the docs do not answer. */
export type KnownItemQuery =
  | { query: string; url: string; unanswerable?: false; /** 1-based line in the file. */ line: number }
  | { query: string; url?: undefined; unanswerable: true; line: number };

export function parseKnownItemQueries(content: string, file: string): KnownItemQuery[] {
  return parseJsonLines(content, file).map((row): KnownItemQuery => {
    const query = stringField(row, 'query', file);
    // `{"query", "unanswerable": true}`: a question the docs do not answer (bench/queries).
    if (row.value.unanswerable === true) return { query, unanswerable: true, line: row.line };
    if (row.value.url === undefined) throw new RecallBoxError(DATASET_INVALID, `${file}:${row.line}: neither a "url" (the page that answers the query) nor "unanswerable": true`);
    return { query, url: stringField(row, 'url', file), line: row.line };
  });
}

/** A result or judged URL as a page URL: without `#anchor` and `?query`. */
export function pageUrlOf(url: string): string {
  return url.replace(/[?#].*$/, '');
}

/**
 * The ingested page a judged URL names, or undefined. `/guides/x` also matches the page
 * `/guides/x/`, because ingest gives every page a trailing slash and people write links without.
 */
export function resolvePageUrl(url: string, pageUrls: ReadonlySet<string>): string | undefined {
  const page = pageUrlOf(url);
  if (pageUrls.has(page)) return page;
  const slashed = page.endsWith('/') ? page : `${page}/`;
  return pageUrls.has(slashed) ? slashed : undefined;
}

/** Builds the dataset from ingested pages and the known-item queries. Pure. */
export function docsDataset(name: string, pages: readonly Page[], items: readonly KnownItemQuery[]): LoadedDataset {
  const docs: EvalDoc[] = [];
  const unitById = new Map<string, string>();
  for (const page of pages) {
    for (const section of page.sections) {
      const fields = sectionFields(section);
      docs.push({ id: section.id, title: fields.title, headings: fields.headings, body: fields.body, lang: section.lang, section });
      unitById.set(section.id, section.pageUrl);
    }
  }
  const pageUrls = new Set(pages.filter((p) => p.sections.length > 0).map((p) => p.url));
  const queries: EvalQuery[] = [];
  const qrels = new Map<string, Map<string, number>>();
  const unknown: Array<KnownItemQuery & { url: string }> = [];
  const unanswerable: EvalQuery[] = [];
  for (const item of items) {
    if (item.unanswerable) {
      unanswerable.push({ id: `u${unanswerable.length + 1}`, text: item.query });
      continue;
    }
    const page = resolvePageUrl(item.url, pageUrls);
    // A query whose page is not in the index measures the queries file, not a search engine:
    // every system would score 0 on it alike. It is dropped and reported.
    if (page === undefined) {
      unknown.push(item);
      continue;
    }
    const id = String(queries.length + 1);
    queries.push({ id, text: item.query });
    qrels.set(id, new Map([[page, 1]]));
  }
  const dataset: EvalDataset = {
    name,
    docs,
    queries,
    qrels,
    graded: false,
    // Section ids are `${pageUrl}#${anchor}`; the map is authoritative, the strip a fallback for
    // ids a system might return that the dataset did not hand it (none should).
    unitOf: (docId) => unitById.get(docId) ?? pageUrlOf(docId),
    ...(unanswerable.length > 0 && { unanswerable }),
  };
  const notes = [`docs: ${pages.length} pages, ${docs.length} sections; known-item queries judged at page level (URL without #anchor).`];
  if (unanswerable.length > 0) notes.push(`docs: ${unanswerable.length} queries marked unanswerable: asked of systems that decide whether to answer, left out of the retrieval metrics.`);
  if (unknown.length > 0) {
    const examples = unknown.slice(0, 3).map((u) => `line ${u.line} ${u.url}`).join(', ');
    notes.push(`docs: ${unknown.length} queries name a URL that is not an ingested page and were dropped (${examples}${unknown.length > 3 ? ', …' : ''}).`);
  }
  return { kind: 'docs', dataset, notes };
}

/** Options of the docs loader. */
export interface DocsLoadOptions {
  /** URL path the docs are served under, as for `recall-box build` (default '/'). */
  baseUrl?: string;
}

/**
 * Ingests a docs folder and reads the known-item queries file — or several, comma-separated (a
 * question set and its unanswerable questions). Named after the folder path's last two parts
 * (`astro-docs/en`).
 */
export async function loadDocsDataset(dir: string, queriesFile: string, options: DocsLoadOptions = {}): Promise<LoadedDataset> {
  const ingested = await ingestDirectory(dir, { baseUrl: options.baseUrl });
  const items: KnownItemQuery[] = [];
  for (const file of queriesFile.split(',').filter((f) => f !== '')) items.push(...parseKnownItemQueries(await readFile(file, 'utf8'), file));
  const loaded = docsDataset(docsName(dir), ingested.pages, items);
  if (ingested.skipped.length > 0) {
    loaded.notes.push(`docs: ${ingested.skipped.length} of ${ingested.files} files were not ingested (${ingested.skipped[0]!.code}: ${ingested.skipped[0]!.path}${ingested.skipped.length > 1 ? ', …' : ''}).`);
  }
  return loaded;
}

/** `…/astro-docs/en` → `astro-docs/en`: the language folder alone (`en`) names nothing. */
function docsName(dir: string): string {
  return path.resolve(dir).split(path.sep).slice(-2).join('/');
}
