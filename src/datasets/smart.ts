/**
 * SMART test collections (Cranfield) as an EvalDataset. The parsing is src/datasets/smart-parse.ts; this
 * module decides what the parsed records mean for evaluation:
 *
 * - Query ids are query POSITIONS (1-based, as strings), never the `.I` labels: Cranfield's labels
 *   run 001…365 with gaps, while its judgements number queries 1…225 by position.
 * - Gains follow Cranfield's codes: 1–4 relevant with gain 5 − code, −1 (and anything else) 0. A
 *   four-column judgement file (CISI's `query doc 0 0.000000`) lists relevant pairs only: gain 1.
 * - A document is its own unit; it is indexed as title + abstract (`.T`, `.W`). Authors and the
 *   bibliographic source are not content a query is about, and the earlier keyword gate
 *   (scripts/keyword-cranfield.ts) measured on the same two fields.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { RecallBoxError } from '../core/index.ts';
import { cranfieldGain, parseSmartDocuments, parseSmartJudgements, parseSmartQueries } from './smart-parse.ts';
import type { EvalDoc } from './types.ts';
import { DATASET_INVALID } from './jsonl.ts';
import { documentCollection, type LoadedDataset } from './loaded.ts';

/** Language of SMART collections: the classic ones (Cranfield, CISI, MED, …) are all English. */
export const SMART_LANG = 'en';

/** The three files of a SMART collection, by role. */
export interface SmartFiles {
  docs: string;
  queries: string;
  qrels: string;
}

const DOCS_FILE = /\.all(\.\d+)?$/i;
const QUERIES_FILE = /\.qry$/i;
const QRELS_FILE = /qrel|\.rel$/i;

/**
 * Finds the SMART files among a folder's file names (`cran.all.1400`, `cran.qry`, `cranqrel`;
 * `CISI.ALL`, `CISI.QRY`, `CISI.REL` name the same roles). Undefined unless exactly one file fits
 * each role, so an ambiguous folder is not read as SMART by accident.
 */
export function findSmartFiles(names: readonly string[]): SmartFiles | undefined {
  const one = (re: RegExp) => {
    const found = names.filter((n) => re.test(n) && !n.toLowerCase().endsWith('.readme'));
    return found.length === 1 ? found[0] : undefined;
  };
  const docs = one(DOCS_FILE);
  const queries = one(QUERIES_FILE);
  const qrels = one(QRELS_FILE);
  return docs && queries && qrels ? { docs, queries, qrels } : undefined;
}

/** Builds the dataset from the three files' contents. Pure. */
export function smartDataset(name: string, content: { docs: string; queries: string; qrels: string }): LoadedDataset {
  const docs: EvalDoc[] = parseSmartDocuments(content.docs).map((d) => ({
    id: d.id,
    title: oneLine(d.title),
    headings: '',
    body: d.text,
    lang: SMART_LANG,
  }));
  const queries = parseSmartQueries(content.queries).map((q) => ({ id: String(q.position), text: oneLine(q.text) }));
  const known = new Set(queries.map((q) => q.id));
  const qrels = new Map<string, Map<string, number>>();
  let unknownQueryLines = 0;
  for (const j of parseSmartJudgements(content.qrels)) {
    const queryId = String(j.query);
    if (!known.has(queryId)) {
      unknownQueryLines++;
      continue;
    }
    let judged = qrels.get(queryId);
    if (!judged) qrels.set(queryId, (judged = new Map()));
    judged.set(j.doc, j.listed ? 1 : cranfieldGain(j.code));
  }
  const dataset = documentCollection(name, docs, queries, qrels);
  const notes = ['SMART: query ids are positions in the query file (judgements number queries by position); gain = 5 − code for codes 1–4, 1 for a pair of a four-column (listed-relevant) file.'];
  if (unknownQueryLines > 0) notes.push(`SMART: ${unknownQueryLines} judgement lines name a query number beyond the query file and were ignored.`);
  return { kind: 'smart', dataset, notes };
}

/** Reads a SMART folder. The dataset is named after the folder (`cranfield`). */
export async function loadSmartDataset(dir: string): Promise<LoadedDataset> {
  const files = findSmartFiles(await readdir(dir));
  if (!files) {
    throw new RecallBoxError(DATASET_INVALID, `${dir}: expected exactly one each of *.all*, *.qry and a qrels file`);
  }
  const read = (name: string) => readFile(path.join(dir, name), 'utf8');
  return smartDataset(path.basename(path.resolve(dir)), {
    docs: await read(files.docs),
    queries: await read(files.queries),
    qrels: await read(files.qrels),
  });
}

/** SMART fields wrap at ~70 columns; a query or title is one line of text to a search box. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
