import { sectionFields } from '../core/fields.ts';
import { buildKeywordIndex, type KeywordOptionsInput } from '../core/keyword/index.ts';
import { FORMAT_VERSION, PACK_FILES, type PackManifest, type SectionsFile, type StoredSection } from '../core/pack/format.ts';
import type { Lang, Page, SkippedFile } from '../core/types.ts';
import { ingestDirectory, resolveIngestOptions, type IngestOptions } from './ingest/index.ts';
import { computeBuildId, writePack, type PackFiles } from './pack-writer.ts';

export interface BuildOptions {
  ingest?: Partial<IngestOptions>;
  keyword?: KeywordOptionsInput;
  /** Clock, injectable so tests can pin createdAt. */
  now?: () => Date;
}

export interface BuildSummary {
  docsDir: string;
  outDir: string;
  buildId: string;
  files: number;
  pages: number;
  sections: number;
  skipped: SkippedFile[];
  languages: Lang[];
  bytes: Record<string, number>;
  ms: number;
}

/** Languages by number of sections, most first; ties by tag so the order is stable. */
export function rankLanguages(sections: readonly { lang: Lang }[]): Lang[] {
  const counts = new Map<Lang, number>();
  for (const s of sections) counts.set(s.lang, (counts.get(s.lang) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([l]) => l);
}

/** Everything a pack holds, serialised, from already-ingested pages. Pure apart from the hash. */
export async function assemblePack(
  pages: readonly Page[],
  options: { baseUrl: string; keyword?: KeywordOptionsInput; createdAt: string },
): Promise<{ manifest: PackManifest; files: PackFiles }> {
  const sections: StoredSection[] = pages.flatMap((p) => p.sections);
  const keyword = await buildKeywordIndex(
    sections.map((s) => ({ fields: sectionFields(s), lang: s.lang })),
    options.keyword,
  );
  const sectionsFile: SectionsFile = { sections };
  const files: PackFiles = {
    [PACK_FILES.sections]: JSON.stringify(sectionsFile),
    [PACK_FILES.keyword]: JSON.stringify(keyword),
  };
  const languages = rankLanguages(sections);
  const manifest: PackManifest = {
    formatVersion: FORMAT_VERSION,
    buildId: computeBuildId(files),
    createdAt: options.createdAt,
    counts: { pages: pages.length, sections: sections.length },
    languages,
    defaultLang: languages[0] ?? 'en',
    analyzer: { ...keyword.options.analyzer },
    baseUrl: options.baseUrl,
    model: null,
    files: Object.fromEntries(Object.entries(files).map(([name, text]) => [name, { bytes: new TextEncoder().encode(text).length }])),
  };
  return { manifest, files };
}

/** docs folder → pack folder. Ingest problems are reported per file; the build goes on without them. */
export async function buildPack(docsDir: string, outDir: string, options: BuildOptions = {}): Promise<BuildSummary> {
  const started = performance.now();
  const ingest = await ingestDirectory(docsDir, options.ingest);
  const { manifest, files } = await assemblePack(ingest.pages, {
    baseUrl: resolveIngestOptions(options.ingest).baseUrl,
    keyword: options.keyword,
    createdAt: (options.now?.() ?? new Date()).toISOString(),
  });
  await writePack(outDir, manifest, files);
  return {
    docsDir,
    outDir,
    buildId: manifest.buildId,
    files: ingest.files,
    pages: manifest.counts.pages,
    sections: manifest.counts.sections,
    skipped: ingest.skipped,
    languages: manifest.languages,
    bytes: Object.fromEntries(Object.entries(manifest.files).map(([n, f]) => [n, f.bytes])),
    ms: performance.now() - started,
  };
}
