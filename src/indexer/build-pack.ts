import { sectionFields } from '../core/analysis/fields.ts';
import { buildKeywordIndex, type KeywordOptionsInput, type KeywordStorageOptions } from '../core/keyword/index.ts';
import { decodeMatrix, encodeFloat32, encodeHashes, encodeMatrix, encodeVectors } from '../core/codec/binary.ts';
import { FORMAT_VERSION, keywordPartFileName, PACK_FILES, type PackManifest, type PackModel, type StoredSection } from '../core/pack/format.ts';
import { DEFAULT_SECTION_BLOCKS_OPTIONS, sectionStoreFiles, type SectionBlocksOptions } from '../core/pack/sections-file.ts';
import type { Lang, Page, SkippedFile } from '../core/types.ts';
import { quantizeVectors } from '../core/vector/quantize.ts';
import { exportOnnx } from './embed/onnx.ts';
import { knownNgramHashes } from '../core/embed/ngrams.ts';
import { usesKnownNgrams } from '../core/embed/vocabulary.ts';
import { resolveEmbedOptions, type EmbedOptionsInput } from './embed/options.ts';
import { importModel2Vec } from './embed/model2vec.ts';
import { importTransformer } from './embed/transformer-import.ts';
import { searchableText } from '../core/analysis/fields.ts';
import { classifyPool, DEFAULT_POOL_RULES, FALLBACK_POOL, type PoolRule } from '../core/rank/pools.ts';
import { encodeTermSet, termSetOf } from '../core/rank/term-set.ts';
import { sectionTerms } from '../core/present/section-matches.ts';
import { createOrtEmbedder } from './embed/ort-node.ts';
import { sectionEmbedDocs, trainEmbedding } from './embed/train.ts';
import { ingestDirectory, resolveIngestOptions, type IngestOptions } from './ingest/index.ts';
import { ingestBuiltSite } from './ingest/built-site.ts';
import { computeBuildId, storePackFiles, writePack, type PackFiles } from './pack-writer.ts';
import { DEFAULT_SHARD_OPTIONS, type ShardOptions } from '../core/pack/shards.ts';
import { validateFacetNames } from '../core/pack/facets.ts';
import { storageOrder } from './storage-order.ts';
import { llmsFiles, type LlmsSummary } from './llms-files.ts';
import { writeLlmsSite, type LlmsSiteReport } from './llms-site.ts';

export interface BuildOptions {
  ingest?: Partial<IngestOptions>;
  /** Read the folder as a built static site, its `.html` pages as the reader sees them (`--html`; ingest/built-site.ts). */
  html?: boolean;
  keyword?: KeywordOptionsInput;
  /** Embedding model options, or false for a keyword-only pack (`--no-vectors`). Default: the trained static model. */
  embedding?: EmbedOptionsInput | false;
  /** A Model2Vec directory to use instead of training a model (`--model <dir>`). */
  modelDir?: string;
  /** A transformer sentence-embedding model to use instead (`--model x.onnx --tokenizer t.json`). */
  transformer?: TransformerSource;
  /** Rules that put each section in a recall pool (first match wins). Default DEFAULT_POOL_RULES. */
  poolRules?: readonly PoolRule[];
  /** Clock, injectable so tests can pin createdAt. */
  now?: () => Date;
  /** How big files are cut into shards (`--shard-bytes`). Default DEFAULT_SHARD_OPTIONS. */
  shards?: ShardOptions;
  /** How the pack is cut for lazy reading: section blocks and keyword partitions. Defaults in their modules. */
  layout?: PackLayoutOptions;
  /** llms.txt and its companions (llms-files.ts), which every build writes into the pack. */
  llms?: LlmsBuildOptions;
}

export interface LlmsBuildOptions {
  /**
   * A folder to write llms.txt, llms-full.txt and every page's Markdown into as well, at the pages'
   * URLs under the base URL (`--llms-out`: the built site's folder, for any static host to serve;
   * llms-site.ts). Default none: they are in the pack, and the Worker serves them.
   */
  out?: string;
  /** llms.txt's title (`--llms-title`). Default: the built site's name (IngestResult.siteName), else the home page's title. */
  title?: string;
  /** llms.txt's summary (`--llms-summary`). Default: the home page's description, else its first sentence. */
  summary?: string;
}

/** The sizes of the pieces a Worker reads on demand (sections-file.ts, keyword/). */
export interface PackLayoutOptions {
  blocks?: Partial<SectionBlocksOptions>;
  keyword?: Partial<KeywordStorageOptions>;
}

export interface BuildSummary {
  docsDir: string;
  outDir: string;
  buildId: string;
  files: number;
  pages: number;
  sections: number;
  /** Characters of text and code of the longest section (after huge ones were cut: ≤ maxSectionChars). */
  longestSection: number;
  skipped: SkippedFile[];
  /** Files indexed with a change the owner should know of (a huge section cut into parts). */
  warnings: SkippedFile[];
  languages: Lang[];
  /** The configured facets (IngestOptions.facets) with their number of distinct values; absent when none is configured. */
  facets?: Array<{ name: string; values: number }>;
  /** Whether the semantic route's files were built, and if not, why. */
  vectors: VectorsDecision;
  /** What llms.txt and llms-full.txt hold, and where the site's copies went (`llms.out`), if anywhere. */
  llms: LlmsSummary & { site: LlmsSiteReport | null };
  bytes: Record<string, number>;
  ms: number;
  /**
   * Peak resident memory of the process so far, in bytes (`process.resourceUsage().maxRSS`): the
   * build's own peak when the process runs one build, as the CLI does.
   */
  peakRssBytes: number;
}

/** Languages by number of sections, most first; ties by tag so the order is stable. */
export function rankLanguages(sections: readonly { lang: Lang }[]): Lang[] {
  const counts = new Map<Lang, number>();
  for (const s of sections) counts.set(s.lang, (counts.get(s.lang) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([l]) => l);
}

/**
 * The semantic route's files: the static model trained on these sections (with the keyword index's
 * analyzer, so both routes read the same terms) or imported from a Model2Vec folder, its ONNX
 * graph, and every section embedded by that
 * graph in onnxruntime-web — the runtime and model the Worker's ONNX configuration runs at query
 * time — then quantized to int8.
 */
async function semanticFiles(
  sections: readonly StoredSection[],
  analyzer: PackManifest['analyzer'],
  options: EmbedOptionsInput,
  choice: ModelChoice,
): Promise<{ model: PackModel; files: PackFiles }> {
  if (choice.transformer) return transformerFiles(sections, choice.transformer);
  const trained = choice.modelDir !== undefined
    ? await importModel2Vec(choice.modelDir)
    : trainEmbedding(sectionEmbedDocs(sections), { ...options, analyzer: { ...analyzer, ...options.analyzer } });
  const { info } = trained.model;
  const matrixBytes = encodeMatrix(trained.matrix, info.rows, info.dimensions);
  // Sections are embedded with E as the pack stores it (int8 rows), the very values every query
  // embedder reads back, so a query and a section never see two versions of one token's row.
  const served = decodeMatrix(matrixBytes, info.rows, info.dimensions);
  const onnxBytes = exportOnnx(served, info, { externalMatrix: PACK_FILES.matrix });
  const embedder = await createOrtEmbedder(onnxBytes, trained.model, [{ path: PACK_FILES.matrix, data: encodeFloat32(served) }]);
  try {
    const vectors = await embedder.embed(sectionEmbedDocs(sections));
    return {
      model: { kind: 'static', dimensions: info.dimensions, rows: info.rows },
      files: {
        [PACK_FILES.embedding]: JSON.stringify(trained.file),
        [PACK_FILES.matrix]: matrixBytes,
        [PACK_FILES.onnx]: onnxBytes,
        [PACK_FILES.vectors]: encodeVectors(quantizeVectors(vectors, info.dimensions)),
        ...(usesKnownNgrams(trained.model) && {
          [PACK_FILES.ngrams]: encodeHashes(knownNgramHashes(trained.model.terms, info.ngram.minN, info.ngram.maxN)),
        }),
      },
    };
  } finally {
    await embedder.release();
  }
}

/** Where a transformer model comes from. */
export interface TransformerSource {
  onnx: string;
  tokenizer: string;
  /** Longest token sequence; default DEFAULT_MAX_TOKENS. */
  maxTokens?: number;
}

/** Which model the semantic route uses: trained on the docs (default) or imported. */
interface ModelChoice {
  modelDir?: string;
  transformer?: TransformerSource;
}

/** Whether the pack gets vectors, and if not, why (for the build summary). */
export type VectorsDecision = { built: true } | { built: false; reason: string };

function decideVectors(sectionCount: number, embedding: EmbedOptionsInput | false | undefined, choice: ModelChoice): VectorsDecision {
  if (embedding === false) return { built: false, reason: 'turned off (--no-vectors)' };
  // An imported model learnt nothing from this site, so the site's size does not limit it.
  if (choice.modelDir !== undefined || choice.transformer !== undefined) return { built: true };
  const { minSections } = resolveEmbedOptions(embedding);
  if (sectionCount < minSections) {
    return { built: false, reason: `${sectionCount} sections are too few to train an embedding model (at least ${minSections}); keyword search only` };
  }
  return { built: true };
}

/**
 * A transformer's files: its description, the model itself as model.onnx, and the sections
 * embedded by it in onnxruntime-web (truncated to its maxTokens), int8.
 */
async function transformerFiles(sections: readonly StoredSection[], source: TransformerSource): Promise<{ model: PackModel; files: PackFiles }> {
  const imported = await importTransformer(source.onnx, source.tokenizer, source.maxTokens);
  try {
    const vectors = await imported.embed(sections.map((s) => searchableText(s)));
    const { dimensions, maxTokens } = imported.file;
    return {
      model: { kind: 'transformer', dimensions, maxTokens },
      files: {
        [PACK_FILES.embedding]: JSON.stringify(imported.file),
        [PACK_FILES.onnx]: imported.bytes,
        [PACK_FILES.vectors]: encodeVectors(quantizeVectors(vectors, dimensions)),
      },
    };
  } finally {
    await imported.release();
  }
}

/** Everything a pack holds, serialised, from already-ingested pages. Pure apart from the hash. */
export async function assemblePack(
  pages: readonly Page[],
  options: {
    baseUrl: string;
    keyword?: KeywordOptionsInput;
    embedding?: EmbedOptionsInput | false;
    poolRules?: readonly PoolRule[];
    createdAt: string;
    shards?: ShardOptions;
    layout?: PackLayoutOptions;
    /** Front matter fields stored as facets (IngestOptions.facets, already validated), read from each page's `facets`. Default none. */
    facets?: readonly string[];
    /**
     * Write llms.txt and llms-full.txt into the pack (llms-files.ts), as `recall-box build` does,
     * titled and summed up as given (else from the pages). Default: not written, a collection's pack
     * built for the harness has no reader to serve them to.
     */
    llms?: { title?: string; summary?: string };
  } & ModelChoice,
): Promise<{
  manifest: PackManifest;
  files: PackFiles;
  vectors: VectorsDecision;
  facets: Array<{ name: string; values: number }>;
  /** With `llms`: the pages with their sections as stored, which llms-full.txt and the site's Markdown render, and what the pair holds. */
  llms: { pages: Page[]; summary: LlmsSummary; files: Record<string, string> } | null;
}> {
  const rules = options.poolRules ?? DEFAULT_POOL_RULES;
  // Ids in storage order (storage-order.ts): near-duplicate pages' copies of a section share a block.
  const classified = storageOrder(pages).map((s) => ({ ...s, pool: classifyPool(s, rules) }));
  const keyword = await buildKeywordIndex(
    classified.map((s) => ({ fields: sectionFields(s), lang: s.lang })),
    options.keyword,
    options.layout?.keyword,
  );
  // Term sets with the analyzer the index was built with, which is the one a search analyses by (the manifest's).
  const analyzer = keyword.head.options.analyzer;
  const sections: StoredSection[] = classified.map((s) => ({ ...s, termSet: encodeTermSet(termSetOf(sectionTerms(s, analyzer))) }));
  const pageFacets = new Map(pages.map((p) => [p.url, p.facets]));
  const store = sectionStoreFiles(sections, { ...DEFAULT_SECTION_BLOCKS_OPTIONS, ...options.layout?.blocks }, {
    names: validateFacetNames(options.facets ?? []),
    valuesOf: (url, name) => pageFacets.get(url)?.[name] ?? [],
  });
  const vectors = decideVectors(sections.length, options.embedding, options);
  const semantic = vectors.built ? await semanticFiles(sections, keyword.head.options.analyzer, options.embedding || {}, options) : null;
  const languages = rankLanguages(sections);
  const llms = options.llms ? llmsOf(pages, sections, languages, options.llms) : null;
  const files: PackFiles = {
    [PACK_FILES.sections]: JSON.stringify(store.head),
    ...store.blocks,
    [PACK_FILES.keyword]: JSON.stringify(keyword.head),
    ...Object.fromEntries(keyword.parts.map((part, i) => [keywordPartFileName(i), JSON.stringify(part)])),
    ...semantic?.files,
    ...llms?.files,
  };
  const stored = await storePackFiles(files, options.shards ?? DEFAULT_SHARD_OPTIONS);
  const manifest: PackManifest = {
    formatVersion: FORMAT_VERSION,
    buildId: computeBuildId(files),
    createdAt: options.createdAt,
    counts: { pages: pages.length, sections: sections.length },
    languages,
    defaultLang: languages[0] ?? 'en',
    analyzer: { ...keyword.head.options.analyzer },
    baseUrl: options.baseUrl,
    model: semantic?.model ?? null,
    files: stored.entries,
  };
  // `files` as stored: shard pieces by name (a small pack's pieces are its files, under their names).
  const facets = (store.head.facets ?? []).map((f) => ({ name: f.name, values: f.values.length }));
  return { manifest, files: stored.pieces, vectors, facets, llms };
}

/** The language of an empty pack's (empty) llms.txt: the manifest's defaultLang then is the same. */
const DEFAULT_LLMS_LANG = 'en';

/**
 * The llms.txt pair of the default language (the one with the most sections). Each page carries
 * its sections as the pack stores them, in the pack's order, so llms-full.txt and the site's
 * Markdown are what the Worker renders of the pack (core pack/page-sections.ts reads the same order).
 */
function llmsOf(pages: readonly Page[], sections: readonly StoredSection[], languages: readonly Lang[], site: { title?: string; summary?: string }) {
  const stored = new Map<string, StoredSection[]>();
  for (const s of sections) {
    const list = stored.get(s.pageUrl);
    if (list) list.push(s);
    else stored.set(s.pageUrl, [s]);
  }
  const asStored = pages.map((p) => ({ ...p, sections: stored.get(p.url) ?? p.sections }));
  // A page's pool is its sections': the rules read its URL and tags, which they share.
  const poolOf = (p: Page) => stored.get(p.url)?.[0]?.pool ?? FALLBACK_POOL;
  const { files, summary } = llmsFiles(asStored, { lang: languages[0] ?? DEFAULT_LLMS_LANG, languages, poolOf, ...site });
  return { pages: asStored, summary, files };
}

/** docs folder → pack folder. Ingest problems are reported per file; the build goes on without them. */
export async function buildPack(docsDir: string, outDir: string, options: BuildOptions = {}): Promise<BuildSummary> {
  const started = performance.now();
  const ingest = options.html ? await ingestBuiltSite(docsDir, options.ingest) : await ingestDirectory(docsDir, options.ingest);
  const ingestOptions = resolveIngestOptions(options.ingest);
  const { manifest, files, vectors, facets, llms } = await assemblePack(ingest.pages, {
    baseUrl: ingestOptions.baseUrl,
    facets: ingestOptions.facets,
    keyword: options.keyword,
    embedding: options.embedding,
    modelDir: options.modelDir,
    transformer: options.transformer,
    poolRules: options.poolRules,
    createdAt: (options.now?.() ?? new Date()).toISOString(),
    shards: options.shards,
    layout: options.layout,
    llms: {
      ...(ingest.siteName !== undefined && { title: ingest.siteName }),
      ...(options.llms?.title !== undefined && { title: options.llms.title }),
      ...(options.llms?.summary !== undefined && { summary: options.llms.summary }),
    },
  });
  await writePack(outDir, manifest, files);
  const site = options.llms?.out === undefined ? null : await writeLlmsSite(options.llms.out, ingestOptions.baseUrl, llms!.pages, llms!.files);
  return {
    docsDir,
    outDir,
    buildId: manifest.buildId,
    files: ingest.files,
    pages: manifest.counts.pages,
    sections: manifest.counts.sections,
    longestSection: ingest.pages.reduce((most, p) => p.sections.reduce((m, s) => Math.max(m, s.text.length + s.code.length), most), 0),
    skipped: ingest.skipped,
    warnings: ingest.warnings,
    languages: manifest.languages,
    ...(facets.length > 0 && { facets }),
    vectors,
    llms: { ...llms!.summary, site },
    bytes: Object.fromEntries(Object.entries(manifest.files).map(([n, f]) => [n, f.bytes])),
    ms: performance.now() - started,
    // maxRSS is in kibibytes.
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
  };
}
