/**
 * `npm run eval -- --suite`: every collection at once, as ONE table (issue 18). Pure parts: which
 * query sets a docs site gets, and the table built from each (collection, query set)'s scores —
 * deltas, best peer, ratio, regression markers and the macro-average — rendered as markdown and
 * JSON. The I/O (finding collections, indexing, searching) is in suite-run.ts.
 *
 * Why one table: a default that wins on one collection and loses on the average is a regression,
 * and per-collection reports run one at a time never show the average. The macro-average weighs
 * each row (collection × query set) the same, whatever its number of queries (the table's
 * `queries` column): Astro's as-you-type titles, several times Cranfield's judged queries, must
 * not drown them.
 */
import type { Page } from '../core/index.ts';
import type { KnownItemQuery } from '../datasets/docs.ts';
import { asYouTypeQueries, typoQueries } from '../datasets/query-variants.ts';
import { headingQueries, titleQueries, type TitleQuery } from '../datasets/title-queries.ts';

/** The default configuration: the one whose regressions the table marks. */
export const SUITE_FULL = 'recall-box:full';
/** The keyword route alone: what the default is measured against. */
export const SUITE_KEYWORD = 'recall-box:keyword';
/**
 * A row is marked as a regression when full scores below keyword by more than this: 0.005 is
 * about one query moved by a rank on a 100-query set's MRR, below which differences are noise.
 */
export const REGRESSION_MARGIN = 0.005;
/** The seed of the one-typo sets: the one docs/quality.md's figures use (`--typos 1`). */
export const SUITE_TYPO_SEED = 1;

/** nDCG@10 for judged collections, MRR@10 at page level for docs sites' known-item queries. */
export type SuiteMetric = 'nDCG@10' | 'MRR@10';

export interface SuiteSystem {
  name: string;
  peer: boolean;
}

/** One (collection, query set) and each system's score on it. */
export interface SuiteRowInput {
  collection: string;
  querySet: string;
  metric: SuiteMetric;
  /** Queries scored (with a relevant judgement). */
  queries: number;
  /** System name → its score on this row's metric. */
  scores: Readonly<Record<string, number>>;
}

export interface SuiteRow extends SuiteRowInput {
  /** full − keyword; null unless both ran. */
  deltaFullKeyword: number | null;
  /** The peer with the highest score on this row (the first in system order on a tie); null without peers. */
  bestPeer: { name: string; score: number } | null;
  /** full ÷ the best peer's score; null without full, without peers, or when the best peer scores 0. */
  fullOverBestPeer: number | null;
  /** full < keyword − REGRESSION_MARGIN. */
  regression: boolean;
}

/**
 * The mean over rows of each column. A column is null unless every row has a value (a mean over
 * some rows would not weigh the rows the same as the other columns do).
 */
export interface SuiteMacro {
  rows: number;
  /** Total queries over the rows (a sum, not a mean: it says how much was asked). */
  queries: number;
  scores: Record<string, number | null>;
  deltaFullKeyword: number | null;
  /** Mean of each row's best-peer score (the best peer may differ from row to row). */
  bestPeerScore: number | null;
  /** Mean of each row's full ÷ best peer. */
  fullOverBestPeer: number | null;
  regression: boolean;
}

export interface SuiteTable {
  /** Every system that ran, in run order. */
  systems: SuiteSystem[];
  rows: SuiteRow[];
  macro: SuiteMacro;
  /** The peer with the highest macro-average, and full's macro-average over it; null without peers. */
  bestSinglePeer: { name: string; score: number; fullOver: number | null } | null;
}

/** full < keyword − REGRESSION_MARGIN; false unless both are numbers. */
export function isRegression(full: number | null | undefined, keyword: number | null | undefined): boolean {
  return typeof full === 'number' && typeof keyword === 'number' && full < keyword - REGRESSION_MARGIN;
}

function scoreOf(scores: Readonly<Record<string, number>>, name: string): number | null {
  const v = scores[name];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** The mean of the values, or null when any is null or there are none. */
export function meanOfAll(values: readonly (number | null)[]): number | null {
  if (values.length === 0 || values.some((v) => v === null)) return null;
  return (values as number[]).reduce((a, b) => a + b, 0) / values.length;
}

export function suiteRow(input: SuiteRowInput, systems: readonly SuiteSystem[]): SuiteRow {
  const full = scoreOf(input.scores, SUITE_FULL);
  const keyword = scoreOf(input.scores, SUITE_KEYWORD);
  let bestPeer: SuiteRow['bestPeer'] = null;
  for (const s of systems) {
    if (!s.peer) continue;
    const score = scoreOf(input.scores, s.name);
    if (score !== null && (bestPeer === null || score > bestPeer.score)) bestPeer = { name: s.name, score };
  }
  return {
    ...input,
    deltaFullKeyword: full !== null && keyword !== null ? full - keyword : null,
    bestPeer,
    fullOverBestPeer: full !== null && bestPeer !== null && bestPeer.score > 0 ? full / bestPeer.score : null,
    regression: isRegression(full, keyword),
  };
}

/** The suite's table from each row's scores. Pure. */
export function buildSuiteTable(inputs: readonly SuiteRowInput[], systems: readonly SuiteSystem[]): SuiteTable {
  const rows = inputs.map((r) => suiteRow(r, systems));
  const scores: Record<string, number | null> = {};
  for (const s of systems) scores[s.name] = meanOfAll(rows.map((r) => scoreOf(r.scores, s.name)));
  const macro: SuiteMacro = {
    rows: rows.length,
    queries: rows.reduce((n, r) => n + r.queries, 0),
    scores,
    deltaFullKeyword: meanOfAll(rows.map((r) => r.deltaFullKeyword)),
    bestPeerScore: meanOfAll(rows.map((r) => r.bestPeer?.score ?? null)),
    fullOverBestPeer: meanOfAll(rows.map((r) => r.fullOverBestPeer)),
    regression: isRegression(scores[SUITE_FULL], scores[SUITE_KEYWORD]),
  };
  let bestSinglePeer: SuiteTable['bestSinglePeer'] = null;
  for (const s of systems) {
    const score = scores[s.name];
    if (s.peer && score !== null && score !== undefined && (bestSinglePeer === null || score > bestSinglePeer.score)) {
      bestSinglePeer = { name: s.name, score, fullOver: null };
    }
  }
  if (bestSinglePeer !== null) {
    const full = scores[SUITE_FULL];
    bestSinglePeer.fullOver = full !== null && full !== undefined && bestSinglePeer.score > 0 ? full / bestSinglePeer.score : null;
  }
  return { systems: [...systems], rows, macro, bestSinglePeer };
}

// ---- output ---------------------------------------------------------------------------------------

/** What the run says besides the figures. */
export interface SuiteRunInfo {
  /** One line per collection or query set that was not run, and why. */
  skipped: readonly string[];
  /** Wall-clock time of the whole run. */
  elapsedMs: number;
}

const JSON_DECIMALS = 6;

function round(n: number | null): number | null {
  if (n === null || !Number.isFinite(n)) return null;
  const f = 10 ** JSON_DECIMALS;
  return Math.round(n * f) / f;
}

function roundScores(scores: Readonly<Record<string, number | null>>): Record<string, number | null> {
  return Object.fromEntries(Object.entries(scores).map(([k, v]) => [k, round(v)]));
}

/** The same figures as the markdown, for `--json`. */
export function suiteJson(table: SuiteTable, info: SuiteRunInfo) {
  return {
    full: SUITE_FULL,
    keyword: SUITE_KEYWORD,
    regressionMargin: REGRESSION_MARGIN,
    systems: table.systems,
    rows: table.rows.map((r) => ({
      collection: r.collection,
      querySet: r.querySet,
      metric: r.metric,
      queries: r.queries,
      scores: roundScores(r.scores),
      deltaFullKeyword: round(r.deltaFullKeyword),
      bestPeer: r.bestPeer && { name: r.bestPeer.name, score: round(r.bestPeer.score) },
      fullOverBestPeer: round(r.fullOverBestPeer),
      regression: r.regression,
    })),
    macro: {
      ...table.macro,
      scores: roundScores(table.macro.scores),
      deltaFullKeyword: round(table.macro.deltaFullKeyword),
      bestPeerScore: round(table.macro.bestPeerScore),
      fullOverBestPeer: round(table.macro.fullOverBestPeer),
    },
    bestSinglePeer: table.bestSinglePeer && {
      name: table.bestSinglePeer.name,
      score: round(table.bestSinglePeer.score),
      fullOver: round(table.bestSinglePeer.fullOver),
    },
    skipped: [...info.skipped],
    elapsedMs: Math.round(info.elapsedMs),
  };
}

export const REGRESSION_MARKER = '▼';

const fx = (n: number | null | undefined, d: number) => (n === null || n === undefined || !Number.isFinite(n) ? '–' : n.toFixed(d));
/** A signed difference, with a real minus sign so that columns line up in a monospace reading. */
const signed = (n: number | null) => (n === null ? '–' : `${n < 0 ? '−' : '+'}${Math.abs(n).toFixed(4)}`);
const short = (name: string) => name.replace(/^recall-box:/, '');

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

/** The table and the lines that say how to read it. */
export function renderSuiteMarkdown(table: SuiteTable, info: SuiteRunInfo): string {
  const own = table.systems.filter((s) => !s.peer);
  const peers = table.systems.filter((s) => s.peer);
  const lines: string[] = [];
  lines.push('## Suite: every collection, one table');
  lines.push('');
  lines.push(
    `| collection | query set | metric | queries | ${own.map((s) => short(s.name)).join(' | ')} | Δ full−keyword | best peer | full ÷ best peer |`,
  );
  lines.push(`| --- | --- | --- | --- | ${own.map(() => '---').join(' | ')} | --- | --- | --- |`);
  const delta = (d: number | null, regression: boolean) => (regression ? `**${signed(d)}** ${REGRESSION_MARKER}` : signed(d));
  for (const r of table.rows) {
    const best = r.bestPeer ? `${r.bestPeer.name} ${fx(r.bestPeer.score, 4)}` : '–';
    lines.push(
      `| ${r.collection} | ${r.querySet} | ${r.metric} | ${r.queries} | ${own.map((s) => fx(r.scores[s.name], 4)).join(' | ')} | ${delta(r.deltaFullKeyword, r.regression)} | ${best} | ${fx(r.fullOverBestPeer, 3)} |`,
    );
  }
  const m = table.macro;
  lines.push(
    `| **macro-average** | ${m.rows} rows | mixed | ${m.queries} in all | ${own.map((s) => `**${fx(m.scores[s.name], 4)}**`).join(' | ')} | ${delta(m.deltaFullKeyword, m.regression)} | per-row best ${fx(m.bestPeerScore, 4)} | ${fx(m.fullOverBestPeer, 3)} |`,
  );
  lines.push('');
  lines.push(
    `Macro-average: the mean over the ${m.rows} rows of each column; each row (collection × query set) weighs the same, whatever its number of queries. ` +
      'Its best-peer and ratio cells are the means of the rows\' own (the best peer differs from row to row).',
  );
  if (table.bestSinglePeer) {
    const b = table.bestSinglePeer;
    lines.push('');
    lines.push(`Best single peer on the macro-average: ${b.name} ${fx(b.score, 4)}; full ÷ it ${fx(b.fullOver, 3)}.`);
  }
  const regressions = table.rows.filter((r) => r.regression);
  lines.push('');
  lines.push(
    `${REGRESSION_MARKER}: ${SUITE_FULL} (the default) below ${SUITE_KEYWORD} by more than ${REGRESSION_MARGIN}: a regression. ` +
      (own.some((s) => s.name === SUITE_FULL) && own.some((s) => s.name === SUITE_KEYWORD)
        ? `${regressions.length} of ${m.rows} rows${m.regression ? ', and the macro-average' : '; not the macro-average'}.`
        : `Not judged: ${SUITE_FULL} and ${SUITE_KEYWORD} did not both run.`),
  );
  lines.push('');
  lines.push(
    'nDCG@10 on judged collections (their own queries and judgements); MRR@10 at page level on docs sites (known-item: the page a query was made from, or the page a reader question names; answerable questions only). ' +
      `Typo sets: one Damerau edit, seed ${SUITE_TYPO_SEED}. Confidence protocol off: ranking only.`,
  );
  lines.push('');
  lines.push(`Peers: ${peers.length > 0 ? peers.map((p) => p.name).join(', ') : 'none ran'}.`);
  if (info.skipped.length > 0) {
    lines.push('');
    lines.push('Skipped:');
    lines.push('');
    for (const s of info.skipped) lines.push(`- ${s}`);
  }
  lines.push('');
  lines.push(`Run time: ${formatDuration(info.elapsedMs)}.`);
  return lines.join('\n') + '\n';
}

// ---- docs query sets ------------------------------------------------------------------------------

/** A named query set for a docs site: known-item lines, judged at page level. */
export interface DocsQuerySet {
  name: string;
  items: KnownItemQuery[];
}

const asItems = (queries: readonly TitleQuery[]): KnownItemQuery[] => queries.map((q, i) => ({ query: q.query, url: q.url, line: i + 1 }));

/**
 * A docs site's query sets, made in memory from its pages: titles and headings (title-queries.ts),
 * each as typed (asYouTypeQueries) and with one typo (typoQueries, SUITE_TYPO_SEED) — the sets of
 * docs/quality.md's "Readers' queries" table — then the reader question sets given, answerable lines only
 * (an unanswerable line is for the verdict, not for ranking). Pure.
 */
export function docsQuerySets(
  pages: readonly Page[],
  questions: ReadonlyArray<{ name: string; items: readonly KnownItemQuery[] }> = [],
): DocsQuerySet[] {
  const titles = titleQueries(pages).queries;
  const headings = headingQueries(pages);
  return [
    { name: 'titles', items: asItems(titles) },
    { name: 'titles, as you type', items: asItems(asYouTypeQueries(titles)) },
    { name: `titles, one typo`, items: asItems(typoQueries(titles, SUITE_TYPO_SEED)) },
    { name: 'headings', items: asItems(headings) },
    { name: 'headings, as you type', items: asItems(asYouTypeQueries(headings)) },
    { name: `headings, one typo`, items: asItems(typoQueries(headings, SUITE_TYPO_SEED)) },
    ...questions.map((q) => ({ name: q.name, items: q.items.filter((item) => !item.unanswerable) })),
  ];
}
