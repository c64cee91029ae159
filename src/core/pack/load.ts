import { RecallBoxError } from '../errors.ts';
import { loadKeywordIndex, type KeywordIndex } from '../keyword/index.ts';
import {
  PACK_FILES,
  parsePackJson,
  validateManifest,
  validateSections,
  type PackManifest,
  type StoredSection,
} from './format.ts';
import type { PackSource } from './source.ts';

/** A pack ready to answer queries: validated, with its keyword index imported. */
export interface LoadedPack {
  manifest: PackManifest;
  sections: StoredSection[];
  keyword: KeywordIndex;
}

async function readRequired(source: PackSource, name: string): Promise<string> {
  const text = await source.read(name);
  if (text === null) throw new RecallBoxError('INDEX_CORRUPT', `${source.label} has no ${name}.`);
  return text;
}

/**
 * Read, check and import a pack. The manifest is read and checked before anything else so that a
 * pack of another format version is refused without parsing data files whose shape we do not know.
 */
export async function loadPack(source: PackSource): Promise<LoadedPack> {
  const manifestText = await source.read(PACK_FILES.manifest);
  if (manifestText === null) {
    throw new RecallBoxError('INDEX_MISSING', `no index pack at ${source.label}: build one with \`recall-box build <docs> --out <dir>\`.`);
  }
  const manifest = validateManifest(parsePackJson(PACK_FILES.manifest, manifestText));
  const [sectionsText, keywordText] = await Promise.all([
    readRequired(source, PACK_FILES.sections),
    readRequired(source, PACK_FILES.keyword),
  ]);
  const sections = validateSections(parsePackJson(PACK_FILES.sections, sectionsText), manifest);
  const keyword = await loadKeywordIndex(parsePackJson(PACK_FILES.keyword, keywordText) as never);
  if (keyword.size !== sections.length) {
    throw new RecallBoxError(
      'INDEX_CORRUPT',
      `the keyword index covers ${keyword.size} sections, the section store holds ${sections.length}.`,
    );
  }
  return { manifest, sections, keyword };
}
