/**
 * A search of a pack, from a validated request to the answer: analyse the query, run both routes
 * (routes.ts; the query's embedding from query-vector.ts), rank on the pack's columns (fusion,
 * boosts, pools), read the sections ranking kept, finish (MMR, snippets, evidence, the verdict).
 * `search` is the one entry; `searchPack` the same steps for a pack already in memory.
 */
import { judgeConfidence, type ConfidenceVerdict } from '../confidence/verdict.ts';
import type { Fallback } from '../confidence/fallback.ts';
import type { ResultSummary, RouteSummary } from '../confidence/signals.ts';
import { compareFused, fuseRanks, type FusedHit, type Match, type RouteHit, type RouteName } from '../rank/fuse.ts';
import { boostNamedHits } from '../rank/name-match.ts';
import { evidenceFrom, type Evidence } from '../present/evidence.ts';
import { sectionMatches } from '../present/section-matches.ts';
import { boostLinkedHits } from '../rank/graph-boost.ts';
import { selectMmr, type MmrDecision } from '../rank/mmr.ts';
import { decodeTermSet, type TermSet } from '../rank/term-set.ts';
import { selectByPools, type PoolAudit, type PoolName } from '../rank/pools.ts';
import type { LoadedPack } from '../pack/load.ts';
import type { StoredSection } from '../pack/format.ts';
import { missing as sectionNotLoaded, type SectionLookup } from '../pack/section-store.ts';
import type { KeywordView, TermStat } from '../keyword/index.ts';
import type { SearchRequest } from './request.ts';
import type { SearchOptions } from './options.ts';
import type { QueryEmbedder } from '../embed/semantic.ts';
import { queryVectorFor, type QueryVector, type RouteSkip, type SearchWarning } from './query-vector.ts';
import { allowedLanguages, keywordRoute, vectorRoute } from './routes.ts';
import { facetCounts, resolveFilters, type FacetCounts, type Filtering } from './filters.ts';
import { lastWordCompleted, matchQuery, type QueryMatching } from './matching.ts';
import type { TermVariant } from '../keyword/expand.ts';
import { correctionOf, type Correction } from '../present/correction.ts';
import { analyzeQuery, type QueryAnalysis } from '../analysis/query.ts';
import { plainWordTerm } from '../analysis/segment.ts';
import { probesOf } from '../analysis/find-terms.ts';
import { DEFAULT_SNIPPET_OPTIONS, snippetFrom, type Snippet } from '../present/snippet.ts';
import { idf } from '../keyword/bm25f.ts';
import { GENERIC_ENGLISH_WORDS } from '../analysis/generic-words.ts';
import { applyThreshold, type ThresholdDiagnostics } from '../rank/thresholds.ts';
import { routeWeights } from '../rank/route-weights.ts';
import type { Lang } from '../types.ts';

/** Where a result stood in one route: its rank there (1-based, after the threshold) and raw score. */
export interface RoutePosition {
  rank: number;
  /** keyword: BM25F (comparable within one query); vector: cosine in [-1, 1] (absolute). */
  score: number;
}

export interface SearchResult {
  id: string;
  url: string;
  title: string;
  breadcrumb: string[];
  lang: Lang;
  snippet: Snippet;
  /** The fused (reciprocal rank) score: orders this response, means nothing across queries. */
  score: number;
  /** 1-based position in this response. */
  rank: number;
  /** Which routes found the section: `keyword`, `vector`, or `hybrid` for both. */
  match: Match;
  /** The section's position in each route that found it. */
  routes: Partial<Record<RouteName, RoutePosition>>;
  /** The recall pool the section belongs to. */
  pool: PoolName;
  /** The section's paragraphs that hold the query's terms, and how much of the query it covers. */
  evidence: Evidence;
}

/** Why each result ranks where it does: returned for `?debug=1` (SearchOptions.debug). */
export interface SearchDebug {
  /** Each route's hits after its threshold, in its rank order (ids are section ids). */
  routes: Partial<Record<RouteName, Array<{ id: string; rank: number; score: number }>>>;
  /** The candidates after fusion and both boosts, best first, with their fused ranks. */
  fused: Array<{ id: string; rank: number; score: number; match: Match; pool: PoolName }>;
  boosts: { nameMatch: number; linkGraph: number };
  /** One entry per pool: its quota and what became of its candidates; null when pools are off. */
  pools: PoolAudit[] | null;
  /** MMR's steps: selections and page-cap skips; null when MMR is off. */
  mmr: Array<Omit<MmrDecision, 'id'> & { id: string }> | null;
}

/** What a route did for one query: its threshold diagnostics, or why it was skipped. */
export type RouteReport = ({ ran: true } & ThresholdDiagnostics) | { ran: false; reason: RouteSkip };

export type { QueryVector, RouteSkip, SearchWarning };

export interface SearchOutcome {
  results: SearchResult[];
  /** Language the query was analysed as (the request's, else guessed from its script). */
  queryLang: Lang;
  routes: Record<RouteName, RouteReport>;
  /** Problems that degraded the answer without failing it (e.g. the vector route was down). */
  warnings: SearchWarning[];
  /** Whether the docs answer the query, how sure the pipeline is, and why (confidence.ts). */
  confidence: ConfidenceVerdict;
  /** What to show instead of the results when `confidence.outcome` is `fallback`; null otherwise. */
  fallback: Fallback | null;
  /** The words read as corrections of misspelt ones ("did you mean"), or null when none was corrected. */
  correction: Correction | null;
  /**
   * The last word, still being typed, was matched by the words of the docs it begins (`deplo` →
   * deploy, deployment): a widget keeps listing results for it rather than the fallback, which
   * would tell a reader mid-word that the docs do not answer.
   */
  lastWordCompleted: boolean;
  /** The filters the search applied (facet name → value, as matched: a `lang` value as a tag); absent without filters. */
  filters?: Record<string, string>;
  /**
   * Per facet, its values' counts among the search's candidates without the filters (filters.ts
   * facetCounts); present for a filtered request or one asking for them (SearchRequest.facets).
   */
  facets?: FacetCounts;
  /** Present when SearchOptions.debug is set. */
  debug?: SearchDebug;
}

/**
 * Scores are rounded for the wire: more digits carry no ranking information and bloat responses.
 * Six, not four: RRF scores of neighbouring ranks differ in the fourth or fifth decimal.
 */
const SCORE_DECIMALS = 6;
const round = (x: number) => Math.round(x * 10 ** SCORE_DECIMALS) / 10 ** SCORE_DECIMALS;

function routePositions(hit: FusedHit): Partial<Record<RouteName, RoutePosition>> {
  const out: Partial<Record<RouteName, RoutePosition>> = {};
  for (const route of Object.keys(hit.ranks) as RouteName[]) {
    out[route] = { rank: hit.ranks[route]!, score: round(hit.scores[route]!) };
  }
  return out;
}

/**
 * What ranking decided before any section's text is read: the routes, fusion and both boosts, the
 * pool weights, and which sections the rest of the search must read (the candidates MMR compares,
 * or the pools' picks when MMR is off; every candidate for a debug answer). Computed from the
 * pack's columns and the keyword index alone, so a lazily read pack fetches only those sections.
 */
interface Ranked {
  request: SearchRequest;
  options: SearchOptions;
  query: QueryVector;
  analysis: QueryAnalysis;
  /** How the concepts were looked up, and the term that stands for each (matching.ts). */
  matching: QueryMatching;
  keyword: ReturnType<typeof applyThreshold>;
  vector: ReturnType<typeof applyThreshold> | null;
  nameMatch: ReturnType<typeof boostNamedHits>;
  linkGraph: ReturnType<typeof boostLinkedHits>;
  fused: FusedHit[];
  /** The results when MMR is off (the pools' picks need no text); null when MMR picks them. */
  picked: { chosen: FusedHit[]; pools: PoolAudit[] | null } | null;
  /** The candidates whose text the search reads: MMR's best `depth × limit`, or the pools' picks. */
  compared: FusedHit[];
  /** Each concept's df and IDF, read while the keyword partitions are held. */
  conceptStats: TermStat[];
  /** The facet counts, for a filtered request or one asking for them (`facets`); null otherwise. */
  facets: FacetCounts | null;
  /** The request's filters against the pack's facets; null without filters. */
  filtering: Filtering | null;
  /** For a filtered request: how many candidates the search has without the filters. */
  filter: { unfilteredCandidates: number } | null;
}

/** The sections the rest of a search reads: the compared candidates, or every candidate for a debug answer (it lists their ids). */
function sectionsToRead(ranked: Ranked): number[] {
  const { fused, keyword, vector, compared } = ranked;
  if (!ranked.options.debug) return compared.map((h) => h.id);
  return [...new Set([...fused, ...keyword.hits, ...(vector?.hits ?? [])].map((h) => h.id))];
}

/**
 * The query's strategy, language and concepts (its distinct analysed terms), once per search: the
 * keyword route looks the concepts up, the verdict checks their coverage, the evidence and
 * snippets mark them. Analysed with the keyword index's own analyzer settings (which the build
 * also writes into the manifest), so the concepts are exactly the terms the index would analyse
 * the query into.
 */
function analyze(pack: LoadedPack, request: SearchRequest): QueryAnalysis {
  return analyzeQuery(request.q, request.lang, pack.manifest.defaultLang, pack.keyword.options.analyzer);
}

/** How the query's concepts are looked up (matching.ts): corrections analyse respellings as the index's analyzer does. */
function match(pack: LoadedPack, request: SearchRequest, analysis: QueryAnalysis, options: SearchOptions): QueryMatching {
  const analyzer = pack.keyword.options.analyzer;
  const termOf = (word: string) => plainWordTerm(word, analysis.lang, analyzer);
  return matchQuery(request, analysis.concepts, pack.keyword.dictionary, options.expansion, analysis.unstemmed, termOf);
}

/**
 * The keyword route's part of ranking, which comes first because it decides whether the vector
 * route runs: its candidates past the threshold, and the routes' fusion weights for this query
 * (route-weights.ts).
 */
interface KeywordStage {
  allowed: Set<Lang> | null;
  /** The request's filters against the pack's facets; null without filters. */
  filtering: Filtering | null;
  candidates: ReturnType<typeof keywordRoute>;
  keyword: ReturnType<typeof applyThreshold>;
  weights: Record<RouteName, number>;
}

function keywordStage(pack: LoadedPack, keywordView: KeywordView, matching: QueryMatching, request: SearchRequest, options: SearchOptions): KeywordStage {
  const allowed = allowedLanguages(pack, request);
  const filtering = resolveFilters(pack.sections, request.filters);
  const candidates = keywordRoute(pack, keywordView, matching.groups, allowed, options, filtering);
  const keyword = applyThreshold(candidates.hits, options.thresholds.keyword);
  const weights = routeWeights(options.fuse.weights, candidates.topCoverage, options.routeWeighting);
  return { allowed, filtering, candidates, keyword, weights };
}

/**
 * The vector route is not run when the query's weights give it no vote: the keyword route's best
 * hit holds every concept of the query (route-weights.ts), so its hits could not move a result.
 * Not embedding the query is what keeps such a query — a heading, a name, most lookups — as cheap
 * as on a keyword-only pack: no matrix rows or section vectors read, no kernel pass, no ONNX
 * session run. (A route the options weigh ≤ 0, or a pack without vectors, says so instead.)
 */
function keywordAnswered(pack: LoadedPack, options: SearchOptions, stage: KeywordStage): boolean {
  return pack.manifest.model !== null && options.fuse.weights.vector > 0 && !(stage.weights.vector > 0);
}

const KEYWORD_ANSWERED: QueryVector = Object.freeze({ vector: null, skip: 'keyword-answered' as const });

/** Ranking up to the point where section text is needed (see Ranked), after the keyword stage. */
function rank(
  pack: LoadedPack,
  keywordView: KeywordView,
  stage: KeywordStage,
  analysis: QueryAnalysis,
  matching: QueryMatching,
  request: SearchRequest,
  options: SearchOptions,
  query: QueryVector,
): Ranked {
  const { sections } = pack;
  const { allowed, filtering, candidates: keywordHits, keyword } = stage;
  const vectorHits = query.vector && pack.semantic ? vectorRoute(pack, query.vector, allowed, options, filtering) : null;
  const vector = vectorHits && applyThreshold(vectorHits.hits, options.thresholds.vector);
  // The candidates without the filters (the routes' hits past their thresholds, as fusion takes
  // them): what the facet counts count, and what tells a filter that excluded everything. Without
  // filters, the candidates themselves.
  const unfiltered =
    filtering || request.facets
      ? new Set(
          (filtering
            ? [...applyThreshold(keywordHits.unfiltered, options.thresholds.keyword).hits, ...(vectorHits ? applyThreshold(vectorHits.unfiltered, options.thresholds.vector).hits : [])]
            : [...keyword.hits, ...(vector?.hits ?? [])]
          ).map((h) => h.id),
        )
      : null;
  const facets = unfiltered && facetCounts(sections, unfiltered, filtering);
  const kept = new Set(keyword.hits.map((h) => h.id));
  const named = keywordHits.named.filter((id) => kept.has(id));
  const fuse = { ...options.fuse, weights: stage.weights };
  const nameMatch = boostNamedHits(fuseRanks({ keyword: keyword.hits, vector: vector?.hits }, fuse), named, options.nameMatch);
  const linkGraph = boostLinkedHits(nameMatch.hits, (id) => sections.pageOf(id), sections.graph, options.graphBoost);
  const fused = weighByPool(pack, linkGraph.hits, options);
  const limit = request.limit;
  // Without MMR the results are the pools' picks, which read only columns: chosen here, once.
  const picked = options.mmr.enabled ? null : selectFromPools(pack, fused, limit, selectionOptions(options, filtering));
  const compared = picked ? picked.chosen : fused.slice(0, limit * options.mmr.depth);
  const conceptStats = keywordView.termStats(matching.resolved);
  const filter = filtering && { unfilteredCandidates: unfiltered!.size };
  return { request, options, query, analysis, matching, keyword, vector, nameMatch, linkGraph, fused, picked, compared, conceptStats, facets, filtering, filter };
}

/**
 * The options results are picked by: a search filtered to one pool has no other pool's quota to
 * respect (pools.ts would leave the slots of the pools it filtered out empty), so it is picked as
 * with pools off; their weights still ranked the candidates.
 */
function selectionOptions(options: SearchOptions, filtering: Filtering | null): SearchOptions {
  if (!options.pools.enabled || !filtering?.filters.some((f) => f.facet.name === 'pool')) return options;
  return { ...options, pools: { ...options.pools, enabled: false } };
}

/**
 * `search` without awaiting, for a pack whose keyword partitions and sections are all in memory (a
 * pack read whole, loadPack's default): the same steps (analyze, rank, finish) with nothing to
 * read. The query's embedding is passed in (`staticQueryVector` computes the static model's
 * synchronously); without one the vector route does not run (`not-requested`), nor with one when
 * the keyword route answered the query (`keyword-answered`, keywordAnswered). A lazily read pack
 * throws `*_NOT_RESIDENT` here: search it with `search`, which reads what the query needs first.
 */
export function searchPack(pack: LoadedPack, request: SearchRequest, options: SearchOptions, query?: QueryVector): SearchOutcome {
  const analysis = analyze(pack, request);
  const matching = match(pack, request, analysis, options);
  const stage = keywordStage(pack, pack.keyword, matching, request, options);
  const vector = keywordAnswered(pack, options, stage) ? KEYWORD_ANSWERED : (query ?? { vector: null, skip: pack.manifest.model ? 'not-requested' : 'no-model' });
  const ranked = rank(pack, pack.keyword, stage, analysis, matching, request, options, vector);
  return finish(pack, ranked, pack.sections.resident(sectionsToRead(ranked)));
}

/** The rest of a search, over the sections `sectionsToRead(ranked)` (read by the caller). */
function finish(pack: LoadedPack, ranked: Ranked, section: SectionLookup): SearchOutcome {
  const { request, options, query, analysis, keyword, vector, fused } = ranked;
  const { manifest } = pack;
  // The query's concepts (its analysed terms), once: for the snippets, the evidence and the verdict
  // — the concepts the verdict checks coverage of are the very terms the evidence was computed for.
  const queryTerms = new Set(ranked.matching.terms);
  const conceptOf = conceptsOfTerms(ranked.matching);
  const { chosen, mmr, pools } = ranked.picked
    ? { ...ranked.picked, mmr: null }
    : selectWithMmr(pack, (id) => termSetOfSection(section(id)), ranked.compared, request.limit, selectionOptions(options, ranked.filtering));

  const snippetOptions = { ...DEFAULT_SNIPPET_OPTIONS, length: options.snippetLength };
  // Each result's query matches, found once (section-matches.ts): for its snippet and evidence,
  // the verdict (the top result's) and the correction (the first few results').
  const probes = probesOf(queryTerms);
  const matches = chosen.map((hit) => sectionMatches(section(hit.id), queryTerms, manifest.analyzer, probes));
  const results = chosen.map((hit, i): SearchResult => {
    const s = section(hit.id);
    const found = matches[i]!;
    return {
      id: s.id,
      url: s.url,
      title: s.title,
      breadcrumb: s.breadcrumb,
      lang: s.lang,
      snippet: snippetFrom(s, found.text, () => found.code, snippetOptions),
      score: round(hit.score),
      rank: i + 1,
      match: hit.match,
      routes: routePositions(hit),
      pool: s.pool,
      evidence: evidenceFrom(found, queryTerms.size, options.evidence, conceptOf),
    };
  });
  const keywordReport: RouteReport = options.fuse.weights.keyword > 0 ? { ran: true, ...keyword.diagnostics } : { ran: false, reason: 'disabled' };
  const vectorReport: RouteReport = vector ? { ran: true, ...vector.diagnostics } : { ran: false, reason: query.skip ?? 'no-query-vector' };
  const { confidence, fallback } = judge(pack, section, request, options, {
    // Each concept is checked by the term that stands for it: as typed, or its completion or correction.
    analysis: { ...analysis, concepts: ranked.matching.resolved },
    groups: ranked.matching.groups,
    conceptStats: ranked.conceptStats,
    keyword: { ran: keywordReport.ran, hits: pageHits(pack, keyword.hits), topScore: keyword.diagnostics.topScore },
    vector: vector ? { ran: true, hits: pageHits(pack, vector.hits), topScore: vector.diagnostics.topScore } : { ran: false, hits: [], topScore: null },
    chosen,
    results,
    topTerms: new Set(matches[0]?.matches.map((t) => t.term)),
    // Nothing passed the filters, though the search has candidates without them: the fallback says so.
    filteredOut: ranked.filter !== null && results.length === 0 && ranked.filter.unfilteredCandidates > 0,
    vectorNotNeeded: query.skip === 'keyword-answered',
  });
  const outcome: SearchOutcome = {
    results,
    queryLang: analysis.lang,
    routes: { keyword: keywordReport, vector: vectorReport },
    warnings: [...(pack.confidence.warning ? [pack.confidence.warning] : []), ...(query.warning ? [query.warning] : [])],
    confidence,
    fallback,
    lastWordCompleted: lastWordCompleted(ranked.matching),
    correction: correctionOf(
      request.q,
      analysis.words,
      ranked.matching.groups,
      ranked.matching.resolved,
      // The results' matches as found for their snippets: no second analysis.
      matches.slice(0, CORRECTION_SOURCES).map(({ full, matches }) => ({ text: full, tokens: matches })),
    ),
  };
  if (ranked.filtering) outcome.filters = Object.fromEntries(ranked.filtering.filters.map((f) => [f.facet.name, f.text]));
  if (ranked.facets) outcome.facets = ranked.facets;
  if (options.debug) {
    const idOf = (id: number) => section(id).id;
    const listed = (hits: readonly RouteHit[]) => hits.map((h, i) => ({ id: idOf(h.id), rank: i + 1, score: round(h.score) }));
    outcome.debug = {
      routes: { keyword: listed(keyword.hits), ...(vector && { vector: listed(vector.hits) }) },
      fused: fused.map((h, i) => ({ id: idOf(h.id), rank: i + 1, score: round(h.score), match: h.match, pool: pack.sections.poolOf(h.id) })),
      boosts: { nameMatch: ranked.nameMatch.boosted, linkGraph: ranked.linkGraph.boosted },
      pools,
      mmr: mmr && mmr.map((d) => ({ ...d, id: idOf(d.id) })),
    };
  }
  return outcome;
}

function pageHits(pack: LoadedPack, hits: readonly RouteHit[]): RouteSummary['hits'] {
  return hits.map((h) => ({ id: h.id, page: pack.sections.pageOf(h.id), score: h.score }));
}

/**
 * The verdict's inputs from what the search found: each concept's rarity in the index, the words
 * of the query (as typed) the top result lacks or the index knows, and the results reduced to
 * what the signals read.
 */
function judge(
  pack: LoadedPack,
  section: SectionLookup,
  request: SearchRequest,
  options: SearchOptions,
  found: {
    analysis: QueryAnalysis;
    /** Per concept, the terms it was looked up as: a concept is in a section when any of them is. */
    groups: readonly (readonly TermVariant[])[];
    conceptStats: TermStat[];
    keyword: RouteSummary;
    vector: RouteSummary;
    chosen: readonly FusedHit[];
    results: readonly SearchResult[];
    /** The query's terms the top result holds (none without results). */
    topTerms: ReadonlySet<string>;
    /** A filtered search with no results, whose query matches sections the filters exclude. */
    filteredOut: boolean;
    /** The vector route was not run: the keyword route answered (keywordAnswered). */
    vectorNotNeeded: boolean;
  },
) {
  const { analysis, chosen, results, topTerms } = found;
  const { concepts, words } = analysis;
  const stats = found.conceptStats;
  const present = (i: number) => found.groups[i]!.some((v) => topTerms.has(v.term));
  const topFound = concepts.filter((_, i) => present(i));
  const summaries: ResultSummary[] = results.map((r, i) => ({
    page: pack.sections.pageOf(chosen[i]!.id),
    pool: r.pool,
    coverage: r.evidence.coverage,
    found: i === 0 ? topFound : [],
    hasExcerpt: r.evidence.excerpts.length > 0,
  }));
  const generic = words.map((w) => GENERIC_ENGLISH_WORDS.has(w.toLowerCase()));
  const known = words.filter((_, i) => stats[i]!.df > 0);
  const knownWords = known.length > 0 && known.length < concepts.length ? known : null;
  return judgeConfidence(
    {
      concepts,
      conceptIdf: stats.map((t) => t.idf),
      conceptDf: stats.map((t) => t.df),
      conceptGeneric: generic,
      maxIdf: idf(pack.keyword.size, 0),
      sectionCount: pack.sections.count,
      keyword: found.keyword,
      vector: found.vector,
      results: summaries,
      strategy: analysis.strategy,
      lang: analysis.lang,
      mode: request.confidence ?? options.confidence.mode,
      missingWords: results.length === 0 ? [] : words.filter((_, i) => !present(i)),
      knownWords,
      // A generic word the docs lack is no news to the reader: the fallback names the others.
      unknownWords: words.filter((_, i) => stats[i]!.df === 0 && !generic[i]),
      pages: chosen.map((h) => {
        const s = section(h.id);
        return { title: s.breadcrumb[0] ?? s.title, url: s.pageUrl };
      }),
      ...(found.filteredOut && { filteredOut: true }),
      ...(found.vectorNotNeeded && { vectorNotNeeded: true }),
    },
    pack.confidence,
    options.confidence,
  );
}

/** Results whose text a correction's docs' word is looked for in: the few a reader sees first. */
const CORRECTION_SOURCES = 3;

/** Each looked-up term's concept (its index), for evidence coverage by concept. */
function conceptsOfTerms(matching: QueryMatching): Map<string, string> {
  const conceptOf = new Map<string, string>();
  matching.groups.forEach((variants, c) => {
    for (const v of variants) if (!conceptOf.has(v.term)) conceptOf.set(v.term, String(c));
  });
  return conceptOf;
}

/** Each candidate's fused score times its pool's weight (pools.ts), re-sorted; unchanged when pools are off. */
function weighByPool(pack: LoadedPack, hits: readonly FusedHit[], options: SearchOptions): FusedHit[] {
  if (!options.pools.enabled) return [...hits];
  const weight = new Map(options.pools.pools.map((p) => [p.name, p.weight]));
  return hits.map((h) => ({ ...h, score: h.score * (weight.get(pack.sections.poolOf(h.id)) ?? 1) })).sort(compareFused);
}

/**
 * Stored term sets decoded, by section object: a block's sections live as long as the block stays
 * resident, and their decoded sets with them (a WeakMap holds neither).
 */
const decodedTermSets = new WeakMap<StoredSection, TermSet>();

/** A section's term set for MMR: its stored one (rank/term-set.ts), decoded once per resident section. */
function termSetOfSection(section: StoredSection): TermSet {
  let set = decodedTermSets.get(section);
  if (!set) {
    set = decodeTermSet(section.termSet);
    decodedTermSets.set(section, set);
  }
  return set;
}

/**
 * The results when MMR is on: MMR (per-page cap, redundancy) orders the compared candidates (the
 * best `depth × limit`), then the pools' quotas pick `limit` of them in that order.
 */
function selectWithMmr(
  pack: LoadedPack,
  termsOf: (id: number) => TermSet,
  compared: readonly FusedHit[],
  limit: number,
  options: SearchOptions,
): { chosen: FusedHit[]; mmr: MmrDecision[]; pools: PoolAudit[] | null } {
  const byId = new Map(compared.map((h) => [h.id, h]));
  // Term sets asked for only when MMR compares the candidate (its loop is lazy): readSections
  // reads just the sections a selection compares.
  const candidates = compared.map((h) => ({
    id: h.id,
    pageUrl: pack.sections.pageOf(h.id),
    relevance: h.score,
    get terms() {
      return termsOf(h.id);
    },
  }));
  // Without pools only the first `limit` are shown, and MMR's order of the rest is never read: a
  // step costs a Jaccard per selection its winner has not been compared with, so the selections
  // past `limit` (20 of 30 at the defaults) were most of its work. A smaller limit selects the same
  // first candidates (test/core/rank/mmr.test.ts).
  const result = selectMmr(candidates, options.pools.enabled ? compared.length : limit, options.mmr);
  return { ...selectFromPools(pack, result.selected.map((id) => byId.get(id)!), limit, options), mmr: result.decisions };
}

/** The pools' quotas over candidates in order (pools.ts); the first `limit` when pools are off. Columns only. */
function selectFromPools(pack: LoadedPack, ordered: readonly FusedHit[], limit: number, options: SearchOptions): { chosen: FusedHit[]; pools: PoolAudit[] | null } {
  if (!options.pools.enabled) return { chosen: ordered.slice(0, limit), pools: null };
  const selection = selectByPools(ordered.map((h) => ({ hit: h, pool: pack.sections.poolOf(h.id) })), limit, options.pools.pools);
  return { chosen: selection.selected.map((c) => c.hit), pools: selection.audit };
}

/** A term set sharing nothing with any other (termSetJaccard gives 0): a candidate not read yet, in readSections' guess. */
const UNREAD_TERMS: TermSet = new Uint32Array(0);

/**
 * How many of the compared candidates, in rank order, readSections reads with its guess, as a
 * multiple of the limit. 2: the results and as many again. MMR demotes a near-duplicate in favour
 * of the next candidate, so what it compares reaches past the first `limit`; read ahead so, the guess
 * usually holds all of it, and the second round trip is the exception. What a first-time query reads:
 * `npm run bench -- --scale --large`, row "section blocks read per query in the first pass".
 */
const SELECTION_READ_AHEAD = 2;

/**
 * The sections a search reads to answer: the results' and those MMR compares them with, not all
 * `depth × limit` compared candidates — MMR at λ = 0.9 leaves most of them uncompared (mmr.ts), and
 * on a large site each is a block read of its own. One read of a guess, checked: the selection run
 * with nothing read (a candidate not read counts as sharing no terms, which MMR can only revise
 * downwards), what it compared and chose and the first SELECTION_READ_AHEAD × limit candidates
 * read, then the selection run again on what was read. When that run compared and chose only
 * sections read, it used true term sets only: it is the selection `finish` makes, so the answer is
 * the one reading every candidate gives. Otherwise the rest is read, in a second round trip. When
 * every candidate is in memory already (a pack read whole, blocks an earlier query read), a debug
 * answer (it lists every candidate), pools (MMR then orders every candidate) and picks without
 * MMR, every candidate is loaded at once: nothing to spare, or nothing to guess.
 */
async function readSections(pack: LoadedPack, ranked: Ranked, signal?: AbortSignal): Promise<SectionLookup> {
  const options = selectionOptions(ranked.options, ranked.filtering);
  const every = () => pack.sections.load(sectionsToRead(ranked), signal);
  if (ranked.picked || ranked.options.debug || options.pools.enabled || pack.sections.holds(ranked.compared.map((h) => h.id))) return every();
  const held = new Map<number, StoredSection>();
  /** The sections the selection compares or chooses that are not read, the selection run on what is. */
  const unreadForSelection = (): Set<number> => {
    const unread = new Set<number>();
    const termsOf = (id: number): TermSet => {
      const s = held.get(id);
      if (s) return termSetOfSection(s);
      unread.add(id);
      return UNREAD_TERMS;
    };
    const { chosen } = selectWithMmr(pack, termsOf, ranked.compared, ranked.request.limit, options);
    for (const hit of chosen) if (!held.has(hit.id)) unread.add(hit.id);
    return unread;
  };
  const guess = unreadForSelection();
  for (const hit of ranked.compared.slice(0, SELECTION_READ_AHEAD * ranked.request.limit)) guess.add(hit.id);
  const lookup = await pack.sections.load([...guess], signal);
  for (const id of guess) held.set(id, lookup(id));
  return unreadForSelection().size === 0 ? (id) => held.get(id) ?? sectionNotLoaded(id) : every();
}

/**
 * The search: read the keyword partitions the query's terms are in, run the keyword route, embed
 * the query when the vector route has a vote (keywordAnswered), rank, read the sections ranking
 * picked, finish. The one entry every caller uses — the Worker, `calibrate`, the
 * evaluation harness and the benchmarks — so what is measured is what is served, for a pack read
 * whole or lazily. What it reads, it holds until the answer is made, so a concurrent query of the
 * isolate evicting blocks or partitions cannot change this one. `embedder`: how the query is
 * embedded for the vector route; default the pack's static model (`embedStatic`). `signal`: the
 * request's end. Once it is aborted, the search stops at its next read, before the work after it,
 * and rejects with the signal's reason (the Worker asks its answer cache while the search reads; a
 * hit makes the rest of the search needless); and the reads it still has in flight stop holding up
 * other requests that wait for them (kept-loads.ts). The Worker aborts it when the answer is made.
 */
export async function search(pack: LoadedPack, request: SearchRequest, options: SearchOptions, embedder?: QueryEmbedder, signal?: AbortSignal): Promise<SearchOutcome> {
  signal?.throwIfAborted();
  const analysis = analyze(pack, request);
  const matching = match(pack, request, analysis, options);
  const keywordView = await pack.keyword.prepare(matching.terms, signal);
  signal?.throwIfAborted();
  const stage = keywordStage(pack, keywordView, matching, request, options);
  // After the keyword route, not beside it: whether the query is embedded at all depends on it.
  const query = keywordAnswered(pack, options, stage) ? KEYWORD_ANSWERED : await queryVectorFor(pack, request, options, embedder, signal);
  signal?.throwIfAborted();
  const ranked = rank(pack, keywordView, stage, analysis, matching, request, options, query);
  const section = await readSections(pack, ranked, signal);
  signal?.throwIfAborted();
  return finish(pack, ranked, section);
}
