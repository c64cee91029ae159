/**
 * Headings that name the site, not the page: a docs folder whose pages open with the product's
 * name (`<h1 align="center">Fastify</h1>` on 34 of one site's 42 pages) would otherwise title every
 * page with it, and results, their groups and the fallback's page chips would all read "Fastify".
 * Found across the folder after a first read: a title taken from the page's first h1 that most of
 * the pages share is the site's heading, and those pages are read again without it (document.ts
 * titles them from their first distinctive heading, else their file name).
 */

/**
 * Fewest pages that must share a first-h1 title for it to name the site. 3: two pages titled
 * alike are a coincidence (`Overview` in two folders); a product name heads many.
 */
export const SITE_HEADING_MIN_PAGES = 3;

/**
 * Smallest share of the folder's pages that must share it. 0.2: a product name heads most pages
 * (34 of 42 above); a generic title repeated in a few sections of a large site (`Overview`,
 * `Introduction` on 5 of 200 pages) still names its page, and is left alone.
 */
export const SITE_HEADING_MIN_SHARE = 0.2;

/** The titles, taken from a first h1, that name the site: shared by enough of the pages (above). */
export function siteHeadings(h1Titles: ReadonlyArray<string | undefined>, pageCount: number): Set<string> {
  const counts = new Map<string, number>();
  for (const title of h1Titles) if (title !== undefined) counts.set(title, (counts.get(title) ?? 0) + 1);
  const needed = Math.max(SITE_HEADING_MIN_PAGES, SITE_HEADING_MIN_SHARE * pageCount);
  return new Set([...counts].filter(([, n]) => n >= needed).map(([title]) => title));
}
