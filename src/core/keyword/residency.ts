/**
 * How many partitions of a lazily opened keyword index stay in memory between queries. The cache
 * itself is the pack's ResidentCache (../resident-cache.ts): least recently used dropped first,
 * one shared read per part, failed reads not remembered; a query's view holds its parts by
 * reference (search.ts), so eviction only drops the cache's own reference.
 */
import { RecallBoxError } from '../errors.ts';
import { isRecord } from '../is-record.ts';
import { resolveBytesOption } from '../pack/resident-cache.ts';

export interface KeywordResidencyOptions {
  /**
   * Budget of resident parts, in their stored JSON bytes (as readPart reports them). After a part
   * is loaded, the least recently used parts are evicted until the total fits; a part bigger than
   * the whole budget is used by its query but not kept. Range integer ≥ 0.
   * Default 16 MiB: 64 default-sized (256 KiB) parts, the terms of many recent queries served again
   * without a read; with the 8 MiB of section blocks, what the ×20 Astro replica held after 100
   * queries stayed at about 35 MiB (`npm run bench -- --scale --large`) — inside a Worker's 128 MB next
   * to the vectors and the model.
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
