import { describe, expect, it } from 'vitest';
import { MESSAGE_LANGS, messageLang, REASON_CODES, reasonMessage, type ReasonCode } from '../../../src/core/confidence/messages.ts';
import fc from 'fast-check';
import { REASON_SIGNAL, REASON_SIGNALS, reasonsFor, type ReasonFacts } from '../../../src/core/confidence/reasons.ts';
import { SIGNAL_NAMES, type ConfidenceSignals, type SignalName } from '../../../src/core/confidence/signals.ts';
import { confidenceScore, DEFAULT_CONFIDENCE_MODEL, type ConfidenceModel } from '../../../src/core/confidence/score.ts';
import { modelFromCalibration } from '../../../src/core/confidence/calibration.ts';
import { fitCalibration } from '../../../src/indexer/confidence/fit.ts';
import { QUERY_STRATEGIES } from '../../../src/core/analysis/query.ts';

const calm: ConfidenceSignals = { relevant: 0.5, keywordStrength: 0.5, topCosine: 0.6, margin: 0.2, agreement: 1 / 3, coverage: 1, weightedCoverage: 1, evidence: 1, diversity: 0.67, pool: 1, known: 1, topPage: 0.8 };
const facts = (over: Partial<ReasonFacts> = {}): ReasonFacts => ({ results: 5, concepts: 2, relevantCount: 5, topCosine: 0.6, vectorRan: true, missingWords: [], ...over });
const codes = (signals: Partial<ConfidenceSignals>, f: Partial<ReasonFacts> = {}) => reasonsFor({ ...calm, ...signals }, facts(f), 'en').map((r) => r.code);

describe('reasonsFor: a reason on a signal the model gives no weight moved nothing', () => {
  const weights = (over: Partial<Record<SignalName, number>>) => ({ ...(Object.fromEntries(SIGNAL_NAMES.map((n) => [n, 1])) as Record<SignalName, number>), ...over });
  const effects = (w: Record<SignalName, number>, signals: Partial<ConfidenceSignals>, f: Partial<ReasonFacts> = {}) =>
    Object.fromEntries(reasonsFor({ ...calm, ...signals }, facts(f), 'en', undefined, w).map((r) => [r.code, r.effect]));

  it('reports it as neutral, and the same reason as raising or lowering where the signal weighs', () => {
    const strong = { topCosine: 0.9, agreement: 1 };
    expect(effects(weights({}), strong, { topCosine: 0.9 })).toMatchObject({ STRONG_MATCH: 'raises', ROUTES_AGREE: 'raises' });
    expect(effects(weights({ topCosine: 0, agreement: 0 }), strong, { topCosine: 0.9 })).toMatchObject({ STRONG_MATCH: 'neutral', ROUTES_AGREE: 'neutral' });
    expect(effects(weights({ topCosine: 0 }), { topCosine: 0.2 }, { topCosine: 0.2 })).toMatchObject({ LOW_TOP_SCORE: 'neutral' });
    // A reason on two signals weighs while either does.
    expect(effects(weights({ coverage: 0 }), { coverage: 0.5, weightedCoverage: 0.5 }, { missingWords: ['x'] })).toMatchObject({ CONCEPTS_MISSING: 'lowers' });
    // Facts no signal decides keep their effect.
    expect(effects(weights({}), {}, { results: 0 })).toMatchObject({ NO_RESULTS: 'lowers' });
  });
});

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
    ['NO_ANSWER', {}, { noAnswer: true }],
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

describe('reasons agree with the score (issue 17)', () => {
  const unit = fc.double({ min: 0, max: 1, noNaN: true });
  const signalsArb = fc.record(Object.fromEntries(SIGNAL_NAMES.map((n) => [n, fc.option(unit, { nil: null, freq: 5 })])) as Record<SignalName, fc.Arbitrary<number | null>>);
  const strategyArb = fc.constantFrom(...QUERY_STRATEGIES);
  // The facts the reasons read, as the pipeline would derive them from these signals.
  const factsOf = (s: ConfidenceSignals): ReasonFacts => ({
    results: 10,
    concepts: 3,
    relevantCount: Math.round((s.relevant ?? 1) * 3),
    topCosine: s.topCosine,
    vectorRan: s.topCosine !== null,
    missingWords: s.coverage !== null && s.coverage < 1 ? ['x'] : [],
  });
  const STEP = 0.2;

  // For every reason reported, move its signal towards the reason's condition, all else equal:
  // a lowering reason's signal down, a raising one's up. The score must not move the other way.
  const agrees = (model: ConfidenceModel) =>
    fc.assert(
      fc.property(signalsArb, strategyArb, (signals, strategy) => {
        const before = confidenceScore(signals, strategy, model);
        for (const reason of reasonsFor(signals, factsOf(signals), 'en')) {
          if (reason.effect === 'neutral') continue;
          for (const name of REASON_SIGNAL[reason.code] ?? []) {
            const v = signals[name];
            if (v === null) continue;
            const moved = reason.effect === 'lowers' ? Math.max(0, v - STEP) : Math.min(1, v + STEP);
            const after = confidenceScore({ ...signals, [name]: moved }, strategy, model);
            if (reason.effect === 'lowers' ? after > before + 1e-12 : after < before - 1e-12) return false;
          }
        }
        return true;
      }),
    );

  it('for the default model', () => agrees(DEFAULT_CONFIDENCE_MODEL));

  it('for any model calibration fits, whatever the labelled queries say', () => {
    const sample = fc.record({ signals: signalsArb, strategy: strategyArb, answerable: fc.boolean() });
    fc.assert(
      fc.property(fc.array(sample, { minLength: 40, maxLength: 80 }), (samples) => {
        fc.pre(samples.some((s) => s.answerable) && samples.some((s) => !s.answerable));
        const model = modelFromCalibration(fitCalibration(samples, { datasets: ['random'], createdAt: '2026-12-03' }));
        for (const m of Object.values(model)) for (const name of REASON_SIGNALS) expect(m.weights[name]).toBeGreaterThanOrEqual(0);
        agrees(model);
      }),
      { numRuns: 15 },
    );
  });
});
