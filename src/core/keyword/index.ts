/**
 * The keyword route: FlexSearch finds every document holding a query term, BM25F ranks them; the
 * postings are stored split by term, and a query loads only its terms' partitions.
 * Public entry; the modules behind it are internal.
 */
export { buildKeywordIndex, type KeywordDoc } from './build.ts';
export {
  KEYWORD_INDEX_VERSION,
  type KeywordHead,
  type KeywordPart,
  type KeywordStats,
  type StoredKeywordIndex,
  validateKeywordHead,
} from './data.ts';
export { loadKeywordIndex, openKeywordIndex } from './load.ts';
export {
  DEFAULT_KEYWORD_OPTIONS,
  resolveKeywordOptions,
  type KeywordOptions,
  type KeywordOptionsInput,
  type PerField,
} from './options.ts';
export { DEFAULT_KEYWORD_STORAGE_OPTIONS, partitionOf, type KeywordStorageOptions } from './partitions.ts';
export { DEFAULT_KEYWORD_RESIDENCY_OPTIONS, type KeywordResidencyOptions } from './residency.ts';
export {
  queryTerms,
  type KeywordHit,
  type KeywordIndex,
  type KeywordSearchOptions,
  type KeywordView,
  type TermStat,
} from './search.ts';
