import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectDatasetKind, loadDataset } from '../../src/datasets/index.ts';
import { parseBeirQrels } from '../../src/datasets/beir.ts';
import { pageUrlOf, resolvePageUrl } from '../../src/datasets/docs.ts';
import { findSmartFiles } from '../../src/datasets/smart.ts';
import { headingQueries, titleQueries, toJsonLines } from '../../src/datasets/title-queries.ts';
import type { Section } from '../../src/core/types.ts';

let root: string;

async function write(dir: string, files: Record<string, string>): Promise<string> {
  const base = path.join(root, dir);
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(base, name)), { recursive: true });
    await writeFile(path.join(base, name), content);
  }
  return base;
}

async function rejectsWithCode(promise: Promise<unknown>, code: string): Promise<void> {
  await expect(promise).rejects.toMatchObject({ code });
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'recall-box-eval-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('SMART loader', () => {
  // Query labels 001 and 004 (not 1 and 2), judgements by POSITION (1, 2), Cranfield codes, CRLF.
  const smartFiles = {
    'cran.all.1400': ['.I 1', '.T', 'flow over a', 'wing', '.A', 'someone', '.W', 'boundary layer flow', '.I 2', '.T', 'heat', '.W', 'heat transfer', '.I 3', '.T', 'other', '.W', 'nothing'].join('\r\n'),
    'cran.qry': ['.I 001', '.W', 'what is the', 'boundary layer', '.I 004', '.W', 'heat transfer in flow'].join('\n'),
    cranqrel: ['1 1 2', '1 3 -1', '2 2 1', '2 1 4', '3 1 1', ''].join('\n'),
    'cranqrel.readme': 'not a judgement file',
  };

  it('is detected from its files and maps query positions, Cranfield gains and doc fields', async () => {
    const dir = await write('cranfield', smartFiles);
    expect(await detectDatasetKind(dir)).toBe('smart');
    const { kind, dataset, notes } = await loadDataset(dir);
    expect(kind).toBe('smart');
    expect(dataset.name).toBe('cranfield');
    expect(dataset.docs.map((d) => [d.id, d.title, d.body])).toEqual([
      ['1', 'flow over a wing', 'boundary layer flow'],
      ['2', 'heat', 'heat transfer'],
      ['3', 'other', 'nothing'],
    ]);
    expect(dataset.queries).toEqual([
      { id: '1', text: 'what is the boundary layer' },
      { id: '2', text: 'heat transfer in flow' },
    ]);
    expect(dataset.qrels.get('1')).toEqual(new Map([['1', 3], ['3', 0]]));
    expect(dataset.qrels.get('2')).toEqual(new Map([['2', 4], ['1', 1]]));
    expect(dataset.graded).toBe(true);
    expect(dataset.unitOf('2')).toBe('2');
    // Query 3 does not exist: its judgement line is reported, not silently attached.
    expect(notes.join(' ')).toContain('1 judgement lines name a query number beyond the query file');
  });

  it('finds the files of other SMART collections by role, and refuses ambiguous folders', () => {
    expect(findSmartFiles(['CISI.ALL', 'CISI.QRY', 'CISI.REL', 'README'])).toEqual({ docs: 'CISI.ALL', queries: 'CISI.QRY', qrels: 'CISI.REL' });
    expect(findSmartFiles(['cran.all.1400', 'cran.qry'])).toBeUndefined();
    expect(findSmartFiles(['a.all', 'b.all', 'x.qry', 'qrels'])).toBeUndefined();
  });

  it('refuses --queries for a collection with its own queries', async () => {
    const dir = await write('cranfield-q', smartFiles);
    await rejectsWithCode(loadDataset(dir, { queries: 'x.jsonl' }), 'DATASET_INVALID');
  });
});

describe('BEIR loader', () => {
  const beirFiles = {
    'corpus.jsonl': [
      JSON.stringify({ _id: 'd1', title: 'Alpha', text: 'alpha text', metadata: {} }),
      JSON.stringify({ _id: 'd2', title: '', text: 'beta text' }),
      '',
      JSON.stringify({ _id: 3, text: 'numeric id, no title' }),
    ].join('\n'),
    'queries.jsonl': [
      JSON.stringify({ _id: 'q1', text: 'alpha?' }),
      JSON.stringify({ _id: 'q2', text: 'train query, not judged in test' }),
      JSON.stringify({ _id: 'q3', text: 'beta?' }),
    ].join('\n'),
    'qrels/test.tsv': ['query-id\tcorpus-id\tscore', 'q1\td1\t2', 'q1\td2\t1', 'q3\t3\t1', 'q3\td1\t0', 'q9\td1\t1', ''].join('\n'),
  };

  it('is detected from its files; evaluates only judged queries with text; graded when a score is above 1', async () => {
    const dir = await write('scifact', beirFiles);
    expect(await detectDatasetKind(dir)).toBe('beir');
    const { kind, dataset, notes } = await loadDataset(dir);
    expect(kind).toBe('beir');
    expect(dataset.name).toBe('scifact');
    expect(dataset.docs.map((d) => [d.id, d.title, d.body])).toEqual([
      ['d1', 'Alpha', 'alpha text'],
      ['d2', '', 'beta text'],
      ['3', '', 'numeric id, no title'],
    ]);
    expect(dataset.queries.map((q) => q.id)).toEqual(['q1', 'q3']);
    expect(dataset.qrels.get('q1')).toEqual(new Map([['d1', 2], ['d2', 1]]));
    expect(dataset.qrels.has('q9')).toBe(false);
    expect(dataset.graded).toBe(true);
    expect(notes.join(' ')).toContain('1 judged query ids have no text');
  });

  it('requires the qrels header and integer scores', () => {
    expect(parseBeirQrels('query-id\tcorpus-id\tscore\nq\td\t1\n').get('q')).toEqual(new Map([['d', 1]]));
    expect(() => parseBeirQrels('q\td\t1\n')).toThrow(/header/);
    expect(() => parseBeirQrels('query-id\tcorpus-id\tscore\nq\td\tx\n')).toThrow(/integer score/);
  });

  it('names the file and line of a bad JSON line', async () => {
    const dir = await write('beir-bad', { ...beirFiles, 'corpus.jsonl': '{"_id":"d1","text":"ok"}\n{oops\n' });
    await expect(loadDataset(dir)).rejects.toThrow(/corpus\.jsonl:2/);
  });
});

describe('docs loader (known-item)', () => {
  const docsFiles = {
    'index.md': '---\ntitle: Home\n---\nWelcome to the docs.\n\n## Install\n\nRun the installer.\n',
    'guides/routing.md': '---\ntitle: Routing\n---\nHow routes work.\n\n## Dynamic routes\n\nParams in brackets.\n\n## Redirects\n\nMoved pages.\n',
    'guides/actions.md': '---\ntitle: Actions\n---\nServer functions.\n',
  };

  it('is the fallback kind; sections become docs with `section` set; units are page URLs', async () => {
    const dir = await write('site/en', docsFiles);
    const queries = path.join(root, 'site-queries.jsonl');
    await writeFile(
      queries,
      [
        JSON.stringify({ query: 'routing', url: '/guides/routing/' }),
        JSON.stringify({ query: 'redirects', url: '/guides/routing/#redirects' }),
        JSON.stringify({ query: 'actions no slash', url: '/guides/actions' }),
        JSON.stringify({ query: 'gone', url: '/missing/' }),
      ].join('\n'),
    );
    expect(await detectDatasetKind(dir)).toBe('docs');
    const { kind, dataset, notes } = await loadDataset(dir, { queries });
    expect(kind).toBe('docs');
    expect(dataset.name).toBe('site/en');
    expect(dataset.graded).toBe(false);
    expect(dataset.docs.every((d) => d.section !== undefined && d.section.id === d.id)).toBe(true);
    const redirects = dataset.docs.find((d) => d.id === '/guides/routing/#redirects')!;
    expect(redirects).toMatchObject({ title: 'Routing', headings: 'Redirects', body: 'Moved pages.', lang: 'en' });
    expect(dataset.unitOf('/guides/routing/#redirects')).toBe('/guides/routing/');
    expect(dataset.unitOf('/guides/routing/#')).toBe('/guides/routing/');
    expect(dataset.queries).toEqual([
      { id: '1', text: 'routing' },
      { id: '2', text: 'redirects' },
      { id: '3', text: 'actions no slash' },
    ]);
    expect(dataset.qrels.get('2')).toEqual(new Map([['/guides/routing/', 1]]));
    expect(dataset.qrels.get('3')).toEqual(new Map([['/guides/actions/', 1]]));
    expect(notes.join(' ')).toContain('1 queries name a URL that is not an ingested page');
  });

  it('reads unanswerable questions, from one or several comma-separated files, apart from the scored queries', async () => {
    const dir = await write('site3/en', docsFiles);
    const answerable = path.join(root, 'site3-questions.jsonl');
    const unanswerable = path.join(root, 'site3-unanswerable.jsonl');
    await writeFile(answerable, JSON.stringify({ query: 'how do routes work', url: '/guides/routing/', style: 'question' }));
    await writeFile(unanswerable, [JSON.stringify({ query: 'django orm', unanswerable: true, kind: 'other-framework' }), JSON.stringify({ query: 'tax forms', unanswerable: true })].join('\n'));
    const { dataset, notes } = await loadDataset(dir, { queries: `${answerable},${unanswerable}` });
    expect(dataset.queries).toEqual([{ id: '1', text: 'how do routes work' }]);
    expect(dataset.unanswerable).toEqual([
      { id: 'u1', text: 'django orm' },
      { id: 'u2', text: 'tax forms' },
    ]);
    expect(notes.join(' ')).toContain('2 queries marked unanswerable');
    // A line that is neither answerable (a url) nor marked unanswerable is refused.
    await writeFile(unanswerable, JSON.stringify({ query: 'no url', unanswerable: false }));
    await rejectsWithCode(loadDataset(dir, { queries: unanswerable }), 'DATASET_INVALID');
  });

  it('needs a queries file', async () => {
    const dir = await write('site2', docsFiles);
    await rejectsWithCode(loadDataset(dir), 'DATASET_INVALID');
  });

  it('reports a missing folder', async () => {
    await rejectsWithCode(loadDataset(path.join(root, 'nope')), 'DATASET_NOT_FOUND');
  });

  it('compares URLs without anchor or query string, tolerating a missing trailing slash', () => {
    expect(pageUrlOf('/a/b/#x')).toBe('/a/b/');
    expect(pageUrlOf('/a/b/?q=1#x')).toBe('/a/b/');
    const pages = new Set(['/a/', '/b/']);
    expect(resolvePageUrl('/a#h', pages)).toBe('/a/');
    expect(resolvePageUrl('/c/', pages)).toBeUndefined();
  });
});

describe('titleQueries', () => {
  it('makes one query per page and skips every page of a shared title', () => {
    const result = titleQueries([
      { title: 'Routing', url: '/routing/' },
      { title: 'Overview', url: '/a/overview/' },
      { title: ' overview ', url: '/b/overview/' },
      { title: '', url: '/untitled/' },
      { title: 'Actions  API', url: '/actions/' },
    ]);
    expect(result.queries).toEqual([
      { query: 'Routing', url: '/routing/' },
      { query: 'Actions API', url: '/actions/' },
    ]);
    expect(result.duplicateTitlePages).toBe(2);
    expect(result.untitledPages).toBe(1);
    expect(toJsonLines(result.queries)).toBe('{"query":"Routing","url":"/routing/"}\n{"query":"Actions API","url":"/actions/"}\n');
    expect(toJsonLines([])).toBe('');
  });
});

describe('headingQueries', () => {
  const section = (title: string, depth: number, pageUrl: string) => ({ title, depth, pageUrl }) as Section;

  it('makes one query per unique multi-word h2/h3, judged by the page holding it', () => {
    const pages = [
      { sections: [section('Routing', 1, '/routing/'), section('Route parameters', 2, '/routing/'), section('Examples', 2, '/routing/')] },
      // "Route  Parameters" repeats the first page's heading (case and spaces aside): both are left out.
      { sections: [section('Route  Parameters', 3, '/other/'), section('Deploy to Workers', 2, '/other/')] },
    ];
    expect(headingQueries(pages)).toEqual([{ query: 'Deploy to Workers', url: '/other/' }]);
  });

  it('samples evenly down to maxQueries, deterministically', () => {
    const pages = [{ sections: Array.from({ length: 10 }, (_, i) => section(`heading number ${i}`, 2, `/p${i}/`)) }];
    const picked = headingQueries(pages, { minWords: 2, maxQueries: 5 });
    expect(picked.map((q) => q.url)).toEqual(['/p0/', '/p2/', '/p4/', '/p6/', '/p8/']);
    expect(headingQueries(pages, { minWords: 4, maxQueries: 5 })).toEqual([]);
  });
});
