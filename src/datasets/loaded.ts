/**
 * What a dataset loader returns: the dataset in the harness's contract shape, which kind of folder
 * it came from, and notes the report prints (decisions the loader made about the input).
 */
import type { EvalDataset, EvalDoc, EvalQuery } from './types.ts';

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

/** Number of distinct gains > 0: more than one means graded judgements. */
export function distinctPositiveGains(qrels: ReadonlyMap<string, ReadonlyMap<string, number>>): number {
  const gains = new Set<number>();
  for (const judged of qrels.values()) for (const g of judged.values()) if (g > 0) gains.add(g);
  return gains.size;
}

/**
 * A test collection whose judgements name the documents themselves (SMART, BEIR), as opposed to
 * docs folders, where a section counts by its page. Graded when more than one positive gain occurs.
 */
export function documentCollection(
  name: string,
  docs: EvalDoc[],
  queries: EvalQuery[],
  qrels: Map<string, Map<string, number>>,
): EvalDataset {
  return { name, docs, queries, qrels, graded: distinctPositiveGains(qrels) > 1, unitOf: (docId) => docId };
}
