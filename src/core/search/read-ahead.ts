/**
 * The read-ahead stage: which sections a search reads before it finishes, and reading them. For a
 * pack read whole nothing is read (the sections are resident); for a lazily read pack each section
 * block is a read, so this reads what selection compares and the results need, guessed in one round
 * trip and checked.
 */
import type { LoadedPack } from '../pack/load.ts';
import type { StoredSection } from '../pack/format.ts';
import { missing as sectionNotLoaded, type SectionLookup } from '../pack/section-store.ts';
import type { TermSet } from '../rank/term-set.ts';
import type { SearchOptions } from './options.ts';
import type { PreparedQuery } from './prepare.ts';
import type { Ranking } from './rank.ts';
import type { Retrieval } from './retrieve.ts';
import { selectionOptions, selectWithMmr, termSetOfSection, type SelectionPlan } from './select.ts';

/** What the read-ahead reads from: the earlier stages' products. */
export interface ReadAheadInput {
  retrieval: Retrieval;
  ranking: Ranking;
  plan: SelectionPlan;
}

/** The sections the rest of a search reads: the compared candidates, or every candidate for a debug answer (it lists their ids). */
export function sectionsToRead({ retrieval, ranking, plan }: ReadAheadInput, options: SearchOptions): number[] {
  if (!options.debug) return plan.compared.map((h) => h.id);
  return [...new Set([...ranking.fused, ...retrieval.keyword.hits, ...(retrieval.vector?.hits ?? [])].map((h) => h.id))];
}

/** A term set sharing nothing with any other (termSetJaccard gives 0): a candidate not read yet, in readSections' guess. */
const UNREAD_TERMS: TermSet = new Uint32Array(0);

/**
 * How many of the compared candidates, in rank order, readSections reads with its guess, as a
 * multiple of the limit. 2: the results and as many again. MMR demotes a near-duplicate in favour
 * of the next candidate, so what it compares reaches past the first `limit`; read ahead so, the guess
 * usually holds all of it, and the second round trip is the exception. What a first-time query reads:
 * `npm run bench -- --scale --large`, row "section blocks read per query in the first pass".
 */
const SELECTION_READ_AHEAD = 2;

/**
 * The sections a search reads to answer: the results' and those MMR compares them with, not all
 * `depth × limit` compared candidates — MMR at λ = 0.9 leaves most of them uncompared (mmr.ts), and
 * on a large site each is a block read of its own. One read of a guess, checked: the selection run
 * with nothing read (a candidate not read counts as sharing no terms, which MMR can only revise
 * downwards), what it compared and chose and the first SELECTION_READ_AHEAD × limit candidates
 * read, then the selection run again on what was read. When that run compared and chose only
 * sections read, it used true term sets only: it is the selection `select` makes, so the answer is
 * the one reading every candidate gives. Otherwise the rest is read, in a second round trip. When
 * every candidate is in memory already (a pack read whole, blocks an earlier query read), a debug
 * answer (it lists every candidate), pools (MMR then orders every candidate) and picks without
 * MMR, every candidate is loaded at once: nothing to spare, or nothing to guess.
 */
export async function readSections(pack: LoadedPack, stages: ReadAheadInput, query: PreparedQuery, options: SearchOptions, signal?: AbortSignal): Promise<SectionLookup> {
  const { plan } = stages;
  const selecting = selectionOptions(options, query.filtering);
  const every = () => pack.sections.load(sectionsToRead(stages, options), signal);
  if (plan.picked || options.debug || selecting.pools.enabled || pack.sections.holds(plan.compared.map((h) => h.id))) return every();
  const held = new Map<number, StoredSection>();
  /** The sections the selection compares or chooses that are not read, the selection run on what is. */
  const unreadForSelection = (): Set<number> => {
    const unread = new Set<number>();
    const termsOf = (id: number): TermSet => {
      const s = held.get(id);
      if (s) return termSetOfSection(s);
      unread.add(id);
      return UNREAD_TERMS;
    };
    const { chosen } = selectWithMmr(pack, termsOf, plan.compared, query.limit, selecting);
    for (const hit of chosen) if (!held.has(hit.id)) unread.add(hit.id);
    return unread;
  };
  const guess = unreadForSelection();
  for (const hit of plan.compared.slice(0, SELECTION_READ_AHEAD * query.limit)) guess.add(hit.id);
  const lookup = await pack.sections.load([...guess], signal);
  for (const id of guess) held.set(id, lookup(id));
  return unreadForSelection().size === 0 ? (id) => held.get(id) ?? sectionNotLoaded(id) : every();
}
