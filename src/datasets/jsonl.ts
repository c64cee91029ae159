/**
 * JSON Lines reading for dataset files (BEIR corpora and queries, known-item query files): one JSON
 * object per line, blank lines skipped, errors naming the file and line so a bad line in a
 * 100,000-line corpus can be found.
 */
import { RecallBoxError } from '../core/index.ts';

/** Error code for a dataset folder or file the harness cannot read as any supported kind. */
export const DATASET_INVALID = 'DATASET_INVALID';

/** One parsed line: the object and its 1-based line number. */
export interface JsonLine {
  line: number;
  value: Record<string, unknown>;
}

/** Parses JSONL content; every non-blank line must be a JSON object. */
export function parseJsonLines(content: string, file: string): JsonLine[] {
  const rows: JsonLine[] = [];
  content.split('\n').forEach((raw, index) => {
    const text = raw.trim();
    if (text === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new RecallBoxError(DATASET_INVALID, `${file}:${index + 1}: not JSON (${(error as Error).message})`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new RecallBoxError(DATASET_INVALID, `${file}:${index + 1}: expected a JSON object`);
    }
    rows.push({ line: index + 1, value: value as Record<string, unknown> });
  });
  return rows;
}

/**
 * A required string field. Numbers are accepted and converted because some BEIR exports write
 * numeric ids (`"_id": 42`); anything else is an error naming the field.
 */
export function stringField(row: JsonLine, field: string, file: string): string {
  const v = row.value[field];
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  throw new RecallBoxError(DATASET_INVALID, `${file}:${row.line}: field '${field}' must be a string`);
}

/** An optional string field: '' when absent or null. */
export function optionalStringField(row: JsonLine, field: string, file: string): string {
  const v = row.value[field];
  return v === undefined || v === null ? '' : stringField(row, field, file);
}
