/**
 * The keyword index as stored in the pack — a head and its term partitions — and the checks that
 * a stored value really is one.
 *
 * Loading validates everything the ranking later indexes into (document ids, slot counts, field
 * lengths, which partition a term lives in), so a truncated, hand-edited or mismatched pack fails
 * with INDEX_CORRUPT — the head when it is opened, each part when it is loaded — instead of
 * returning plausible but wrong rankings or throwing a TypeError in the middle of a query.
 */
import { RecallBoxError } from '../errors.ts';
import { FIELD_NAMES, type FieldName } from '../analysis/fields.ts';
import { isRecord } from '../is-record.ts';
import { keywordOptionsProblem, type KeywordOptions } from './options.ts';
import { partitionOf } from './partitions.ts';
import { compareTerms, type StoredDictionary } from './dictionary.ts';

/**
 * Version of the stored shape; bump when the meaning of any stored part changes. 2: the postings
 * moved out of the head into term partitions, without the id register. 3: partitions by sorted
 * term ranges (`starts`) instead of a hash, and the term dictionary in the head.
 */
export const KEYWORD_INDEX_VERSION = 3;

export interface KeywordStats {
  /** Number of documents: ids are positions 0..docCount − 1 (documents without terms included). */
  docCount: number;
  /** Number of analyzed terms per field, indexed by document position. */
  fieldLengths: Record<FieldName, number[]>;
}

/** What the pack stores as keyword.json: everything but the postings. */
export interface KeywordHead {
  version: typeof KEYWORD_INDEX_VERSION;
  /** The options the index was built with; the query side ranks and analyzes with these. */
  options: KeywordOptions;
  stats: KeywordStats;
  /**
   * Each term partition's first term, sorted; starts[0] = ''. A term's postings are in part
   * partitionOf(term, starts); there are starts.length parts.
   */
  starts: string[];
  /** Every term of the index, front-coded, with its postings count (dictionary.ts). */
  dictionary: StoredDictionary;
}

/**
 * One partition: FlexSearch export chunks (key → JSON string, `<field>.<n>.map`) of the terms
 * whose partitionOf(term, starts) is this partition's index. Besides the postings they carry
 * the term frequencies (one score slot per frequency, see flex.ts).
 */
export type KeywordPart = Record<string, string>;

/** A whole stored index: the head and every part, `parts.length === head.starts.length`. */
export interface StoredKeywordIndex {
  head: KeywordHead;
  parts: KeywordPart[];
}

/** One FlexSearch chunk, parsed and checked. */
export interface FlexChunk {
  key: string;
  data: unknown;
}

/**
 * Keys a part may hold: `<field>.<n>.map` (term → slots, in chunks) of our three fields. Anything
 * else — the id register `<n>.reg` included, which the build no longer stores — means another
 * build or FlexSearch configuration (context, tags, a store) that this code would misread.
 */
const MAP_KEY = new RegExp(`^(?:${FIELD_NAMES.join('|')})\\.\\d+\\.map$`);

/** Checks a head and returns it typed; throws INDEX_CORRUPT naming the first problem. */
export function validateKeywordHead(value: unknown): KeywordHead {
  if (!isRecord(value)) throw corrupt('the keyword index head is not an object');
  // The version first: another version's fields may mean something else entirely.
  if (value.version !== KEYWORD_INDEX_VERSION) {
    throw corrupt(`unsupported keyword index version ${JSON.stringify(value.version)} (expected ${KEYWORD_INDEX_VERSION})`);
  }
  const optionsProblem = keywordOptionsProblem(value.options);
  if (optionsProblem !== undefined) throw corrupt(`options: ${optionsProblem}`);

  const stats = value.stats;
  if (!isRecord(stats)) throw corrupt('stats is not an object');
  const docCount = stats.docCount;
  if (!isCount(docCount)) throw corrupt('stats.docCount must be an integer ≥ 0');
  if (!isRecord(stats.fieldLengths)) throw corrupt('stats.fieldLengths is not an object');
  for (const field of FIELD_NAMES) {
    const lengths = stats.fieldLengths[field];
    if (!Array.isArray(lengths) || lengths.length !== docCount || !lengths.every(isCount)) {
      throw corrupt(`stats.fieldLengths.${field} must hold ${docCount} integers ≥ 0`);
    }
  }

  const starts = value.starts;
  if (!Array.isArray(starts) || starts[0] !== '' || !starts.every((t, i) => typeof t === 'string' && (i === 0 || compareTerms(starts[i - 1], t) < 0))) {
    throw corrupt("starts must be a sorted list of distinct terms beginning with ''");
  }
  // The dictionary is checked as it is decoded, once, when the index is opened (TermDictionary.from):
  // the head is validated twice on a pack's load, and the dictionary is its largest part.
  return value as unknown as KeywordHead;
}

/**
 * Checks part `index` of the index described by `head` and returns its chunks parsed; throws
 * INDEX_CORRUPT naming the part and the problem. Every term must belong to this part
 * (partitionOf), so a part of another build or read from another position is refused rather than
 * silently answering its terms' lookups with nothing.
 */
export function validateKeywordPart(value: unknown, head: KeywordHead, index: number): FlexChunk[] {
  const where = `part ${index}`;
  if (!isRecord(value)) throw corrupt(`${where} is not an object`);
  const { docCount } = head.stats;
  const chunks: FlexChunk[] = [];
  for (const [key, text] of Object.entries(value)) {
    if (typeof text !== 'string') throw corrupt(`${where}["${key}"] is not a string`);
    if (!MAP_KEY.test(key)) throw corrupt(`${where}["${key}"]: unexpected key`);
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw corrupt(`${where}["${key}"] is not valid JSON`);
    }
    const problem = mapChunkProblem(data, docCount, head.options.maxTermFrequency) ?? partitionProblem(data as MapEntries, head.starts, index);
    if (problem !== undefined) throw corrupt(`${where}["${key}"]: ${problem}`);
    chunks.push({ key, data });
  }
  return chunks;
}

type MapEntries = ReadonlyArray<readonly [string, unknown]>;

/** A map chunk is `[term, slots][]`, each slot null or a list of document ids. */
function mapChunkProblem(data: unknown, docCount: number, maxTermFrequency: number): string | undefined {
  if (!Array.isArray(data)) return 'not a list of entries';
  for (const entry of data) {
    if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string') return 'entry is not [term, slots]';
    const slots: unknown = entry[1];
    if (!Array.isArray(slots) || slots.length > maxTermFrequency) return `slots of "${entry[0]}" are malformed`;
    for (const slot of slots) {
      if (slot === null) continue;
      if (!Array.isArray(slot) || !slot.every((id) => isDocId(id, docCount))) {
        return `postings of "${entry[0]}" hold ids outside 0..${docCount - 1}`;
      }
    }
  }
  return undefined;
}

function partitionProblem(entries: MapEntries, starts: readonly string[], index: number): string | undefined {
  for (const [term] of entries) {
    const home = partitionOf(term, starts);
    if (home !== index) return `term "${term}" belongs to partition ${home} of ${starts.length}, not ${index}`;
  }
  return undefined;
}

function isCount(n: unknown): n is number {
  return Number.isInteger(n) && (n as number) >= 0;
}

function isDocId(id: unknown, docCount: number): boolean {
  return Number.isInteger(id) && (id as number) >= 0 && (id as number) < docCount;
}

export function corrupt(message: string): RecallBoxError {
  return new RecallBoxError('INDEX_CORRUPT', `keyword index: ${message}`);
}
