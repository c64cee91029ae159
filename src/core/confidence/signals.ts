/**
 * The confidence verdict's evidence: a few numbers, each in [0, 1], that a search already has at
 * hand and that tell a query the docs answer from one they do not. Pure: the pipeline (search.ts)
 * hands in what its routes and results say; nothing here reads the pack.
 *
 * A signal is null when it cannot be measured for this query (the vector route did not run, there
 * is no second hit to compare with): the score then uses the value the model imputes for it
 * (score.ts), so a keyword-only pack is judged on the signals it has instead of being penalised
 * for the ones it lacks.
 */
import type { PoolName } from '../rank/pools.ts';

/** The signals, in the fixed order a fitted model's weights follow (calibration.ts checks it). */
export const SIGNAL_NAMES = [
  'relevant',
  'keywordStrength',
  'topCosine',
  'margin',
  'agreement',
  'coverage',
  'weightedCoverage',
  'evidence',
  'diversity',
  'pool',
  'known',
  'topPage',
] as const;

export type SignalName = (typeof SIGNAL_NAMES)[number];

/** Every signal by name: a value in [0, 1], or null when this query cannot measure it. */
export type ConfidenceSignals = Record<SignalName, number | null>;

export interface SignalOptions {
  /**
   * Sections above the route threshold at which `relevant` saturates at 1, on a large site.
   * Integer ≥ 1. Default 10: a result page of candidates that passed; more says little more.
   */
  relevantSaturation: number;
  /**
   * On a small site `relevant` saturates earlier, at this share of its sections (but never below
   * `relevantMinimum`): a 90-section site rarely has ten sections on one topic, so a count made
   * for a 3,000-section site would call its best-covered topics thin. Range 0..1. Default 0.03.
   */
  relevantShare: number;
  /** The fewest sections `relevant` saturates at. Integer ≥ 1. Default 3: the top results a reader reads. */
  relevantMinimum: number;
  /**
   * Results each route's and the response's "top" means (agreement, evidence, diversity). Integer
   * ≥ 1. Default 3: what a reader reads before deciding whether the answer is there.
   */
  topDepth: number;
  /**
   * What the top hit's pool says about an answer, in [0, 1]. Defaults: knowledge and reference 1
   * (pages that explain or specify), index 0.5 (a list of links points towards an answer without
   * being one), negative 0 (changelogs and deprecated pages match words, rarely questions).
   */
  poolPrior: Readonly<Record<PoolName, number>>;
}

export const DEFAULT_SIGNAL_OPTIONS: Readonly<SignalOptions> = Object.freeze({
  relevantSaturation: 10,
  relevantShare: 0.03,
  relevantMinimum: 3,
  topDepth: 3,
  poolPrior: Object.freeze({ knowledge: 1, reference: 1, index: 0.5, negative: 0 }),
});

/** One route's hits after its threshold, best first, reduced to what the signals read. */
export interface RouteSummary {
  /** Whether the route took part in the query (false: no model, no query vector, disabled). */
  ran: boolean;
  /** Kept hits (section position and its page), in rank order. */
  hits: ReadonlyArray<{ id: number; page: string; score: number }>;
  /** Highest raw score before the threshold, null without hits (vector: the cosine). */
  topScore: number | null;
}

/** One returned result, reduced to what the signals read. */
export interface ResultSummary {
  page: string;
  pool: PoolName;
  /** Share of the query's concepts in the section's searchable text (Evidence.coverage). */
  coverage: number;
  /** The concepts (analysed terms) the section's searchable text holds. */
  found: readonly string[];
  /** Whether the section has an evidence excerpt to show. */
  hasExcerpt: boolean;
}

export interface SignalInput {
  /** The query's concepts (query-analysis.ts): distinct analysed terms. */
  concepts: readonly string[];
  /** Each concept's inverse document frequency in the index (keyword/search.ts termStats), in concepts order. */
  conceptIdf: readonly number[];
  /** Sections holding each concept (after a typo's correction), in concepts order: 0 when the docs never mention it. */
  conceptDf: readonly number[];
  /**
   * Whether each concept's word is generic English (analysis/generic-words.ts), in concepts order:
   * its absence from the docs says nothing, so `known` does not count it.
   */
  conceptGeneric: readonly boolean[];
  /** The IDF of a term no section holds (idf(N, 0)): the most one concept can add to a BM25F score. */
  maxIdf: number;
  /** Sections in the pack (in the query's languages or not): scales `relevant` to the site. */
  sectionCount: number;
  keyword: RouteSummary;
  vector: RouteSummary;
  results: readonly ResultSummary[];
  /** The reranker's probability that the first result's page is the answer's (rank/rerank.ts topPageProbability); null when it did not run. */
  topPage?: number | null;
}

const clamp01 = (x: number) => (x < 0 ? 0 : x > 1 ? 1 : x);

/**
 * `relevant`: how many sections passed the vector route's threshold, saturating. Only the vector
 * threshold is absolute (a cosine); the keyword one is relative to the query's best hit, so an
 * off-topic query's common-word matches pass it as easily as real answers (measured: counting
 * them made this signal a constant 1 on Cranfield, AUROC 0.50). Without the vector route it
 * counts the keyword route's kept hits, the best there is.
 */
function relevant(input: SignalInput, options: SignalOptions): number {
  const saturation = Math.min(options.relevantSaturation, Math.max(options.relevantMinimum, Math.round(input.sectionCount * options.relevantShare)));
  return Math.min(1, relevantCount(input) / saturation);
}

/**
 * Sections that passed an absolute bar: the vector route's kept hits (a cosine threshold) when it
 * ran, else the keyword route's, the best there is. What `relevant` saturates and FEW_RELEVANT
 * counts: the keyword threshold is relative to the query's best hit, so off-topic matches pass it
 * as easily as answers.
 */
export function relevantCount(input: Pick<SignalInput, 'keyword' | 'vector'>): number {
  return (input.vector.ran ? input.vector : input.keyword).hits.length;
}

/**
 * `keywordStrength`: the keyword route's best BM25F score per √concept, as a share of the most one
 * concept can add (`maxIdf`): the weighted-information-gain predictor of query performance. A
 * raw BM25F score compares only within a query; divided so, it compares across queries — long
 * questions add up many terms (hence the root), rare matched terms weigh more than common ones.
 */
function keywordStrength(input: SignalInput): number | null {
  const { ran, topScore } = input.keyword;
  if (!ran) return null;
  if (topScore === null || input.concepts.length === 0 || !(input.maxIdf > 0)) return 0;
  return clamp01(topScore / Math.sqrt(input.concepts.length) / input.maxIdf);
}

/** `topCosine`: the vector route's best cosine, before its threshold (absolute, so it compares across queries). */
function topCosine(input: SignalInput): number | null {
  if (!input.vector.ran) return null;
  return input.vector.topScore === null ? 0 : clamp01(input.vector.topScore);
}

/**
 * `margin`: how far the keyword route's best hit stands above the second, relative to the best
 * ((s1 − s2) / s1). A known item stands out; a query matching only common words yields a plateau.
 * One hit alone stands out fully (1); none, or no keyword route, cannot be measured (null).
 */
function margin(input: SignalInput): number | null {
  const { ran, hits } = input.keyword;
  if (!ran || hits.length === 0) return null;
  const [first, second] = hits;
  if (second === undefined || !(first!.score > 0)) return 1;
  return clamp01((first!.score - second.score) / first!.score);
}

/**
 * `agreement`: share of the keyword route's top pages that the vector route also has in its top,
 * by page rather than section: two routes pointing at different sections of one page agree on
 * where the answer is. Null unless both routes ran.
 */
function agreement(input: SignalInput, options: SignalOptions): number | null {
  if (!input.keyword.ran || !input.vector.ran) return null;
  const top = (hits: RouteSummary['hits']) => new Set(hits.slice(0, options.topDepth).map((h) => h.page));
  const keyword = top(input.keyword.hits);
  const vector = top(input.vector.hits);
  if (keyword.size === 0 || vector.size === 0) return 0;
  let shared = 0;
  for (const page of keyword) if (vector.has(page)) shared++;
  return shared / Math.min(keyword.size, vector.size);
}

/** `coverage`: share of the query's concepts the top result holds (its Evidence.coverage). */
function coverage(input: SignalInput): number {
  const top = input.results[0];
  if (top === undefined) return 0;
  // The share over the concepts an answer could hold: a generic word no section has is left out.
  const asked = input.concepts.length - input.concepts.filter((_, i) => unaskedConcept(input, i)).length;
  return asked > 0 ? Math.min(1, (top.coverage * input.concepts.length) / asked) : 0;
}

/**
 * Whether concept `i` is a generic English word the docs never use (`though` on a small site): no
 * section can hold it, and its absence says nothing, so `coverage`, `weightedCoverage` and `known`
 * leave it out.
 */
function unaskedConcept(input: SignalInput, i: number): boolean {
  return input.conceptDf[i] === 0 && input.conceptGeneric[i] === true;
}

/**
 * `weightedCoverage`: the same share, each concept weighted by its IDF. Covering `flow` in a
 * question about `hypersonic flow` says little; covering `hypersonic` says a lot, and a concept
 * no section holds at all (the highest IDF) is the clearest sign the docs do not answer.
 */
function weightedCoverage(input: SignalInput): number {
  const top = input.results[0];
  if (top === undefined) return 0;
  const found = new Set(top.found);
  let total = 0;
  let covered = 0;
  input.concepts.forEach((c, i) => {
    if (unaskedConcept(input, i)) return;
    const w = input.conceptIdf[i] ?? 0;
    total += w;
    if (found.has(c)) covered += w;
  });
  return total > 0 ? covered / total : 0;
}

/** `evidence`: share of the top results that have an excerpt to show (0 without results). */
function evidence(input: SignalInput, options: SignalOptions): number {
  const top = input.results.slice(0, options.topDepth);
  return top.length === 0 ? 0 : top.filter((r) => r.hasExcerpt).length / top.length;
}

/**
 * `diversity`: distinct pages among the top results ÷ their number. Low when one page holds the
 * answer in several sections; high when the top results scatter over unrelated pages. Null with
 * fewer than two results (one result has no diversity to speak of).
 */
function diversity(input: SignalInput, options: SignalOptions): number | null {
  const top = input.results.slice(0, options.topDepth);
  if (top.length < 2) return null;
  return new Set(top.map((r) => r.page)).size / top.length;
}

/** `pool`: the top result's pool prior (SignalOptions.poolPrior); null without results. */
function pool(input: SignalInput, options: SignalOptions): number | null {
  const top = input.results[0];
  return top === undefined ? null : clamp01(options.poolPrior[top.pool] ?? 1);
}

/**
 * `known`: 1 when the docs mention every concept of the query (a typo counts by its correction)
 * but generic English words (`though`, `tell`: analysis/generic-words.ts), else 0. Not `coverage` again: a concept the best section lacks may sit in the next one (a
 * paraphrase, a word the docs put elsewhere), while one no section holds (`nba`, another
 * framework's API) is the plainest sign the docs are about something else. All or nothing, not a
 * share: one unknown word among six says as much as one among two, and a share let the fit treat
 * it as a nudge (a graded 1 − unknown/2 fitted a smaller weight and matched or lowered the AUROC
 * on every reader question set — Hono's first 0.966 → 0.957, Astro's 0.957 → 0.956 — and on
 * calibrate's Cranfield split, 0.702 → 0.698: scripts/confidence-defaults.ts). On the reader question sets
 * (bench/queries, first and fresh; counted ad hoc from the verdict's signals), 91–98% of the
 * answerable queries have every concept known against 14–30% of the unanswerable ones, while
 * nearly all of calibrate's withheld pages' queries do: hence its off-topic questions
 * (datasets/off-topic-queries.ts), without which a fit cannot learn what the signal says.
 */
function known(input: SignalInput): number {
  if (input.concepts.length === 0) return 0;
  return input.conceptDf.every((df, i) => df > 0 || unaskedConcept(input, i)) ? 1 : 0;
}

/**
 * `topPage`: the learned ranking's probability that the first result's page is the answer's — the
 * softmax of its scores over the candidates it reordered (rank/rerank.ts), so it compares across
 * queries where the fused scores do not. Whether the first result is right is what a verdict that
 * answers must know; the other signals measure it only through the words matched. Null when the
 * reranker did not run (a pack of one-section pages, a query naming a section).
 */
function topPage(input: SignalInput): number | null {
  return input.topPage === undefined || input.topPage === null || input.results.length === 0 ? null : clamp01(input.topPage);
}

export function computeSignals(input: SignalInput, options: SignalOptions = DEFAULT_SIGNAL_OPTIONS): ConfidenceSignals {
  return {
    relevant: relevant(input, options),
    keywordStrength: keywordStrength(input),
    topCosine: topCosine(input),
    margin: margin(input),
    agreement: agreement(input, options),
    coverage: coverage(input),
    weightedCoverage: weightedCoverage(input),
    evidence: evidence(input, options),
    diversity: diversity(input, options),
    pool: pool(input, options),
    known: known(input),
    topPage: topPage(input),
  };
}
