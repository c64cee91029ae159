/**
 * What a dataset loader returns: the dataset in the harness's contract shape, which kind of folder
 * it came from, and notes the report prints (decisions the loader made about the input).
 */
import type { EvalDataset } from '../types.ts';

/**
 * - `smart`: a SMART test collection (Cranfield layout: `*.all*`, `*.qry`, a 3-column qrels file);
 * - `beir`: a BEIR folder (`corpus.jsonl`, `queries.jsonl`, `qrels/test.tsv`);
 * - `docs`: a docs folder (Markdown/MDX/HTML) plus a known-item queries file.
 */
export type DatasetKind = 'smart' | 'beir' | 'docs';

export interface LoadedDataset {
  kind: DatasetKind;
  dataset: EvalDataset;
  /** Human-readable notes on what the loader decided (dropped lines, skipped files, …). */
  notes: string[];
}
