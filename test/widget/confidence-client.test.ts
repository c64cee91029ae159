/**
 * Reading the Worker's `confidence` and `fallback` fields (search-client.ts), which the browser
 * tests in recall-box.test.ts exercise end to end; here the malformed and missing cases.
 */
import { describe, expect, it } from 'vitest';
import { STRINGS } from '../../src/widget/strings.ts';
import { parseConfidence, parseCorrection, parseFallback, type SearchConfidence } from '../../src/widget/search-client.ts';

const LOW: SearchConfidence = { score: 0.2, level: 'low', shouldAnswer: false, outcome: 'fallback', reasons: [] };

describe('parseConfidence', () => {
  it('reads the verdict the widget uses from a current Worker body', () => {
    const body = {
      results: [],
      confidence: {
        score: 0.18,
        level: 'low',
        shouldAnswer: false,
        outcome: 'fallback',
        strategy: 'question',
        mode: 'strict',
        thresholds: { high: 0.75, medium: 0.45 },
        calibrated: true,
        reasons: [
          { code: 'FEW_RELEVANT', message: 'Only 1 section matches.', effect: 'lowers' },
          { code: 'ROUTES_AGREE', message: 'Both routes agree.', effect: 'raises' },
        ],
        signals: { topCosine: 0.4, agreement: null },
      },
    };
    expect(parseConfidence(body)).toEqual({
      score: 0.18,
      level: 'low',
      shouldAnswer: false,
      outcome: 'fallback',
      reasons: [
        { code: 'FEW_RELEVANT', message: 'Only 1 section matches.', effect: 'lowers' },
        { code: 'ROUTES_AGREE', message: 'Both routes agree.', effect: 'raises' },
      ],
    });
  });

  it('is null for an older Worker (no field) and for a verdict without a known level and a numeric score', () => {
    for (const confidence of [undefined, null, 'low', [], {}, { level: 'low' }, { score: 0.2 }, { score: 0.2, level: 'LOW' }, { score: NaN, level: 'low' }, { score: '0.2', level: 'low' }]) {
      expect(parseConfidence({ results: [], confidence })).toBeNull();
    }
    expect(parseConfidence(undefined)).toBeNull();
  });

  it('derives shouldAnswer from the level when it is not a boolean, clamps the score and drops malformed reasons', () => {
    const c = parseConfidence({
      confidence: {
        score: 1.7,
        level: 'low',
        shouldAnswer: 'yes',
        reasons: [null, { code: 'A', message: 'ok', effect: 'lowers' }, { code: 'B', message: 'x', effect: 'down' }, { code: 'C', effect: 'lowers' }, { code: 'D', message: '  ', effect: 'neutral' }],
      },
    });
    expect(c).toEqual({ score: 1, level: 'low', shouldAnswer: false, outcome: 'fallback', reasons: [{ code: 'A', message: 'ok', effect: 'lowers' }] });
    expect(parseConfidence({ confidence: { score: -3, level: 'medium' } })).toMatchObject({ score: 0, shouldAnswer: true, outcome: 'answer', reasons: [] });
  });

  it('reads each outcome a current Worker sends', () => {
    for (const [outcome, level, shouldAnswer] of [
      ['answer', 'high', true],
      ['uncertain', 'low', false],
      ['fallback', 'low', false],
    ] as const) {
      expect(parseConfidence({ confidence: { score: 0.5, level, shouldAnswer, outcome } })?.outcome).toBe(outcome);
    }
  });

  it('derives the outcome from shouldAnswer when an older Worker sends none, or one it does not know', () => {
    for (const outcome of [undefined, null, 'UNCERTAIN', 'maybe', 1, {}]) {
      expect(parseConfidence({ confidence: { score: 0.8, level: 'high', shouldAnswer: true, outcome } })?.outcome).toBe('answer');
      expect(parseConfidence({ confidence: { score: 0.2, level: 'low', shouldAnswer: false, outcome } })?.outcome).toBe('fallback');
    }
    // Neither outcome nor shouldAnswer: the level decides, as the Worker's own rule does.
    expect(parseConfidence({ confidence: { score: 0.2, level: 'low' } })?.outcome).toBe('fallback');
  });
});

describe('parseFallback', () => {
  it('is null when there is no verdict or the verdict says answer, whatever the body holds', () => {
    const body = { fallback: { message: 'm', suggestions: [] } };
    expect(parseFallback(body, null)).toBeNull();
    expect(parseFallback(body, { ...LOW, level: 'medium', shouldAnswer: true, outcome: 'answer' })).toBeNull();
  });

  it('is null for an uncertain outcome, whose results are listed, even if the body holds a fallback', () => {
    const body = { confidence: { score: 0.3, level: 'low', shouldAnswer: false, outcome: 'uncertain' }, fallback: { message: 'm', cause: 'off-topic', suggestions: [] } };
    const confidence = parseConfidence(body);
    expect(confidence).toMatchObject({ level: 'low', shouldAnswer: false, outcome: 'uncertain' });
    expect(parseFallback(body, confidence)).toBeNull();
    expect(parseFallback({ ...body, fallback: null }, confidence)).toBeNull();
  });

  it('reads the cause of a current Worker, and takes a missing or unknown one as off-topic', () => {
    for (const cause of ['no-results', 'not-covered', 'off-topic'] as const) {
      expect(parseFallback({ fallback: { message: 'm', cause, suggestions: [] } }, LOW)).toEqual({ message: 'm', cause, suggestions: [] });
    }
    for (const cause of [undefined, null, 'NOT-COVERED', 'elsewhere', 3]) {
      expect(parseFallback({ fallback: { message: 'm', cause, suggestions: [] } }, LOW)?.cause).toBe('off-topic');
    }
  });

  it('keeps well-formed suggestions and link, dropping the rest', () => {
    const fallback = parseFallback(
      {
        fallback: {
          message: 'Not here.',
          suggestions: [
            { kind: 'query', text: 'install' },
            { kind: 'page', text: 'Install', url: '/install/' },
            { kind: 'page', text: 'No url' },
            { kind: 'query', text: '' },
            { kind: 'other', text: 'x', url: '/x' },
            'install',
          ],
          link: { url: 'https://example.com/issues', text: 'Ask us' },
        },
      },
      LOW,
    );
    expect(fallback).toEqual({
      message: 'Not here.',
      cause: 'off-topic',
      suggestions: [
        { kind: 'query', text: 'install' },
        { kind: 'page', text: 'Install', url: '/install/' },
      ],
      link: { url: 'https://example.com/issues', text: 'Ask us' },
    });
  });

  it('still gives a fallback, with the default message, when a not-answering verdict comes without a usable one', () => {
    for (const fallback of [undefined, null, 7, { message: '', suggestions: 'x', link: { url: 5, text: 'Ask' } }]) {
      expect(parseFallback({ fallback }, LOW)).toEqual({ message: STRINGS.en.fallback, cause: 'off-topic', suggestions: [] });
    }
  });
});

describe('parseCorrection', () => {
  it('reads a well-formed correction and drops malformed word pairs', () => {
    const words = [{ typed: 'conifdence', corrected: 'confidence' }];
    expect(parseCorrection({ correction: { query: 'confidence', words } })).toEqual({ query: 'confidence', words });
    expect(parseCorrection({ correction: { query: 'confidence', words: [...words, { typed: 'x' }, null, 'y'] } })).toEqual({ query: 'confidence', words });
  });

  it('is null without a correction, without a query, or without one usable word', () => {
    for (const correction of [undefined, null, 'confidence', { words: [] }, { query: '', words: [{ typed: 'a', corrected: 'b' }] }, { query: 'q', words: [{ typed: 'a' }] }, { query: 'q', words: 'a' }]) {
      expect(parseCorrection({ correction })).toBeNull();
    }
  });
});
