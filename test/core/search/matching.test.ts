/**
 * Unfinished and misspelt words through the whole pipeline (search), on the fixture site built as
 * in production: with expansion off a reader's partial word matches nothing by keyword; with it on
 * (the default), the completion or correction finds the page and the verdict counts the concept found.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPack } from '../../../src/indexer/build-pack.ts';
import { fsPackSource } from '../../../src/indexer/fs-source.ts';
import { loadPack, type LoadedPack } from '../../../src/core/pack/load.ts';
import { parseSearchRequest } from '../../../src/protocol/request.ts';
import { DEFAULT_SEARCH_OPTIONS, type SearchOptions } from '../../../src/core/search/options.ts';
import { search } from '../../../src/core/search/search.ts';
import type { SearchOutcome } from '../../../src/core/search/outcome.ts';
import { matchQuery } from '../../../src/core/search/matching.ts';
import { analyzeQuery } from '../../../src/core/analysis/query.ts';
import { encodeDictionary, TermDictionary } from '../../../src/core/keyword/dictionary.ts';

const SITE = path.resolve(__dirname, '../../fixtures/site');
let dir: string;
let pack: LoadedPack;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'recall-box-matching-'));
  await buildPack(SITE, path.join(dir, 'pack'));
  pack = await loadPack(fsPackSource(path.join(dir, 'pack')));
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const ON: SearchOptions = DEFAULT_SEARCH_OPTIONS;
const OFF: SearchOptions = { ...DEFAULT_SEARCH_OPTIONS, expansion: { ...DEFAULT_SEARCH_OPTIONS.expansion, enabled: false } };
const KEYWORD_ONLY = (o: SearchOptions): SearchOptions => ({ ...o, fuse: { ...o.fuse, weights: { ...o.fuse.weights, vector: 0 } } });
const ask = (q: string, options: SearchOptions): Promise<SearchOutcome> => search(pack, parseSearchRequest({ q }, options), options);
const codes = (o: SearchOutcome) => o.confidence.reasons.map((r) => r.code);

describe('matchQuery', () => {
  const dictionary = TermDictionary.from(encodeDictionary([{ term: 'deploi', count: 3 }, { term: 'deploy', count: 9 }, { term: 'middlewar', count: 5 }]));
  const setting = { ...DEFAULT_SEARCH_OPTIONS.expansion, enabled: true };

  it('looks every concept up as typed when expansion is off', () => {
    expect(matchQuery({ q: 'deplo' }, ['deplo'], dictionary, OFF.expansion)).toEqual({
      groups: [[{ term: 'deplo', weight: 1, kind: 'exact' }]],
      resolved: ['deplo'],
      terms: ['deplo'],
    });
  });

  it('stands a concept the index lacks for by its best completion or correction, and a known one for itself', () => {
    expect(matchQuery({ q: 'deplo' }, ['deplo'], dictionary, setting).resolved).toEqual(['deploy']);
    expect(matchQuery({ q: 'midleware' }, ['midlewar'], dictionary, setting).resolved).toEqual(['middlewar']);
    const known = matchQuery({ q: 'deploy' }, ['deploy'], dictionary, setting);
    expect(known.resolved).toEqual(['deploy']);
    expect(known.terms).toEqual(['deploy']);
  });

  it('completes a last word only while it is being typed: not after a space, nor when it is not last', () => {
    const kinds = (m: ReturnType<typeof matchQuery>) => m.groups.map((g) => g.map((v) => v.kind));
    expect(kinds(matchQuery({ q: 'deplo' }, ['deplo'], dictionary, setting))[0]).toContain('prefix');
    // `deplo ` (finished): a word the index lacks, corrected (one edit from `deploy`), not completed.
    const finished = matchQuery({ q: 'deplo', lastWordFinished: true }, ['deplo'], dictionary, setting);
    expect(kinds(finished)[0]).not.toContain('prefix');
    expect(kinds(finished)[0]).toContain('typo');
    expect(kinds(matchQuery({ q: 'deplo.' }, ['deplo'], dictionary, setting))[0]).not.toContain('prefix');
  });

  it('completes an identifier being typed as a whole, not only its last part (npm-ac → npm-access)', () => {
    const ids = TermDictionary.from(encodeDictionary([{ term: 'access', count: 4 }, { term: 'npm', count: 90 }, { term: 'npm-access', count: 2 }, { term: 'npm-audit', count: 2 }]));
    // `npm-ac` is analysed whole and as its parts; each of its three concepts ends the query's text or is in it.
    const typed = matchQuery({ q: 'npm-ac' }, ['npm-ac', 'npm', 'ac'], ids, setting, undefined, undefined, [0, 2]);
    expect(typed.groups[0]!.map((v) => v.term)).toEqual(['npm-ac', 'npm-access']);
    expect(typed.groups[2]!.map((v) => v.term)).toEqual(['ac', 'access']);
    // `npm` starts the identifier, it does not end the query: as typed only.
    expect(typed.groups[1]!.map((v) => v.term)).toEqual(['npm']);
    // Without the words (or once the identifier is finished), only the last concept is completed.
    expect(matchQuery({ q: 'npm-ac' }, ['npm-ac', 'npm', 'ac'], ids, setting).groups[0]!.map((v) => v.term)).toEqual(['npm-ac']);
    expect(matchQuery({ q: 'npm-ac', lastWordFinished: true }, ['npm-ac', 'npm', 'ac'], ids, setting, undefined, undefined, [0, 2]).groups[0]!.map((v) => v.kind)).not.toContain('prefix');
  });

  it('analyses which concepts the last word made: all of an identifier’s that end the query, none of a stop word', () => {
    expect(analyzeQuery('npm-ac', null, 'en').lastWord).toEqual([0, 2]);
    expect(analyzeQuery('route param ', null, 'en').lastWord).toEqual([1]);
    // `ac` earlier in the query is the same concept, and it ends the query too; `npm` does not.
    expect(analyzeQuery('ac npm-ac', null, 'en').lastWord).toEqual([0, 1]);
    expect(analyzeQuery('deploy to', null, 'en').lastWord).toEqual([]);
  });
});

describe('search with expansion', () => {
  it('finds nothing by keyword for an unfinished word with expansion off, the deploying guide first with it on', async () => {
    expect((await ask('deplo', KEYWORD_ONLY(OFF))).results).toEqual([]);
    const on = await ask('deplo', ON);
    expect(on.results[0]!.url).toMatch(/deploy/);
    expect(codes(on)).not.toContain('CONCEPTS_MISSING');
    // Snippets mark the completions, as they mark a word typed in full.
    expect(on.results.some((r) => r.snippet.highlights.length > 0)).toBe(true);
    expect(on.confidence.shouldAnswer).toBe(true);
  });

  it('corrects a misspelt word the index lacks', async () => {
    const off = await ask('midleware', KEYWORD_ONLY(OFF));
    expect(off.results).toEqual([]);
    const on = await ask('midleware', KEYWORD_ONLY(ON));
    expect(on.results.length).toBeGreaterThan(0);
    expect(on.results[0]!.title.toLowerCase()).toContain('middleware');
    // Did you mean: the docs' own word, in the reader's case.
    expect(on.correction).toEqual({ query: 'middleware', words: [{ typed: 'midleware', corrected: 'middleware' }] });
    expect(off.correction).toBeNull();
  });

  it('answers a query of complete, known words with the same first results either way', async () => {
    for (const q of ['route parameters', 'cache headers etag', 'Route groups']) {
      const off = (await ask(q, OFF)).results.map((r) => r.id);
      const on = (await ask(q, ON)).results.map((r) => r.id);
      expect(on.slice(0, 3), q).toEqual(off.slice(0, 3));
    }
  });
});

describe('completions a reader sees (issue 50)', () => {
  let small: LoadedPack;
  let smallDir: string;
  beforeAll(async () => {
    smallDir = await mkdtemp(path.join(os.tmpdir(), 'recall-box-completions-'));
    const { mkdir, writeFile } = await import('node:fs/promises');
    await mkdir(path.join(smallDir, 'docs'));
    await writeFile(path.join(smallDir, 'docs', 'fusion.md'), '# Fusion\n\nThe reciprocal rank of each route is summed into one score for every section.\n');
    await writeFile(path.join(smallDir, 'docs', 'deploying.md'), '# Deploying\n\nDeployment puts the worker on the edge with one command.\n');
    await buildPack(path.join(smallDir, 'docs'), path.join(smallDir, 'pack'), { embedding: false });
    small = await loadPack(fsPackSource(path.join(smallDir, 'pack')));
  }, 120_000);
  afterAll(() => rm(smallDir, { recursive: true, force: true }));
  const askSmall = (q: string) => search(small, parseSearchRequest({ q }, ON), ON);
  const marked = (o: SearchOutcome) => o.results.flatMap((r) => r.snippet.highlights.map(([a, b]) => r.snippet.text.slice(a, b).toLowerCase()));

  it('does not read a word as another its stem begins: `recipe` (stem `recip`) is not `reciprocal`', async () => {
    const o = await askSmall('pizza recipe');
    expect(marked(o)).not.toContain('reciprocal');
    expect(o.confidence.outcome).not.toBe('answer');
  });

  it('still marks the completions of a word being typed', async () => {
    const o = await askSmall('deplo');
    expect(o.results[0]!.url).toMatch(/deploying/);
    expect(marked(o).some((w) => w.startsWith('deplo'))).toBe(true);
  });
});
