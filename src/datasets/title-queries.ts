/**
 * Known-item queries from page titles: the query is a page's title, the relevant page is that
 * page. A cheap, reproducible query set for any docs folder ("can a reader who knows the page's
 * name find it?"); it rewards title matching, so it complements judged collections, not replaces them.
 */
import type { Page } from '../core/index.ts';

export interface TitleQuery {
  query: string;
  url: string;
}

export interface TitleQueries {
  queries: TitleQuery[];
  /** Pages left out because another page has the same title (the query would have two right answers). */
  duplicateTitlePages: number;
  /** Pages left out because they have no title. */
  untitledPages: number;
}

/**
 * One query per page, in page order. A title shared by several pages (compared case- and
 * whitespace-insensitively) is skipped for ALL of them: keeping the first would make the other
 * page's correct answer count as a miss.
 */
export function titleQueries(pages: readonly Pick<Page, 'title' | 'url'>[]): TitleQueries {
  const key = (title: string) => title.replace(/\s+/g, ' ').trim().toLowerCase();
  const counts = new Map<string, number>();
  for (const p of pages) if (key(p.title) !== '') counts.set(key(p.title), (counts.get(key(p.title)) ?? 0) + 1);
  const queries: TitleQuery[] = [];
  let duplicateTitlePages = 0;
  let untitledPages = 0;
  for (const p of pages) {
    const k = key(p.title);
    if (k === '') untitledPages++;
    else if (counts.get(k)! > 1) duplicateTitlePages++;
    else queries.push({ query: p.title.replace(/\s+/g, ' ').trim(), url: p.url });
  }
  return { queries, duplicateTitlePages, untitledPages };
}

/**
 * Heading queries: the second lookup readers make — a section by its heading. One query per h2/h3
 * heading that is unique in the site (case-insensitive) and has at least `minWords` words (a
 * one-word heading such as "Examples" names no topic on its own); judged at page level like title
 * queries (the page holding the heading is the right answer). Evenly sampled down to `maxQueries`
 * so a large site does not make the run slow, deterministically (every k-th in document order).
 */
export interface HeadingQueryOptions {
  /** Fewest words a heading needs to become a query. Range ≥ 1. Default 2. */
  minWords: number;
  /** Most queries kept. Range ≥ 1. Default 300: a few seconds per system on a large site. */
  maxQueries: number;
}

export const DEFAULT_HEADING_QUERY_OPTIONS: Readonly<HeadingQueryOptions> = Object.freeze({ minWords: 2, maxQueries: 300 });

export function headingQueries(
  pages: readonly Pick<Page, 'sections'>[],
  options: HeadingQueryOptions = DEFAULT_HEADING_QUERY_OPTIONS,
): TitleQuery[] {
  const key = (t: string) => t.replace(/\s+/g, ' ').trim().toLowerCase();
  const headings = pages.flatMap((p) => p.sections).filter((s) => s.depth >= 2);
  const counts = new Map<string, number>();
  for (const s of headings) counts.set(key(s.title), (counts.get(key(s.title)) ?? 0) + 1);
  const eligible = headings.filter((s) => counts.get(key(s.title)) === 1 && key(s.title).split(' ').length >= options.minWords);
  const step = Math.max(1, Math.ceil(eligible.length / options.maxQueries));
  return eligible
    .filter((_, i) => i % step === 0)
    .map((s) => ({ query: s.title.replace(/\s+/g, ' ').trim(), url: s.pageUrl }));
}

/**
 * The queries as a JSONL file's content: one `{"query", "url"}` object a line (with `variant` for a
 * variant of a query, query-variants.ts), trailing newline.
 */
export function toJsonLines(queries: readonly (TitleQuery & { variant?: string })[]): string {
  const line = (q: TitleQuery & { variant?: string }) => JSON.stringify({ query: q.query, url: q.url, ...(q.variant !== undefined && { variant: q.variant }) });
  return queries.map(line).join('\n') + (queries.length > 0 ? '\n' : '');
}
