import { modelFromFile, validateModelFile } from '../embed/model-file.ts';
import { prepareTransformer, validateTransformerFile } from '../embed/transformer.ts';
import { prepareTokenizer } from '../embed/vocabulary.ts';
import { modelFromCalibration } from '../confidence/calibration.ts';
import { DEFAULT_CONFIDENCE_MODEL, type ConfidenceModel } from '../confidence/score.ts';
import { RecallBoxError } from '../errors.ts';
import { loadKeywordIndex, type KeywordIndex } from '../keyword/index.ts';
import type { SemanticIndex } from '../semantic.ts';
import { pageGraph, type PageGraph } from '../graph-boost.ts';
import { createTypeScriptKernel } from '../vector/typescript-kernel.ts';
import type { QuantizedVectors, VectorKernel } from '../vector/types.ts';
import { decodeMatrix, decodeVectors } from './binary.ts';
import {
  PACK_FILES,
  parsePackJson,
  validateManifest,
  validateSections,
  type PackManifest,
  type PackModel,
  type StoredSection,
} from './format.ts';
import { readPackFile, readPackText } from './shards.ts';
import type { PackSource } from './source.ts';

/** A pack ready to answer queries: validated, with its keyword index imported. */
export interface LoadedPack {
  manifest: PackManifest;
  sections: StoredSection[];
  keyword: KeywordIndex;
  /** The semantic route; null for a pack built without vectors. */
  semantic: SemanticIndex | null;
  /** Pages linked with each page (both directions), for the link-graph boost. */
  graph: PageGraph;
  /**
   * Memo of each section's term set for MMR (filled on first use; a section's terms never change,
   * so the memo only saves the analyzer's work on later queries of the isolate).
   */
  termSets: Map<number, ReadonlySet<string>>;
  /** The confidence model: the pack's calibration (confidence.json) or the defaults. */
  confidence: { model: ConfidenceModel; calibrated: boolean };
  /** Where the pack was read from: files a runtime reads beside the loader (the ONNX entry's model.onnx) come from the same place. */
  source: PackSource;
}

/** Runtime capabilities the loader is given (Hono's seam): everything has a portable default. */
export interface LoadPackOptions {
  /**
   * A kernel holding `vectors`. Default: the TypeScript kernel. The Worker passes the WASM kernel
   * (its module is imported pre-compiled, which only the runtime adapter can do).
   */
  createKernel?: (vectors: QuantizedVectors) => Promise<VectorKernel>;
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
  text(name: string): Promise<string>;
  bytes(name: string): Promise<Uint8Array>;
}

function packReader(source: PackSource, manifest: PackManifest): PackReader {
  const unlisted = (name: string) => new RecallBoxError('INDEX_CORRUPT', `${source.label}: the manifest lists no ${name}.`);
  return {
    text: async (name) => (await readPackText(source, manifest.files, name)) ?? Promise.reject(unlisted(name)),
    bytes: async (name) => (await readPackFile(source, manifest.files, name)) ?? Promise.reject(unlisted(name)),
  };
}

/** The semantic files, checked against each other and the manifest, with the vectors in a kernel. */
async function loadSemantic(source: PackReader, model: PackModel, sectionCount: number, options: LoadPackOptions): Promise<SemanticIndex> {
  if (model.kind === 'transformer') return loadTransformer(source, model, sectionCount, options);
  const [vocabularyText, matrixBytes, vectorBytes] = await Promise.all([
    source.text(PACK_FILES.embedding),
    source.bytes(PACK_FILES.matrix),
    source.bytes(PACK_FILES.vectors),
  ]);
  const file = validateModelFile(parsePackJson(PACK_FILES.embedding, vocabularyText));
  if (file.info.dimensions !== model.dimensions || file.info.rows !== model.rows) {
    throw new RecallBoxError(
      'INDEX_CORRUPT',
      `embedding.json describes ${file.info.rows} rows × ${file.info.dimensions}, the manifest ${model.rows} × ${model.dimensions}.`,
    );
  }
  const tokenizer = prepareTokenizer(modelFromFile(file));
  const matrix = decodeMatrix(matrixBytes, model.rows, model.dimensions);
  const vectors = decodeVectors(vectorBytes, sectionCount, model.dimensions);
  const kernel = await (options.createKernel ?? typeScriptKernel)(vectors);
  return { tokenizer, matrix, transformer: null, dimensions: model.dimensions, kernel };
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
  return { tokenizer: null, matrix: null, transformer: prepareTransformer(file), dimensions: model.dimensions, kernel };
}

/** The pack's calibrated confidence model when the manifest lists one, else the defaults. */
async function loadConfidence(source: PackReader, manifest: PackManifest): Promise<LoadedPack['confidence']> {
  if (!(PACK_FILES.confidence in manifest.files)) return { model: DEFAULT_CONFIDENCE_MODEL, calibrated: false };
  const text = await source.text(PACK_FILES.confidence);
  return { model: modelFromCalibration(parsePackJson(PACK_FILES.confidence, text)), calibrated: true };
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
  return { manifest: validateManifest(parsePackJson(PACK_FILES.manifest, text)), text };
}

/**
 * Read, check and import a pack. The manifest is read and checked before anything else so that a
 * pack of another format version is refused without parsing data files whose shape we do not know.
 */
export async function loadPack(source: PackSource, options: LoadPackOptions = {}): Promise<LoadedPack> {
  const { manifest } = await readManifest(source);
  const files = packReader(source, manifest);
  const [sectionsText, keywordText] = await Promise.all([files.text(PACK_FILES.sections), files.text(PACK_FILES.keyword)]);
  const sections = validateSections(parsePackJson(PACK_FILES.sections, sectionsText), manifest);
  const keyword = await loadKeywordIndex(parsePackJson(PACK_FILES.keyword, keywordText) as never);
  if (keyword.size !== sections.length) {
    throw new RecallBoxError(
      'INDEX_CORRUPT',
      `the keyword index covers ${keyword.size} sections, the section store holds ${sections.length}.`,
    );
  }
  // Both reads at once: on a cold start each is a fetch, and neither needs the other.
  const [semantic, confidence] = await Promise.all([
    manifest.model === null ? null : loadSemantic(files, manifest.model, sections.length, options),
    loadConfidence(files, manifest),
  ]);
  return { manifest, sections, keyword, semantic, graph: pageGraph(sections), termSets: new Map(), confidence, source };
}
