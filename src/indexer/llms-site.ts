/**
 * The llms.txt pair and every page's Markdown written into a built site's folder (`--llms-out`, what
 * the framework integrations pass), so any static host serves them where the Worker would: llms.txt
 * and llms-full.txt at the site's root, each page's Markdown at its URL with `.md` appended
 * (core/present/markdown-url.ts). Every language's pages, as the Worker's `.md` routes answer them.
 * The Markdown is the core's one rendering of the page's sections, the ones the pack stores.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { markdownUrlOf, pageMarkdown, type Page } from '../core/index.ts';

export interface LlmsSiteReport {
  dir: string;
  /** Page Markdown files written. */
  pages: number;
  /** Pages whose URL is not under the base URL, so have no place in the folder: none in a build's own pages. */
  outside: number;
}

/**
 * The file a page URL's Markdown is at inside a site served at `baseUrl`, or null when the URL is not
 * under it or would leave the folder (ingest never writes such a URL; checked all the same, as a
 * write outside the site is not one to risk).
 */
export function markdownFileOf(dir: string, baseUrl: string, pageUrl: string): string | null {
  const url = markdownUrlOf(pageUrl);
  if (!url.startsWith(baseUrl)) return null;
  const root = path.resolve(dir);
  const file = path.resolve(root, ...url.slice(baseUrl.length).split('/').filter((s) => s !== ''));
  return file.startsWith(`${root}${path.sep}`) ? file : null;
}

/** Writes `files` (llms.txt, llms-full.txt: name → text) at `dir`'s root and each page's Markdown beside its HTML. */
export async function writeLlmsSite(dir: string, baseUrl: string, pages: readonly Page[], files: Readonly<Record<string, string>>): Promise<LlmsSiteReport> {
  await mkdir(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  let written = 0;
  let outside = 0;
  for (const page of pages) {
    const file = markdownFileOf(dir, baseUrl, page.url);
    if (file === null) {
      outside++;
      continue;
    }
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, pageMarkdown(page.sections));
    written++;
  }
  return { dir, pages: written, outside };
}
