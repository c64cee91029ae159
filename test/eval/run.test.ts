import { describe, expect, it } from 'vitest';
import { WITHHOLD_SHARE } from '../../src/datasets/withhold.ts';
import { POOLS_UNAVAILABLE, PRIMARY_SYSTEM, bestPeer, buildReport, plotSeries, renderMarkdown } from '../../src/eval/report.ts';
import { decisionOf, evaluate, evaluatedQueries, scoreAnswers, searchAll, unitRanking, type Evaluation } from '../../src/eval/run.ts';
import type { AnswerOutcome, EvalAnswer, EvalDataset, EvalDoc, EvalSystem } from '../../src/eval/types.ts';

/**
 * A stub system: ranks documents by the number of query words they contain (ties by id), and —
 * when `confident` — reports the share of query words its top document contains as confidence.
 */
class OverlapSystem implements EvalSystem {
  indexed: EvalDoc[] = [];
  constructor(
    readonly name: string,
    readonly peer: boolean,
    private readonly confident: boolean,
    readonly description = 'stub: word overlap',
  ) {}
  async index(docs: readonly EvalDoc[]): Promise<void> {
    this.indexed = [...docs];
  }
  async search(query: string, k: number): Promise<EvalAnswer> {
    const words = new Set(query.toLowerCase().split(/\W+/).filter(Boolean));
    const scored = this.indexed
      .map((d) => ({ docId: d.id, score: `${d.title} ${d.body}`.toLowerCase().split(/\W+/).filter((w) => words.has(w)).length }))
      .filter((h) => h.score > 0)
      .sort((a, b) => b.score - a.score || a.docId.localeCompare(b.docId))
      .slice(0, k);
    const answer: EvalAnswer = { hits: scored };
    if (this.confident) answer.confidence = scored.length === 0 ? 0 : Math.min(1, scored[0]!.score / words.size);
    return answer;
  }
}

/** Ten documents on distinct topics; documents come in pairs (a page with two sections). */
function dataset(): EvalDataset {
  const topics = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa'];
  const docs: EvalDoc[] = topics.flatMap((t) => [
    { id: `/${t}/#`, title: t, headings: '', body: `${t} intro`, lang: 'en' },
    { id: `/${t}/#more`, title: t, headings: 'more', body: `${t} details`, lang: 'en' },
  ]);
  const queries = [...topics.map((t) => ({ id: t, text: `${t} details` })), { id: 'nothing', text: 'unjudged' }];
  const qrels = new Map(topics.map((t) => [t, new Map([[`/${t}/`, 1]])]));
  return { name: 'stub-docs', docs, queries, qrels, graded: false, unitOf: (id) => id.replace(/#.*$/, '') };
}

describe('unitRanking', () => {
  it('maps hits to units and keeps each unit once, at its first rank', () => {
    const hits = ['/a/#x', '/a/#y', '/b/#', '/a/#', '/c/#z'].map((docId, i) => ({ docId, score: 10 - i }));
    expect(unitRanking(hits, (id) => id.replace(/#.*$/, ''))).toEqual(['/a/', '/b/', '/c/']);
  });
});

describe('evaluatedQueries', () => {
  it('leaves out queries without a relevant judgement', () => {
    const d = dataset();
    d.qrels.set('nothing', new Map([['/alpha/', 0]]));
    expect(evaluatedQueries(d).map((q) => q.id)).not.toContain('nothing');
    expect(evaluatedQueries(d)).toHaveLength(10);
  });
});

describe('scoreAnswers', () => {
  it('averages per-query metrics (hand-computed) and takes latency percentiles', () => {
    const d: EvalDataset = {
      name: 'tiny',
      docs: [],
      queries: [{ id: 'q1', text: '' }, { id: 'q2', text: '' }],
      qrels: new Map([
        ['q1', new Map([['a', 2], ['b', 1]])],
        ['q2', new Map([['c', 1]])],
      ]),
      graded: true,
      unitOf: (id) => id,
    };
    const result = scoreAnswers({ name: 's', peer: true, description: '' }, 5, [
      { queryId: 'q1', units: ['b', 'a'], topPools: ['reference', 'knowledge'], confidence: undefined, ms: 1 },
      { queryId: 'q2', units: ['x', 'y'], topPools: ['knowledge', 'knowledge'], confidence: undefined, ms: 3 },
    ], d);
    // q1: half reference, half knowledge; q2: all knowledge → averaged over the two queries.
    expect(result.poolShares).toEqual({ knowledge: 0.75, reference: 0.25 });
    const ideal = 2 + 1 / Math.log2(3);
    expect(result.ndcg10).toBeCloseTo((1 + 2 / Math.log2(3)) / ideal / 2, 12);
    expect(result.map100).toBeCloseTo(1 / 2, 12); // q1 AP = (1 + 1) / 2, q2 AP = 0
    expect(result.recall100).toBe(0.5);
    expect(result.mrr10).toBe(0.5);
    expect(result.p50Ms).toBe(2);
    expect(result.p95Ms).toBeCloseTo(2.9, 12);
    expect(result.rows[1]).toMatchObject({ queryId: 'q2', firstRelevantRank: null, top: ['x', 'y'], confidence: null });
    expect(result.reportsConfidence).toBe(false);
  });

  it('counts the answered queries, and those shown the fallback with a relevant unit in the top 3, only for a system that decides', () => {
    const d: EvalDataset = {
      name: 'tiny',
      docs: [],
      queries: ['q1', 'q2', 'q3', 'q4'].map((id) => ({ id, text: '' })),
      qrels: new Map(['q1', 'q2', 'q3', 'q4'].map((id) => [id, new Map([['r', 1]])])),
      graded: false,
      unitOf: (id) => id,
    };
    const answer = (queryId: string, units: string[], answered?: boolean) => ({ queryId, units, topPools: null, confidence: undefined, ms: 0, ...(answered !== undefined && { answered }) });
    const decided = scoreAnswers({ name: 's', peer: false, description: '' }, 0, [
      answer('q1', ['r'], true),
      answer('q2', ['x', 'y', 'r'], false), // hidden: third
      answer('q3', ['x', 'y', 'z', 'r'], false), // fourth: not counted as hidden
      answer('q4', [], false),
    ], d);
    expect(decided.answering).toEqual({
      answered: 0.25,
      uncertain: 0,
      shownInTop: 0.25,
      hiddenInTop: 0.25,
      unanswerableAnswered: null,
      unanswerableUncertain: null,
      auroc: null,
      unanswerable: 0,
    });
    expect(scoreAnswers({ name: 'p', peer: true, description: '' }, 0, [answer('q1', ['r'])], d).answering).toBeNull();
  });

  it('splits a deciding system’s answers by outcome: an uncertain one with the page in the top 3 is shown, not hidden', () => {
    const ids = ['q1', 'q2', 'q3', 'q4'];
    const d: EvalDataset = { name: 'tiny', docs: [], queries: ids.map((id) => ({ id, text: '' })), qrels: new Map(ids.map((id) => [id, new Map([['r', 1]])])), graded: false, unitOf: (id) => id };
    const answer = (queryId: string, units: string[], outcome: AnswerOutcome) => ({ queryId, units, topPools: null, confidence: undefined, ms: 0, outcome });
    const result = scoreAnswers({ name: 's', peer: false, description: '' }, 0, [
      answer('q1', ['x', 'r'], 'answer'),
      answer('q2', ['x', 'y', 'r'], 'uncertain'), // shown, third: not hidden
      answer('q3', ['r'], 'fallback'), // hidden
      answer('q4', ['x', 'y', 'z', 'r'], 'uncertain'), // shown, but fourth
    ], d, [answer('u1', [], 'uncertain'), answer('u2', [], 'fallback')]);
    expect(result.answering).toEqual({
      answered: 1 / 4,
      uncertain: 2 / 4,
      shownInTop: 2 / 4,
      hiddenInTop: 1 / 4,
      unanswerableAnswered: 0,
      unanswerableUncertain: 1 / 2,
      auroc: null,
      unanswerable: 2,
    });
  });

  it('counts the unanswerable queries a deciding system answered anyway, and how well its confidence separates them', () => {
    const d: EvalDataset = { name: 'tiny', docs: [], queries: [{ id: 'q1', text: '' }, { id: 'q2', text: '' }], qrels: new Map([['q1', new Map([['r', 1]])], ['q2', new Map([['r', 1]])]]), graded: false, unitOf: (id) => id };
    const answer = (queryId: string, confidence: number, answered: boolean) => ({ queryId, units: ['r'], topPools: null, confidence, answered, ms: 0 });
    const result = scoreAnswers({ name: 's', peer: false, description: '' }, 0, [answer('q1', 0.9, true), answer('q2', 0.4, false)], d, [
      answer('u1', 0.5, true),
      answer('u2', 0.1, false),
      answer('u3', 0.2, false),
      answer('u4', 0.3, false),
    ]);
    // Answerable 0.9 beats all four unanswerable; 0.4 beats three of four: AUROC (4 + 3) / 8.
    expect(result.answering).toMatchObject({ unanswerableAnswered: 0.25, auroc: 7 / 8, unanswerable: 4 });
  });

  it('refuses a system that reports confidence on some answers only', () => {
    const d = dataset();
    expect(() =>
      scoreAnswers({ name: 's', peer: false, description: '' }, 0, [
        { queryId: 'alpha', units: [], topPools: null, confidence: 0.5, ms: 0 },
        { queryId: 'beta', units: [], topPools: null, confidence: undefined, ms: 0 },
      ], d),
    ).toThrow(/every answer or none/);
  });
});

describe('decisionOf', () => {
  it('completes a decision: the outcome from `answered` for an older system, `answered` from the outcome', () => {
    expect(decisionOf('s', 'q', { answered: true })).toEqual({ answered: true, outcome: 'answer' });
    expect(decisionOf('s', 'q', { answered: false })).toEqual({ answered: false, outcome: 'fallback' });
    expect(decisionOf('s', 'q', { outcome: 'uncertain' })).toEqual({ answered: false, outcome: 'uncertain' });
    expect(decisionOf('s', 'q', { answered: true, outcome: 'answer' })).toEqual({ answered: true, outcome: 'answer' });
    expect(decisionOf('s', 'q', {})).toBeNull();
  });

  it('refuses an outcome that contradicts `answered`, or one it does not know', () => {
    expect(() => decisionOf('s', 'q7', { answered: true, outcome: 'uncertain' })).toThrow(/s: answered true but outcome 'uncertain' for query q7/);
    expect(() => decisionOf('s', 'q7', { answered: false, outcome: 'answer' })).toThrow(/answered false but outcome 'answer'/);
    expect(() => decisionOf('s', 'q7', { outcome: 'maybe' as AnswerOutcome })).toThrow(/outcome 'maybe' for query q7 is none of answer, uncertain, fallback/);
  });
});

describe('searchAll', () => {
  it('carries the system’s outcome with `answered`, and neither for a system that does not decide', async () => {
    const d = dataset();
    const withOutcome: EvalSystem = { name: 'o', peer: false, description: '', index: async () => {}, search: async () => ({ hits: [], outcome: 'uncertain' }) };
    const peer: EvalSystem = { name: 'p', peer: true, description: '', index: async () => {}, search: async () => ({ hits: [] }) };
    const [first] = await searchAll(withOutcome, d.queries.slice(0, 1), d.unitOf);
    expect(first).toMatchObject({ answered: false, outcome: 'uncertain' });
    const [listed] = await searchAll(peer, d.queries.slice(0, 1), d.unitOf);
    expect(listed).not.toHaveProperty('answered');
    expect(listed).not.toHaveProperty('outcome');
  });
});

describe('evaluate (stub systems)', () => {
  const makeSystems = () => [new OverlapSystem(PRIMARY_SYSTEM, false, true), new OverlapSystem('peer:overlap', true, false)];

  it('asks the unanswerable queries of a system that decides whether to answer, and of no other', async () => {
    class Deciding extends OverlapSystem {
      asked: string[] = [];
      override async search(query: string, k: number): Promise<EvalAnswer> {
        this.asked.push(query);
        const answer = await super.search(query, k);
        return { ...answer, answered: (answer.confidence ?? 0) > 0.5 };
      }
    }
    const deciding = new Deciding('decides', false, true);
    const peer = new OverlapSystem('peer:overlap', true, false);
    const asked: string[] = [];
    const peerSearch = peer.search.bind(peer);
    peer.search = (query, k) => (asked.push(query), peerSearch(query, k));
    const evaluation = await evaluate({ ...dataset(), unanswerable: [{ id: 'u1', text: 'omega psi' }] }, () => [deciding, peer], { confidence: false });
    expect(deciding.asked).toContain('omega psi');
    expect(asked).not.toContain('omega psi');
    expect(evaluation.unanswerable).toBe(1);
    expect(evaluation.systems[0]!.answering).toMatchObject({ unanswerableAnswered: 0, unanswerable: 1 });
    expect(evaluation.systems[1]!.answering).toBeNull();
  });

  it('scores every system on the judged queries, with page-level deduplication', async () => {
    const evaluation = await evaluate(dataset(), makeSystems, { confidence: false });
    expect(evaluation).toMatchObject({ dataset: 'stub-docs', docs: 20, queries: 11, evaluated: 10, graded: false, confidence: null });
    for (const s of evaluation.systems) {
      // Each query's own page matches both words and ranks first; its two sections count once.
      expect(s.ndcg10).toBe(1);
      expect(s.mrr10).toBe(1);
      expect(s.rows[0]!.top[0]).toBe('/alpha/');
      expect(new Set(s.rows[0]!.top).size).toBe(10); // 20 matching sections, 10 pages
      expect(s.p95Ms).toBeGreaterThanOrEqual(s.p50Ms);
    }
    expect(evaluation.systems.map((s) => s.reportsConfidence)).toEqual([true, false]);
  });

  it('runs the withheld protocol on fresh instances of the confidence-reporting systems only', async () => {
    const made: OverlapSystem[][] = [];
    const factory = () => {
      const systems = makeSystems();
      made.push(systems);
      return systems;
    };
    const evaluation = await evaluate(dataset(), factory, {});
    expect(made).toHaveLength(2);
    // The second instance of the primary system indexed 70% of the pages, whole pages only.
    const withheldRun = made[1]![0]!;
    expect(withheldRun.indexed).toHaveLength(Math.round(10 * (1 - WITHHOLD_SHARE)) * 2);
    expect(made[1]![1]!.indexed).toHaveLength(0);
    const c = evaluation.confidence!;
    expect(c.units).toBe(10);
    expect(c.withheldUnits).toBe(3);
    expect([c.answerable, c.unanswerable]).toEqual([7, 3]);
    expect(c.bySystem.map((s) => s.name)).toEqual([PRIMARY_SYSTEM]);
    const m = c.bySystem[0]!.metrics;
    // Answerable queries match both words of their page (confidence 1); unanswerable ones match
    // nothing (their topic is withheld, "details" matches others: confidence 0.5).
    expect(m.auroc).toBe(1);
    expect(m.answeredShare).toBe(1);
    expect(m.precisionAll).toBeCloseTo((7 * (1 / 3)) / 10, 12);
  });

  it('refuses two systems with the same name', async () => {
    await expect(evaluate(dataset(), () => [new OverlapSystem('x', true, false), new OverlapSystem('x', true, false)])).rejects.toThrow(/named 'x'/);
  });
});

describe('report', () => {
  it('builds the JSON shape: metrics, ratio to best peer, confidence of the primary system, pools unavailable', async () => {
    const d = dataset();
    const evaluation = await evaluate(d, () => [new OverlapSystem(PRIMARY_SYSTEM, false, true), new OverlapSystem('peer:overlap', true, false)]);
    const report = buildReport(evaluation, d, 'docs', ['a note']);
    expect(report).toMatchObject({ dataset: 'stub-docs', kind: 'docs', queries: 10, queriesInDataset: 11, queriesWithoutRelevant: 1, bestPeer: 'peer:overlap' });
    expect(report.systems[0]).toMatchObject({ name: PRIMARY_SYSTEM, peer: false, 'ndcg@10': 1, 'map@100': 1, 'recall@100': 1, 'mrr@10': 1, ratioToBestPeer: 1 });
    expect(typeof report.systems[0]!.p50Ms).toBe('number');
    expect(report.confidence).toMatchObject({ auroc: 1, answeredShare: 1, threshold: 0.5 });
    expect(report.confidence).not.toHaveProperty('curve');
    expect(report.confidenceBySystem[0]!.curve).toHaveLength(11);
    expect(report.confidenceBySystem[0]!.perQuery).toHaveLength(10);
    expect(report.pools).toEqual(POOLS_UNAVAILABLE);
    expect(report.pools.available).toBe(false);
    expect(report.perQuery[0]!.systems['peer:overlap']).toMatchObject({ 'ndcg@10': 1, firstRelevantRank: 1 });
    // Round-trips through JSON without losing fields (no NaN, no undefined).
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);

    const md = renderMarkdown(report);
    expect(md).toContain('| system | nDCG@10 | ratio to best peer | MAP@100 | Recall@100 | MRR@10 | p50 ms | p95 ms | index ms |');
    expect(md).toContain(`| **${PRIMARY_SYSTEM}** | 1.0000 | 1.000 |`);
    expect(md).toContain('| recall-box:full coverage | recall-box:full P@3 |');
    expect(md).toContain('## Pools');
    expect(md).toContain('- a note');
    expect(plotSeries(evaluation)).toHaveLength(1);
  });

  it('reports the answering shares by outcome in the JSON and the answering table', () => {
    const ids = ['q1', 'q2', 'q3', 'q4'];
    const d: EvalDataset = { name: 'tiny', docs: [], queries: ids.map((id) => ({ id, text: '' })), qrels: new Map(ids.map((id) => [id, new Map([['r', 1]])])), graded: false, unitOf: (id) => id };
    const answer = (queryId: string, units: string[], outcome: AnswerOutcome, confidence: number) => ({ queryId, units, topPools: null, confidence, ms: 0, outcome });
    const result = scoreAnswers({ name: PRIMARY_SYSTEM, peer: false, description: '' }, 0, [
      answer('q1', ['r'], 'answer', 0.9),
      answer('q2', ['x', 'r'], 'uncertain', 0.5),
      answer('q3', ['r'], 'fallback', 0.2),
      answer('q4', [], 'fallback', 0.1),
    ], d, [answer('u1', [], 'answer', 0.3), answer('u2', [], 'uncertain', 0.15), answer('u3', [], 'uncertain', 0.05), answer('u4', [], 'fallback', 0)]);
    const evaluation: Evaluation = { dataset: 'tiny', docs: 0, queries: 4, evaluated: 4, unanswerable: 4, graded: false, systems: [result], confidence: null };
    const report = buildReport(evaluation, d, 'docs');
    // AUROC: 0.9 and 0.5 beat all four unanswerable, 0.2 beats three, 0.1 two → 13 / 16.
    expect(report.systems[0]).toMatchObject({
      answeredShare: 0.25,
      uncertainShare: 0.25,
      shownInTop3Share: 0.5,
      hiddenInTop3Share: 0.25,
      unanswerableAnsweredShare: 0.25,
      unanswerableUncertainShare: 0.5,
      answerAuroc: 0.8125,
    });
    const md = renderMarkdown(report);
    expect(md).toContain('| system | answered | uncertain | shown, top 3 | fallback, top 3 | unanswerable answered | unanswerable uncertain | AUROC |');
    expect(md).toContain(`| **${PRIMARY_SYSTEM}** | 25.0% | 25.0% | 50.0% | 25.0% | 25.0% | 50.0% | 0.813 |`);
    expect(md).toContain('"uncertain": results shown under a notice');
  });

  it('bestPeer ignores recall-box systems; no peers → no ratio', () => {
    expect(bestPeer([{ peer: false, ndcg10: 0.9 }, { peer: true, ndcg10: 0.4 }, { peer: true, ndcg10: 0.5 }])).toEqual({ peer: true, ndcg10: 0.5 });
    expect(bestPeer([{ peer: false, ndcg10: 0.9 }])).toBeUndefined();
  });

  it('writes undefined metrics as null and says when the protocol did not run', async () => {
    const d = dataset();
    const evaluation = await evaluate(d, () => [new OverlapSystem('only', false, false)]);
    const report = buildReport(evaluation, d, 'docs');
    expect(report.confidence).toBeNull();
    expect(report.confidenceProtocol).toBeNull();
    expect(report.systems[0]!.ratioToBestPeer).toBeNull();
    expect(renderMarkdown(report)).toContain('Not run');
  });
});
