/**
 * Every tunable of a query, in one place with its meaning, range and default. The Worker reads
 * these defaults; the evaluation harness overrides them to compare configurations.
 */
import { DEFAULT_CONFIDENCE_OPTIONS, type ConfidenceOptions } from '../confidence/verdict.ts';
import { DEFAULT_FUSE_OPTIONS, type FuseOptions, type RouteName } from '../rank/fuse.ts';
import { DEFAULT_ROUTE_WEIGHTING, type RouteWeightingOptions } from '../rank/route-weights.ts';
import { DEFAULT_NAME_MATCH_OPTIONS, type NameMatchOptions } from '../rank/name-match.ts';
import { DEFAULT_EVIDENCE_OPTIONS, type EvidenceOptions } from '../present/evidence.ts';
import { DEFAULT_ANSWER_OPTIONS, type AnswerOptions } from '../present/answer.ts';
import { DEFAULT_GRAPH_BOOST_OPTIONS, type GraphBoostOptions } from '../rank/graph-boost.ts';
import { DEFAULT_MMR_OPTIONS, type MmrOptions } from '../rank/mmr.ts';
import { DEFAULT_POOLS, type Pool } from '../rank/pools.ts';
import { DEFAULT_RERANK_OPTIONS, type RerankOptions } from '../rank/rerank.ts';
import { DEFAULT_THRESHOLDS, type Threshold } from '../rank/thresholds.ts';
import { DEFAULT_EXPANSION_SETTING, type ExpansionSetting } from './matching.ts';

export interface SearchOptions {
  /**
   * Results returned when the request names no `limit`. Range 1..maxLimit. Default 10: what fits a
   * search dropdown without scrolling, and what nDCG@10 measures.
   */
  defaultLimit: number;
  /**
   * Largest `limit` a request may ask for. Default 50: beyond that a reader is not served by a
   * longer list and the Worker spends CPU on snippets nobody sees.
   */
  maxLimit: number;
  /**
   * Longest query accepted, in characters after trimming. Default 256: a docs question fits in
   * far less, and bounding it bounds the analyzer's work per request.
   */
  maxQueryLength: number;
  /**
   * Candidates each route ranks before the language filter, thresholds, fusion and the cut to
   * `limit`. Range ≥ maxLimit. Default 200: enough that filtering a multi-language pack to one
   * language still leaves a full page, and deep enough that a section ranked moderately by both
   * routes is seen by both (fusion rewards that).
   */
  candidateLimit: number;
  /**
   * Target snippet length in characters. Range 40..1000. Default 180: about two lines of a
   * dropdown, long enough to show a match with its context.
   */
  snippetLength: number;
  /** Reciprocal rank fusion of the routes (fuse.ts): k and a weight per route; weight ≤ 0 turns a route off. */
  fuse: FuseOptions;
  /** Per-query fusion weights (route-weights.ts): the vector route's vote scaled by what the keyword route missed. */
  routeWeighting: RouteWeightingOptions;
  /** Score threshold of each route (thresholds.ts): relative for keyword, absolute cosine for vector. */
  thresholds: Record<RouteName, Threshold>;
  /** The boost of sections whose page title or own heading alone holds every query term (name-match.ts). */
  nameMatch: NameMatchOptions;
  /** The boost of candidates on pages linked with the top hits' pages (graph-boost.ts); seeds 0 turns it off. */
  graphBoost: GraphBoostOptions;
  /**
   * Recall pools (pools.ts): each pool's share of the result budget and its score weight.
   * `enabled` false ranks one candidate set, as if every section were in one pool. Default OFF,
   * decided by measurement (`npx tsx scripts/pipeline-sweep.ts`): on the Astro docs pools cost
   * heading lookups 0.049 nDCG@10 (0.9232 vs 0.9717) and title lookups 0.007 — the quotas cut
   * the very reference or error page a lookup asks for, and the first pool's unused quota stays
   * unused, which shortens lists — while on Cranfield (no pools: every abstract is knowledge) they
   * change nothing. The classification is still computed at build and reported per result.
   */
  pools: { enabled: boolean; pools: readonly Pool[] };
  /**
   * The learned reranking of the best candidates (rerank.ts), after fusion, the boosts and the
   * pools' weights. Default on, with the model fitted on every site of the suite; its gain is
   * judged leave-one-site-out (`npx tsx scripts/fit-reranker.ts --packs <dir>`).
   */
  rerank: RerankOptions;
  /**
   * MMR selection with a per-page cap (mmr.ts), over the best `depth × limit` candidates. Range of
   * depth integer ≥ 1. Default depth 3: enough alternatives to replace the near-duplicates of a
   * 10-result list without paying for term sets of hundreds of candidates per query.
   */
  mmr: MmrOptions & { enabled: boolean; depth: number };
  /** Evidence excerpts of each result (evidence.ts). */
  evidence: EvidenceOptions;
  /** The extractive answer from the top result's prose (answer.ts); an `answer` outcome needs one. */
  answer: AnswerOptions;
  /**
   * The confidence verdict (confidence.ts): signal settings, level thresholds per strategy, the
   * default mode, reason thresholds and the fallback's messages, link and suggestion count.
   */
  confidence: ConfidenceOptions;
  /**
   * Matching a reader's unfinished or misspelt words (matching.ts, keyword/expand.ts): completions
   * of the last word while it is being typed, corrections of a word the index lacks. Default ON:
   * measured with `npm run eval` (recall-box:full against recall-box:exact, which has it off) it
   * changes nothing for queries of words the docs hold (Astro and Hono titles and headings,
   * Cranfield: identical nDCG@10; CISI 0.3694 → 0.3697) and raises MRR@10 of as-you-type queries (Astro titles
   * 0.778 → 0.866, headings 0.760 → 0.898, Hono titles 0.821 → 0.881) and of one-typo queries
   * (Astro titles 0.857 → 0.962, headings 0.730 → 0.875, Hono titles 0.799 → 0.906); query sets
   * from `npm run eval:titles -- <docs> [--headings] --as-you-type | --typos 1`.
   */
  expansion: ExpansionSetting;
  /** Collect the pipeline's decisions for `?debug=1` (SearchOutcome.debug). Default false: costs a little. */
  debug: boolean;
}

export const DEFAULT_SEARCH_OPTIONS: Readonly<SearchOptions> = Object.freeze({
  defaultLimit: 10,
  maxLimit: 50,
  maxQueryLength: 256,
  candidateLimit: 200,
  snippetLength: 180,
  fuse: DEFAULT_FUSE_OPTIONS,
  routeWeighting: DEFAULT_ROUTE_WEIGHTING,
  thresholds: DEFAULT_THRESHOLDS,
  nameMatch: DEFAULT_NAME_MATCH_OPTIONS,
  graphBoost: DEFAULT_GRAPH_BOOST_OPTIONS,
  pools: Object.freeze({ enabled: false, pools: DEFAULT_POOLS }),
  rerank: DEFAULT_RERANK_OPTIONS,
  mmr: Object.freeze({ ...DEFAULT_MMR_OPTIONS, enabled: true, depth: 3 }),
  evidence: DEFAULT_EVIDENCE_OPTIONS,
  answer: DEFAULT_ANSWER_OPTIONS,
  confidence: DEFAULT_CONFIDENCE_OPTIONS,
  expansion: DEFAULT_EXPANSION_SETTING,
  debug: false,
});
