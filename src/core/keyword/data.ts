/**
 * The keyword index as stored in the pack, and the check that a stored value really is one.
 *
 * Loading validates everything the ranking later indexes into (document ids, slot counts, field
 * lengths), so a truncated or hand-edited pack fails once, at load, with INDEX_CORRUPT, instead of
 * returning plausible but wrong rankings or throwing a TypeError in the middle of a query.
 */
import { RecallBoxError } from '../errors.ts';
import { FIELD_NAMES, type FieldName } from '../fields.ts';
import { isRecord } from '../is-record.ts';
import { keywordOptionsProblem, type KeywordOptions } from './options.ts';

/** Version of the stored shape; bump when the meaning of any stored part changes. */
export const KEYWORD_INDEX_VERSION = 1;

export interface KeywordStats {
  /** Number of documents: ids are positions 0..docCount − 1 (documents without terms included). */
  docCount: number;
  /** Number of analyzed terms per field, indexed by document position. */
  fieldLengths: Record<FieldName, number[]>;
}

/** JSON-serialisable, versioned: what the pack stores. */
export interface KeywordIndexData {
  version: typeof KEYWORD_INDEX_VERSION;
  /** The options the index was built with; the query side ranks and analyzes with these. */
  options: KeywordOptions;
  /**
   * FlexSearch's export, key → JSON string, exactly as `Document.export` produced it. Besides the
   * postings it carries the term frequencies (one score slot per frequency, see flex.ts).
   */
  flexsearch: Record<string, string>;
  stats: KeywordStats;
}

/** One FlexSearch chunk, parsed and checked. */
export interface FlexChunk {
  key: string;
  data: unknown;
}

/**
 * Keys a `Document` over our three fields exports: `<field>.<n>.map` (term → slots, in chunks)
 * and `<n>.reg` (the id register). Anything else means another FlexSearch configuration (context,
 * tags, a store) that this code would misread.
 */
const MAP_KEY = new RegExp(`^(?:${FIELD_NAMES.join('|')})\\.\\d+\\.map$`);
const REG_KEY = /^\d+\.reg$/;

/** Checks `value` and returns it typed, with its FlexSearch chunks parsed; throws INDEX_CORRUPT. */
export function validateKeywordIndexData(value: unknown): { data: KeywordIndexData; chunks: FlexChunk[] } {
  if (!isRecord(value)) throw corrupt('the keyword index is not an object');
  if (value.version !== KEYWORD_INDEX_VERSION) {
    throw corrupt(`unsupported keyword index version ${JSON.stringify(value.version)} (expected ${KEYWORD_INDEX_VERSION})`);
  }
  const optionsProblem = keywordOptionsProblem(value.options);
  if (optionsProblem !== undefined) throw corrupt(`options: ${optionsProblem}`);
  const options = value.options as KeywordOptions;

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

  if (!isRecord(value.flexsearch)) throw corrupt('flexsearch is not an object');
  const chunks: FlexChunk[] = [];
  for (const [key, text] of Object.entries(value.flexsearch)) {
    if (typeof text !== 'string') throw corrupt(`flexsearch["${key}"] is not a string`);
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw corrupt(`flexsearch["${key}"] is not valid JSON`);
    }
    const problem = MAP_KEY.test(key)
      ? mapChunkProblem(data, docCount, options.maxTermFrequency)
      : REG_KEY.test(key)
        ? (Array.isArray(data) && data.every((id) => isDocId(id, docCount)) ? undefined : 'ids out of range')
        : 'unexpected key';
    if (problem !== undefined) throw corrupt(`flexsearch["${key}"]: ${problem}`);
    chunks.push({ key, data });
  }
  return { data: value as unknown as KeywordIndexData, chunks };
}

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

function isCount(n: unknown): n is number {
  return Number.isInteger(n) && (n as number) >= 0;
}

function isDocId(id: unknown, docCount: number): boolean {
  return Number.isInteger(id) && (id as number) >= 0 && (id as number) < docCount;
}

function corrupt(message: string): RecallBoxError {
  return new RecallBoxError('INDEX_CORRUPT', `keyword index: ${message}`);
}
