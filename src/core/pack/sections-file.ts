/**
 * The section store as stored: a small head the Worker always reads, and the sections themselves in
 * blocks it reads only when a query needs them.
 *
 * Why split: a section's text is needed only for the few candidates a query shows or compares (MMR,
 * snippets, evidence), but a large site's whole store does not fit a Worker isolate — the ×20
 * Astro replica's 134,800 sections are 156 MiB of blocks (`npm run bench -- --scale --large`
 * builds it), against 128 MB per isolate. Everything the
 * ranking reads for every candidate (page, language, pool, the link graph, and the configured
 * facets by page: facets.ts) is in the head as columns of small integers; text waits in blocks of consecutive sections (consecutive = same page,
 * so one query's candidates share blocks).
 */
import { RecallBoxError } from '../errors.ts';
import { isRecord } from '../is-record.ts';
import { pageGraph } from '../rank/graph-boost.ts';
import { resolveBytesOption } from '../codec/resident-cache.ts';
import { POOL_NAMES, type PoolName } from '../rank/pools.ts';
import type { Lang } from '../types.ts';
import type { StoredSection } from './format.ts';
import { isStoredTermSet } from '../rank/term-set.ts';
import { storeFacets, validateStoredFacets, type StoredFacet } from './facets.ts';

export interface SectionBlocksOptions {
  /**
   * Target stored size of one block, in bytes of JSON. Range ≥ 1 (a block always holds at least
   * one section, so one long section makes one block of its own). Default 64 KiB: a cold query
   * reads about one block per shown or compared candidate (30 at the default limit and MMR depth),
   * so smaller blocks waste less reading and parsing; much smaller ones multiply the files and the
   * manifest entries (every block is listed with its SHA-256).
   */
  blockBytes: number;
}

export const DEFAULT_SECTION_BLOCKS_OPTIONS: Readonly<SectionBlocksOptions> = Object.freeze({ blockBytes: 64 * 1024 });

/** Where a block's sections sit in the store: sections first … first + count − 1. */
export interface BlockEntry {
  /** Logical pack file of the block (listed in the manifest's `files`). */
  file: string;
  first: number;
  count: number;
}

/** `sections.json`: what every query may read, as columns indexed by section position. */
export interface SectionsHead {
  /** Page URLs; sections and links refer to pages by position here. */
  pages: string[];
  /** Per page: the pages it links to or is linked from, by position (the graph boost's one hop). */
  links: number[][];
  langs: Lang[];
  pools: PoolName[];
  /** Per section: its page, language and pool, as positions in `pages`, `langs`, `pools`. */
  page: number[];
  lang: number[];
  pool: number[];
  blocks: BlockEntry[];
  /**
   * The configured facets (facets.ts): each page's front matter values, by page position. Absent
   * when the build configured none, so such a pack's head is what it was before facets.
   */
  facets?: StoredFacet[];
}

/** The configured facets a build stores: their names, and each page's values (by page URL). */
export interface PageFacets {
  names: readonly string[];
  valuesOf(pageUrl: string, name: string): readonly string[];
}

/** The head's columns as lookups by section position (what a block is checked against). */
export interface SectionColumns {
  pageOf(id: number): string;
  langOf(id: number): Lang;
  poolOf(id: number): PoolName;
}

/** The columns of a head as it was read (tests; the stores keep typed copies instead). */
export function headColumns(head: SectionsHead): SectionColumns {
  return {
    pageOf: (i) => head.pages[head.page[i]!]!,
    langOf: (i) => head.langs[head.lang[i]!]!,
    poolOf: (i) => head.pools[head.pool[i]!]!,
  };
}

/** One block file: consecutive sections starting at `first`. */
export interface SectionBlock {
  first: number;
  sections: StoredSection[];
}

/** Block `i`'s logical file name. Four digits: 10,000 blocks of 64 KiB hold a 640 MB store. */
export function blockFileName(i: number): string {
  return `sections-${String(i).padStart(4, '0')}.json`;
}

/** Splits sections into the head and its blocks (JSON text by logical file name). Pure. */
export function sectionStoreFiles(
  sections: readonly StoredSection[],
  options: SectionBlocksOptions = DEFAULT_SECTION_BLOCKS_OPTIONS,
  facets?: PageFacets,
): { head: SectionsHead; blocks: Record<string, string> } {
  const blockBytes = resolveBytesOption('section blocks', 'blockBytes', options.blockBytes, DEFAULT_SECTION_BLOCKS_OPTIONS.blockBytes, 1);
  const index = <T>(values: T[]) => {
    const at = new Map<T, number>();
    return { values, at, of: (v: T) => at.get(v) ?? (at.set(v, values.push(v) - 1), values.length - 1) };
  };
  const pages = index<string>([]);
  const langs = index<Lang>([]);
  const pools = index<PoolName>([]);
  const head: SectionsHead = { pages: pages.values, links: [], langs: langs.values, pools: pools.values, page: [], lang: [], pool: [], blocks: [] };
  for (const s of sections) {
    head.page.push(pages.of(s.pageUrl));
    head.lang.push(langs.of(s.lang));
    head.pool.push(pools.of(s.pool));
  }
  // Links to pages outside the pack are dropped: the boost only ever looks up a candidate's page.
  const graph = pageGraph(sections);
  head.links = head.pages.map((url) =>
    [...(graph.get(url) ?? [])]
      .map((u) => pages.at.get(u))
      .filter((p): p is number => p !== undefined)
      .sort((a, b) => a - b),
  );
  if (facets && facets.names.length > 0) head.facets = storeFacets(facets.names, head.pages, facets.valuesOf);

  const blocks: Record<string, string> = {};
  const encoder = new TextEncoder();
  let current: StoredSection[] = [];
  let currentBytes = 0;
  let first = 0;
  const flush = () => {
    const file = blockFileName(head.blocks.length);
    const block: SectionBlock = { first, sections: current };
    blocks[file] = JSON.stringify(block);
    head.blocks.push({ file, first, count: current.length });
    first += current.length;
    current = [];
    currentBytes = 0;
  };
  for (const s of sections) {
    const bytes = encoder.encode(JSON.stringify(s)).byteLength + 1;
    if (current.length > 0 && currentBytes + bytes > blockBytes) flush();
    current.push(s);
    currentBytes += bytes;
  }
  if (current.length > 0 || head.blocks.length === 0) flush();
  return { head, blocks };
}

function corrupt(message: string): RecallBoxError {
  return new RecallBoxError('INDEX_CORRUPT', message);
}

const isIndexList = (v: unknown, length: number | null, bound: number) =>
  Array.isArray(v) && (length === null || v.length === length) && v.every((x) => Number.isInteger(x) && x >= 0 && x < bound);

/** Checks the head against the manifest's section count: columns complete, blocks contiguous. */
export function validateSectionsHead(value: unknown, sectionCount: number): SectionsHead {
  if (!isRecord(value)) throw corrupt('sections.json is not an object.');
  const { pages, links, langs, pools, blocks } = value;
  if (!Array.isArray(pages) || !pages.every((p) => typeof p === 'string')) throw corrupt('sections.json has no page list.');
  if (!Array.isArray(langs) || !langs.every((l) => typeof l === 'string')) throw corrupt('sections.json has no language list.');
  if (!Array.isArray(pools) || !pools.every((p) => typeof p === 'string' && POOL_NAMES.has(p))) throw corrupt('sections.json has no valid pool list.');
  if (!Array.isArray(links) || links.length !== pages.length || !links.every((l) => isIndexList(l, null, pages.length))) {
    throw corrupt('sections.json has no link list per page.');
  }
  for (const [column, bound] of [['page', pages.length], ['lang', langs.length], ['pool', pools.length]] as const) {
    if (!isIndexList(value[column], sectionCount, bound)) {
      throw corrupt(`sections.json: column "${column}" does not hold ${sectionCount} positions in range (the manifest's section count).`);
    }
  }
  if (!Array.isArray(blocks) || blocks.length === 0) throw corrupt('sections.json lists no blocks.');
  let next = 0;
  for (const b of blocks as unknown[]) {
    if (!isRecord(b) || typeof b.file !== 'string' || b.first !== next || !Number.isInteger(b.count) || (b.count as number) < 0) {
      throw corrupt(`sections.json: block list is not contiguous at section ${next}.`);
    }
    next += b.count as number;
  }
  if (next !== sectionCount) throw corrupt(`sections.json: blocks hold ${next} sections, the manifest says ${sectionCount}.`);
  validateStoredFacets(value.facets, pages.length);
  return value as unknown as SectionsHead;
}

const STRING_FIELDS = ['id', 'url', 'pageUrl', 'anchor', 'title', 'lang', 'text', 'code', 'description', 'termSet'] as const;

/**
 * Checks one block against its head entry and the head's columns, so a block from another build or
 * position is refused by name instead of showing another section's text under a result.
 */
export function validateSectionBlock(value: unknown, entry: BlockEntry, head: SectionColumns): StoredSection[] {
  if (!isRecord(value) || !Array.isArray(value.sections) || value.first !== entry.first) {
    throw corrupt(`${entry.file} is not the block of sections from ${entry.first}.`);
  }
  const sections = value.sections as unknown[];
  if (sections.length !== entry.count) throw corrupt(`${entry.file} holds ${sections.length} sections, sections.json says ${entry.count}.`);
  sections.forEach((s, k) => {
    const i = entry.first + k;
    if (!isRecord(s)) throw corrupt(`section ${i} is not an object.`);
    for (const f of STRING_FIELDS) {
      if (typeof s[f] !== 'string') throw corrupt(`section ${i} has no string field "${f}".`);
    }
    if (!Array.isArray(s.breadcrumb) || !Array.isArray(s.links) || !Array.isArray(s.tags)) {
      throw corrupt(`section ${i} lacks breadcrumb, links or tags.`);
    }
    if (typeof s.depth !== 'number') throw corrupt(`section ${i} has no depth.`);
    if (!isStoredTermSet(s.termSet as string)) throw corrupt(`section ${i} has a term set that is not base64 of 4-byte hashes.`);
    if (s.pageUrl !== head.pageOf(i) || s.lang !== head.langOf(i) || s.pool !== head.poolOf(i)) {
      throw corrupt(`section ${i} in ${entry.file} disagrees with sections.json on its page, language or pool (a block from another build).`);
    }
  });
  return sections as StoredSection[];
}
