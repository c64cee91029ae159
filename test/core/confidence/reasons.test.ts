import { describe, expect, it } from 'vitest';
import { MESSAGE_LANGS, messageLang, REASON_CODES, reasonMessage, type ReasonCode } from '../../../src/core/confidence/messages.ts';
import { reasonsFor, type ReasonFacts } from '../../../src/core/confidence/reasons.ts';
import type { ConfidenceSignals } from '../../../src/core/confidence/signals.ts';

const calm: ConfidenceSignals = { relevant: 0.5, keywordStrength: 0.5, topCosine: 0.6, margin: 0.2, agreement: 1 / 3, coverage: 1, weightedCoverage: 1, evidence: 1, diversity: 0.67, pool: 1 };
const facts = (over: Partial<ReasonFacts> = {}): ReasonFacts => ({ results: 5, concepts: 2, relevantCount: 5, topCosine: 0.6, vectorRan: true, missingWords: [], ...over });
const codes = (signals: Partial<ConfidenceSignals>, f: Partial<ReasonFacts> = {}) => reasonsFor({ ...calm, ...signals }, facts(f), 'en').map((r) => r.code);

describe('reasonsFor: every code has an input that triggers it', () => {
  // A calm, answerable query: only the raising fact of full coverage.
  it('baseline', () => expect(codes({})).toEqual(['ALL_CONCEPTS_FOUND']));
  const cases: Array<[ReasonCode, Partial<ConfidenceSignals>, Partial<ReasonFacts>]> = [
    ['NO_CONCEPTS', {}, { concepts: 0, results: 0 }],
    ['NO_RESULTS', {}, { results: 0 }],
    ['FEW_RELEVANT', {}, { relevantCount: 1 }],
    ['LOW_TOP_SCORE', {}, { topCosine: 0.3 }],
    ['CONCEPTS_MISSING', {}, { missingWords: ['kubernetes'] }],
    ['ROUTES_DISAGREE', { agreement: 0 }, {}],
    ['NO_EVIDENCE', { evidence: 0 }, {}],
    ['WEAK_POOL', { pool: 0 }, {}],
    ['KEYWORD_ONLY', { topCosine: null, agreement: null }, { vectorRan: false, topCosine: null }],
    ['ALL_CONCEPTS_FOUND', {}, {}],
    ['ROUTES_AGREE', { agreement: 1 }, {}],
    ['STRONG_MATCH', {}, { topCosine: 0.9 }],
  ];
  it.each(cases)('%s', (code, signals, f) => expect(codes(signals, f)).toContain(code));
  it('covers every code', () => expect(new Set(cases.map(([c]) => c))).toEqual(new Set(REASON_CODES)));

  it('lowering reasons say so, and name the missing words', () => {
    const [missing] = reasonsFor(calm, facts({ missingWords: ['kubernetes', 'helm'] }), 'en');
    expect(missing).toMatchObject({ code: 'CONCEPTS_MISSING', effect: 'lowers' });
    expect(missing!.message).toContain('“kubernetes”, “helm”');
  });
});

describe('messages', () => {
  it('every code has a non-empty message in every shipped language, distinct from English outside it', () => {
    for (const lang of MESSAGE_LANGS) {
      for (const code of REASON_CODES) {
        const text = reasonMessage(code, lang, { count: 1, similarity: 0.42, missing: ['x'] });
        expect(text.length).toBeGreaterThan(5);
        if (lang !== 'en') expect(text).not.toBe(reasonMessage(code, 'en', { count: 1, similarity: 0.42, missing: ['x'] }));
      }
    }
  });

  it('chooses the language by tag, base language, zh-* → zh-cn, else English', () => {
    expect(['en', 'zh-cn', 'zh-tw', 'ja', 'es-mx', 'pt-br', 'fr', null].map(messageLang)).toEqual(['en', 'zh-cn', 'zh-cn', 'ja', 'es', 'pt', 'en', 'en']);
    expect(reasonsFor(calm, facts({ results: 0 }), 'ja')[0]!.message).toBe('クエリに一致するドキュメントのセクションがありません。');
  });
});
