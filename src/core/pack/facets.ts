/**
 * Facets: what a search can be narrowed by (`filter.<name>=<value>`) and counted by (the answer's
 * `facets`). Two are built in, from columns every pack has: `pool` (the section's recall pool) and
 * `lang` (its page's language). A site adds its own from front matter fields by configuration
 * (`--facet tags`, IngestOptions.facets): each page's values of those fields are stored once per
 * page in the section store's head (sections.json `facets`), as positions in a value table per
 * facet — as pools and languages are stored, but by page, since front matter is per page and a
 * page has many sections. A pack built without configured facets has no `facets` in its head.
 *
 * The bounds below keep the head small and every value usable as a filter: they are what a
 * version, a section name or a tag needs, far below what would make a facet a second search index.
 */
import { RecallBoxError, quoteInput } from '../errors.ts';
import { isRecord } from '../is-record.ts';

/** The facets every pack has, in the order the answer lists them before the configured ones. */
export const BUILT_IN_FACETS = ['pool', 'lang'] as const;

/**
 * A configured facet's name: a front matter field's name as written, 1–32 ASCII letters, digits,
 * `_` or `-`, starting with a letter — so it can stand in a query string (`filter.<name>`)
 * unencoded, and never be `__proto__`. Names are case-sensitive, as front matter keys are.
 */
export const FACET_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;

/** Most facets a build configures (besides the built-in ones). 8: a search box shows a few filters, not a form. */
export const MAX_FACETS = 8;

/**
 * Longest facet value, in code points after trimming. 64: a version (`v5`), a section or a tag
 * name fits many times over; a longer front matter value is a sentence, not a filter choice. A
 * longer value is left out of the facet (the build warns, FACET_VALUES_DROPPED); a longer filter
 * value can match nothing and is refused (BAD_REQUEST).
 */
export const MAX_FACET_VALUE_CHARS = 64;

/** Most values one page has for one facet; the rest are left out (the build warns). 16: a long tag list. */
export const MAX_FACET_VALUES_PER_PAGE = 16;

/**
 * Most distinct values of one facet across a pack. 1,000: far more than a reader chooses from, and
 * few enough that the head stays small; more means the field is per page (a title, a date), not
 * a facet — the build fails with INVALID_OPTIONS naming it rather than store it.
 */
export const MAX_FACET_DISTINCT_VALUES = 1000;

/** A configured facet as the head stores it: its values, and each page's values as positions in them. */
export interface StoredFacet {
  name: string;
  /** Distinct values, in the order the build met them (pages in path order). */
  values: string[];
  /** Per page of the head's `pages`: positions in `values`, ascending, distinct (none: `[]`). */
  pages: number[][];
}

/**
 * A facet value as stored and as matched: white space runs as one space, trimmed. Case is kept
 * (`Routing` and `routing` are two values, as the site wrote them).
 */
export function normalizeFacetValue(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** Length in code points, as the bounds count. */
export function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/**
 * Checks the names a build is configured with (INVALID_OPTIONS for the first bad one): the
 * FACET_NAME shape, not a built-in facet, no duplicates, at most MAX_FACETS.
 */
export function validateFacetNames(names: readonly unknown[]): string[] {
  if (names.length > MAX_FACETS) throw invalid(`at most ${MAX_FACETS} facets can be configured, got ${names.length}`);
  const seen = new Set<string>();
  for (const name of names) {
    if (typeof name !== 'string' || !FACET_NAME.test(name)) {
      throw invalid(`facet ${typeof name === 'string' ? quoteInput(name) : String(name)} is not a front matter field name of 1–32 letters, digits, "_" or "-" starting with a letter`);
    }
    if ((BUILT_IN_FACETS as readonly string[]).includes(name)) {
      throw invalid(`facet "${name}" is built in (every pack has "pool" and "lang"); it needs no configuration`);
    }
    if (seen.has(name)) throw invalid(`facet "${name}" is configured twice`);
    seen.add(name);
  }
  return [...seen];
}

/**
 * The head's `facets` from each page's values: one StoredFacet per name, in the names' order.
 * `valuesOf(page, name)`: the page's values of a facet (normalised and bounded at ingest). Throws
 * INVALID_OPTIONS when a facet has more than MAX_FACET_DISTINCT_VALUES values.
 */
export function storeFacets(names: readonly string[], pages: readonly string[], valuesOf: (page: string, name: string) => readonly string[]): StoredFacet[] {
  return names.map((name) => {
    const values: string[] = [];
    const at = new Map<string, number>();
    const perPage = pages.map((page) => {
      const positions = new Set<number>();
      for (const value of valuesOf(page, name)) {
        let i = at.get(value);
        if (i === undefined) {
          i = values.push(value) - 1;
          at.set(value, i);
        }
        positions.add(i);
      }
      return [...positions].sort((a, b) => a - b);
    });
    if (values.length > MAX_FACET_DISTINCT_VALUES) {
      throw invalid(
        `facet "${name}" has ${values.length} distinct values across the pages; at most ${MAX_FACET_DISTINCT_VALUES} are stored — a facet is a field readers narrow by (a version, a section, tags), not one that differs on every page`,
      );
    }
    return { name, values, pages: perPage };
  });
}

/** Checks the head's `facets` (absent: none) against its page count; INDEX_CORRUPT naming the first fault. */
export function validateStoredFacets(value: unknown, pageCount: number): StoredFacet[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > MAX_FACETS) throw corrupt(`sections.json has a facet list that is not a list of at most ${MAX_FACETS}.`);
  const names = new Set<string>();
  for (const facet of value as unknown[]) {
    if (!isRecord(facet) || typeof facet.name !== 'string' || !FACET_NAME.test(facet.name) || (BUILT_IN_FACETS as readonly string[]).includes(facet.name) || names.has(facet.name)) {
      throw corrupt('sections.json has a facet without a valid, distinct name.');
    }
    names.add(facet.name);
    const { values, pages } = facet;
    if (!Array.isArray(values) || values.length > MAX_FACET_DISTINCT_VALUES || !values.every((v) => typeof v === 'string') || new Set(values).size !== values.length) {
      throw corrupt(`sections.json: facet "${facet.name}" has no list of distinct string values.`);
    }
    const inRange = (p: unknown) => Array.isArray(p) && p.every((x) => Number.isInteger(x) && x >= 0 && x < values.length);
    if (!Array.isArray(pages) || pages.length !== pageCount || !pages.every(inRange)) {
      throw corrupt(`sections.json: facet "${facet.name}" does not hold value positions for each of ${pageCount} pages.`);
    }
  }
  return value as StoredFacet[];
}

function invalid(message: string): RecallBoxError {
  return new RecallBoxError('INVALID_OPTIONS', message);
}

function corrupt(message: string): RecallBoxError {
  return new RecallBoxError('INDEX_CORRUPT', message);
}
