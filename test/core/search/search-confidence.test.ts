/**
 * The confidence verdict through the whole pipeline (searchPack), on the fixture site built as in
 * production: what a reader gets for a query the docs answer, one they answer in part, and one
 * they do not answer at all.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPack } from '../../../src/indexer/build-pack.ts';
import { fsPackSource } from '../../../src/indexer/fs-source.ts';
import { loadPack, type LoadedPack } from '../../../src/core/pack/load.ts';
import { parseSearchRequest, type RawSearchRequest } from '../../../src/protocol/request.ts';
import { DEFAULT_SEARCH_OPTIONS, type SearchOptions } from '../../../src/core/search/options.ts';
import { searchPack } from '../../../src/core/search/search.ts';
import type { SearchOutcome } from '../../../src/core/search/outcome.ts';
import { staticQueryVector } from '../../../src/core/search/query-vector.ts';

const SITE = path.resolve(__dirname, '../../fixtures/site');
let dir: string;
let pack: LoadedPack;
let keywordPack: LoadedPack;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'recall-box-confidence-'));
  await buildPack(SITE, path.join(dir, 'full'));
  await buildPack(SITE, path.join(dir, 'keyword'), { embedding: false });
  pack = await loadPack(fsPackSource(path.join(dir, 'full')));
  keywordPack = await loadPack(fsPackSource(path.join(dir, 'keyword')));
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

function search(raw: RawSearchRequest, options: SearchOptions = DEFAULT_SEARCH_OPTIONS, from: LoadedPack = pack): SearchOutcome {
  const request = parseSearchRequest(raw, options);
  return searchPack(from, request, options, staticQueryVector(from, request, options));
}
const codes = (o: SearchOutcome) => o.confidence.reasons.map((r) => r.code);

describe('the verdict in every outcome', () => {
  it('answers a query the docs answer by name, with no fallback', () => {
    const o = search({ q: 'route parameters' });
    expect(o.confidence.strategy).toBe('lookup');
    expect(o.confidence.shouldAnswer).toBe(true);
    expect(o.confidence.level).not.toBe('low');
    expect(o.confidence.calibrated).toBe(false);
    expect(codes(o)).toContain('ALL_CONCEPTS_FOUND');
    expect(codes(o)).not.toContain('CONCEPTS_MISSING');
    expect(o.fallback).toBeNull();
  });

  it('falls back on a query about nothing in the docs, and says why', () => {
    const none = search({ q: 'quantum chromodynamics lattice' });
    expect(none.results).toEqual([]);
    expect(none.confidence).toMatchObject({ score: 0, level: 'low', shouldAnswer: false });
    expect(codes(none)).toContain('NO_RESULTS');
    expect(none.fallback).toMatchObject({ cause: 'no-results', message: 'Nothing in the docs matches this search.' });
    // The static model finds a loosely similar section for these words (and expansion reads `helm`
    // and `chart` as nearby words of the docs); the verdict does not buy it.
    const loose = search({ q: 'kubernetes helm chart' });
    expect(loose.confidence.shouldAnswer).toBe(false);
    expect(codes(loose)).toContain('CONCEPTS_MISSING');
    expect(loose.fallback).not.toBeNull();
    const exact: SearchOptions = { ...DEFAULT_SEARCH_OPTIONS, expansion: { ...DEFAULT_SEARCH_OPTIONS.expansion, enabled: false } };
    expect(codes(search({ q: 'kubernetes helm chart' }, exact))).toEqual(expect.arrayContaining(['CONCEPTS_MISSING', 'FEW_RELEVANT']));
  });

  it('names the words the best match lacks, and suggests the query without the words the docs never use', () => {
    const known = search({ q: 'route parameters' }).confidence.score;
    const o = search({ q: 'route parameters kubernetes' });
    expect(codes(o)).toContain('CONCEPTS_MISSING');
    expect(o.confidence.reasons.find((r) => r.code === 'CONCEPTS_MISSING')!.message).toContain('“kubernetes”');
    expect(o.confidence.score).toBeLessThan(known);
    // The suggestion keeps the words as typed, in order, without the unknown one.
    const verdictWithFallback = search({ q: 'route parameters kubernetes' }, { ...DEFAULT_SEARCH_OPTIONS, confidence: { ...DEFAULT_SEARCH_OPTIONS.confidence, levels: { ...DEFAULT_SEARCH_OPTIONS.confidence.levels, byStrategy: { lookup: { high: 1, medium: 1, uncertain: 1 }, question: { high: 1, medium: 1, uncertain: 1 }, overview: { high: 1, medium: 1, uncertain: 1 } } } } });
    expect(verdictWithFallback.fallback!.suggestions[0]).toEqual({ kind: 'query', text: 'route parameters' });
    // The message names the word the docs lack: the cause, not a generic "not found".
    expect(verdictWithFallback.fallback).toMatchObject({ cause: 'not-covered', message: 'The docs don’t mention “kubernetes”.' });
    expect(verdictWithFallback.fallback!.suggestions.slice(1).every((s) => s.kind === 'page' && s.url.startsWith('/'))).toBe(true);
  });

  it('leaves a generic English word the docs never use out of known, coverage and the fallback’s message', () => {
    // `whereupon`: in analysis/generic-words.ts, nowhere in the fixture docs.
    const plain = search({ q: 'route parameters' }).confidence.signals;
    const generic = search({ q: 'route parameters whereupon' }).confidence.signals;
    expect(generic.known).toBe(1);
    expect(generic.coverage).toBe(plain.coverage);
    expect(search({ q: 'route parameters kubernetes' }).confidence.signals.known).toBe(0);
    const never = { ...DEFAULT_SEARCH_OPTIONS, confidence: { ...DEFAULT_SEARCH_OPTIONS.confidence, levels: { ...DEFAULT_SEARCH_OPTIONS.confidence.levels, byStrategy: { lookup: { high: 1, medium: 1, uncertain: 1 }, question: { high: 1, medium: 1, uncertain: 1 }, overview: { high: 1, medium: 1, uncertain: 1 } } } } };
    expect(search({ q: 'route parameters kubernetes whereupon' }, never).fallback).toMatchObject({ cause: 'not-covered', message: 'The docs don’t mention “kubernetes”.' });
  });

  it('still returns the closest candidates when it falls back', () => {
    const strict = { ...DEFAULT_SEARCH_OPTIONS, confidence: { ...DEFAULT_SEARCH_OPTIONS.confidence, levels: { ...DEFAULT_SEARCH_OPTIONS.confidence.levels, byStrategy: { lookup: { high: 1, medium: 1, uncertain: 1 }, question: { high: 1, medium: 1, uncertain: 1 }, overview: { high: 1, medium: 1, uncertain: 1 } } } } };
    const o = search({ q: 'route parameters' }, strict);
    expect(o.confidence.shouldAnswer).toBe(false);
    expect(o.confidence.outcome).toBe('fallback');
    // Every word is in the docs and something matched: the general sentence.
    expect(o.fallback).toMatchObject({ cause: 'off-topic', message: 'I couldn’t find this in the docs.' });
    expect(o.results.length).toBeGreaterThan(0);
    expect(o.fallback!.suggestions.filter((s) => s.kind === 'page').map((s) => s.text)).toContain('Routing');
  });

  it('judges a keyword-only pack on the signals it has, and says so', () => {
    const o = search({ q: 'route parameters' }, DEFAULT_SEARCH_OPTIONS, keywordPack);
    expect(codes(o)).toContain('KEYWORD_ONLY');
    expect(o.confidence.signals.topCosine).toBeNull();
    expect(o.confidence.signals.agreement).toBeNull();
    expect(o.confidence.shouldAnswer).toBe(true);
  });

  it('shows the results under a notice between the uncertain and medium thresholds: no fallback, not an answer', () => {
    const t = { high: 1, medium: 1, uncertain: 0 };
    const band = { ...DEFAULT_SEARCH_OPTIONS, confidence: { ...DEFAULT_SEARCH_OPTIONS.confidence, levels: { ...DEFAULT_SEARCH_OPTIONS.confidence.levels, byStrategy: { lookup: t, question: t, overview: t } } } };
    const o = search({ q: 'route parameters' }, band);
    expect(o.confidence).toMatchObject({ outcome: 'uncertain', shouldAnswer: false, level: 'low' });
    expect(o.fallback).toBeNull();
    expect(o.results.length).toBeGreaterThan(0);
    // Nothing matched: a fallback whatever the thresholds say.
    const none = search({ q: 'quantum chromodynamics lattice' }, band);
    expect(none.confidence.outcome).toBe('fallback');
    expect(none.fallback!.cause).toBe('no-results');
  });

  it('speaks the request’s language', () => {
    const o = search({ q: 'kubernetes helm', lang: 'ja' });
    // Nothing matched either word in Japanese sections: the no-results sentence.
    expect(o.fallback).toMatchObject({ cause: 'no-results', message: 'この検索に一致する内容はドキュメントにありません。' });
    expect(o.confidence.reasons[0]!.message).toMatch(/[\u3040-\u30ff]/);
    const zh = search({ q: 'kubernetes helm', lang: 'zh-cn' });
    expect(zh.fallback!.message).toBe('文档中没有与此搜索匹配的内容。');
  });

  it('detects the strategy of a question and of an overview', () => {
    expect(search({ q: 'how do I protect pages from anonymous visitors' }).confidence.strategy).toBe('question');
    expect(search({ q: 'middleware' }).confidence.strategy).toBe('overview');
  });

  it('relaxed mode lowers the thresholds it decides by', () => {
    const strict = search({ q: 'route parameters' }).confidence;
    const relaxed = search({ q: 'route parameters', confidence: 'relaxed' }).confidence;
    expect(relaxed.mode).toBe('relaxed');
    expect(relaxed.thresholds.medium).toBeLessThan(strict.thresholds.medium);
    expect(relaxed.score).toBe(strict.score);
  });

  it('uses the site’s fallback message and link, per language, with ours where it has none', () => {
    const options: SearchOptions = {
      ...DEFAULT_SEARCH_OPTIONS,
      confidence: {
        ...DEFAULT_SEARCH_OPTIONS.confidence,
        fallback: { ...DEFAULT_SEARCH_OPTIONS.confidence.fallback, messages: { en: 'Nothing here — ask on Discord.' }, link: { url: 'https://example.com/issues', text: { en: 'Open an issue' } } },
      },
    };
    const en = search({ q: 'kubernetes helm chart' }, options);
    expect(en.fallback).toMatchObject({ message: 'Nothing here — ask on Discord.', link: { url: 'https://example.com/issues', text: 'Open an issue' } });
    const ja = search({ q: 'kubernetes helm chart', lang: 'ja' }, options);
    expect(ja.fallback!.message).toBe('この検索に一致する内容はドキュメントにありません。');
    expect(ja.fallback!.link).toEqual({ url: 'https://example.com/issues', text: 'お問い合わせ' });
  });

  it('refuses an unknown mode with a clear error', () => {
    expect(() => parseSearchRequest({ q: 'x', confidence: 'lenient' }, DEFAULT_SEARCH_OPTIONS)).toThrow(/BAD_CONFIDENCE_MODE|strict, relaxed/);
  });
});

// Not the verdict, but this file's pack is the fixture site built as in production, with vectors.
describe('per-query route weights (routeWeighting, issue 18)', () => {
  // The fusion's order, before the learned reranking (rank/rerank.ts), which would reorder all three.
  const fused = { ...DEFAULT_SEARCH_OPTIONS, rerank: { ...DEFAULT_SEARCH_OPTIONS.rerank, enabled: false } };
  const keywordOnly = { ...fused, fuse: { ...fused.fuse, weights: { keyword: 1, vector: 0 } } };
  const adaptive = fused;
  const equalVote = { ...fused, routeWeighting: { ...fused.routeWeighting, byKeywordCoverage: false } };
  const ids = (o: SearchOutcome) => o.results.map((r) => r.id);

  it('by default, ranks a query its best keyword hit holds whole as the keyword route does, where the equal vote differs', () => {
    for (const q of ['cache headers', 'error handling']) {
      const lookup = ids(search({ q }, keywordOnly));
      expect(ids(search({ q }, equalVote)), q).not.toEqual(lookup);
      expect(ids(search({ q }, adaptive)), q).toEqual(lookup);
    }
  });

  it('lets the vector route vote when the best keyword hit lacks a concept', () => {
    const o = search({ q: 'route parameters kubernetes' }, adaptive);
    expect(o.results.some((r) => r.routes.vector !== undefined)).toBe(true);
  });
});

describe('the answer, and what the verdict reads of it (issue 50)', () => {
  it('answers with the top section\'s sentence, its link and heading, only for an `answer` outcome', () => {
    const o = search({ q: 'route parameters' });
    expect(o.confidence.outcome).toBe('answer');
    expect(o.answer).toMatchObject({ url: o.results[0]!.url, heading: o.results[0]!.title });
    expect(o.answer!.text).toMatch(/route parameter/i);
    // Never the heading alone.
    expect(o.answer!.text).not.toBe(o.results[0]!.title);
    const off = search({ q: 'kubernetes helm chart' });
    expect(off.confidence.outcome).not.toBe('answer');
    expect(off.answer).toBeNull();
  });

  it('a question whose top section holds no sentence answering it is `uncertain`, and says why', () => {
    const open = { high: 0, medium: 0, uncertain: 0 };
    const always: SearchOptions = { ...DEFAULT_SEARCH_OPTIONS, confidence: { ...DEFAULT_SEARCH_OPTIONS.confidence, levels: { byStrategy: { question: open, lookup: open, overview: open } } } };
    const q = 'how do I protect pages from anonymous visitors';
    // With every threshold at 0 the score answers; no sentence does, so the outcome is uncertain.
    const o = search({ q }, always);
    expect(o.confidence.strategy).toBe('question');
    expect(o.answer).toBeNull();
    expect(o.confidence.outcome).toBe('uncertain');
    expect(o.confidence.level).toBe('low');
    expect(codes(o)).toContain('NO_ANSWER');
    // Without the requirement, the same score answers.
    const lax = search({ q }, { ...always, answer: { ...always.answer, required: false } });
    expect(lax.confidence.outcome).toBe('answer');
    expect(codes(lax)).not.toContain('NO_ANSWER');
  });

  it('offers "did you mean" only with an answer', () => {
    const typo = search({ q: 'route paramters' });
    expect(typo.confidence.outcome).toBe('answer');
    expect(typo.correction).toMatchObject({ words: [{ typed: 'paramters', corrected: 'parameters' }] });
    // `helm` is read as `help`, but what that finds is no answer: no suggestion that the docs cover it.
    const unrelated = search({ q: 'kubernetes helm' });
    expect(unrelated.confidence.outcome).not.toBe('answer');
    expect(unrelated.correction).toBeNull();
  });
});
