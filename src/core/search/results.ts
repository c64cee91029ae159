/**
 * The presentation stage: the selected sections as results a reader sees — each with its snippet,
 * its evidence (the paragraphs holding the query's concepts) and its place in each route — the
 * "did you mean" correction, and the debug trace of every stage's decisions. Each result's query
 * matches are found once (present/section-matches.ts) and shared by its snippet, its evidence, the
 * correction and the verdict (judge.ts).
 */
import type { LoadedPack } from '../pack/load.ts';
import type { SectionLookup } from '../pack/section-store.ts';
import type { FusedHit, RouteHit, RouteName } from '../rank/fuse.ts';
import { correctionOf, type Correction } from '../present/correction.ts';
import { evidenceFrom } from '../present/evidence.ts';
import { answerFrom, type Answer } from '../present/answer.ts';
import { isGenericWord } from '../analysis/generic-words.ts';
import type { TermStat } from '../keyword/index.ts';
import { sectionMatches, type SectionMatches } from '../present/section-matches.ts';
import { DEFAULT_SNIPPET_OPTIONS, snippetFrom } from '../present/snippet.ts';
import { probesOf } from '../analysis/find-terms.ts';
import type { Token } from '../analysis/segment.ts';
import type { QueryMatching } from './matching.ts';
import type { SearchOptions } from './options.ts';
import { roundScore, type RoutePosition, type SearchDebug, type SearchResult } from './outcome.ts';
import type { PreparedQuery } from './prepare.ts';
import type { Ranking } from './rank.ts';
import type { Retrieval } from './retrieve.ts';
import type { Selection } from './select.ts';

/** The results, and each one's query matches (the same order). */
export interface Presented {
  results: SearchResult[];
  matches: SectionMatches[];
  /** Each looked-up term's concept index (conceptsOfTerms). */
  conceptOf: ReadonlyMap<string, number>;
}

export function presentResults(pack: LoadedPack, query: PreparedQuery, options: SearchOptions, chosen: readonly FusedHit[], section: SectionLookup): Presented {
  // The query's concepts (its analysed terms), once: for the snippets, the evidence and the verdict
  // — the concepts the verdict checks coverage of are the very terms the evidence was computed for.
  const queryTerms = new Set(query.matching.terms);
  const conceptOf = conceptsOfTerms(query.matching);
  const snippetOptions = { ...DEFAULT_SNIPPET_OPTIONS, length: options.snippetLength };
  const probes = probesOf(queryTerms);
  const keep = completionBegunBy(query);
  const matches = chosen.map((hit) => sectionMatches(section(hit.id), queryTerms, pack.manifest.analyzer, probes, keep));
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
      score: roundScore(hit.score),
      rank: i + 1,
      match: hit.match,
      routes: routePositions(hit),
      pool: s.pool,
      evidence: evidenceFrom(found, queryTerms.size, options.evidence, conceptOf),
    };
  });
  return { results, matches, conceptOf };
}

/**
 * Which matches of a completed word count: a completion counts where the text's word begins with
 * the word as typed (`deplo` → deployment). A completion found through the typed word's stem can
 * begin otherwise — `recipe` stems to `recip`, whose completions hold `reciprocal` — and is then
 * another word: it is neither highlighted nor counted as covering the query (issue 50). Undefined
 * when no concept was completed.
 */
function completionBegunBy(query: PreparedQuery): ((token: Token, full: string) => boolean) | undefined {
  const typedBy = new Map<string, string[]>();
  const plain = new Set<string>();
  query.matching.groups.forEach((variants, i) => {
    for (const v of variants) {
      if (v.kind !== 'prefix') plain.add(v.term);
      else typedBy.set(v.term, [...(typedBy.get(v.term) ?? []), (query.analysis.words[i] ?? '').toLowerCase()]);
    }
  });
  if (typedBy.size === 0) return undefined;
  return (token, full) => {
    const typed = typedBy.get(token.term);
    if (typed === undefined || plain.has(token.term)) return true;
    const surface = full.slice(token.start, token.end).toLowerCase();
    return typed.some((w) => w === '' || surface.startsWith(w));
  };
}

function routePositions(hit: FusedHit): Partial<Record<RouteName, RoutePosition>> {
  const out: Partial<Record<RouteName, RoutePosition>> = {};
  for (const route of Object.keys(hit.ranks) as RouteName[]) {
    out[route] = { rank: hit.ranks[route]!, score: roundScore(hit.scores[route]!) };
  }
  return out;
}

/** Each looked-up term's concept (its index): evidence's coverage by concept, and the answer's weights. */
function conceptsOfTerms(matching: QueryMatching): Map<string, number> {
  const conceptOf = new Map<string, number>();
  matching.groups.forEach((variants, c) => {
    for (const v of variants) if (!conceptOf.has(v.term)) conceptOf.set(v.term, c);
  });
  return conceptOf;
}

/**
 * The extractive answer of the top result (present/answer.ts): each concept weighted by its IDF,
 * but a generic English word the docs never use, which no sentence can hold and whose absence
 * says nothing (as the verdict's coverage leaves it out, confidence/signals.ts).
 */
export function answerFor(query: PreparedQuery, options: SearchOptions, presented: Presented, conceptStats: readonly TermStat[]): Answer | null {
  const [top] = presented.results;
  if (!top) return null;
  const weights = conceptStats.map((t, i) => (t.df === 0 && isGenericWord(query.analysis.words[i] ?? '') ? 0 : t.idf));
  const page = pageOfUrl(top.url);
  const asked = { text: query.text, words: query.analysis.words, conceptOf: presented.conceptOf, weights };
  // The top result's section; when it holds no answer, another of its page among the first
  // results: the page is what the verdict trusts, and its answer may sit in the section after the
  // one that matched best (issue 50). The top section first, so the card and the first result agree.
  for (const [i, r] of presented.results.slice(0, ANSWER_SOURCES).entries()) {
    if (i > 0 && pageOfUrl(r.url) !== page) continue;
    const a = answerFrom(presented.matches[i]!, { url: r.url, title: r.title }, asked, options.answer);
    if (a) return a;
  }
  return null;
}

/** Results whose sections the answer is looked for in (those on the top result's page): what a reader sees first. */
const ANSWER_SOURCES = 3;

const pageOfUrl = (url: string) => url.replace(/#.*$/, '');

/** Results whose text a correction's docs' word is looked for in: the few a reader sees first. */
const CORRECTION_SOURCES = 3;

/** The words read as corrections of misspelt ones ("did you mean"), checked against the first results' text. */
export function correctionFor(query: PreparedQuery, matches: readonly SectionMatches[]): Correction | null {
  return correctionOf(
    query.text,
    query.analysis.words,
    query.matching.groups,
    query.matching.resolved,
    // The results' matches as found for their snippets: no second analysis.
    matches.slice(0, CORRECTION_SOURCES).map(({ full, matches }) => ({ text: full, tokens: matches })),
  );
}

/** Why each result ranks where it does (`?debug=1`): every stage's decisions, by section id. */
export function debugTrace(pack: LoadedPack, section: SectionLookup, retrieval: Retrieval, ranking: Ranking, selection: Selection): SearchDebug {
  const { keyword, vector } = retrieval;
  const idOf = (id: number) => section(id).id;
  const listed = (hits: readonly RouteHit[]) => hits.map((h, i) => ({ id: idOf(h.id), rank: i + 1, score: roundScore(h.score) }));
  return {
    routes: { keyword: listed(keyword.hits), ...(vector && { vector: listed(vector.hits) }) },
    fused: ranking.fused.map((h, i) => ({ id: idOf(h.id), rank: i + 1, score: roundScore(h.score), match: h.match, pool: pack.sections.poolOf(h.id) })),
    boosts: ranking.boosts,
    pools: selection.pools,
    mmr: selection.mmr && selection.mmr.map((d) => ({ ...d, id: idOf(d.id) })),
  };
}
