/**
 * Build time: analyze documents, fill the FlexSearch index, export it with the field lengths.
 */
import type { SectionFields } from '../fields.ts';
import type { Lang } from '../types.ts';
import { KEYWORD_INDEX_VERSION, type KeywordIndexData, type KeywordStats } from './data.ts';
import { analyzeFields, createFlexIndex, type FlexIndex } from './flex.ts';
import { resolveKeywordOptions, type KeywordOptions, type KeywordOptionsInput } from './options.ts';

/** One document to index; its id is its position in the input array (the pack's section order). */
export interface KeywordDoc {
  fields: SectionFields;
  /** Language the document's text is analyzed in. */
  lang: Lang;
}

/** A freshly filled index, before export. */
export interface IndexedDocuments {
  flex: FlexIndex;
  stats: KeywordStats;
  options: KeywordOptions;
}

/** Analyzes every document and adds it to a new FlexSearch index. Throws INVALID_OPTIONS on bad options. */
export function indexDocuments(docs: readonly KeywordDoc[], options?: KeywordOptionsInput): IndexedDocuments {
  const resolved = resolveKeywordOptions(options);
  const flex = createFlexIndex(resolved.maxTermFrequency);
  const stats: KeywordStats = { docCount: docs.length, fieldLengths: { title: [], headings: [], body: [] } };
  docs.forEach((doc, id) => {
    const analyzed = analyzeFields(doc.fields, doc.lang, resolved.analyzer);
    stats.fieldLengths.title.push(analyzed.title.length);
    stats.fieldLengths.headings.push(analyzed.headings.length);
    stats.fieldLengths.body.push(analyzed.body.length);
    flex.add(id, analyzed);
  });
  return { flex, stats, options: resolved };
}

/**
 * Builds the stored keyword index. Async because FlexSearch's export is (it may hand chunks to an
 * async writer); nothing here does I/O. Throws RecallBoxError('INVALID_OPTIONS', …) on bad options.
 */
export async function buildKeywordIndex(docs: readonly KeywordDoc[], options?: KeywordOptionsInput): Promise<KeywordIndexData> {
  const { flex, stats, options: resolved } = indexDocuments(docs, options);
  return { version: KEYWORD_INDEX_VERSION, options: resolved, flexsearch: await flex.export(), stats };
}
