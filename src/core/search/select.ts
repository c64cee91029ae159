/**
 * The selection stage: which of the ranked candidates become the `limit` results. MMR (per-page
 * cap, redundancy by the sections' term sets, rank/mmr.ts) orders the best `depth × limit`, then the
 * recall pools' quotas (rank/pools.ts) pick from that order. Planned before any section is read
 * (`planSelection`: without MMR the picks need only columns), finished once the sections MMR
 * compares are read (`select`; read-ahead.ts decides which to read).
 */
import type { LoadedPack } from '../pack/load.ts';
import type { StoredSection } from '../pack/format.ts';
import type { SectionLookup } from '../pack/section-store.ts';
import type { FusedHit } from '../rank/fuse.ts';
import { selectMmr, type MmrDecision } from '../rank/mmr.ts';
import { selectByPools, type PoolAudit } from '../rank/pools.ts';
import { decodeTermSet, type TermSet } from '../rank/term-set.ts';
import type { Filtering } from './filters.ts';
import type { SearchOptions } from './options.ts';
import type { PreparedQuery } from './prepare.ts';

/** The pools' picks and what became of each pool's candidates (null when pools are off). */
export interface Picked {
  chosen: FusedHit[];
  pools: PoolAudit[] | null;
}

/** The results, with MMR's steps (null when MMR is off). */
export interface Selection extends Picked {
  mmr: MmrDecision[] | null;
}

/** What selection knows before any section is read. */
export interface SelectionPlan {
  /** The results when MMR is off (the pools' picks need no text); null when MMR picks them. */
  picked: Picked | null;
  /** The candidates whose text the search reads: MMR's best `depth × limit`, or the pools' picks. */
  compared: FusedHit[];
}

export function planSelection(pack: LoadedPack, fused: readonly FusedHit[], query: PreparedQuery, options: SearchOptions): SelectionPlan {
  // Without MMR the results are the pools' picks, which read only columns: chosen here, once.
  const picked = options.mmr.enabled ? null : selectFromPools(pack, fused, query.limit, selectionOptions(options, query.filtering));
  return { picked, compared: picked ? picked.chosen : fused.slice(0, query.limit * options.mmr.depth) };
}

/** The results, over the sections read for them (read-ahead.ts). */
export function select(pack: LoadedPack, plan: SelectionPlan, query: PreparedQuery, options: SearchOptions, section: SectionLookup): Selection {
  if (plan.picked) return { ...plan.picked, mmr: null };
  return selectWithMmr(pack, (id) => termSetOfSection(section(id)), plan.compared, query.limit, selectionOptions(options, query.filtering));
}

/**
 * The options results are picked by: a search filtered to one pool has no other pool's quota to
 * respect (pools.ts would leave the slots of the pools it filtered out empty), so it is picked as
 * with pools off; their weights still ranked the candidates.
 */
export function selectionOptions(options: SearchOptions, filtering: Filtering | null): SearchOptions {
  if (!options.pools.enabled || !filtering?.filters.some((f) => f.facet.name === 'pool')) return options;
  return { ...options, pools: { ...options.pools, enabled: false } };
}

/**
 * Stored term sets decoded, by section object: a block's sections live as long as the block stays
 * resident, and their decoded sets with them (a WeakMap holds neither).
 */
const decodedTermSets = new WeakMap<StoredSection, TermSet>();

/** A section's term set for MMR: its stored one (rank/term-set.ts), decoded once per resident section. */
export function termSetOfSection(section: StoredSection): TermSet {
  let set = decodedTermSets.get(section);
  if (!set) {
    set = decodeTermSet(section.termSet);
    decodedTermSets.set(section, set);
  }
  return set;
}

/**
 * The results when MMR is on: MMR (per-page cap, redundancy) orders the compared candidates (the
 * best `depth × limit`), then the pools' quotas pick `limit` of them in that order.
 */
export function selectWithMmr(
  pack: LoadedPack,
  termsOf: (id: number) => TermSet,
  compared: readonly FusedHit[],
  limit: number,
  options: SearchOptions,
): Selection & { mmr: MmrDecision[] } {
  const byId = new Map(compared.map((h) => [h.id, h]));
  // Term sets asked for only when MMR compares the candidate (its loop is lazy): read-ahead.ts
  // reads just the sections a selection compares.
  const candidates = compared.map((h) => ({
    id: h.id,
    pageUrl: pack.sections.pageOf(h.id),
    relevance: h.score,
    get terms() {
      return termsOf(h.id);
    },
  }));
  // Without pools only the first `limit` are shown, and MMR's order of the rest is never read: a
  // step costs a Jaccard per selection its winner has not been compared with, so the selections
  // past `limit` (20 of 30 at the defaults) were most of its work. A smaller limit selects the same
  // first candidates (test/core/rank/mmr.test.ts).
  const result = selectMmr(candidates, options.pools.enabled ? compared.length : limit, options.mmr);
  return { ...selectFromPools(pack, result.selected.map((id) => byId.get(id)!), limit, options), mmr: result.decisions };
}

/** The pools' quotas over candidates in order (pools.ts); the first `limit` when pools are off. Columns only. */
function selectFromPools(pack: LoadedPack, ordered: readonly FusedHit[], limit: number, options: SearchOptions): Picked {
  if (!options.pools.enabled) return { chosen: ordered.slice(0, limit), pools: null };
  const selection = selectByPools(ordered.map((h) => ({ hit: h, pool: pack.sections.poolOf(h.id) })), limit, options.pools.pools);
  return { chosen: selection.selected.map((c) => c.hit), pools: selection.audit };
}
