/**
 * A search narrowed by facets (`filter.pool=reference`, `filter.tags=routing`; pack/facets.ts) and
 * the answer's facet counts. A filter restricts the candidates where each route gathers them
 * (routes.ts), so `limit` is filled with sections that match; the counts are taken among the
 * candidates the same search has without the filters, so a client can show how many each other
 * choice would hold. Columns only: no section text is read for either.
 */
import { RecallBoxError, quoteInput } from '../errors.ts';
import type { SectionFacet, SectionStore } from '../pack/section-store.ts';
import { normalizeLang } from '../analysis/lang.ts';
import { BUILT_IN_FACETS, MAX_FACETS } from '../pack/facets.ts';

/** A request's filters: facet name → the one value its sections must have. */
export type SearchFilters = Readonly<Record<string, string>>;

/** Most filters a request sets: one per facet a pack can have (the built-in ones and MAX_FACETS configured). */
export const MAX_FILTERS = BUILT_IN_FACETS.length + MAX_FACETS;

/** Most values of one facet the answer counts (the most frequent first); a chosen value is always among them. */
export const FACET_COUNT_VALUES = 20;

/** One value of a facet with its number of candidates. */
export interface FacetValueCount {
  value: string;
  count: number;
}

/** Per facet of the pack (`pool`, `lang`, then the configured ones), its values' counts, most first. */
export type FacetCounts = Record<string, FacetValueCount[]>;

/** A filter resolved against a pack: its facet, and the position of its value there (-1: a value no section has). */
export interface ResolvedFilter {
  facet: SectionFacet;
  value: number;
  /** The value as requested (normalised), for the counts of a value the pack lacks. */
  text: string;
}

/** A request's filters against the pack's facets, or null when it has none. */
export interface Filtering {
  filters: ResolvedFilter[];
  /** Whether section `id` has every filter's value. */
  accepts(id: number): boolean;
  /** Whether any section can match: false when a filter names a value the pack lacks. */
  satisfiable: boolean;
}

/**
 * The request's filters resolved against the pack's facets: UNKNOWN_FACET for a name the pack has no
 * facet of (listing the ones it has). A value the pack lacks is not an error: it matches nothing
 * (a version the docs have not reached yet answers no results, not 400). A `lang` value is
 * compared as a language tag (`EN`, `zh_CN` are `en`, `zh-cn`).
 */
export function resolveFilters(store: Pick<SectionStore, 'facets'>, filters: SearchFilters | undefined): Filtering | null {
  const names = filters ? Object.keys(filters) : [];
  if (names.length === 0) return null;
  const resolved = names.map((name): ResolvedFilter => {
    const facet = store.facets.find((f) => f.name === name);
    if (!facet) {
      throw new RecallBoxError('UNKNOWN_FACET', `the index has no facet ${quoteInput(name)}; its facets: ${store.facets.map((f) => f.name).join(', ')}.`);
    }
    const text = name === 'lang' ? langValue(filters![name]!) : filters![name]!;
    return { facet, value: facet.values.indexOf(text), text };
  });
  const satisfiable = resolved.every((f) => f.value >= 0);
  return {
    filters: resolved,
    satisfiable,
    accepts: satisfiable ? (id) => resolved.every((f) => f.facet.valuesOf(id).includes(f.value)) : () => false,
  };
}

function langValue(value: string): string {
  try {
    return normalizeLang(value);
  } catch {
    return value;
  }
}

/**
 * The facet counts over `candidates` (section positions; each counted once): for each facet, how
 * many candidates have each value among those that pass every filter on the other facets — a
 * facet's own filter does not narrow its own counts, so they say what choosing another value of it
 * would hold (with one filter, or none, every candidate counts for every facet). At most
 * FACET_COUNT_VALUES values per facet, most candidates first, ties by value; values no candidate
 * has are left out, except a filter's own value, which is always listed (0 when nothing has it).
 */
export function facetCounts(store: Pick<SectionStore, 'facets'>, candidates: Iterable<number>, filtering: Filtering | null): FacetCounts {
  const facets = store.facets;
  const counts = facets.map((f) => new Uint32Array(f.values.length));
  const filters = filtering?.filters ?? [];
  for (const id of new Set(candidates)) {
    // The facet whose filter the candidate fails, if exactly one: it counts for that facet only.
    // (Each filter is on its own facet: a request has one value per facet.)
    let failed: SectionFacet | null = null;
    let failures = 0;
    for (const f of filters) {
      if (f.value >= 0 && f.facet.valuesOf(id).includes(f.value)) continue;
      failures++;
      failed = f.facet;
    }
    if (failures > 1) continue;
    facets.forEach((facet, i) => {
      if (failures === 1 && facet !== failed) return;
      for (const v of facet.valuesOf(id)) counts[i]![v]!++;
    });
  }
  const out: FacetCounts = {};
  facets.forEach((facet, i) => {
    const chosen = filters.find((f) => f.facet === facet);
    const listed: FacetValueCount[] = [];
    counts[i]!.forEach((count, v) => {
      if (count > 0) listed.push({ value: facet.values[v]!, count });
    });
    listed.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
    const top = listed.slice(0, FACET_COUNT_VALUES);
    if (chosen && !top.some((c) => c.value === chosen.text)) {
      // Not among the most frequent: it has no more than the last listed, so it goes last.
      if (top.length === FACET_COUNT_VALUES) top.pop();
      top.push({ value: chosen.text, count: listed.find((c) => c.value === chosen.text)?.count ?? 0 });
    }
    out[facet.name] = top;
  });
  return out;
}
