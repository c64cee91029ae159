/**
 * The evaluation's outputs: the JSON report (the record of a run) and the markdown rendered from
 * it, so the table printed and the file saved can never disagree.
 */
import { PRECISION_DEPTH, SELECTIVE_THRESHOLDS } from './confidence.ts';
import type { DatasetKind } from '../datasets/loaded.ts';
import { HIDDEN_DEPTH } from './answering.ts';
import { DEEP_CUTOFF, SEARCH_DEPTH, TOP_CUTOFF, WARMUP_QUERIES, type ConfidenceRun, type Evaluation, type SystemConfidence, type SystemResult } from './run.ts';
import type { EvalDataset } from './types.ts';
import type { PlotSeries } from './svg.ts';

/** The system whose confidence figures are the headline `confidence` of the report. */
export const PRIMARY_SYSTEM = 'recall-box:full';

/**
 * Below this many queries in either class (answerable, unanswerable) the markdown warns that AUROC
 * is coarse: one query of a class of n moves AUROC by up to 1/n, so under 30 a single query can
 * shift it by more than 0.03. Cranfield, with ~8 relevant documents per query, has only a handful
 * of unanswerable queries at 30% withheld.
 */
export const AUROC_MIN_CLASS = 30;

/** JSON numbers are rounded to this many decimals: more digits are noise, and diffs stay readable. */
const JSON_DECIMALS = 6;
const MS_DECIMALS = 3;

/**
 * The pools comparison: nDCG@10 and each pool's share of the top 10, for every system whose hits
 * carry their pool (recall-box:full has pools off by default, recall-box:full+pools on). When no
 * system reports pools the section says so instead of showing placeholder figures.
 */
export type PoolsJson =
  | { available: true; systems: Array<{ name: string; 'ndcg@10': number | null; top10Share: Record<string, number> }> }
  | { available: false; reason: string };

export const POOLS_UNAVAILABLE: PoolsJson = Object.freeze({
  available: false,
  reason: 'No system that ran reports the recall pool of its hits (only recall-box\'s pipeline systems do).',
});

function poolsJson(systems: readonly SystemResult[]): PoolsJson {
  const pooled = systems.filter((s) => s.poolShares !== null);
  if (pooled.length === 0) return POOLS_UNAVAILABLE;
  return {
    available: true,
    systems: pooled.map((s) => ({
      name: s.name,
      'ndcg@10': num(s.ndcg10),
      top10Share: Object.fromEntries(Object.entries(s.poolShares!).map(([k, v]) => [k, num(v as number) ?? 0])),
    })),
  };
}

export interface SystemJson {
  name: string;
  peer: boolean;
  description: string;
  'ndcg@10': number | null;
  'map@100': number | null;
  'recall@100': number | null;
  'mrr@10': number | null;
  /** nDCG@10 over the best peer's nDCG@10; null without peers. */
  ratioToBestPeer: number | null;
  p50Ms: number | null;
  p95Ms: number | null;
  indexMs: number | null;
  reportsConfidence: boolean;
  /** Share of the scored queries given `answer`, by the system's own decision; null for a system that makes none. */
  answeredShare: number | null;
  /** Share given `uncertain` (hits shown under a notice); null likewise. */
  uncertainShare: number | null;
  /** Share whose hits were shown (`answer` or `uncertain`) with a relevant unit in the top HIDDEN_DEPTH; null likewise. */
  shownInTop3Share: number | null;
  /** Share given `fallback` although a relevant unit was in the top HIDDEN_DEPTH; null likewise. */
  hiddenInTop3Share: number | null;
  /** Share of the dataset's unanswerable queries given `answer` anyway; null without them or without a decision. */
  unanswerableAnsweredShare: number | null;
  /** Share of the unanswerable queries given `uncertain`; null likewise. */
  unanswerableUncertainShare: number | null;
  /** AUROC of the confidence, answerable against unanswerable queries; null likewise. */
  answerAuroc: number | null;
}

export interface ConfidenceJson {
  name: string;
  threshold: number;
  auroc: number | null;
  answeredShare: number | null;
  unanswerableAnsweredShare: number | null;
  'precision@3Answered': number | null;
  'precision@3All': number | null;
  answerable: number;
  unanswerable: number;
  /** AUROC of each signal alone (systems that report signals). */
  signalAuroc: Record<string, number | null>;
  /** Coverage and precision@3 at 0, 0.1, …, 1. */
  curve: Array<{ threshold: number; coverage: number | null; 'precision@3': number | null }>;
  perQuery: Array<{ id: string; answerable: boolean; confidence: number | null; 'precision@3': number | null }>;
}

export interface ReportJson {
  dataset: string;
  kind: DatasetKind;
  /** Queries scored: those with at least one relevant judgement. */
  queries: number;
  queriesInDataset: number;
  queriesWithoutRelevant: number;
  /** Queries marked unanswerable (not scored; asked of the systems that decide whether to answer). */
  unanswerableQueries: number;
  docs: number;
  graded: boolean;
  settings: { searchDepth: number; topCutoff: number; deepCutoff: number; warmupQueries: number };
  notes: string[];
  bestPeer: string | null;
  systems: SystemJson[];
  /** The primary system's confidence figures (PRIMARY_SYSTEM), null if it did not run the protocol. */
  confidence: Omit<ConfidenceJson, 'curve' | 'perQuery' | 'name'> | null;
  confidenceBySystem: ConfidenceJson[];
  /** The protocol's settings and counts: ConfidenceRun without its per-system part, share named for the JSON. */
  confidenceProtocol: (Omit<ConfidenceRun, 'bySystem' | 'share'> & { withheldShare: number; precisionDepth: number }) | null;
  pools: PoolsJson;
  perQuery: Array<{
    id: string;
    text: string;
    relevant: number;
    systems: Record<
      string,
      {
        'ndcg@10': number | null;
        'ap@100': number | null;
        'recall@100': number | null;
        'rr@10': number | null;
        firstRelevantRank: number | null;
        ms: number | null;
        confidence: number | null;
        top: string[];
      }
    >;
  }>;
}

/** The best peer by nDCG@10, or undefined when no peer ran. */
export function bestPeer<T extends { peer: boolean; ndcg10: number }>(systems: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const s of systems) if (s.peer && (best === undefined || s.ndcg10 > best.ndcg10)) best = s;
  return best;
}

export function buildReport(evaluation: Evaluation, dataset: EvalDataset, kind: DatasetKind, notes: readonly string[] = []): ReportJson {
  const best = bestPeer(evaluation.systems);
  const textById = new Map(dataset.queries.map((q) => [q.id, q.text]));
  const bySystem = (evaluation.confidence?.bySystem ?? []).map(confidenceJson);
  const primary = bySystem.find((c) => c.name === PRIMARY_SYSTEM);
  const perQuery = (evaluation.systems[0]?.rows ?? []).map((row, i) => ({
    id: row.queryId,
    text: textById.get(row.queryId) ?? '',
    relevant: [...(dataset.qrels.get(row.queryId) ?? [])].filter(([, g]) => g > 0).length,
    systems: Object.fromEntries(
      evaluation.systems.map((s) => {
        const r = s.rows[i]!;
        return [
          s.name,
          {
            'ndcg@10': num(r.ndcg10),
            'ap@100': num(r.ap100),
            'recall@100': num(r.recall100),
            'rr@10': num(r.rr10),
            firstRelevantRank: r.firstRelevantRank,
            ms: num(r.ms, MS_DECIMALS),
            confidence: r.confidence === null ? null : num(r.confidence),
            top: r.top,
          },
        ];
      }),
    ),
  }));
  return {
    dataset: evaluation.dataset,
    kind,
    queries: evaluation.evaluated,
    queriesInDataset: evaluation.queries,
    queriesWithoutRelevant: evaluation.queries - evaluation.evaluated,
    unanswerableQueries: evaluation.unanswerable,
    docs: evaluation.docs,
    graded: evaluation.graded,
    settings: { searchDepth: SEARCH_DEPTH, topCutoff: TOP_CUTOFF, deepCutoff: DEEP_CUTOFF, warmupQueries: WARMUP_QUERIES },
    notes: [...notes],
    bestPeer: best?.name ?? null,
    systems: evaluation.systems.map((s) => ({
      name: s.name,
      peer: s.peer,
      description: s.description,
      'ndcg@10': num(s.ndcg10),
      'map@100': num(s.map100),
      'recall@100': num(s.recall100),
      'mrr@10': num(s.mrr10),
      ratioToBestPeer: best && best.ndcg10 > 0 ? num(s.ndcg10 / best.ndcg10) : null,
      p50Ms: num(s.p50Ms, MS_DECIMALS),
      p95Ms: num(s.p95Ms, MS_DECIMALS),
      indexMs: num(s.indexMs, MS_DECIMALS),
      reportsConfidence: s.reportsConfidence,
      answeredShare: s.answering ? num(s.answering.answered) : null,
      uncertainShare: s.answering ? num(s.answering.uncertain) : null,
      shownInTop3Share: s.answering ? num(s.answering.shownInTop) : null,
      hiddenInTop3Share: s.answering ? num(s.answering.hiddenInTop) : null,
      unanswerableAnsweredShare: s.answering?.unanswerableAnswered == null ? null : num(s.answering.unanswerableAnswered),
      unanswerableUncertainShare: s.answering?.unanswerableUncertain == null ? null : num(s.answering.unanswerableUncertain),
      answerAuroc: s.answering?.auroc == null ? null : num(s.answering.auroc),
    })),
    confidence: primary ? headline(primary) : null,
    confidenceBySystem: bySystem,
    confidenceProtocol: protocolJson(evaluation.confidence),
    pools: poolsJson(evaluation.systems),
    perQuery,
  };
}

function headline(c: ConfidenceJson): Omit<ConfidenceJson, 'curve' | 'perQuery' | 'name'> {
  const { curve: _curve, perQuery: _perQuery, name: _name, ...rest } = c;
  return rest;
}

function protocolJson(run: ConfidenceRun | null): ReportJson['confidenceProtocol'] {
  if (!run) return null;
  const { bySystem: _bySystem, share, ...counts } = run;
  return { ...counts, withheldShare: share, precisionDepth: PRECISION_DEPTH };
}

function confidenceJson(c: SystemConfidence): ConfidenceJson {
  const m = c.metrics;
  return {
    name: c.name,
    threshold: m.threshold,
    auroc: num(m.auroc),
    answeredShare: num(m.answeredShare),
    unanswerableAnsweredShare: num(m.unanswerableAnsweredShare),
    'precision@3Answered': num(m.precisionAnswered),
    'precision@3All': num(m.precisionAll),
    answerable: m.answerable,
    unanswerable: m.unanswerable,
    signalAuroc: Object.fromEntries(Object.entries(c.signalAuroc).map(([k, v]) => [k, num(v)])),
    curve: c.curve.map((p) => ({ threshold: p.threshold, coverage: num(p.coverage), 'precision@3': p.precision === null ? null : num(p.precision) })),
    perQuery: c.samples.map((s) => ({ id: s.queryId, answerable: s.answerable, confidence: num(s.confidence), 'precision@3': num(s.precision) })),
  };
}

/** The plot's series: each confidence-reporting system's curve at every distinct confidence. */
export function plotSeries(evaluation: Evaluation): PlotSeries[] {
  return (evaluation.confidence?.bySystem ?? []).map((c) => ({
    name: c.name,
    points: c.fullCurve.filter((p) => p.precision !== null).map((p) => ({ x: p.coverage, y: p.precision! })),
  }));
}

/** Finite numbers rounded; NaN and infinities (undefined metrics) become null, which JSON can hold. */
function num(n: number, decimals = JSON_DECIMALS): number | null {
  if (!Number.isFinite(n)) return null;
  const f = 10 ** decimals;
  return Math.round(n * f) / f;
}

// ---- markdown -------------------------------------------------------------------------------------

export function renderMarkdown(report: ReportJson): string {
  const lines: string[] = [];
  const skipped = report.queriesWithoutRelevant;
  lines.push(`## Retrieval quality: ${report.dataset} (${report.kind})`);
  lines.push('');
  lines.push(
    `${report.docs} documents; ${report.queries} queries scored` +
      (skipped > 0 ? ` (${skipped} of ${report.queriesInDataset} have no relevant judgement and are left out for every system)` : '') +
      `; ${report.graded ? 'graded' : 'binary'} gains. ${report.settings.searchDepth} hits requested per query, deduplicated by unit.`,
  );
  lines.push('');
  lines.push('| system | nDCG@10 | ratio to best peer | MAP@100 | Recall@100 | MRR@10 | p50 ms | p95 ms | index ms |');
  lines.push('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const s of report.systems) {
    const name = s.peer ? s.name : `**${s.name}**`;
    lines.push(
      `| ${name} | ${f(s['ndcg@10'], 4)} | ${f(s.ratioToBestPeer, 3)} | ${f(s['map@100'], 4)} | ${f(s['recall@100'], 4)} | ${f(s['mrr@10'], 4)} | ${f(s.p50Ms, 3)} | ${f(s.p95Ms, 3)} | ${f(s.indexMs, 0)} |`,
    );
  }
  lines.push('');
  lines.push(report.bestPeer ? `Ratio = nDCG@10 / nDCG@10 of the best peer (${report.bestPeer}). recall-box systems in bold.` : 'No peer ran: no ratio.');
  const deciding = report.systems.filter((s) => s.answeredShare !== null);
  if (deciding.length > 0) {
    lines.push('');
    const withUnanswerable = deciding.some((s) => s.unanswerableAnsweredShare !== null);
    lines.push(
      `Answering these scored queries (each has a relevant unit in the index), by the system's own decision (recall-box: the verdict's \`outcome\`)` +
        (withUnanswerable ? `; and the ${report.unanswerableQueries} queries marked unanswerable, with the AUROC of the confidence between the two:` : ':'),
    );
    lines.push('');
    lines.push(`| system | answered | uncertain | shown, top ${HIDDEN_DEPTH} | fallback, top ${HIDDEN_DEPTH} |${withUnanswerable ? ' unanswerable answered | unanswerable uncertain | AUROC |' : ''}`);
    lines.push(`| --- | --- | --- | --- | --- |${withUnanswerable ? ' --- | --- | --- |' : ''}`);
    for (const s of deciding) {
      lines.push(
        `| **${s.name}** | ${pct(s.answeredShare)} | ${pct(s.uncertainShare)} | ${pct(s.shownInTop3Share)} | ${pct(s.hiddenInTop3Share)} |` +
          (withUnanswerable ? ` ${pct(s.unanswerableAnsweredShare)} | ${pct(s.unanswerableUncertainShare)} | ${f(s.answerAuroc, 3)} |` : ''),
      );
    }
    lines.push('');
    lines.push(
      `"answered": results shown as an answer; "uncertain": results shown under a notice that they may not answer the question; ` +
        `"shown, top ${HIDDEN_DEPTH}": results shown either way with a relevant unit among the first ${HIDDEN_DEPTH}; ` +
        `"fallback, top ${HIDDEN_DEPTH}": the fallback shown instead although a relevant unit was among the first ${HIDDEN_DEPTH}. ` +
        'A system that reports only whether it answers shows its results or the fallback.',
    );
  }

  const protocol = report.confidenceProtocol;
  lines.push('');
  lines.push('## Confidence: withheld documents');
  lines.push('');
  if (!protocol) {
    lines.push('Not run (disabled, or no system reports confidence).');
  } else {
    lines.push(
      `The relevant units of ${pct(protocol.withheldShare)} of the queries withheld from the index (${protocol.withheldUnits} of ${protocol.units} units), seed ${protocol.seed}: ` +
        `${protocol.answerable} answerable queries (every relevant unit indexed), ${protocol.unanswerable} unanswerable (none), ${protocol.partial} partly withheld and left out. Threshold ${protocol.threshold}; ` +
        `precision@${protocol.precisionDepth} counts an unanswerable query as 0.`,
    );
    const smallest = Math.min(protocol.answerable, protocol.unanswerable);
    if (smallest < AUROC_MIN_CLASS) {
      lines.push('');
      lines.push(`Caution: only ${smallest} ${smallest === protocol.unanswerable ? 'unanswerable' : 'answerable'} queries; one query moves AUROC by up to ${smallest > 0 ? (1 / smallest).toFixed(2) : 'all of it'}.`);
    }
    lines.push('');
    lines.push('| system | AUROC | answerable answered | unanswerable answered | P@3 answered | P@3 all |');
    lines.push('| --- | --- | --- | --- | --- | --- |');
    for (const c of report.confidenceBySystem) {
      lines.push(
        `| ${c.name} | ${f(c.auroc, 3)} | ${pct(c.answeredShare)} | ${pct(c.unanswerableAnsweredShare)} | ${f(c['precision@3Answered'], 4)} | ${f(c['precision@3All'], 4)} |`,
      );
    }
    const withSignals = report.confidenceBySystem.filter((c) => Object.keys(c.signalAuroc).length > 0);
    if (withSignals.length > 0) {
      const names = [...new Set(withSignals.flatMap((c) => Object.keys(c.signalAuroc)))];
      lines.push('');
      lines.push('"answered" is the system\'s own decision where it makes one (recall-box: `shouldAnswer`, by the query strategy\'s thresholds), else confidence ≥ the threshold.');
      lines.push('');
      lines.push('### Each signal alone (AUROC over the queries that measured it)');
      lines.push('');
      lines.push(`| system | ${names.join(' | ')} |`);
      lines.push(`| --- | ${names.map(() => '---').join(' | ')} |`);
      for (const c of withSignals) lines.push(`| ${c.name} | ${names.map((n) => f(c.signalAuroc[n] ?? null, 3)).join(' | ')} |`);
    }
    lines.push('');
    lines.push('### Selective answering (coverage / precision@3 by confidence threshold)');
    lines.push('');
    lines.push(`| threshold | ${report.confidenceBySystem.map((c) => `${c.name} coverage | ${c.name} P@3`).join(' | ')} |`);
    lines.push(`| --- | ${report.confidenceBySystem.map(() => '--- | ---').join(' | ')} |`);
    SELECTIVE_THRESHOLDS.forEach((t, i) => {
      const cells = report.confidenceBySystem.map((c) => `${pct(c.curve[i]?.coverage ?? null)} | ${f(c.curve[i]?.['precision@3'] ?? null, 4)}`);
      lines.push(`| ${t.toFixed(1)} | ${cells.join(' | ')} |`);
    });
  }

  lines.push('');
  lines.push('## Pools');
  lines.push('');
  if (!report.pools.available) {
    lines.push(`Not available. ${report.pools.reason}`);
  } else {
    const names = [...new Set(report.pools.systems.flatMap((s) => Object.keys(s.top10Share)))].sort();
    lines.push('Share of each recall pool among the top 10 results (averaged over queries), with nDCG@10. Pools are off by default (recall-box:full); recall-box:full+pools turns their quotas on.');
    lines.push('');
    lines.push(`| system | nDCG@10 | ${names.map((n) => `${n} share`).join(' | ')} |`);
    lines.push(`| --- | --- | ${names.map(() => '---').join(' | ')} |`);
    for (const s of report.pools.systems) lines.push(`| ${s.name} | ${f(s['ndcg@10'], 4)} | ${names.map((n) => pct(s.top10Share[n] ?? 0)).join(' | ')} |`);
  }

  if (report.notes.length > 0) {
    lines.push('');
    lines.push('## Notes');
    lines.push('');
    for (const note of report.notes) lines.push(`- ${note}`);
  }
  return lines.join('\n') + '\n';
}

function f(n: number | null, decimals: number): string {
  return n === null ? '–' : n.toFixed(decimals);
}

function pct(n: number | null): string {
  return n === null ? '–' : `${(n * 100).toFixed(1)}%`;
}
