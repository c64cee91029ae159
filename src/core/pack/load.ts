import { modelFromFile, validateModelFile } from '../embed/model-file.ts';
import { prepareTransformer, validateTransformerFile } from '../embed/transformer.ts';
import { prepareTokenizer } from '../embed/vocabulary.ts';
import { calibrationFromFile } from '../confidence/calibration.ts';
import type { LevelThresholds } from '../confidence/levels.ts';
import { DEFAULT_CONFIDENCE_MODEL, type ConfidenceModel } from '../confidence/score.ts';
import { isRecallBoxError, RecallBoxError, type ErrorCode } from '../errors.ts';
import {
  DEFAULT_KEYWORD_RESIDENCY_OPTIONS,
  loadKeywordIndex,
  openKeywordIndex,
  validateKeywordHead,
  type KeywordIndex,
  type KeywordResidencyOptions,
  type StoredKeywordIndex,
} from '../keyword/index.ts';
import type { SemanticIndex } from '../embed/semantic.ts';
import { createTypeScriptKernel } from '../vector/typescript-kernel.ts';
import type { QuantizedVectors, VectorKernel } from '../vector/types.ts';
import { decodeHashes, decodeVectors } from '../codec/binary.ts';
import { matrixRows } from '../codec/matrix-rows.ts';
import { keptRead } from '../codec/kept-loads.ts';
import { readsWithinDeadline, resolveReadDeadline } from './read-deadline.ts';
import { keywordPartFileName, PACK_FILES, parsePackJson, validateManifest, type PackManifest, type PackModel } from './format.ts';
import { DEFAULT_SECTION_RESIDENCY_OPTIONS, openBlockStore, readWholeStore, type SectionResidencyOptions, type SectionStore } from './section-store.ts';
import { validateSectionsHead } from './sections-file.ts';
import { readPackFile, readPackShard, readPackText } from './shards.ts';
import type { PackSource } from './source.ts';

/** A pack ready to answer queries: validated, with its keyword index imported. */
export interface LoadedPack {
  manifest: PackManifest;
  /** The sections: columns always, text read whole or block by block (LoadPackOptions.lazy). */
  sections: SectionStore;
  keyword: KeywordIndex;
  /**
   * The semantic route when it has been read: at load for a pack read whole, by the first query
   * that runs the vector route (`readSemantic`) for one read lazily; null before that and for a
   * pack built without vectors (`manifest.model` says which).
   */
  semantic: SemanticIndex | null;
  /**
   * The semantic route, read and checked on the first call for a lazily read pack (a concurrent
   * caller waits for that read's end, codec/kept-loads.ts; a failed read fails that search, as a block
   * does, and the next call reads again), then kept in `semantic`. `signal`: the request's end. Null for a pack without vectors. Lazily because most
   * lookups never run the vector route (search.ts keywordAnswered): a cold isolate answering one
   * reads no vectors at all.
   */
  readSemantic(signal?: AbortSignal): Promise<SemanticIndex | null>;
  /**
   * The verdict's model, and the thresholds fitted with it (null: the defaults), from the pack's
   * calibration or the defaults. `warning`: the pack's calibration was fitted on another version's
   * signals, so the defaults answer instead (loadConfidence); every search reports it.
   */
  confidence: { model: ConfidenceModel; calibrated: boolean; thresholds: LevelThresholds | null; warning?: { code: ErrorCode; message: string } };
  /** Where the pack was read from, each read within the deadline: files a runtime reads beside the loader (the ONNX entry's model.onnx) come from the same place. */
  source: PackSource;
  /** How its blocks and partitions are read (`auto` resolved). */
  read: 'whole' | 'lazy';
  /**
   * Reads of the pack's files started on behalf of queries since load (blocks, partitions, the
   * vectors, matrix rows): always 0 for a pack read whole. A search that leaves it unchanged was
   * answered from what the isolate holds.
   */
  queryReads(): number;
}

/**
 * `whole`: every block and partition read at load. `lazy`: read when a query needs them, a bounded
 * number kept (the residency budgets). `auto`: whole when that is at most AUTO_WHOLE_MAX_READS
 * pieces and they fit the residency budgets anyway, lazy otherwise (see AUTO_WHOLE_MAX_READS).
 */
export type PackReadMode = 'whole' | 'lazy' | 'auto';

export const PACK_READ_MODES: readonly PackReadMode[] = ['whole', 'lazy', 'auto'];

/**
 * Most blocks + partitions `auto` reads at load. 32: about what one cold query reads lazily (the
 * keyword partitions of its terms and the blocks of the 30 candidates MMR compares at the default
 * limit and depth), so reading a pack this small whole makes its first search no slower, and
 * spares the next few queries their reads. Past it, reading whole makes an isolate's first search
 * wait for every piece — under `wrangler dev`, Astro's three languages (143 files) read whole made
 * the first search 1.37 s against 0.7–0.8 s lazily, for a millisecond or two less on later queries
 * (`npm run bench -- --scale --reuse-packs --pack-read whole`, against `--pack-read lazy`; single
 * runs on a shared machine).
 */
export const AUTO_WHOLE_MAX_READS = 32;

/** Runtime capabilities the loader is given (Hono's seam): everything has a portable default. */
export interface LoadPackOptions {
  /**
   * A kernel holding `vectors`. Default: the TypeScript kernel. The Worker passes the WASM kernel
   * (its module is imported pre-compiled, which only the runtime adapter can do).
   */
  createKernel?: (vectors: QuantizedVectors) => Promise<VectorKernel>;
  /**
   * How section blocks and keyword partitions are read (PackReadMode). Default `whole`: Node's
   * callers (evaluation, calibration, benchmarks, tests) search synchronously and want everything
   * at hand. The Worker passes its `PACK_READ` setting, `auto` unless configured.
   */
  read?: PackReadMode;
  /** Memory budgets of a lazily read pack (defaults in section-store.ts and keyword/). */
  residency?: { sections?: Partial<SectionResidencyOptions>; keyword?: Partial<KeywordResidencyOptions> };
  /**
   * Longest one read of a pack file may take, at load or for a query, in ms; a read still unsettled
   * then fails INDEX_UNAVAILABLE (read-deadline.ts). Range 1..2^31 − 1. Default 30,000
   * (DEFAULT_READ_DEADLINE_MS). The Worker passes one just past its retries' own bound.
   */
  readDeadlineMs?: number;
}

async function typeScriptKernel(vectors: QuantizedVectors): Promise<VectorKernel> {
  const kernel = createTypeScriptKernel();
  kernel.load(vectors);
  return kernel;
}

/**
 * A pack's data files, read through its manifest: every shard checked against the listed size and
 * SHA-256 (shards.ts). A file the pack needs but the manifest does not list is corrupt.
 */
interface PackReader {
  /** Whether the manifest lists the file (an optional one may be absent). */
  has(name: string): boolean;
  /** The sizes of a listed file's shards, in order, and a read of shard i (checked). */
  shards(name: string): { bytes: number[]; read(i: number): Promise<Uint8Array> };
  text(name: string): Promise<string>;
  bytes(name: string): Promise<Uint8Array>;
  /** A JSON file parsed, with its stored size (what the resident caches count). */
  json(name: string): Promise<{ data: unknown; bytes: number }>;
}

function packReader(source: PackSource, manifest: PackManifest): PackReader {
  const unlisted = (name: string) => new RecallBoxError('INDEX_CORRUPT', `${source.label}: the manifest lists no ${name}.`);
  return {
    has: (name) => Object.hasOwn(manifest.files, name),
    shards: (name) => {
      const entry = manifest.files[name];
      if (entry === undefined) throw unlisted(name);
      return { bytes: entry.shards.map((s) => s.bytes), read: (i) => readPackShard(source, entry, i) };
    },
    text: async (name) => (await readPackText(source, manifest.files, name)) ?? Promise.reject(unlisted(name)),
    bytes: async (name) => (await readPackFile(source, manifest.files, name)) ?? Promise.reject(unlisted(name)),
    json: async (name) => {
      const bytes = await readPackFile(source, manifest.files, name);
      if (bytes === null) throw unlisted(name);
      return { data: parsePackJson(name, new TextDecoder().decode(bytes)), bytes: bytes.byteLength };
    },
  };
}

/**
 * The semantic files, checked against each other and the manifest, with the vectors in a kernel.
 * The matrix's rows are read as queries need them (codec/matrix-rows.ts) when the pack is read lazily,
 * all of them now when it is read whole. A shard that cannot be read on behalf of a query fails
 * that search as INDEX_UNAVAILABLE (duringQuery), as a section block does.
 */
async function loadSemantic(reads: QueryReads, files: PackReader, model: PackModel, sectionCount: number, read: 'whole' | 'lazy', options: LoadPackOptions, patienceMs: number): Promise<SemanticIndex> {
  if (model.kind === 'transformer') return loadTransformer(files, model, sectionCount, options);
  const [vocabularyText, vectorBytes] = await Promise.all([files.text(PACK_FILES.embedding), files.bytes(PACK_FILES.vectors)]);
  const file = validateModelFile(parsePackJson(PACK_FILES.embedding, vocabularyText));
  if (file.info.dimensions !== model.dimensions || file.info.rows !== model.rows) {
    throw new RecallBoxError(
      'INDEX_CORRUPT',
      `embedding.json describes ${file.info.rows} rows × ${file.info.dimensions}, the manifest ${model.rows} × ${model.dimensions}.`,
    );
  }
  // The vocabulary's n-gram hashes, when the pack stores them (4 bytes an n-gram: 253 KiB for the
  // Astro docs, more than embedding.json), are read by the first query with a word the vocabulary
  // lacks, the only kind that looks them up (SemanticIndex.storedNgrams).
  let ngrams: Uint32Array | null = null;
  const readNgrams = async (_: void) => {
    ngrams = decodeHashes(await files.bytes(PACK_FILES.ngrams), PACK_FILES.ngrams);
  };
  const storedNgrams = files.has(PACK_FILES.ngrams) ? { held: () => ngrams !== null, read: keptRead(read === 'lazy' ? duringQuery(reads, readNgrams) : readNgrams, patienceMs) } : null;
  const tokenizer = prepareTokenizer(modelFromFile(file), () => ngrams);
  const shards = files.shards(PACK_FILES.matrix);
  const rows = matrixRows(model.rows, model.dimensions, shards.bytes, read === 'lazy' ? duringQuery(reads, shards.read) : shards.read, patienceMs);
  const vectors = decodeVectors(vectorBytes, sectionCount, model.dimensions);
  const [kernel] = await Promise.all([
    (options.createKernel ?? typeScriptKernel)(vectors),
    read === 'whole' ? rows.ensureAll() : undefined,
    read === 'whole' ? storedNgrams?.read() : undefined,
  ]);
  return { tokenizer, rows, transformer: null, dimensions: model.dimensions, kernel, storedNgrams };
}

/** A transformer pack: its description and the section vectors (model.onnx is read by ORT's embedder only). */
async function loadTransformer(
  source: PackReader,
  model: Extract<PackModel, { kind: 'transformer' }>,
  sectionCount: number,
  options: LoadPackOptions,
): Promise<SemanticIndex> {
  const [descriptionText, vectorBytes] = await Promise.all([source.text(PACK_FILES.embedding), source.bytes(PACK_FILES.vectors)]);
  const file = validateTransformerFile(parsePackJson(PACK_FILES.embedding, descriptionText));
  if (file.dimensions !== model.dimensions) {
    throw new RecallBoxError('INDEX_CORRUPT', `embedding.json describes ${file.dimensions} dimensions, the manifest ${model.dimensions}.`);
  }
  const vectors = decodeVectors(vectorBytes, sectionCount, model.dimensions);
  const kernel = await (options.createKernel ?? typeScriptKernel)(vectors);
  return { tokenizer: null, rows: null, transformer: prepareTransformer(file), dimensions: model.dimensions, kernel, storedNgrams: null };
}

/**
 * The pack's calibrated confidence model when the manifest lists one, else the defaults. A
 * calibration fitted on another version's signals (INDEX_VERSION_MISMATCH) is set aside with a
 * warning rather than refusing the pack: the rest of the pack is this version's, the defaults
 * judge every query as an uncalibrated pack's, and searching keeps working until the site owner
 * runs `recall-box calibrate` again — an upgrade should not take a site's search down. A damaged
 * file still refuses the pack (INDEX_CORRUPT).
 */
async function loadConfidence(source: PackReader, manifest: PackManifest): Promise<LoadedPack['confidence']> {
  const defaults = { model: DEFAULT_CONFIDENCE_MODEL, calibrated: false, thresholds: null };
  if (!(PACK_FILES.confidence in manifest.files)) return defaults;
  try {
    return { ...calibrationFromFile(parsePackJson(PACK_FILES.confidence, await source.text(PACK_FILES.confidence))), calibrated: true };
  } catch (e) {
    if (!isRecallBoxError(e) || e.code !== 'INDEX_VERSION_MISMATCH') throw e;
    return { ...defaults, warning: { code: e.code, message: `${e.detail} Until then the default verdict answers.` } };
  }
}

/**
 * A pack's manifest, read and checked (INDEX_MISSING when there is none), with its text as stored:
 * what every reader of a pack starts with — the loader, calibrate's rewrite, the upload plan.
 */
export async function readManifest(source: PackSource): Promise<{ manifest: PackManifest; text: string }> {
  const text = await source.read(PACK_FILES.manifest);
  if (text === null) {
    throw new RecallBoxError('INDEX_MISSING', `no index pack at ${source.label}: build one with \`recall-box build <docs> --out <dir>\`.`);
  }
  const parse = (t: string) => validateManifest(parsePackJson(PACK_FILES.manifest, t));
  try {
    return { manifest: parse(text), text };
  } catch (e) {
    if (!isRecallBoxError(e) || e.code !== 'INDEX_CORRUPT') throw e;
    // The one file no hash checks is read once more, as a shard is (shards.ts readShard): the same
    // text twice is damaged; other text that reads is used; other text that does not is a store in flux.
    const again = await source.read(PACK_FILES.manifest);
    if (again === text) throw e;
    try {
      if (again !== null) return { manifest: parse(again), text: again };
    } catch {
      // Falls through: damaged twice, differently.
    }
    throw new RecallBoxError('INDEX_UNAVAILABLE', `${PACK_FILES.manifest} read differently twice from ${source.label}, neither whole; try again.`);
  }
}

/**
 * Read, check and import a pack. The manifest is read and checked before anything else so that a
 * pack of another format version is refused without parsing data files whose shape we do not know.
 */
export async function loadPack(unbounded: PackSource, options: LoadPackOptions = {}): Promise<LoadedPack> {
  // A request waits for another's read of a piece (codec/kept-loads.ts) as long as the read may take:
  // the deadline is every cache's patience too.
  const patienceMs = resolveReadDeadline(options.readDeadlineMs);
  const source = readsWithinDeadline(unbounded, patienceMs);
  const { manifest } = await readManifest(source);
  const files = packReader(source, manifest);
  const [sectionsHead, keywordHead] = await Promise.all([files.json(PACK_FILES.sections), files.json(PACK_FILES.keyword)]);
  const head = validateSectionsHead(sectionsHead.data, manifest.counts.sections);
  // Checked before any partition is read: a keyword index of another pack is refused as such, not
  // for whatever its first partition happens to hold.
  const { stats: { docCount: keywordSize }, starts: { length: keywordPartitions } } = validateKeywordHead(keywordHead.data);
  if (keywordSize !== head.page.length) {
    throw new RecallBoxError('INDEX_CORRUPT', `the keyword index covers ${keywordSize} sections, the section store holds ${head.page.length}.`);
  }
  const readPart = (i: number) => files.json(keywordPartFileName(i));
  const read = resolveReadMode(options, manifest, head.blocks.map((b) => b.file), Array.from({ length: keywordPartitions }, (_, i) => keywordPartFileName(i)));
  const lazy = read === 'lazy';
  const { model } = manifest;
  const reads: QueryReads = { label: source.label, count: 0 };
  const semanticFiles = (_: void) => loadSemantic(reads, files, model!, manifest.counts.sections, read, options, patienceMs);
  // Read by a query (LoadedPack.readSemantic), the vectors fail as a block does when they cannot be read.
  const readSemantic = model === null ? null : keptRead(lazy ? duringQuery(reads, semanticFiles) : semanticFiles, patienceMs);
  // The reads at once: on a cold start each is a fetch, and none needs another.
  const [sections, keyword, semantic, confidence] = await Promise.all([
    lazy ? openBlockStore(head, duringQuery(reads, files.json), options.residency?.sections, patienceMs) : readWholeStore(head, files.json),
    lazy
      ? openKeywordIndex(keywordHead.data, duringQuery(reads, readPart), options.residency?.keyword, patienceMs)
      : readWholeKeywordIndex(keywordHead.data, keywordPartitions, readPart),
    readSemantic === null || lazy ? null : readSemantic(),
    loadConfidence(files, manifest),
  ]);
  const pack: LoadedPack = {
    manifest,
    sections,
    keyword,
    semantic,
    readSemantic: async (signal) => {
      if (pack.semantic === null && readSemantic !== null) pack.semantic = await readSemantic(signal);
      return pack.semantic;
    },
    confidence,
    source,
    read,
    queryReads: () => reads.count,
  };
  return pack;
}

/** `auto` decided from the stored sizes the manifest lists (see PackReadMode). */
function resolveReadMode(options: LoadPackOptions, manifest: PackManifest, blockFiles: readonly string[], partFiles: readonly string[]): 'whole' | 'lazy' {
  const mode = options.read ?? 'whole';
  if (mode !== 'auto') return mode;
  const bytes = (names: readonly string[]) => names.reduce((sum, n) => sum + (manifest.files[n]?.bytes ?? 0), 0);
  const fits =
    blockFiles.length + partFiles.length <= AUTO_WHOLE_MAX_READS &&
    bytes(blockFiles) <= (options.residency?.sections?.residentBytes ?? DEFAULT_SECTION_RESIDENCY_OPTIONS.residentBytes) &&
    bytes(partFiles) <= (options.residency?.keyword?.residentBytes ?? DEFAULT_KEYWORD_RESIDENCY_OPTIONS.residentBytes);
  return fits ? 'whole' : 'lazy';
}

/** The reads a pack makes on behalf of queries (duringQuery): its source's label, and how many were started (LoadedPack.queryReads). */
interface QueryReads {
  readonly label: string;
  count: number;
}

/**
 * A read made on behalf of a query (a lazily read block or partition), counted in `reads`. Its
 * transport failure becomes INDEX_UNAVAILABLE (503, try again) instead of an unexplained 500: the
 * pack itself loaded, and the next query reads the piece again (failures are not cached). A
 * RecallBoxError (a damaged piece: INDEX_CORRUPT) passes unchanged.
 */
function duringQuery<K, T>(reads: QueryReads, read: (key: K) => Promise<T>): (key: K) => Promise<T> {
  return (key) => {
    reads.count++;
    return read(key).catch((e: unknown) => {
      if (isRecallBoxError(e)) throw e;
      // The transport's own message stays out: it can name internals the public should not see.
      throw new RecallBoxError('INDEX_UNAVAILABLE', `reading part of the index from ${reads.label} failed; try again.`);
    });
  };
}

/** Every keyword partition read and imported at load (`partitions` from the head, checked above). */
async function readWholeKeywordIndex(head: unknown, partitions: number, readPart: (i: number) => Promise<{ data: unknown }>): Promise<KeywordIndex> {
  const parts = await Promise.all(Array.from({ length: partitions }, async (_, i) => (await readPart(i)).data));
  return loadKeywordIndex({ head, parts } as StoredKeywordIndex);
}
