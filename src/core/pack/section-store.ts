/**
 * The sections of a loaded pack, behind one interface with two implementations: read whole at load
 * (Node: evaluation, calibration, tests — everything at hand, synchronously), or read block by block
 * when a query needs them (the Worker: a cold isolate reads the head only, and memory stays bounded
 * on a site of any size). Both are checked by one shared test suite.
 */
import { RecallBoxError } from '../errors.ts';
import type { PageGraph } from '../rank/graph-boost.ts';
import type { PoolName } from '../rank/pools.ts';
import { ResidentCache, resolveBytesOption } from '../codec/resident-cache.ts';
import type { Lang } from '../types.ts';
import type { StoredSection } from './format.ts';
import { headColumns, validateSectionBlock, type BlockEntry, type SectionsHead } from './sections-file.ts';

/**
 * One facet of the sections (facets.ts): the built-in `pool` and `lang`, or a configured one. What
 * filters and facet counts read per candidate, from the head's columns alone.
 */
export interface SectionFacet {
  readonly name: string;
  /** Its distinct values in this pack. */
  readonly values: readonly string[];
  /** The positions in `values` of section `id`'s values: exactly one for pool and lang, any number for a configured facet. */
  valuesOf(id: number): readonly number[];
}

/** A section by position, for the positions a load or residency check was asked for. */
export type SectionLookup = (id: number) => StoredSection;

export interface SectionStore {
  readonly count: number;
  /** Column lookups, for every section without reading a block: what ranking reads per candidate. */
  pageOf(id: number): string;
  langOf(id: number): Lang;
  poolOf(id: number): PoolName;
  /** Sections in any of `langs` (the vector route's over-fetch under a language filter). */
  countIn(langs: ReadonlySet<Lang>): number;
  /** The pages the sections are on. */
  readonly pageCount: number;
  /** The sections of section `id`'s page, itself included (the reranker's page size, rank/rerank.ts). */
  pageSizeOf(id: number): number;
  /** Every facet: `pool`, `lang`, then the configured ones in build order. */
  readonly facets: readonly SectionFacet[];
  /** Pages linked with each page, both directions. */
  readonly graph: PageGraph;
  /**
   * The sections `ids`, their blocks read when not in memory. The lookup holds what it returns, so
   * a concurrent request evicting the blocks cannot change it.
   */
  load(ids: readonly number[], signal?: AbortSignal): Promise<SectionLookup>;
  /** The sections `ids` when they are in memory (always, for a store read whole); else SECTIONS_NOT_RESIDENT. */
  resident(ids: readonly number[]): SectionLookup;
  /** Whether the sections `ids` are all in memory, so that loading them reads nothing (always, for a store read whole). */
  holds(ids: readonly number[]): boolean;
  /** Every section, for a store read whole; null for one read block by block. */
  readonly all: readonly StoredSection[] | null;
  /** Block reads since the store opened (what queries cost in fetches; for tests and benchmarks): 0 for a store read whole. */
  readonly reads: number;
}

export interface SectionResidencyOptions {
  /**
   * Stored bytes of blocks kept in memory between queries (least recently used dropped first).
   * Range ≥ 0. Default 8 MiB: 128 blocks of 64 KiB, the blocks of several cold queries; with the
   * keyword partitions' 16 MiB, what the ×20 Astro replica held after 100 queries stayed at about 35 MiB
   * (`npm run bench -- --scale --large`), inside an isolate's 128 MB.
   */
  residentBytes: number;
}

export const DEFAULT_SECTION_RESIDENCY_OPTIONS: Readonly<SectionResidencyOptions> = Object.freeze({ residentBytes: 8 * 1024 * 1024 });

/** Reads one block file's parsed JSON and its stored size. */
export type ReadBlock = (file: string) => Promise<{ data: unknown; bytes: number }>;

/** What both stores share: the head's columns and graph. */
abstract class HeadColumns {
  readonly count: number;
  readonly graph: PageGraph;
  protected readonly blocks: readonly BlockEntry[];
  private readonly pages: readonly string[];
  private readonly langs: readonly Lang[];
  private readonly pools: readonly PoolName[];
  // Typed columns: 4 + 2 + 1 bytes a section. The head's own number arrays (boxed JS arrays, several
  // times that) are not kept once copied.
  private readonly page: Uint32Array;
  private readonly lang: Uint16Array;
  private readonly pool: Uint8Array;
  private readonly perLang = new Map<Lang, number>();
  /** Per page (by position in `pages`): its sections. */
  private readonly perPage: Uint32Array;
  readonly facets: readonly SectionFacet[];

  constructor(head: SectionsHead) {
    this.count = head.page.length;
    this.blocks = head.blocks;
    this.pages = head.pages;
    this.langs = head.langs;
    this.pools = head.pools;
    this.page = Uint32Array.from(head.page);
    this.lang = Uint16Array.from(head.lang);
    this.pool = Uint8Array.from(head.pool);
    for (const l of head.lang) this.perLang.set(head.langs[l]!, (this.perLang.get(head.langs[l]!) ?? 0) + 1);
    this.perPage = new Uint32Array(head.pages.length);
    for (const p of this.page) this.perPage[p]!++;
    this.graph = new Map(head.pages.map((url, p) => [url, new Set(head.links[p]!.map((q) => head.pages[q]!))]));
    // One array per value, not per call: a facet is read for every candidate of a filtered search.
    const single = (values: readonly string[]) => values.map((_, v) => [v]);
    const poolValues = single(this.pools);
    const langValues = single(this.langs);
    const page = this.page;
    this.facets = [
      { name: 'pool', values: this.pools, valuesOf: (id: number) => poolValues[this.pool[id]!]! },
      { name: 'lang', values: this.langs, valuesOf: (id: number) => langValues[this.lang[id]!]! },
      ...(head.facets ?? []).map((f) => ({ name: f.name, values: f.values, valuesOf: (id: number) => f.pages[page[id]!]! })),
    ];
  }

  pageOf(id: number): string {
    return this.pages[this.page[id]!]!;
  }

  get pageCount(): number {
    return this.pages.length;
  }

  pageSizeOf(id: number): number {
    return this.perPage[this.page[id]!]!;
  }

  langOf(id: number): Lang {
    return this.langs[this.lang[id]!]!;
  }

  poolOf(id: number): PoolName {
    return this.pools[this.pool[id]!]!;
  }

  countIn(langs: ReadonlySet<Lang>): number {
    let n = 0;
    for (const l of langs) n += this.perLang.get(l) ?? 0;
    return n;
  }

  protected checkPosition(id: number): void {
    if (!Number.isInteger(id) || id < 0 || id >= this.count) throw new RangeError(`no section ${id} in a store of ${this.count}.`);
  }

  /** The block holding section `id` (binary search over the contiguous block list). */
  protected blockOf(id: number): number {
    this.checkPosition(id);
    const { blocks } = this;
    let lo = 0;
    let hi = blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (blocks[mid]!.first <= id) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

/** Every block read at load: all sections in one array. */
class WholeStore extends HeadColumns implements SectionStore {
  constructor(
    head: SectionsHead,
    readonly all: readonly StoredSection[],
  ) {
    super(head);
  }

  async load(ids: readonly number[]): Promise<SectionLookup> {
    return this.resident(ids);
  }

  resident(ids: readonly number[]): SectionLookup {
    for (const id of ids) this.checkPosition(id);
    return (id) => this.all[id] ?? missing(id);
  }

  holds(): boolean {
    return true;
  }

  readonly reads = 0;
}

/** Blocks read on demand, a bounded number kept. */
class BlockStore extends HeadColumns implements SectionStore {
  readonly all = null;
  private readonly cache: ResidentCache<StoredSection[]>;

  constructor(head: SectionsHead, read: ReadBlock, options: SectionResidencyOptions, patienceMs?: number) {
    super(head);
    this.cache = new ResidentCache(async (b) => {
      const entry = this.blocks[b]!;
      const { data, bytes } = await read(entry.file);
      return { value: validateSectionBlock(data, entry, this), bytes };
    }, { budgetBytes: options.residentBytes, ...(patienceMs !== undefined && { patienceMs }) });
  }

  /** Block reads so far (what queries cost in fetches; for tests and benchmarks). */
  get reads(): number {
    return this.cache.reads;
  }

  async load(ids: readonly number[], signal?: AbortSignal): Promise<SectionLookup> {
    const wanted = [...new Set(ids.map((id) => this.blockOf(id)))];
    const read = await Promise.all(wanted.map((b) => this.cache.get(b, signal)));
    return this.lookup(new Map(wanted.map((b, i) => [b, read[i]!])));
  }

  resident(ids: readonly number[]): SectionLookup {
    const held = new Map<number, StoredSection[]>();
    for (const id of ids) {
      const b = this.blockOf(id);
      const block = held.get(b) ?? this.cache.peek(b);
      if (block === undefined) {
        throw new RecallBoxError('SECTIONS_NOT_RESIDENT', `section ${id} is not in memory: load() its block before a synchronous search of a lazily read pack.`);
      }
      held.set(b, block);
    }
    return this.lookup(held);
  }

  holds(ids: readonly number[]): boolean {
    return ids.every((id) => this.cache.has(this.blockOf(id)));
  }

  private lookup(held: ReadonlyMap<number, StoredSection[]>): SectionLookup {
    return (id) => {
      const b = this.blockOf(id);
      return held.get(b)?.[id - this.blocks[b]!.first] ?? missing(id);
    };
  }
}

/** SECTIONS_NOT_RESIDENT for a section a lookup was not built with. */
export function missing(id: number): never {
  throw new RecallBoxError('SECTIONS_NOT_RESIDENT', `section ${id} was not loaded for this query.`);
}

/** Every section of a store read whole; SECTIONS_NOT_RESIDENT for one read block by block. */
export function everySection(store: SectionStore): readonly StoredSection[] {
  if (store.all === null) throw new RecallBoxError('SECTIONS_NOT_RESIDENT', 'this pack was loaded lazily; load it whole (loadPack without `lazy`) to list every section.');
  return store.all;
}

/** A store of every section, read whole (each block checked as the lazy store checks it). */
export async function readWholeStore(head: SectionsHead, read: ReadBlock): Promise<SectionStore> {
  const columns = headColumns(head);
  const blocks = await Promise.all(head.blocks.map(async (entry) => validateSectionBlock((await read(entry.file)).data, entry, columns)));
  return new WholeStore(head, blocks.flat());
}

/**
 * A store that reads blocks when a query needs them. `patienceMs`: how long a request waits for
 * another's read of a block before reading it itself (ResidentCacheOptions.patienceMs).
 */
export function openBlockStore(head: SectionsHead, read: ReadBlock, options: Partial<SectionResidencyOptions> = {}, patienceMs?: number): SectionStore & { readonly reads: number } {
  const residentBytes = resolveBytesOption('section residency', 'residentBytes', options.residentBytes, DEFAULT_SECTION_RESIDENCY_OPTIONS.residentBytes, 0);
  return new BlockStore(head, read, { residentBytes }, patienceMs);
}
