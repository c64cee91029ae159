import { describe, expect, it } from 'vitest';
import { judgeConfidence, type JudgeInput } from '../../../src/core/confidence/verdict.ts';
import { DEFAULT_CONFIDENCE_MODEL, type ConfidenceModel } from '../../../src/core/confidence/score.ts';

// A two-word lookup both routes answer with the same page, closely (a cosine of 0.9).
const input: JudgeInput = {
  concepts: ['rout', 'param'],
  conceptIdf: [2, 3],
  conceptDf: [40, 12],
  conceptGeneric: [false, false],
  maxIdf: 6,
  sectionCount: 1000,
  keyword: { ran: true, hits: [{ id: 0, page: '/a/', score: 9 }], topScore: 9 },
  vector: { ran: true, hits: [{ id: 0, page: '/a/', score: 0.9 }], topScore: 0.9 },
  results: [{ page: '/a/', pool: 'knowledge', coverage: 1, found: ['rout', 'param'], hasExcerpt: true }],
  strategy: 'lookup',
  lang: 'en',
  mode: 'strict',
  missingWords: [],
  knownWords: null,
  unknownWords: [],
  pages: [{ title: 'Routing', url: '/a/' }],
};

const effectOf = (model: ConfidenceModel, code: string) => judgeConfidence(input, { model, calibrated: true }).confidence.reasons.find((r) => r.code === code)?.effect;

describe('judgeConfidence: reasons take their effect from the model in force', () => {
  it('reports a reason on a signal the model weighs 0 as neutral, and as raising where the model weighs it', () => {
    const weighing = (topCosine: number, agreement: number): ConfidenceModel => {
      const lookup = { ...DEFAULT_CONFIDENCE_MODEL.lookup, weights: { ...DEFAULT_CONFIDENCE_MODEL.lookup.weights, topCosine, agreement } };
      return { ...DEFAULT_CONFIDENCE_MODEL, lookup };
    };
    expect([effectOf(weighing(1, 1), 'STRONG_MATCH'), effectOf(weighing(1, 1), 'ROUTES_AGREE')]).toEqual(['raises', 'raises']);
    expect([effectOf(weighing(0, 0), 'STRONG_MATCH'), effectOf(weighing(0, 0), 'ROUTES_AGREE')]).toEqual(['neutral', 'neutral']);
    // Reasons on weighed signals keep theirs.
    expect(effectOf(weighing(0, 0), 'ALL_CONCEPTS_FOUND')).toBe('raises');
  });
});
