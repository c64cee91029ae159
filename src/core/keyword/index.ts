/**
 * The keyword route: FlexSearch finds every document holding a query term, BM25F ranks them.
 * Public entry; the modules behind it are internal.
 */
export { buildKeywordIndex, type KeywordDoc } from './build.ts';
export { KEYWORD_INDEX_VERSION, type KeywordIndexData, type KeywordStats } from './data.ts';
export {
  DEFAULT_KEYWORD_OPTIONS,
  resolveKeywordOptions,
  type KeywordOptions,
  type KeywordOptionsInput,
  type PerField,
} from './options.ts';
export { loadKeywordIndex, type KeywordHit, type KeywordIndex, type KeywordSearchOptions } from './search.ts';
