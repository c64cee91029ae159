/**
 * recall-box's configurations as evaluation systems, one per configuration that exists today:
 *
 * - `recall-box:keyword`: the keyword route alone (`pack.keyword.search`: FlexSearch candidates,
 *   BM25F ranking), the component the ranking work tunes.
 * - `recall-box:vector`: the vector route alone, through the Worker's pipeline.
 * - `recall-box:hybrid`: both routes fused by reciprocal rank (and the name-match boost), the later
 *   stages (link-graph boost, pools, MMR) off: what fusion alone does.
 * - `recall-box:full`: everything on, exactly as the Worker answers `/search`:
 *   `parseSearchRequest` then `search`. Only the request bounds are raised (see
 *   `evalSearchOptions`); an empty query gets what a reader gets: nothing.
 *
 * All index through the production build and loader (`buildEvalPack`). The pipeline systems
 * report the Worker's confidence verdict (core/confidence/verdict.ts) on every answer: its score, its
 * `shouldAnswer`, its `outcome` (answer, uncertain or fallback) and its signals. The keyword route alone has no verdict (the verdict reads both
 * routes and the results' evidence) and reports none.
 */
import { DEFAULT_SEARCH_OPTIONS, GRAPH_BOOST_SEEDS_WHEN_ON, isRecallBoxError, queryLanguage, search, type Calibration, type LoadedPack, type SearchOptions } from '../../core/index.ts';
import { parseSearchRequest } from '../../protocol/request.ts';
import type { EvalAnswer, EvalDoc, EvalSystem } from '../types.ts';
import { evalSearchOptions } from '../../datasets/search-options.ts';

export { evalSearchOptions };
import { buildEvalPack, type EvalPack } from '../../datasets/collection-pack.ts';
import { checkCutoff, requireIndexed } from './guards.ts';
import type { RerankWeights } from '../../core/index.ts';

/**
 * Request errors after which the Worker answers 400 instead of results. For the harness they mean
 * "no answer" (a reader would see an error message, not a result list), not a harness failure.
 * QUERY_TOO_LONG cannot happen: `evalSearchOptions` lifts the length cap.
 */
const REFUSED_REQUEST_CODES: ReadonlySet<string> = new Set(['QUERY_EMPTY']);

const NO_ANSWER: EvalAnswer = Object.freeze({ hits: [], confidence: 0, answered: false, outcome: 'fallback' as const });

class RecallBoxKeyword implements EvalSystem {
  readonly name = 'recall-box:keyword';
  readonly peer = false;
  readonly description =
    'recall-box keyword route alone (segment() analyzer: English stop words, Porter stemmer, identifier splitting; FlexSearch candidates + BM25F over title/headings/body, DEFAULT_KEYWORD_OPTIONS), built by assemblePack and read by loadPack; query language from its script, else the pack default.';
  private built: EvalPack | undefined;

  async index(docs: readonly EvalDoc[]): Promise<void> {
    this.built = undefined;
    this.built = await buildEvalPack(this.name, docs, { vectors: false });
  }

  async search(query: string, k: number): Promise<EvalAnswer> {
    checkCutoff(this.name, k);
    const { pack, docIdAt } = requireIndexed(this.name, this.built);
    // The language `search` would use for a request without `lang`.
    const lang = queryLanguage(query, null, pack.manifest.defaultLang);
    const hits = pack.keyword.search(query, { lang, limit: k });
    return { hits: hits.map((h) => ({ docId: docIdAt[h.doc]!, score: h.score })) };
  }
}

/**
 * recall-box's query pipeline as the Worker runs it — `parseSearchRequest` then `search` (the
 * Worker's own entry) with the query embedded by the pack's static model — under search options that differ from the
 * Worker's only as `configure` says.
 */
class RecallBoxPipeline implements EvalSystem {
  readonly peer = false;
  private built: EvalPack | undefined;

  constructor(
    readonly name: string,
    readonly description: string,
    private readonly configure: (options: SearchOptions) => SearchOptions = (o) => o,
    private readonly confidence?: Calibration,
  ) {}

  /** The same system ranking with the reranker's `weights` instead of the default model. */
  rankingWith(weights: RerankWeights): RecallBoxPipeline {
    const configure = this.configure;
    return new RecallBoxPipeline(this.name, this.description, (o) => configure({ ...o, rerank: { ...o.rerank, weights } }), this.confidence);
  }

  async index(docs: readonly EvalDoc[]): Promise<void> {
    this.built = undefined;
    const built = await buildEvalPack(this.name, docs);
    // A calibration under test replaces the defaults in this system's view of the shared pack only.
    this.built = this.confidence ? { ...built, pack: { ...built.pack, confidence: { ...this.confidence, calibrated: true } } } : built;
  }

  async search(query: string, k: number): Promise<EvalAnswer> {
    checkCutoff(this.name, k);
    const { pack, docIdOfSection } = requireIndexed(this.name, this.built);
    const options = this.configure(evalSearchOptions(k, query));
    let outcome;
    try {
      const request = parseSearchRequest({ q: query, limit: k }, options);
      outcome = await search(pack, request, options);
    } catch (e) {
      if (isRecallBoxError(e) && REFUSED_REQUEST_CODES.has(e.code)) return NO_ANSWER;
      throw e;
    }
    const { results, confidence } = outcome;
    return {
      hits: results.map((r) => ({ docId: docIdOfSection.get(r.id)!, score: r.score, pool: r.pool })),
      confidence: confidence.score,
      answered: confidence.shouldAnswer,
      outcome: confidence.outcome,
      signals: confidence.signals,
    };
  }
}

const PIPELINE = 'parseSearchRequest({q, limit: k}) + search (the Worker\'s entry), the query embedded by the pack\'s static model, DEFAULT_SEARCH_OPTIONS except maxLimit/candidateLimit raised to ≥ k and maxQueryLength to ≥ the query (the Worker refuses > 256 characters); an empty query gets no hits';

/**
 * The routes and their fusion only, as an equal vote (fixed weights: the fusion issue 4 measured):
 * per-query route weights and the later stages (link graph, pools, the reranking, MMR) off.
 */
function fusionOnly(o: SearchOptions): SearchOptions {
  return {
    ...o,
    routeWeighting: { ...o.routeWeighting, byKeywordCoverage: false },
    graphBoost: { ...o.graphBoost, seeds: 0 },
    pools: { ...o.pools, enabled: false },
    rerank: { ...o.rerank, enabled: false },
    mmr: { ...o.mmr, enabled: false },
  };
}

/** Only the vector route: fusion weight 0 for the keyword route, later stages off. */
function vectorOnly(o: SearchOptions): SearchOptions {
  const f = fusionOnly(o);
  return { ...f, fuse: { ...f.fuse, weights: { ...f.fuse.weights, keyword: 0 } } };
}

export interface RecallBoxSystemsOptions {
  /** A calibration (a pack's confidence.json: model and thresholds) to judge with instead of the defaults. */
  confidence?: Calibration;
  /**
   * The reranker's weights to rank with instead of the default model (rank/rerank-model.ts): the
   * suite's model fitted without the collection under test (bench/rerank-held-out.json), so a
   * site the default was fitted on is judged held out.
   */
  rerankWeights?: RerankWeights;
}

/** recall-box's configurations, fresh (unindexed) instances. */
export function recallBoxSystems(options: RecallBoxSystemsOptions = {}): EvalSystem[] {
  const c = options.confidence;
  const weights = options.rerankWeights;
  const systems = [
    new RecallBoxKeyword(),
    new RecallBoxPipeline(
      'recall-box:vector',
      `recall-box vector route alone (static embedding trained on the collection, int8 vectors, cosine threshold): ${PIPELINE}, with the keyword route's fusion weight 0.`,
      vectorOnly,
      c,
    ),
    new RecallBoxPipeline(
      'recall-box:hybrid',
      `recall-box keyword + vector routes, each through its threshold, fused by reciprocal rank as an equal vote with the name-match boost; per-query route weights, link-graph boost, pools, the reranking and MMR off: ${PIPELINE}.`,
      fusionOnly,
      c,
    ),
    new RecallBoxPipeline('recall-box:full', `recall-box as the Worker answers /search, every stage at its default: ${PIPELINE}.`, undefined, c),
    new RecallBoxPipeline(
      'recall-box:exact',
      `recall-box:full with expansion off: every word matched only as typed, no completions of an unfinished last word, no corrections (the default before issue 16): ${PIPELINE}.`,
      (o) => ({ ...o, expansion: { ...o.expansion, enabled: false } }),
      c,
    ),
    new RecallBoxPipeline(
      'recall-box:equal-vote',
      `recall-box:full with fixed fusion weights: the vector route's equal RRF vote whatever the keyword route matched (the fusion before issue 18; route-weights.ts): ${PIPELINE}.`,
      (o) => ({ ...o, routeWeighting: { ...o.routeWeighting, byKeywordCoverage: false } }),
      c,
    ),
    new RecallBoxPipeline(
      'recall-box:linear-vote',
      `recall-box:full with the vector route's vote in proportion to the share of concepts the keyword route's best hit lacks, not its square (route-weights.ts; the default before this was measured): ${PIPELINE}.`,
      (o) => ({ ...o, routeWeighting: { ...o.routeWeighting, exponent: 1 } }),
      c,
    ),
    new RecallBoxPipeline(
      'recall-box:graph-boost',
      `recall-box:full with the link-graph boost on (GRAPH_BOOST = "on": the top ${GRAPH_BOOST_SEEDS_WHEN_ON} hits' linked pages boosted; off by default, graph-boost.ts): ${PIPELINE}.`,
      (o) => ({ ...o, graphBoost: { ...o.graphBoost, seeds: GRAPH_BOOST_SEEDS_WHEN_ON } }),
      c,
    ),
    new RecallBoxPipeline(
      'recall-box:full+pools',
      `recall-box:full with recall pools on (off by default; the harness's pools comparison): ${PIPELINE}.`,
      (o) => ({ ...o, pools: { ...o.pools, enabled: true } }),
      c,
    ),
    new RecallBoxPipeline(
      'recall-box:no-rerank',
      `recall-box:full without the learned reranking of the best candidates (rank/rerank.ts; the default before issue 49): ${PIPELINE}.`,
      (o) => ({ ...o, rerank: { ...o.rerank, enabled: false } }),
      c,
    ),
  ];
  return weights ? systems.map((s) => (s instanceof RecallBoxPipeline ? s.rankingWith(weights) : s)) : systems;
}
