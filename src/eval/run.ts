/**
 * The evaluation runner: indexes a dataset into each system, runs every query, scores the rankings
 * and (for systems that report confidence) runs the withheld-documents protocol.
 *
 * Determinism: the figures depend only on the dataset, the systems and the protocol constants —
 * query order is the dataset's, the withheld units are seeded. Latencies are measured and vary.
 *
 * Queries without any relevant judgement are left out of every metric, for every system alike:
 * recall, AP and nDCG are undefined for them (trec_eval skips them for the same reason), and
 * scoring them 0 would only scale all systems down. Their number is reported.
 */
import {
  DEFAULT_CONFIDENCE_THRESHOLD,
  PRECISION_DEPTH,
  confidenceMetrics,
  fullSelectiveCurve,
  signalAuroc,
  selectiveCurve,
  type ConfidenceMetrics,
  type ConfidenceSample,
  type SelectivePoint,
} from './confidence.ts';
import { WITHHOLD_SEED, WITHHOLD_SHARE, splitForWithholding } from '../datasets/withhold.ts';
import { ANSWER_OUTCOMES, answering, outcomeOf, type Answering } from './answering.ts';
import {
  averagePrecisionAt,
  firstRelevantRank,
  mean,
  ndcgAt,
  percentile,
  precisionAt,
  recallAt,
  reciprocalRankAt,
  relevantCount,
} from './metrics.ts';
import type { AnswerOutcome, EvalAnswer, EvalDataset, EvalHit, EvalQuery, EvalSystem } from './types.ts';

/** Hits requested per query: the deepest cutoff (MAP@100, Recall@100). Same for every system. */
export const SEARCH_DEPTH = 100;
/** nDCG@10 and MRR@10: the first results page. */
export const TOP_CUTOFF = 10;
/** MAP@100 and Recall@100. */
export const DEEP_CUTOFF = 100;
/**
 * Queries run once, untimed, before the timed pass: the first calls of a freshly built index pay
 * for JIT compilation and lazy structures, which is not per-query latency. 10 is enough to warm
 * every code path of a search without costing a noticeable share of the run.
 */
export const WARMUP_QUERIES = 10;
/** Units kept per query in the per-query rows: the first results page, enough to see a failure. */
export const ROW_TOP_UNITS = 10;

/**
 * A system's ranking as units, deduplicated keeping the first occurrence: two sections of one page
 * are one result for a page-level judgement, and the second must not push other pages down.
 */
export function unitRanking(hits: readonly EvalHit[], unitOf: (docId: string) => string): string[] {
  const seen = new Set<string>();
  const units: string[] = [];
  for (const hit of hits) {
    const unit = unitOf(hit.docId);
    if (!seen.has(unit)) {
      seen.add(unit);
      units.push(unit);
    }
  }
  return units;
}

/** The pool of the first hit of each of the first TOP_CUTOFF units; null when the hits carry no pool. */
export function topPools(hits: readonly EvalHit[], unitOf: (docId: string) => string): string[] | null {
  if (hits.length === 0 || hits.every((h) => h.pool === undefined)) return hits.length === 0 ? [] : null;
  const seen = new Set<string>();
  const pools: string[] = [];
  for (const hit of hits) {
    const unit = unitOf(hit.docId);
    if (seen.has(unit)) continue;
    seen.add(unit);
    pools.push(hit.pool ?? 'unknown');
    if (pools.length === TOP_CUTOFF) break;
  }
  return pools;
}

/** The queries the harness scores: those with at least one relevant judgement. */
export function evaluatedQueries(dataset: EvalDataset): EvalQuery[] {
  return dataset.queries.filter((q) => relevantCount(dataset.qrels.get(q.id) ?? new Map()) > 0);
}

/** One system's answer to one query, as units. */
export interface RankedAnswer {
  queryId: string;
  units: string[];
  /** The pool of each of the first TOP_CUTOFF units (its first hit's), or null when hits carry none. */
  topPools: string[] | null;
  confidence: number | undefined;
  answered?: boolean;
  /** What the reader was shown (EvalAnswer.outcome); searchAll sets it with `answered`. */
  outcome?: AnswerOutcome;
  signals?: Readonly<Record<string, number | null>>;
  ms: number;
}

/**
 * A system's decision, checked and completed: both `answered` and `outcome`, or neither. An
 * outcome the harness does not know, or one that contradicts `answered`, is a system bug that
 * would silently skew the shares, so it fails the run.
 */
export function decisionOf(system: string, queryId: string, answer: Pick<EvalAnswer, 'answered' | 'outcome'>): { answered: boolean; outcome: AnswerOutcome } | null {
  const { answered, outcome } = answer;
  if (outcome !== undefined && !ANSWER_OUTCOMES.includes(outcome)) {
    throw new Error(`${system}: outcome '${String(outcome)}' for query ${queryId} is none of ${ANSWER_OUTCOMES.join(', ')}`);
  }
  if (outcome !== undefined && answered !== undefined && answered !== (outcome === 'answer')) {
    throw new Error(`${system}: answered ${answered} but outcome '${outcome}' for query ${queryId}`);
  }
  const decided = outcomeOf(answer);
  return decided === undefined ? null : { answered: decided === 'answer', outcome: decided };
}

/** Runs the queries against an indexed system: a warm-up pass, then one timed pass. */
export async function searchAll(system: EvalSystem, queries: readonly EvalQuery[], unitOf: (docId: string) => string): Promise<RankedAnswer[]> {
  for (const q of queries.slice(0, WARMUP_QUERIES)) await system.search(q.text, SEARCH_DEPTH);
  const answers: RankedAnswer[] = [];
  // One query at a time, so each one's time is its own.
  for (const q of queries) {
    const started = performance.now();
    const answer = await system.search(q.text, SEARCH_DEPTH);
    const ms = performance.now() - started;
    const c = answer.confidence;
    if (c !== undefined && !(c >= 0 && c <= 1)) {
      throw new Error(`${system.name}: confidence ${c} for query ${q.id} is outside [0, 1]`);
    }
    const hits = answer.hits.slice(0, SEARCH_DEPTH);
    const decision = decisionOf(system.name, q.id, answer);
    answers.push({
      queryId: q.id,
      units: unitRanking(hits, unitOf),
      topPools: topPools(hits, unitOf),
      confidence: c,
      ...decision,
      ...(answer.signals !== undefined && { signals: answer.signals }),
      ms,
    });
  }
  return answers;
}

/** Per-query figures of one system, for failure analysis. */
export interface QueryRow {
  queryId: string;
  ndcg10: number;
  ap100: number;
  recall100: number;
  rr10: number;
  /** 1-based rank of the first relevant unit anywhere in the returned ranking, null if none. */
  firstRelevantRank: number | null;
  ms: number;
  confidence: number | null;
  /** The first ROW_TOP_UNITS units returned. */
  top: string[];
}

export interface SystemResult {
  name: string;
  peer: boolean;
  description: string;
  indexMs: number;
  ndcg10: number;
  map100: number;
  recall100: number;
  mrr10: number;
  p50Ms: number;
  p95Ms: number;
  /** Whether the system put a confidence on every answer (all-or-none is enforced). */
  reportsConfidence: boolean;
  /**
   * Share of each pool among the top TOP_CUTOFF units, averaged over queries that returned any;
   * null for a system whose hits carry no pool.
   */
  poolShares: Record<string, number> | null;
  /**
   * For a system that decides what to show (recall-box's verdict `outcome`): how it treated the
   * scored queries — all answerable: each has a relevant unit in the index — and the dataset's
   * unanswerable ones (eval/answering.ts). Null for a system that always shows its list.
   */
  answering: Answering | null;
  rows: QueryRow[];
}

/** Scores one system's answers. Pure. */
export function scoreAnswers(
  system: Pick<EvalSystem, 'name' | 'peer' | 'description'>,
  indexMs: number,
  answers: readonly RankedAnswer[],
  dataset: EvalDataset,
  /** The system's answers to the dataset's unanswerable queries (asked of deciding systems only). */
  unanswerable: readonly RankedAnswer[] = [],
): SystemResult {
  const rows = answers.map((a): QueryRow => {
    const judged = dataset.qrels.get(a.queryId) ?? new Map<string, number>();
    return {
      queryId: a.queryId,
      ndcg10: ndcgAt(a.units, judged, TOP_CUTOFF),
      ap100: averagePrecisionAt(a.units, judged, DEEP_CUTOFF),
      recall100: recallAt(a.units, judged, DEEP_CUTOFF),
      rr10: reciprocalRankAt(a.units, judged, TOP_CUTOFF),
      firstRelevantRank: firstRelevantRank(a.units, judged),
      ms: a.ms,
      confidence: a.confidence ?? null,
      top: a.units.slice(0, ROW_TOP_UNITS),
    };
  });
  const withConfidence = answers.filter((a) => a.confidence !== undefined).length;
  if (withConfidence !== 0 && withConfidence !== answers.length) {
    throw new Error(`${system.name}: confidence on ${withConfidence} of ${answers.length} answers; a system reports it on every answer or none`);
  }
  const ms = rows.map((r) => r.ms);
  return {
    name: system.name,
    peer: system.peer,
    description: system.description,
    indexMs,
    ndcg10: mean(rows.map((r) => r.ndcg10)),
    map100: mean(rows.map((r) => r.ap100)),
    recall100: mean(rows.map((r) => r.recall100)),
    mrr10: mean(rows.map((r) => r.rr10)),
    p50Ms: percentile(ms, 50),
    p95Ms: percentile(ms, 95),
    reportsConfidence: answers.length > 0 && withConfidence === answers.length,
    poolShares: poolShares(answers),
    answering: answering(
      answers.map((a, i) => ({ ...a, firstRelevantRank: rows[i]!.firstRelevantRank })),
      unanswerable,
    ),
    rows,
  };
}

function poolShares(answers: readonly RankedAnswer[]): Record<string, number> | null {
  if (answers.some((a) => a.topPools === null)) return null;
  const answered = answers.filter((a) => a.topPools!.length > 0);
  if (answered.length === 0) return null;
  const sums = new Map<string, number>();
  for (const a of answered) for (const pool of a.topPools!) sums.set(pool, (sums.get(pool) ?? 0) + 1 / a.topPools!.length);
  return Object.fromEntries([...sums].sort(([a], [b]) => a.localeCompare(b)).map(([pool, sum]) => [pool, sum / answered.length]));
}

/** The protocol's outcome for one system. */
export interface SystemConfidence {
  name: string;
  metrics: ConfidenceMetrics;
  /** At SELECTIVE_THRESHOLDS, for the table. */
  curve: SelectivePoint[];
  /** At every distinct confidence, for the plot. */
  fullCurve: SelectivePoint[];
  /** AUROC of each reported signal alone (over the queries that measured it): which signals separate. */
  signalAuroc: Record<string, number>;
  samples: ConfidenceSample[];
}

export interface ConfidenceRun {
  seed: number;
  share: number;
  units: number;
  withheldUnits: number;
  indexedDocs: number;
  answerable: number;
  unanswerable: number;
  /** Queries that lost some of their relevant units: left out of both classes. */
  partial: number;
  threshold: number;
  bySystem: SystemConfidence[];
}

export interface Evaluation {
  dataset: string;
  docs: number;
  /** Queries in the dataset. */
  queries: number;
  /** Queries scored (those with a relevant judgement). */
  evaluated: number;
  /** Queries marked unanswerable, asked of the systems that decide whether to answer. */
  unanswerable: number;
  graded: boolean;
  systems: SystemResult[];
  /** Null when the protocol was not run or no system reports confidence. */
  confidence: ConfidenceRun | null;
}

export interface EvaluateOptions {
  /** Run the withheld-documents protocol (default true). */
  confidence?: boolean;
  seed?: number;
  share?: number;
  threshold?: number;
  /** Progress lines (system indexed, protocol started); the CLI prints them to stderr. */
  log?: (line: string) => void;
}

/**
 * Runs every system on the dataset, then the withheld-documents protocol on the systems that
 * reported confidence. `makeSystems` is called once per phase: the protocol needs fresh instances
 * indexed on the reduced collection, and the contract does not promise that `index` can be called twice.
 */
export async function evaluate(dataset: EvalDataset, makeSystems: () => EvalSystem[], options: EvaluateOptions = {}): Promise<Evaluation> {
  const log = options.log ?? (() => {});
  const queries = evaluatedQueries(dataset);
  const systems = makeSystems();
  assertUniqueNames(systems);

  const results: SystemResult[] = [];
  for (const system of systems) {
    const started = performance.now();
    await system.index(dataset.docs);
    const indexMs = performance.now() - started;
    const answers = await searchAll(system, queries, dataset.unitOf);
    // Only a system that decides whether to answer is asked what the docs do not answer: for one
    // that always lists, there is nothing to count.
    const decides = answers.length > 0 && answers.every((a) => a.answered !== undefined);
    const unanswered = decides && dataset.unanswerable ? await searchAll(system, dataset.unanswerable, dataset.unitOf) : [];
    const result = scoreAnswers(system, indexMs, answers, dataset, unanswered);
    log(`${system.name}: indexed ${dataset.docs.length} docs in ${indexMs.toFixed(0)} ms; nDCG@10 ${result.ndcg10.toFixed(4)}`);
    results.push(result);
  }

  const reporting = new Set(results.filter((r) => r.reportsConfidence).map((r) => r.name));
  const confidence =
    options.confidence === false || reporting.size === 0
      ? null
      : await runProtocol(dataset, makeSystems().filter((s) => reporting.has(s.name)), options, log);

  return {
    dataset: dataset.name,
    docs: dataset.docs.length,
    queries: dataset.queries.length,
    evaluated: queries.length,
    unanswerable: dataset.unanswerable?.length ?? 0,
    graded: dataset.graded,
    systems: results,
    confidence,
  };
}

async function runProtocol(dataset: EvalDataset, systems: EvalSystem[], options: EvaluateOptions, log: (line: string) => void): Promise<ConfidenceRun> {
  const seed = options.seed ?? WITHHOLD_SEED;
  const share = options.share ?? WITHHOLD_SHARE;
  const threshold = options.threshold ?? DEFAULT_CONFIDENCE_THRESHOLD;
  const split = splitForWithholding(dataset, share, seed);
  const answerable = new Set(split.answerable);
  const unanswerable = new Set(split.unanswerable);
  const queries = dataset.queries.filter((q) => answerable.has(q.id) || unanswerable.has(q.id));
  log(
    `confidence protocol: ${split.withheld.size} of ${split.units} units withheld; ${split.answerable.length} answerable, ${split.unanswerable.length} unanswerable, ${split.partial.length} partly withheld (left out)`,
  );

  const bySystem: SystemConfidence[] = [];
  for (const system of systems) {
    await system.index(split.indexedDocs);
    const samples = (await searchAll(system, queries, dataset.unitOf)).map((a): ConfidenceSample => {
      if (a.confidence === undefined) throw new Error(`${system.name}: no confidence on query ${a.queryId} in the withheld run`);
      return {
        queryId: a.queryId,
        confidence: a.confidence,
        ...(a.answered !== undefined && { answered: a.answered }),
        ...(a.signals !== undefined && { signals: a.signals }),
        answerable: answerable.has(a.queryId),
        precision: precisionAt(a.units, dataset.qrels.get(a.queryId) ?? new Map(), PRECISION_DEPTH),
      };
    });
    bySystem.push({
      name: system.name,
      metrics: confidenceMetrics(samples, threshold),
      curve: selectiveCurve(samples),
      fullCurve: fullSelectiveCurve(samples),
      signalAuroc: signalAuroc(samples),
      samples,
    });
  }
  return {
    seed,
    share,
    units: split.units,
    withheldUnits: split.withheld.size,
    indexedDocs: split.indexedDocs.length,
    answerable: split.answerable.length,
    unanswerable: split.unanswerable.length,
    partial: split.partial.length,
    threshold,
    bySystem,
  };
}

function assertUniqueNames(systems: readonly EvalSystem[]): void {
  const seen = new Set<string>();
  for (const s of systems) {
    if (seen.has(s.name)) throw new Error(`two systems are named '${s.name}'; results are keyed by name`);
    seen.add(s.name);
  }
}
