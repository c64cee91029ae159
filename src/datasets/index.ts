/**
 * Dataset loading: detects the kind of a dataset folder from its files and loads it.
 */
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { RecallBoxError } from '../core/index.ts';
import { isBeirFolder, loadBeirDataset } from './beir.ts';
import { loadDocsDataset } from './docs.ts';
import { DATASET_INVALID } from './jsonl.ts';
import type { DatasetKind, LoadedDataset } from './loaded.ts';
import { findSmartFiles, loadSmartDataset } from './smart.ts';

export type { DatasetKind, LoadedDataset } from './loaded.ts';

/** Error code for a dataset folder that does not exist. */
export const DATASET_NOT_FOUND = 'DATASET_NOT_FOUND';

/**
 * The kind of a dataset folder: BEIR when it has `corpus.jsonl`, `queries.jsonl` and
 * `qrels/test.tsv`; SMART when exactly one file each looks like a SMART document, query and
 * judgement file; otherwise a docs folder (which then needs a queries file).
 */
export async function detectDatasetKind(dir: string): Promise<DatasetKind> {
  if (!existsSync(dir) || !(await stat(dir)).isDirectory()) {
    throw new RecallBoxError(DATASET_NOT_FOUND, `dataset folder not found (or not a folder): ${dir}`);
  }
  if (isBeirFolder(dir)) return 'beir';
  if (findSmartFiles(await readdir(dir))) return 'smart';
  return 'docs';
}

export interface LoadOptions {
  /** Known-item queries file (JSONL of `{"query", "url"}`): required for docs folders, refused otherwise. */
  queries?: string;
  /** Base URL of a docs folder's pages (default '/'). */
  baseUrl?: string;
}

/** Detects and loads a dataset folder. */
export async function loadDataset(dir: string, options: LoadOptions = {}): Promise<LoadedDataset> {
  const kind = await detectDatasetKind(dir);
  if (kind !== 'docs' && options.queries !== undefined) {
    // Silently ignoring it would report figures for queries other than the ones the user named.
    throw new RecallBoxError(DATASET_INVALID, `${dir} is a ${kind} collection with its own queries; --queries applies to docs folders only`);
  }
  switch (kind) {
    case 'smart':
      return loadSmartDataset(dir);
    case 'beir':
      return loadBeirDataset(dir);
    case 'docs':
      if (options.queries === undefined) {
        throw new RecallBoxError(DATASET_INVALID, `${dir} is neither a SMART nor a BEIR collection; a docs folder needs --queries <file.jsonl> (see scripts/title-queries.ts)`);
      }
      return loadDocsDataset(dir, options.queries, { baseUrl: options.baseUrl });
  }
}
