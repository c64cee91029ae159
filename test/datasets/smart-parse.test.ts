import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { codeOf } from '../support/errors.ts';
import {
  cranfieldGain,
  judgementsByQuery,
  parseSmartDocuments,
  parseSmartJudgements,
  parseSmartQueries,
  parseSmartRecords,
} from '../../src/datasets/smart-parse.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cranfield = path.resolve(projectRoot, '../shared/datasets/cranfield');
const hasCranfield = existsSync(path.join(cranfield, 'cran.all.1400'));

describe('parseSmartDocuments', () => {
  it('reads .I/.T/.A/.B/.W into named fields, joining multi-line text', () => {
    const docs = parseSmartDocuments(
      ['.I 1', '.T', 'wing in a', 'slipstream .', '.A', 'brenckman,m.', '.B', 'j. ae. scs.', '.W', 'line one', 'line two'].join('\n'),
    );
    expect(docs).toEqual([
      { id: '1', title: 'wing in a\nslipstream .', authors: 'brenckman,m.', source: 'j. ae. scs.', text: 'line one\nline two' },
    ]);
  });

  it('accepts CRLF and LF mixed in one file, as Cranfield ships it', () => {
    const docs = parseSmartDocuments('.I 1\r\n.T\r\ntitle one\n.W\r\ntext one\r\n.I 2\n.T\ntitle two\r\n');
    expect(docs.map((d) => [d.id, d.title, d.text])).toEqual([
      ['1', 'title one', 'text one'],
      ['2', 'title two', ''],
    ]);
  });

  it('keeps the text after a repeated field marker in the current field (corrupted Cranfield records)', () => {
    const docs = parseSmartDocuments(['.I 240', '.T', 't', '.A', 'chapman', '.B', 'naca', '.W', 'first part', '.A', 'second part', '.B', 'third part'].join('\n'));
    expect(docs[0].authors).toBe('chapman');
    expect(docs[0].source).toBe('naca');
    expect(docs[0].text).toBe('first part\nsecond part\nthird part');
  });

  it('normalises zero-padded numeric ids so qrels and documents agree', () => {
    expect(parseSmartDocuments('.I 007\n.W\nx').map((d) => d.id)).toEqual(['7']);
  });

  it('rejects duplicate document ids and text outside a record with DATASET_INVALID', () => {
    expect(codeOf(() => parseSmartDocuments('.I 1\n.W\na\n.I 1\n.W\nb'))).toBe('DATASET_INVALID');
    expect(codeOf(() => parseSmartDocuments('stray text\n.I 1\n.W\na'))).toBe('DATASET_INVALID');
    expect(codeOf(() => parseSmartRecords('.I\n.W\na'))).toBe('DATASET_INVALID');
  });

  it('returns no records for empty input', () => {
    expect(parseSmartDocuments('')).toEqual([]);
    expect(parseSmartDocuments('\n\n')).toEqual([]);
  });
});

describe('parseSmartQueries', () => {
  it('numbers queries by position, not by their .I label', () => {
    const queries = parseSmartQueries('.I 001\n.W\nfirst ?\n.I 004\n.W\nsecond\nquery .\n');
    expect(queries).toEqual([
      { id: '001', position: 1, text: 'first ?' },
      { id: '004', position: 2, text: 'second\nquery .' },
    ]);
  });
});

describe('parseSmartJudgements', () => {
  it("reads CISI's four columns as listed (relevant) pairs", () => {
    expect(parseSmartJudgements('1     28\t0\t0.000000\n2 7 0 0.000000\n')).toEqual([
      { query: 1, doc: '28', code: 0, listed: true },
      { query: 2, doc: '7', code: 0, listed: true },
    ]);
  });

  it('reads query, doc and signed code per line, skipping blank lines and trailing spaces', () => {
    const qrels = parseSmartJudgements('1 184 2 \r\n1 29 -1\n\n225 1188 4');
    expect(qrels).toEqual([
      { query: 1, doc: '184', code: 2 },
      { query: 1, doc: '29', code: -1 },
      { query: 225, doc: '1188', code: 4 },
    ]);
  });

  it('rejects lines that are not three integers', () => {
    expect(codeOf(() => parseSmartJudgements('1 184'))).toBe('DATASET_INVALID');
    expect(codeOf(() => parseSmartJudgements('1 184 0 x'))).toBe('DATASET_INVALID');
    expect(codeOf(() => parseSmartJudgements('1 184 x'))).toBe('DATASET_INVALID');
    expect(codeOf(() => parseSmartJudgements('1 0 184 2'))).toBe('DATASET_INVALID');
  });

  it('groups by query with the last code winning for a repeated pair', () => {
    const grouped = judgementsByQuery(parseSmartJudgements('2 5 3\n1 9 1\n2 5 1\n'));
    expect([...grouped.keys()]).toEqual([2, 1]);
    expect(grouped.get(2)?.get('5')).toBe(1);
  });
});

describe('cranfieldGain', () => {
  it('maps codes 1..4 to gains 4..1 and everything else to 0', () => {
    expect([1, 2, 3, 4, -1, 5, 0].map(cranfieldGain)).toEqual([4, 3, 2, 1, 0, 0, 0]);
  });
});

describe.skipIf(!hasCranfield)('the real Cranfield collection (skipped when ../shared/datasets/cranfield is absent)', () => {
  it('parses 1400 documents, 225 queries and the 1837 judgements (last line has no newline)', () => {
    const docs = parseSmartDocuments(readFileSync(path.join(cranfield, 'cran.all.1400'), 'utf8'));
    const queries = parseSmartQueries(readFileSync(path.join(cranfield, 'cran.qry'), 'utf8'));
    const qrels = parseSmartJudgements(readFileSync(path.join(cranfield, 'cranqrel'), 'utf8'));
    expect(docs).toHaveLength(1400);
    expect(docs[0].id).toBe('1');
    expect(docs[1399].id).toBe('1400');
    // Documents 471 and 995 are empty in the collection itself (markers with no text).
    expect(docs.filter((d) => d.title === '' && d.text === '').map((d) => d.id)).toEqual(['471', '995']);
    expect(queries).toHaveLength(225);
    expect(queries[224].position).toBe(225);
    expect(qrels).toHaveLength(1837);
    const ids = new Set(docs.map((d) => d.id));
    expect(qrels.every((j) => ids.has(j.doc) && j.query >= 1 && j.query <= 225)).toBe(true);
    // Document 240's stray '.A'/'.B' lines must not replace its authors.
    expect(docs[239].authors).toBe('dean r. chapman');
    expect(docs[239].text).toContain('unity in low-speed flow without injection');
  });
});
