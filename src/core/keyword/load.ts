/**
 * Opening a stored keyword index: all of it at once (Node: evaluation, tests, calibration), or the
 * head now and each partition when a query first needs it (the Worker).
 */
import { isRecord } from '../is-record.ts';
import { corrupt, validateKeywordHead, validateKeywordPart, type KeywordHead, type StoredKeywordIndex } from './data.ts';
import { createFlexIndex, type FlexIndex } from './flex.ts';
import { ResidentCache } from '../codec/resident-cache.ts';
import { resolveKeywordResidencyOptions, type KeywordResidencyOptions } from './residency.ts';
import { partitionedIndex, residentParts, type KeywordIndex } from './search.ts';

/**
 * Validates and imports a whole stored index, every partition resident; throws
 * RecallBoxError('INDEX_CORRUPT', …) on malformed data. Async to match the lazy path and the pack
 * loader; the work itself is synchronous, and the returned index is never added to.
 */
export async function loadKeywordIndex(stored: StoredKeywordIndex): Promise<KeywordIndex> {
  if (!isRecord(stored)) throw corrupt('the stored keyword index is not an object');
  // A version 1 index was one object without a head: checking it as a head names its version.
  const head = validateKeywordHead(stored.head === undefined && stored.version !== undefined ? stored : stored.head);
  const parts: unknown = stored.parts;
  if (!Array.isArray(parts) || parts.length !== head.starts.length) {
    throw corrupt(`parts must be a list of ${head.starts.length} partitions (one per head.starts)`);
  }
  const flexes = parts.map((part, index) => importPart(part, head, index));
  return partitionedIndex(head, residentParts(flexes));
}

/**
 * Opens an index from its head alone; parts are read through `readPart` (the part's parsed JSON
 * and its stored size in bytes) when `prepare` needs them, validated, imported, and kept within
 * `options.residentBytes` (residency.ts). Throws INDEX_CORRUPT on a bad head, INVALID_OPTIONS on
 * bad residency options.
 */
export function openKeywordIndex(
  head: unknown,
  readPart: (index: number) => Promise<{ data: unknown; bytes: number }>,
  options?: Partial<KeywordResidencyOptions>,
  /** How long a request waits for another's read of a part before reading it itself (ResidentCacheOptions.patienceMs). */
  patienceMs?: number,
): KeywordIndex {
  const valid = validateKeywordHead(head);
  const { residentBytes } = resolveKeywordResidencyOptions(options);
  const cache = new ResidentCache<FlexIndex>(
    async (index) => {
      const { data, bytes } = await readPart(index);
      if (!Number.isFinite(bytes) || bytes < 0) throw new TypeError(`readPart(${index}) returned a byte size of ${bytes}`);
      return { value: importPart(data, valid, index), bytes };
    },
    { budgetBytes: residentBytes, ...(patienceMs !== undefined && { patienceMs }) },
  );
  return partitionedIndex(valid, {
    resident: (index) => cache.peek(index),
    load: (index, signal) => cache.get(index, signal),
  });
}

/** Validates part `index` and imports it into a FlexSearch index of its own. */
function importPart(data: unknown, head: KeywordHead, index: number): FlexIndex {
  const flex = createFlexIndex(head.options.maxTermFrequency);
  // Chunks go in already parsed: validation had to parse them anyway, and parsing each twice
  // would double the largest cost of loading a part.
  for (const chunk of validateKeywordPart(data, head, index)) flex.importChunk(chunk.key, chunk.data);
  return flex;
}
