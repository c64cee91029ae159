/**
 * Where a page's Markdown is, by the llms.txt convention (https://llmstxt.org): the page's URL
 * with `.md` appended, `index.html.md` for a URL ending in `/` (a folder's page). One rule for the
 * links llms.txt writes, the files a built site gets and the Worker's routes, so they never point
 * past each other. Pure.
 */

/** Appended to a URL that names a folder (ends in `/`): `/guides/` → `/guides/index.html.md`. */
const FOLDER_MARKDOWN = 'index.html.md';
const MARKDOWN_SUFFIX = '.md';

/** `/guides/routing/` → `/guides/routing/index.html.md`; `/guides/setup.html` → `/guides/setup.html.md`. */
export function markdownUrlOf(pageUrl: string): string {
  return pageUrl.endsWith('/') ? `${pageUrl}${FOLDER_MARKDOWN}` : `${pageUrl}${MARKDOWN_SUFFIX}`;
}

/**
 * The page URL a Markdown path names, as markdownUrlOf wrote it (`/a/index.html.md` → `/a/`,
 * `/a.md` → `/a`), or null for a path that is no Markdown URL. The caller looks the page up with
 * pageAt, which also takes the URL with its trailing slash added or taken off.
 */
export function pageUrlOfMarkdown(path: string): string | null {
  if (path.endsWith(`/${FOLDER_MARKDOWN}`)) return path.slice(0, -FOLDER_MARKDOWN.length);
  if (path.endsWith(MARKDOWN_SUFFIX) && path.length > MARKDOWN_SUFFIX.length + 1) return path.slice(0, -MARKDOWN_SUFFIX.length);
  return null;
}
