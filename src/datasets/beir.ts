/**
 * BEIR-style folders as an EvalDataset: `corpus.jsonl` (`_id`, `title`, `text`), `queries.jsonl`
 * (`_id`, `text`), `qrels/test.tsv` (a header line, then `query-id corpus-id score`).
 *
 * As BEIR's own evaluation does: only queries that appear in the test qrels are evaluated
 * (`queries.jsonl` also holds train/dev queries), a score > 0 is relevant with that score as gain,
 * and judgements are graded when any score is above 1 (e.g. TREC-COVID's 0/1/2).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { RecallBoxError } from '../core/index.ts';
import type { EvalDoc, EvalQuery } from './types.ts';
import { DATASET_INVALID, optionalStringField, parseJsonLines, stringField } from './jsonl.ts';
import { documentCollection, type LoadedDataset } from './loaded.ts';

/** Language given to BEIR documents: the BEIR collections are English. */
export const BEIR_LANG = 'en';

export const BEIR_CORPUS = 'corpus.jsonl';
export const BEIR_QUERIES = 'queries.jsonl';
export const BEIR_QRELS = path.join('qrels', 'test.tsv');

/** Whether a folder has the BEIR files. */
export function isBeirFolder(dir: string): boolean {
  return [BEIR_CORPUS, BEIR_QUERIES, BEIR_QRELS].every((f) => existsSync(path.join(dir, f)));
}

/** Parses a BEIR qrels TSV: query id → corpus id → score. The header line is required and skipped. */
export function parseBeirQrels(content: string, file = BEIR_QRELS): Map<string, Map<string, number>> {
  const lines = content.replace(/\r/g, '').split('\n');
  const header = lines[0]?.trim().split(/\t|\s+/) ?? [];
  if (header[0] !== 'query-id' || header[1] !== 'corpus-id') {
    throw new RecallBoxError(DATASET_INVALID, `${file}:1: expected the header 'query-id corpus-id score'`);
  }
  const qrels = new Map<string, Map<string, number>>();
  lines.slice(1).forEach((line, index) => {
    if (line.trim() === '') return;
    // Ids are tab-separated in BEIR; a space-separated export is accepted as long as ids have no spaces.
    const cols = line.includes('\t') ? line.split('\t').map((c) => c.trim()) : line.trim().split(/\s+/);
    const [query, doc, score] = cols;
    if (cols.length !== 3 || !query || !doc || !/^-?\d+$/.test(score ?? '')) {
      throw new RecallBoxError(DATASET_INVALID, `${file}:${index + 2}: expected '<query-id> <corpus-id> <integer score>'`);
    }
    let judged = qrels.get(query);
    if (!judged) qrels.set(query, (judged = new Map()));
    judged.set(doc, Number(score));
  });
  return qrels;
}

/** Builds the dataset from the three files' contents. Pure. */
export function beirDataset(name: string, content: { corpus: string; queries: string; qrels: string }): LoadedDataset {
  const docs: EvalDoc[] = parseJsonLines(content.corpus, BEIR_CORPUS).map((row) => ({
    id: stringField(row, '_id', BEIR_CORPUS),
    title: optionalStringField(row, 'title', BEIR_CORPUS),
    headings: '',
    body: optionalStringField(row, 'text', BEIR_CORPUS),
    lang: BEIR_LANG,
  }));
  const qrels = parseBeirQrels(content.qrels);
  const allQueries: EvalQuery[] = parseJsonLines(content.queries, BEIR_QUERIES).map((row) => ({
    id: stringField(row, '_id', BEIR_QUERIES),
    text: stringField(row, 'text', BEIR_QUERIES),
  }));
  const queries = allQueries.filter((q) => qrels.has(q.id));
  const withText = new Set(queries.map((q) => q.id));
  const missing = [...qrels.keys()].filter((id) => !withText.has(id));
  for (const id of missing) qrels.delete(id);

  const dataset = documentCollection(name, docs, queries, qrels);
  const notes = [`BEIR: ${queries.length} of ${allQueries.length} queries have test judgements and are evaluated.`];
  if (missing.length > 0) notes.push(`BEIR: ${missing.length} judged query ids have no text in ${BEIR_QUERIES} and were ignored.`);
  return { kind: 'beir', dataset, notes };
}

/** Reads a BEIR folder. The dataset is named after the folder (`scifact`). */
export async function loadBeirDataset(dir: string): Promise<LoadedDataset> {
  const read = (name: string) => readFile(path.join(dir, name), 'utf8');
  return beirDataset(path.basename(path.resolve(dir)), {
    corpus: await read(BEIR_CORPUS),
    queries: await read(BEIR_QUERIES),
    qrels: await read(BEIR_QRELS),
  });
}
