import { RecallBoxError } from '../errors.ts';
import { isRecord } from '../is-record.ts';
import type { Lang, Section } from '../types.ts';
import type { PoolName } from '../rank/pools.ts';
import { validateFileEntries, type PackFileEntry } from './shards.ts';

/**
 * The index pack: what the build writes and the Worker reads. Build, Worker and widget are versioned
 * together through FORMAT_VERSION: a Worker refuses a pack of any other version instead of guessing
 * (the Pagefind lesson — a silently misread index returns plausible garbage).
 */
export const FORMAT_VERSION = 7;

/**
 * Logical file names of a pack. Each data file is stored as the shards its manifest entry lists
 * (shards.ts): under this very name when it fits in one shard, as `<name>.000`, `<name>.001`, …
 * otherwise. model.onnx is the exception, always one file: the ONNX Worker hands it to ONNX
 * Runtime as is (a static model's graph is a few KiB; its E lives in embedding.bin).
 */
export const PACK_FILES = {
  manifest: 'manifest.json',
  /**
   * The section store's head: per-section columns, the link graph and the block list
   * (sections-file.ts). The sections themselves are in block files named by blockFileName().
   */
  sections: 'sections.json',
  /** The keyword index's head: options and BM25F statistics. Its postings are in keywordPartFileName() files. */
  keyword: 'keyword.json',
  /** The embedding model's vocabulary and settings (core/embed/model-file.ts). */
  embedding: 'embedding.json',
  /**
   * The embedding matrix E, rows × dimensions, as int8 rows with a float32 step each (format 6;
   * float32 before; codec/binary.ts encodeMatrix). One copy serves both query runtimes: the static
   * embedder reads it back as float32, and the ONNX Worker hands those float32 values to ONNX
   * Runtime as the external data model.onnx names.
   */
  matrix: 'embedding.bin',
  /** The ONNX graph (Gather → weighted sum → L2 normalise) with E as float32 external data named embedding.bin (decoded from the pack's). */
  onnx: 'model.onnx',
  /** Every section's embedding, int8 with one float32 scale each (pack/vectors-file.ts). */
  vectors: 'vectors.bin',
  /**
   * The static model's vocabulary n-grams (embed/ngrams.ts knownNgramHashes) as codec/binary.ts
   * encodeHashes stores them, which a query reads to weigh a word the vocabulary lacks. Computed
   * at build time: in a young isolate hashing them cost the first query that needed them tens of
   * milliseconds of CPU, more than the Workers Free plan's 10 ms a request (`npx tsx
   * scripts/known-ngrams-cost.ts <pack>`, and under `node --no-opt --import tsx`). Optional: a
   * model that does not look n-grams up (vocabulary.ts usesKnownNgrams) has none, and for a pack
   * built before this file the query side computes them. Listed in `files` when present.
   */
  ngrams: 'ngrams.bin',
  /**
   * The calibrated confidence model (`recall-box calibrate`; confidence/calibration.ts). Optional:
   * a pack without it is judged by DEFAULT_CONFIDENCE_MODEL. Listed in `files` when present.
   */
  confidence: 'confidence.json',
  /**
   * The site's llms.txt (https://llmstxt.org): its title, summary and every page of its default
   * language as a link to the page's Markdown, grouped (indexer/llms-txt.ts). Written by every
   * `recall-box build` and served by the Worker at /llms.txt; no search reads it. Listed in `files`
   * (so checked, uploaded and bundled like the rest) when present: a pack built before it has none.
   */
  llms: 'llms.txt',
  /** Those pages' Markdown in one file (indexer/llms-full.ts), served at /llms-full.txt; listed when present. */
  llmsFull: 'llms-full.txt',
} as const;

/**
 * What the manifest says about the semantic route. Null when the pack was built without vectors
 * (`--no-vectors`): the Worker then answers from the keyword route alone.
 */
export type PackModel =
  | {
      /** `static`: a lookup and a weighted mean, which the Worker can run without ONNX Runtime. */
      kind: 'static';
      /** Length of every embedding. */
      dimensions: number;
      /** Rows of E (vocabulary terms + n-gram buckets, or the imported model's tokens). */
      rows: number;
    }
  | {
      /** `transformer`: model.onnx is a transformer, which only ONNX Runtime (the ONNX Worker entry) runs. */
      kind: 'transformer';
      dimensions: number;
      /** Longest token sequence fed to the model. */
      maxTokens: number;
    };

export interface PackManifest {
  formatVersion: number;
  /** Content hash of every data file: equal content ⇒ equal buildId, so caches survive rebuilds. */
  buildId: string;
  /** ISO time of the build (informational; not part of buildId). */
  createdAt: string;
  counts: { pages: number; sections: number };
  /** Languages present in the pack, most sections first. */
  languages: Lang[];
  /** Language used to analyse a query that names none and whose script says nothing. */
  defaultLang: Lang;
  /** Settings the query side must apply the same way the build did. */
  analyzer: { stem: boolean; stopWords: boolean; splitIdentifiers: boolean };
  /** Base URL the page URLs were built with. */
  baseUrl: string;
  /** The semantic route's model, or null for a keyword-only pack. */
  model: PackModel | null;
  /**
   * Data files (logical names) with their byte sizes and shards, each shard with its size and
   * SHA-256 (format 3; format 2 listed sizes only). The loader reads files only through this list.
   */
  files: Record<string, PackFileEntry>;
}

/**
 * A section as stored for the Worker: exactly the Section ingest produced, plus what the build
 * derived from it. One shape from build to response means a field added at ingest cannot be
 * silently dropped on the way to the pack.
 */
export type StoredSection = Section & {
  /** The recall pool the build classified it into (pools.ts rules). */
  pool: PoolName;
  /**
   * Its distinct terms, as MMR compares sections by them (rank/term-set.ts, encodeTermSet of the
   * terms of present/section-matches.ts sectionTerms): stored so a search does not analyse the
   * text of candidates it does not show.
   */
  termSet: string;
};

/** Logical file of keyword partition `i`: the FlexSearch export of one range of sorted terms (keyword/partitions.ts). */
export function keywordPartFileName(i: number): string {
  return `keyword-${String(i).padStart(4, '0')}.json`;
}

function corrupt(message: string): RecallBoxError {
  return new RecallBoxError('INDEX_CORRUPT', message);
}


/** Parse JSON text of a pack file, naming the file when it is not JSON. */
export function parsePackJson(name: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw corrupt(`${name} is not valid JSON (${(e as Error).message}).`);
  }
}

/**
 * Check a manifest. The version is checked first: a pack from another format version may have any
 * shape, and "version mismatch" is the actionable message (rebuild the pack), not "corrupt".
 */
export function validateManifest(value: unknown): PackManifest {
  if (!isRecord(value)) throw corrupt('manifest.json is not an object.');
  const version = value.formatVersion;
  if (typeof version !== 'number') throw corrupt('manifest.json has no numeric formatVersion.');
  if (version !== FORMAT_VERSION) {
    throw new RecallBoxError(
      'INDEX_VERSION_MISMATCH',
      `the index pack has format version ${version}, this Worker reads version ${FORMAT_VERSION}. Rebuild the pack with the same recall-box version as the Worker: npx recall-box build <docs> --out public/pack`,
    );
  }
  if (typeof value.buildId !== 'string' || value.buildId.length === 0) throw corrupt('manifest.json has no buildId.');
  if (!isRecord(value.counts) || typeof value.counts.sections !== 'number') throw corrupt('manifest.json has no section count.');
  if (!Array.isArray(value.languages) || !value.languages.every((l) => typeof l === 'string')) {
    throw corrupt('manifest.json has no language list.');
  }
  if (typeof value.defaultLang !== 'string') throw corrupt('manifest.json has no defaultLang.');
  if (!isRecord(value.analyzer)) throw corrupt('manifest.json has no analyzer settings.');
  if (value.model !== null) validateModelEntry(value.model);
  validateFileEntries(value.files);
  return value as unknown as PackManifest;
}

function validateModelEntry(model: unknown): void {
  const positive = (v: unknown) => Number.isInteger(v) && (v as number) > 0;
  const ok =
    isRecord(model) &&
    positive(model.dimensions) &&
    ((model.kind === 'static' && positive(model.rows)) || (model.kind === 'transformer' && positive(model.maxTokens)));
  if (!ok) throw corrupt('manifest.json has a model entry that is neither {kind: "static", dimensions, rows} nor {kind: "transformer", dimensions, maxTokens}.');
}
