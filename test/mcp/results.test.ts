import { describe, expect, it } from 'vitest';
import { agentSearch, agentSearchText, OUTCOME_GUIDANCE } from '../../src/mcp/results.ts';
import type { SearchResponse } from '../../src/protocol/response.ts';

const result = (rank: number, url: string) => ({ id: url, url, title: `T${rank}`, breadcrumb: ['Page', `T${rank}`], lang: 'en', snippet: { text: `text ${rank}`, highlights: [] }, score: 1, rank, match: 'keyword', routes: {} });

function body(outcome: 'answer' | 'uncertain' | 'fallback'): SearchResponse {
  return {
    query: 'q',
    index: 'default',
    buildId: 'b',
    lang: 'en',
    results: [result(1, '/a/#x'), result(2, '/b/')],
    confidence: { outcome, level: outcome === 'answer' ? 'high' : 'low', shouldAnswer: outcome === 'answer', reasons: [{ code: 'WORDS_MISSING', message: 'The best match does not mention “q”.', effect: 'lowers' }] },
    answer: outcome === 'answer' ? { text: 'It does this.', highlights: [], url: '/a/#x', heading: 'X', coverage: 1 } : null,
    fallback: outcome === 'fallback' ? { cause: 'not-covered', message: 'Not in the docs.', suggestions: [] } : null,
    warnings: [],
    correction: null,
    lastWordCompleted: false,
    tookMs: 1,
  } as unknown as SearchResponse;
}

describe('agentSearch', () => {
  it('keeps the results in order with their URLs and text, and the verdict as /search gave it', () => {
    const found = agentSearch(body('answer'));
    expect(found.results.map((r) => [r.rank, r.url, r.text])).toEqual([
      [1, '/a/#x', 'text 1'],
      [2, '/b/', 'text 2'],
    ]);
    expect(found).toMatchObject({ outcome: 'answer', level: 'high', shouldAnswer: true, answer: { text: 'It does this.', url: '/a/#x', heading: 'X' }, fallback: null });
    expect(agentSearch(body('fallback')).fallback).toEqual({ cause: 'not-covered', message: 'Not in the docs.' });
  });
});

describe('agentSearchText', () => {
  it('opens with the verdict and what to do with it', () => {
    for (const outcome of ['answer', 'uncertain', 'fallback'] as const) {
      const first = agentSearchText(agentSearch(body(outcome))).split('\n')[0]!;
      expect(first).toContain(`Verdict: ${outcome}`);
      expect(first).toContain(OUTCOME_GUIDANCE[outcome]);
    }
  });

  it('tells an agent on a fallback not to answer, and that the sections listed are not answers', () => {
    const text = agentSearchText(agentSearch(body('fallback')));
    expect(text).toMatch(/Cause: not-covered/);
    expect(text).toMatch(/Do not answer it from these docs/);
    expect(text).toMatch(/Nearest sections \(they do not answer it\)/);
    expect(text).not.toMatch(/^Results:/m);
  });

  it('gives the extract of an answer with its heading and URL', () => {
    expect(agentSearchText(agentSearch(body('answer')))).toMatch(/Answer \(X, \/a\/#x\): It does this\./);
  });
});
