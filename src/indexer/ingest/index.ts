/**
 * Ingest: a docs folder (Markdown, MDX, HTML) → pages → sections.
 */
export { ingestDirectory } from './directory.ts';
export { parseDocument } from './document.ts';
export { urlForPath } from './urls.ts';
export {
  DEFAULT_INGEST_OPTIONS,
  resolveIngestOptions,
  type HeadingDepth,
  type IngestOptions,
  type IngestResult,
} from './options.ts';
