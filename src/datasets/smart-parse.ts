/**
 * A parser for SMART-format test collections (Cranfield, CISI, MED, …): documents, queries and
 * relevance judgements. Pure: it takes file contents as strings and returns plain data, so the
 * evaluation harness decides where files come from.
 *
 * Format, as the collections actually ship it:
 * - A record starts with a `.I <id>` line. Field markers are lines holding only `.<LETTER>`
 *   (`.T` title, `.A` authors, `.B` bibliographic source, `.W` text, `.X` cross-refs, …); the
 *   field's text is every following line up to the next marker.
 * - Line endings are mixed (Cranfield mixes CRLF and LF in one file), so CR is dropped.
 * - Judgements (`qrels`) are lines `<query> <doc> <code>`, whitespace-separated.
 */
import { RecallBoxError } from '../core/index.ts';

/** One raw record: its `.I` label and its fields by marker letter, in file order. */
export interface SmartRecord {
  /** The label after `.I`, as written (e.g. `001`): an identifier, not a position. */
  id: string;
  /** 1-based position of the record in its file. */
  position: number;
  /** Field text by marker letter (`T`, `A`, `B`, `W`, …), lines joined with `\n`, trimmed. */
  fields: Record<string, string>;
}

export interface SmartDocument {
  /** The `.I` label; judgements name documents by it. */
  id: string;
  /** `.T` */
  title: string;
  /** `.A` */
  authors: string;
  /** `.B` */
  source: string;
  /** `.W` */
  text: string;
}

export interface SmartQuery {
  /** The `.I` label as written. In Cranfield it is NOT what judgements refer to (see `position`). */
  id: string;
  /** 1-based position in the query file: what Cranfield's judgements call the query number. */
  position: number;
  /** `.W` */
  text: string;
}

export interface SmartJudgement {
  /** The query number as written in the judgement file. */
  query: number;
  /** The document label as written (matches `SmartDocument.id` after number normalisation). */
  doc: string;
  /** The collection's relevance code as written (Cranfield: 1 = most relevant … 4, −1 = not relevant). */
  code: number;
  /**
   * True for a four-column line (`query doc 0 0.000000`, as CISI ships): the pair is listed because
   * it is relevant, and the two last columns carry no grade.
   */
  listed?: true;
}

/** Error code for input that is not a SMART collection. */
export const SMART_INVALID = 'DATASET_INVALID';

const RECORD_START = /^\.I(?:\s+(\S+))?\s*$/;
const FIELD_MARKER = /^\.([A-Z])\s*$/;

/**
 * Splits a SMART file into records.
 *
 * A marker for a field the record already has does not start a new field: its lines continue the
 * current field. Cranfield has corrupted records (documents 240, 576, 578) where stray `.A`/`.B`/`.W`
 * lines sit inside the abstract; treating them as new fields would replace the authors with
 * abstract text or drop half of the abstract, whereas continuing keeps all text where it was.
 */
export function parseSmartRecords(content: string): SmartRecord[] {
  const records: SmartRecord[] = [];
  let current: { id: string; position: number; fields: Map<string, string[]> } | undefined;
  let field: string[] | undefined;

  const lines = content.replace(/\r/g, '').split('\n');
  lines.forEach((line, index) => {
    const start = RECORD_START.exec(line);
    if (start) {
      if (start[1] === undefined) {
        throw new RecallBoxError(SMART_INVALID, `line ${index + 1}: '.I' without a record id`);
      }
      if (current) records.push(finishRecord(current));
      current = { id: start[1], position: records.length + 1, fields: new Map() };
      field = undefined;
      return;
    }
    const marker = FIELD_MARKER.exec(line);
    if (marker && current) {
      const existing = current.fields.get(marker[1]);
      if (existing === undefined) {
        field = [];
        current.fields.set(marker[1], field);
      }
      // A repeated marker: keep appending to the current field (see the doc comment).
      return;
    }
    if (field) {
      field.push(line);
    } else if (line.trim() !== '') {
      const where = current ? `record '${current.id}'` : 'before the first .I record';
      throw new RecallBoxError(SMART_INVALID, `line ${index + 1}: text outside any field (${where})`);
    }
  });
  if (current) records.push(finishRecord(current));
  return records;
}

function finishRecord(raw: { id: string; position: number; fields: Map<string, string[]> }): SmartRecord {
  const fields: Record<string, string> = {};
  for (const [letter, lines] of raw.fields) fields[letter] = lines.join('\n').trim();
  return { id: raw.id, position: raw.position, fields };
}

/** Parses a document file (`cran.all.1400`). Missing fields are ''. Duplicate ids are an error. */
export function parseSmartDocuments(content: string): SmartDocument[] {
  const seen = new Set<string>();
  return parseSmartRecords(content).map((record) => {
    const id = normaliseId(record.id);
    if (seen.has(id)) throw new RecallBoxError(SMART_INVALID, `duplicate document id '${record.id}'`);
    seen.add(id);
    const f = record.fields;
    return { id, title: f.T ?? '', authors: f.A ?? '', source: f.B ?? '', text: f.W ?? '' };
  });
}

/** Parses a query file (`cran.qry`). */
export function parseSmartQueries(content: string): SmartQuery[] {
  return parseSmartRecords(content).map((record) => ({
    id: record.id,
    position: record.position,
    text: record.fields.W ?? '',
  }));
}

/** Parses a judgement file (`cranqrel`): `<query> <doc> <code>` per line; blank lines are skipped. */
export function parseSmartJudgements(content: string): SmartJudgement[] {
  const judgements: SmartJudgement[] = [];
  content
    .replace(/\r/g, '')
    .split('\n')
    .forEach((line, index) => {
      const cols = line.trim().split(/\s+/);
      if (cols.length === 1 && cols[0] === '') return;
      const [query, doc, code] = cols;
      // Four columns only in CISI's shape: a 0 in the third, a number in the fourth.
      const listed = cols.length === 4 && cols[2] === '0' && Number.isFinite(Number(cols[3]));
      if ((cols.length !== 3 && !listed) || !isInteger(query) || !isInteger(doc) || !isInteger(code)) {
        throw new RecallBoxError(
          SMART_INVALID,
          `line ${index + 1}: expected '<query> <doc> <code>' (or '<query> <doc> 0 <score>', every pair relevant) with integers, got '${line.trim()}'`,
        );
      }
      judgements.push({ query: Number(query), doc: normaliseId(doc), code: Number(code), ...(listed && { listed: true as const }) });
    });
  return judgements;
}

/**
 * Judgements grouped by query number, then by document id → code. A repeated (query, doc) pair
 * keeps the last code, as later lines in a qrels file correct earlier ones.
 */
export function judgementsByQuery(judgements: readonly SmartJudgement[]): Map<number, Map<string, number>> {
  const byQuery = new Map<number, Map<string, number>>();
  for (const j of judgements) {
    let docs = byQuery.get(j.query);
    if (!docs) byQuery.set(j.query, (docs = new Map()));
    docs.set(j.doc, j.code);
  }
  return byQuery;
}

/**
 * Cranfield's graded gain: codes 1–4 are relevant with gain 5 − code (1, "complete answer", is
 * worth 4); anything else (−1 "not relevant", 5 "no interest") is worth 0.
 */
export function cranfieldGain(code: number): number {
  return code >= 1 && code <= 4 ? 5 - code : 0;
}

function isInteger(s: string | undefined): s is string {
  return s !== undefined && /^-?\d+$/.test(s);
}

/**
 * Document labels are numbers written with or without zero padding (`.I 001` in queries, `1` in
 * qrels), so a numeric label is normalised to its plain decimal form; other labels stay as written.
 */
function normaliseId(id: string): string {
  return /^\d+$/.test(id) ? String(Number(id)) : id;
}
