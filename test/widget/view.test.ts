import { describe, expect, it } from 'vitest';
import type { SearchConfidence, SearchHit } from '../../src/widget/search-client.ts';
import { STRINGS } from '../../src/widget/strings.ts';
import { badgeText, listedLevel, listsHits, lowering, noted, statusOf, type View } from '../../src/widget/views/view.ts';

const s = STRINGS.en!;
const hit: SearchHit = { id: 'a', url: '/a/', title: 'A', breadcrumb: [], snippet: { text: '', highlights: [], kind: 'text' } };
const low: SearchConfidence = {
  score: 0.2,
  level: 'low',
  shouldAnswer: false,
  outcome: 'fallback',
  reasons: [
    { code: 'CONCEPTS_MISSING', message: 'missing', effect: 'lowers' },
    { code: 'ROUTES_AGREE', message: 'agree', effect: 'raises' },
  ],
};
const fallback = (revealed: boolean): View => ({ kind: 'fallback', query: 'q', hits: [hit], confidence: low, fallback: { message: 'm', cause: 'off-topic', suggestions: [] }, revealed, correction: null });
const uncertain = (hits: SearchHit[]): View => ({ kind: 'results', query: 'q', hits, confidence: { ...low, outcome: 'uncertain' }, correction: null });

describe('the view decisions', () => {
  it('lists hits for an answer, and for the fallback only once revealed', () => {
    expect(listsHits({ kind: 'results', query: 'q', hits: [hit], confidence: null, correction: null })).toBe(true);
    expect(listsHits(fallback(false))).toBe(false);
    expect(listsHits(fallback(true))).toBe(true);
    expect(listsHits({ kind: 'idle' })).toBe(false);
  });

  it('marks revealed closest matches low, an answer with its own level, and nothing else', () => {
    expect(listedLevel({ kind: 'results', query: 'q', hits: [hit], confidence: { ...low, level: 'high', shouldAnswer: true }, correction: null })).toBe('high');
    expect(listedLevel({ kind: 'results', query: 'q', hits: [hit], confidence: null, correction: null })).toBeUndefined();
    expect(listedLevel(fallback(true))).toBe('low');
    expect(listedLevel(fallback(false))).toBeUndefined();
    expect(listedLevel(uncertain([hit]))).toBe('low');
  });

  it('puts the low-confidence note over an uncertain answer and revealed matches, when there are hits', () => {
    expect(noted(uncertain([hit]))).toBe(true);
    expect(noted(fallback(true))).toBe(true);
    expect(noted(uncertain([]))).toBe(false);
    expect(noted(fallback(false))).toBe(false);
    expect(noted({ kind: 'results', query: 'q', hits: [hit], confidence: { ...low, level: 'high', shouldAnswer: true, outcome: 'answer' }, correction: null })).toBe(false);
    expect(noted({ kind: 'results', query: 'q', hits: [hit], confidence: null, correction: null })).toBe(false);
    // A word still being typed lists a fallback verdict's matches at its level, without the note.
    expect(noted({ kind: 'results', query: 'q', hits: [hit], confidence: low, correction: null })).toBe(false);
  });

  it('shows loading over everything, then an error or offline, then "no results"', () => {
    const error: View = { kind: 'error', query: 'q', message: 'boom', offline: false };
    expect(statusOf(error, true, s)).toEqual({ text: s.loading, kind: 'loading' });
    expect(statusOf(error, false, s)).toEqual({ text: 'boom', kind: 'error' });
    expect(statusOf({ ...error, offline: true }, false, s).kind).toBe('offline');
    expect(statusOf({ kind: 'results', query: 'zzz', hits: [], confidence: null, correction: null }, false, s)).toEqual({ text: s.noResults.replace('{query}', 'zzz'), kind: 'empty' });
    expect(statusOf({ kind: 'results', query: 'q', hits: [hit], confidence: null, correction: null }, false, s).text).toBe('');
  });

  it('lists only the reasons that lower confidence, and names each level on the badge', () => {
    expect(lowering(low).map((r) => r.code)).toEqual(['CONCEPTS_MISSING']);
    expect([badgeText('high', s), badgeText('medium', s), badgeText('low', s), badgeText('', s)]).toEqual([s.confidenceHigh, s.confidenceMedium, s.confidenceLow, '']);
  });
});
