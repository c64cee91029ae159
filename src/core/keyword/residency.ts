/**
 * How many partitions of a lazily opened keyword index stay in memory between queries. The cache
 * itself is the pack's ResidentCache (codec/resident-cache.ts): least recently used dropped first,
 * one read per part (a request waits for another's read to end, never on its promise:
 * codec/kept-loads.ts), failed reads not remembered; a query's view holds its parts by
 * reference (search.ts), so eviction only drops the cache's own reference.
 */
import { RecallBoxError } from '../errors.ts';
import { isRecord } from '../is-record.ts';
import { resolveBytesOption } from '../codec/resident-cache.ts';

export interface KeywordResidencyOptions {
  /**
   * Budget of resident parts, in their stored JSON bytes (as readPart reports them). After a part
   * is loaded, the least recently used parts are evicted until the total fits; a part bigger than
   * the whole budget is used by its query but not kept. Range integer ≥ 0.
   * Default 16 MiB: the whole index of a site whose postings fit it stays resident once read (and
   * such an index is cut into 64 KiB parts, a larger one into 16 KiB parts: partitions.ts
   * partBytesFor); with the 8 MiB of section blocks, the ×20 Astro replica's pack held 84 MiB in
   * Node after 100 queries, heads included (`npm run bench -- --scale --large`) — inside a Worker's
   * 128 MB next to the vectors and the model.
   */
  residentBytes: number;
}

const MIB = 1024 * 1024;

export const DEFAULT_KEYWORD_RESIDENCY_OPTIONS: Readonly<KeywordResidencyOptions> = Object.freeze({
  residentBytes: 16 * MIB,
});

/** Merges `input` over the defaults and validates; throws RecallBoxError('INVALID_OPTIONS', …). */
export function resolveKeywordResidencyOptions(input: Partial<KeywordResidencyOptions> = {}): KeywordResidencyOptions {
  if (!isRecord(input)) throw new RecallBoxError('INVALID_OPTIONS', 'keyword residency options: not an object');
  return {
    residentBytes: resolveBytesOption('keyword residency', 'residentBytes', input.residentBytes, DEFAULT_KEYWORD_RESIDENCY_OPTIONS.residentBytes, 0),
  };
}
