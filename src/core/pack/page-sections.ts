/**
 * Which sections make up each page of a pack, from the section store's page column alone (no block
 * read): worked out once per loaded pack and kept with it. What opens a page by its URL: the preview
 * (src/preview), the MCP server's read_page, the page's Markdown. Pure.
 */
import type { StoredSection } from './format.ts';
import type { LoadedPack } from './load.ts';

/** Page URL (no anchor) → its sections' positions, in pack order (document order: the build writes them so). */
export type PageSections = ReadonlyMap<string, readonly number[]>;

const byPack = new WeakMap<LoadedPack, PageSections>();

export function pageSections(pack: LoadedPack): PageSections {
  let pages = byPack.get(pack);
  if (!pages) {
    const map = new Map<string, number[]>();
    for (let id = 0; id < pack.sections.count; id++) {
      const url = pack.sections.pageOf(id);
      const ids = map.get(url);
      if (ids) ids.push(id);
      else map.set(url, [id]);
    }
    pages = map;
    byPack.set(pack, pages);
  }
  return pages;
}

/**
 * The page a request's path names, as the pack spells it: the path itself, or with its trailing
 * slash added or taken off (`/guides/routing` and `/guides/routing/` are one page to a reader).
 */
export function pageAt(pages: PageSections, path: string): string | null {
  const other = path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
  for (const url of [path, other]) if (pages.has(url)) return url;
  return null;
}

/** A page found by its URL: the URL as the pack spells it, and its sections in order. */
export interface FoundPage {
  url: string;
  sections: StoredSection[];
  /** The pack it was found in (its buildId versions what is made of the page). */
  pack: LoadedPack;
}

/**
 * The page at `path` in the first of `packs` (each index's, the default first) that has one, its
 * sections read; null when none has. What the preview renders and MCP's read tools return.
 */
export async function findPage(packs: ReadonlyArray<(signal?: AbortSignal) => Promise<LoadedPack>>, path: string, signal?: AbortSignal): Promise<FoundPage | null> {
  for (const get of packs) {
    const pack = await get(signal);
    const pages = pageSections(pack);
    const url = pageAt(pages, path);
    if (url === null) continue;
    const ids = pages.get(url)!;
    const lookup = await pack.sections.load(ids, signal);
    return { url, sections: ids.map((id) => lookup(id)), pack };
  }
  return null;
}
