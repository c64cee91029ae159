/**
 * Known-item queries from page titles: the query is a page's title, the relevant page is that
 * page. A cheap, reproducible query set for any docs folder ("can a reader who knows the page's
 * name find it?"); it rewards title matching, so it complements judged collections, not replaces them.
 */
import type { Page } from '../../core/types.ts';

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

/** The queries as a JSONL file's content (one `{"query", "url"}` object a line, trailing newline). */
export function toJsonLines(queries: readonly TitleQuery[]): string {
  return queries.map((q) => JSON.stringify({ query: q.query, url: q.url })).join('\n') + (queries.length > 0 ? '\n' : '');
}
