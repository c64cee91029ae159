/**
 * Splitting the keyword index by term, so a query loads only the partitions holding its terms.
 *
 * Why by term: the postings of a large site do not fit a Cloudflare Worker (128 MB per isolate) —
 * the ×20 Astro replica's are 49.7 MiB of JSON (`npm run bench -- --scale --large` builds it), more
 * once imported. A query reads the postings of
 * its few terms and nothing else, so partitioning the postings by term lets a query fetch and
 * import a few partitions; the field lengths (stats) are per document and small, and stay whole
 * in the head.
 *
 * The partitions are still FlexSearch's own export format: each holds `<field>.<n>.map` chunks of
 * `[term, slots]` entries, imported with FlexSearch's own import into one FlexSearch `Document`
 * per partition. The build fills ONE Document over all documents, exports it, and redistributes
 * the map entries by term; nothing is rebuilt from text at query time.
 *
 * By sorted term RANGES, as Pagefind chunks its index: partition i holds the terms from starts[i]
 * up to the next start, so the terms that begin with a prefix — a reader's unfinished word — sit
 * in one partition, or two at a boundary, and a correction's neighbours mostly near it.
 */
import { RecallBoxError } from '../errors.ts';
import { isRecord } from '../is-record.ts';
import { resolveBytesOption } from '../codec/resident-cache.ts';
import { compareTerms, type TermCount } from './dictionary.ts';
import { DEFAULT_KEYWORD_RESIDENCY_OPTIONS } from './residency.ts';

/** Storage options, separate from the ranking options because they change no ranking. */
export interface KeywordStorageOptions {
  /**
   * Target size, in UTF-8 bytes of JSON, of one partition's postings: the build makes
   * ceil(total postings bytes / partBytes) partitions (at least one), cut between terms in sorted
   * order, so partitions come out near this size, not exactly at it (a term's postings are never
   * split, and the part file, an object of JSON strings, also escapes each term's quotes). A query reads, checks, parses and imports one part
   * per term it has not seen lately, almost all of it other terms' postings: smaller parts make a
   * first-time query cheaper, at the price of more stored files, more reads before an isolate holds
   * the parts its queries keep needing, and a FlexSearch Document each.
   * Range integer ≥ 1 (tiny values are for tests: about one term per partition), or `'auto'`.
   * Default `'auto'`: partBytesFor() picks by the size of the postings — 64 KiB (COMPACT_PART_BYTES
   * below) when they fit the Worker's default keyword residency budget, 16 KiB (LARGE_INDEX_PART_BYTES) when they do not.
   */
  partBytes: number | 'auto';
}

const KIB = 1024;

/**
 * Parts of an index whose postings all fit the Worker's default residency budget
 * (DEFAULT_KEYWORD_RESIDENCY_OPTIONS.residentBytes): an isolate soon holds every part, so what
 * counts is how few reads warm it. 64 KiB: on the Astro docs (`npm run bench`'s row of the first 40
 * queries' bytes) the median first query reads 1.14 MiB, against 1.47 MiB at 256 KiB, the previous
 * default (`npm run bench -- --part-bytes 262144`); 16 KiB parts made Astro en's first-time Worker
 * queries slower, not faster (`npm run bench -- --scale --part-bytes 16384`, docs/performance.md, Large sites).
 */
export const COMPACT_PART_BYTES = 64 * KIB;

/**
 * Parts of an index whose postings do not fit that budget: an isolate never holds the whole index,
 * so every query keeps reading parts, and the bytes of each read count. 16 KiB: on the ×20 Astro
 * replica (49.7 MiB of postings, `npm run bench -- --scale --large --part-bytes 16384`), a
 * first-time query reads about half the partition bytes of 64 KiB parts and the Worker answers it
 * sooner (docs/performance.md, Large sites).
 */
export const LARGE_INDEX_PART_BYTES = 16 * KIB;

export const DEFAULT_KEYWORD_STORAGE_OPTIONS: Readonly<KeywordStorageOptions> = Object.freeze({
  partBytes: 'auto',
});

/** Merges `input` over the defaults and validates; throws RecallBoxError('INVALID_OPTIONS', …). */
export function resolveKeywordStorageOptions(input: Partial<KeywordStorageOptions> = {}): KeywordStorageOptions {
  if (!isRecord(input)) throw new RecallBoxError('INVALID_OPTIONS', 'keyword storage options: not an object');
  const partBytes = input.partBytes ?? DEFAULT_KEYWORD_STORAGE_OPTIONS.partBytes;
  if (partBytes === 'auto') return { partBytes };
  // A size was given: resolveBytesOption only checks it (its fallback stands for an absent value).
  return { partBytes: resolveBytesOption('keyword storage', 'partBytes', partBytes, partBytes, 1) };
}

/** The partition size for postings of `totalBytes`: `partBytes` itself, or for `'auto'` as its documentation says. */
export function partBytesFor(totalBytes: number, partBytes: number | 'auto'): number {
  if (partBytes !== 'auto') return partBytes;
  return totalBytes > DEFAULT_KEYWORD_RESIDENCY_OPTIONS.residentBytes ? LARGE_INDEX_PART_BYTES : COMPACT_PART_BYTES;
}

/**
 * The partition holding `term`: the last i with starts[i] ≤ term (compareTerms order). `starts`
 * is the head's list of each partition's first term, sorted, starts[0] = '' so every term has a
 * partition. Build and query compute it identically: it is part of the stored format.
 */
export function partitionOf(term: string, starts: readonly string[]): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (compareTerms(starts[mid]!, term) <= 0) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Number of partitions for postings of `totalBytes`: ceil(totalBytes / partBytes), at least 1. */
export function partitionCount(totalBytes: number, partBytes: number): number {
  return Math.max(1, Math.ceil(totalBytes / partBytes));
}

/**
 * Keys of FlexSearch map chunks: `<field>.<n>.map` holds `[term, slots][]` of one field's index.
 * FlexSearch's import reads only the field and the kind (`map`) from the key; the chunk number
 * only has to make keys unique, so each partition numbers its own chunks from 1.
 */
const MAP_CHUNK = /^([^.]+)\.\d+\.map$/;

/** `[term, slots]`: one entry of a map chunk. */
type MapEntry = [string, unknown];

/** A FlexSearch export redistributed by term: the parts, each part's first term, and the dictionary. */
export interface PartitionedExport {
  parts: Record<string, string>[];
  /** Each part's first term; starts[0] = ''. */
  starts: string[];
  /** Every term, sorted, with its postings count over all fields. */
  terms: TermCount[];
}

/**
 * Redistributes a FlexSearch export into about `partitions` parts of consecutive terms in sorted
 * order, each near an equal share of the postings bytes (a term is never split; a part that would
 * be empty is not made, so there may be fewer). Within a part, entries are in term order, fields in
 * export order, so the same export always gives the same bytes. Each part's entries of a field are
 * re-chunked to at most as many entries as FlexSearch itself put in one chunk of this export
 * (FlexSearch sizes its chunks by the number of documents), so no part holds a chunk FlexSearch
 * would not have written. Chunks other than map chunks are dropped (see buildKeywordIndex for why
 * the id register is not needed).
 */
export function partitionExport(exported: Readonly<Record<string, string>>, partitions: number): PartitionedExport {
  // Every term's entries, per field in export order; and its postings count and stored size.
  const byTerm = new Map<string, { fields: Array<[string, MapEntry]>; count: number; bytes: number }>();
  let entriesPerChunk = 1;
  for (const [key, text] of Object.entries(exported)) {
    const field = MAP_CHUNK.exec(key)?.[1];
    if (field === undefined) continue;
    const entries = JSON.parse(text) as MapEntry[];
    entriesPerChunk = Math.max(entriesPerChunk, entries.length);
    for (const entry of entries) {
      let term = byTerm.get(entry[0]);
      if (term === undefined) byTerm.set(entry[0], (term = { fields: [], count: 0, bytes: 0 }));
      term.fields.push([field, entry]);
      term.count += postingsCount(entry[1]);
      term.bytes += utf8Length(JSON.stringify(entry));
    }
  }
  const sorted = [...byTerm.keys()].sort(compareTerms);
  const total = sorted.reduce((sum, term) => sum + byTerm.get(term)!.bytes, 0);
  // A term goes to the part its first byte falls in, at equal shares of the total.
  const groups: string[][] = [];
  let offset = 0;
  let current = -1;
  for (const term of sorted) {
    const share = total === 0 ? 0 : Math.min(partitions - 1, Math.floor((offset * partitions) / total));
    if (share !== current || groups.length === 0) {
      groups.push([]);
      current = share;
    }
    groups[groups.length - 1]!.push(term);
    offset += byTerm.get(term)!.bytes;
  }
  if (groups.length === 0) groups.push([]);
  const parts = groups.map((terms) => {
    const perField = new Map<string, MapEntry[]>();
    for (const term of terms) {
      for (const [field, entry] of byTerm.get(term)!.fields) {
        let list = perField.get(field);
        if (list === undefined) perField.set(field, (list = []));
        list.push(entry);
      }
    }
    const part: Record<string, string> = {};
    for (const [field, entries] of perField) {
      for (let start = 0, n = 1; start < entries.length; start += entriesPerChunk, n++) {
        part[`${field}.${n}.map`] = JSON.stringify(entries.slice(start, start + entriesPerChunk));
      }
    }
    return part;
  });
  return {
    parts,
    starts: groups.map((terms, i) => (i === 0 ? '' : terms[0]!)),
    terms: sorted.map((term) => ({ term, count: byTerm.get(term)!.count })),
  };
}

/** Postings in a term's slots: the document ids over all its frequency slots. */
function postingsCount(slots: unknown): number {
  let count = 0;
  if (Array.isArray(slots)) for (const slot of slots) if (Array.isArray(slot)) count += slot.length;
  return count;
}

/** Total UTF-8 bytes of the map chunks of a FlexSearch export: what the partitions will hold. */
export function mapChunkBytes(exported: Readonly<Record<string, string>>): number {
  let total = 0;
  for (const [key, text] of Object.entries(exported)) if (MAP_CHUNK.test(key)) total += utf8Length(text);
  return total;
}

/** UTF-8 length of a string without encoding it (the export of a large site is tens of MB). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4; // a surrogate pair: one code point outside the BMP
      i++;
    } else bytes += 3;
  }
  return bytes;
}
