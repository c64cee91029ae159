/**
 * Build time: analyze documents, fill the FlexSearch index, export it, split the export by term
 * into partitions, and store them with the field lengths.
 */
import type { SectionFields } from '../analysis/fields.ts';
import type { Lang } from '../types.ts';
import { KEYWORD_INDEX_VERSION, type KeywordStats, type StoredKeywordIndex } from './data.ts';
import { analyzeFields, createFlexIndex, type FlexIndex } from './flex.ts';
import { encodeDictionary } from './dictionary.ts';
import { resolveKeywordOptions, type KeywordOptions, type KeywordOptionsInput } from './options.ts';
import { mapChunkBytes, partBytesFor, partitionCount, partitionExport, resolveKeywordStorageOptions, type KeywordStorageOptions } from './partitions.ts';

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
 * Builds the stored keyword index: ONE FlexSearch Document over every document, exactly as the
 * unpartitioned index was, exported, then its map entries redistributed into about
 * P = max(1, ceil(postings bytes / partBytesFor(postings bytes, storage.partBytes))) ranges of sorted terms, with the term
 * dictionary in the head. The same input gives the same bytes.
 *
 * The export's id register (`<n>.reg`, every document id) is dropped: FlexSearch consults it only
 * when adding, removing or checking (`contain`) documents; `search(term, { field, resolve: false })`
 * reads the field's term map alone (checked: an index imported from the map chunks only returns the
 * same slots, flex.test.ts). The query side never adds or removes, and the register lists every
 * document id, a list as long as the site in every part.
 *
 * Async because FlexSearch's export is (it may hand chunks to an async writer); nothing here does
 * I/O. Throws RecallBoxError('INVALID_OPTIONS', …) on bad options (ranking or storage).
 */
export async function buildKeywordIndex(
  docs: readonly KeywordDoc[],
  options?: KeywordOptionsInput,
  storage?: Partial<KeywordStorageOptions>,
): Promise<StoredKeywordIndex> {
  const { partBytes } = resolveKeywordStorageOptions(storage);
  const { flex, stats, options: resolved } = indexDocuments(docs, options);
  const exported = await flex.export();
  const postingsBytes = mapChunkBytes(exported);
  const { parts, starts, terms } = partitionExport(exported, partitionCount(postingsBytes, partBytesFor(postingsBytes, partBytes)));
  return {
    head: { version: KEYWORD_INDEX_VERSION, options: resolved, stats, starts, dictionary: encodeDictionary(terms) },
    parts,
  };
}
