/**
 * What kind of query a reader typed, for the confidence verdict (issue 6): its strategy, its key
 * concepts and its language. Pure and cheap: a few regular expressions and one `segment()` pass.
 *
 * - `question`: an interrogative (how, why, 怎么, 如何, どう, なぜ, cómo, como …) or a question mark,
 *   or a sentence (QUESTION_MIN_WORDS words or more): the reader wants an explanation, so the
 *   verdict should ask for evidence that covers the question's concepts.
 * - `lookup`: an identifier (`getStaticPaths`, `c.req.param()`, `astro.config.mjs`, `snake_case`)
 *   or two to three plain concepts (`image component`): the reader wants one known thing, so the
 *   verdict should ask that it was found by name.
 * - `overview`: one plain concept (`routing`): a broad topic, answered by a page about it.
 */
import { CJK_CHAR, queryLanguage } from './lang.ts';
import { segment, terms, type AnalyzerOptions, type Token } from './segment.ts';
import type { Lang } from '../types.ts';

export type QueryStrategy = 'lookup' | 'question' | 'overview';
export const QUERY_STRATEGIES: readonly QueryStrategy[] = Object.freeze(['lookup', 'question', 'overview'] as const);

export interface QueryAnalysis {
  strategy: QueryStrategy;
  /** The query's distinct analysed terms (stop words removed, stemmed): what an answer must cover. */
  concepts: string[];
  /**
   * For each concept (same order), the query's text it was analysed from, as the reader typed it
   * (`Routes` for `rout`): what messages and suggestions name, since a stem is not a word.
   */
  words: string[];
  /**
   * For each concept, its word analysed without stemming (`lay` for the concept `lai`): a word still
   * being typed is completed from what the reader typed as well as from its stem, which a cut word
   * often does not share with the finished one (`lay` → `lai`, but `layout` → `layout`).
   */
  unstemmed: string[];
  /**
   * The concepts of the query's last word — those a token ending where the query ends stands for:
   * one for a plain word, several for an identifier (`npm-ac`: the whole `npm-ac` and its part `ac`).
   * While the reader is still typing it, each of them is completed (keyword/expand.ts).
   */
  lastWord: number[];
  lang: Lang;
}

/**
 * Words from which on a query reads as a sentence even without a question word. Default 5: "deploy
 * astro site to netlify" is a task described in words; four words or fewer are still names of
 * things ("astro image component props").
 */
export const QUESTION_MIN_WORDS = 5;

/** Most concepts a lookup has; more plain words describe a topic in words (a question). */
export const LOOKUP_MAX_CONCEPTS = 3;

/**
 * Interrogatives that open a question, by language. Matched at the start (Latin scripts) or
 * anywhere (Chinese and Japanese put them mid-sentence). Covers the languages the reasons are
 * written in; others still count as questions by their question mark or length.
 */
const QUESTION_START = /^(how|what|why|when|where|which|who|whom|whose|can|could|should|would|does|do|did|is|are|was|were|will|cómo|como|qué|que|por\s?qu[eé]|cuándo|quando|cuando|dónde|onde|donde|cuál|qual|quién|quem|o\s+que)\b/iu;
const QUESTION_CJK = /(怎么|怎样|如何|什么|为什么|为何|哪|吗|呢|是否|どう|なぜ|何|どこ|いつ|どの|ですか|ますか|でしょうか)/u;
const QUESTION_MARK = /[?？]\s*$/u;

/** An identifier: camelCase, snake_case, kebab words joined by dots or parentheses, paths, versions. */
const IDENTIFIER = /[a-z][A-Z]|[A-Za-z0-9]_[A-Za-z0-9]|[A-Za-z0-9][.:/][A-Za-z0-9]|\(\)|[A-Za-z]\d|\d[A-Za-z]|^[-.@$#]/u;

/**
 * Words of the query as a reader counts them: each space-separated chunk is one word, except that
 * a chunk of CJK text (written without spaces) counts as the words it segments into.
 */
function wordCount(q: string, lang: Lang, analyzer?: Partial<AnalyzerOptions>): number {
  return q
    .split(/\s+/u)
    .filter((w) => w.length > 0)
    .reduce((n, chunk) => n + (CJK_CHAR.test(chunk) ? Math.max(1, terms(chunk, lang, { ...analyzer, stopWords: false }).length) : 1), 0);
}

/**
 * A query's concepts — its distinct analysed terms, in query order — each with the first stretch
 * of the query it came from. The one query → terms derivation: the keyword route looks these
 * terms up (keyword/search.ts queryTerms), the verdict checks their coverage, snippets mark them.
 */
export function queryConcepts(q: string, lang: Lang, analyzer?: Partial<AnalyzerOptions>): { concepts: string[]; words: string[] } {
  const { concepts, words } = conceptTokens(segment(q, lang, analyzer), q);
  return { concepts, words };
}

/** Each distinct term's first token: the concepts, the words they came from, and those tokens' positions. */
function conceptTokens(tokens: readonly Token[], q: string): { concepts: string[]; words: string[]; positions: number[]; lastWord: number[] } {
  const firstAt = new Map<string, number>();
  tokens.forEach((token, i) => {
    if (!firstAt.has(token.term)) firstAt.set(token.term, i);
  });
  const concepts = [...firstAt.keys()];
  const positions = [...firstAt.values()];
  const end = q.trimEnd().length;
  const ending = new Set(tokens.filter((t) => t.end === end).map((t) => t.term));
  const lastWord = concepts.flatMap((c, i) => (ending.has(c) ? [i] : []));
  return { concepts, words: positions.map((i) => q.slice(tokens[i]!.start, tokens[i]!.end)), positions, lastWord };
}

export function analyzeQuery(q: string, requestLang: Lang | null, defaultLang: Lang, analyzer?: Partial<AnalyzerOptions>): QueryAnalysis {
  const lang = queryLanguage(q, requestLang, defaultLang);
  const { concepts, words, positions, lastWord } = conceptTokens(segment(q, lang, analyzer), q);
  // Stemming changes a token's term, never which tokens there are: the unstemmed pass aligns. Only
  // here, not in queryConcepts, which the keyword route's plain search also calls.
  const plain = segment(q, lang, { ...analyzer, stem: false });
  const unstemmed = positions.map((i, c) => plain[i]?.term ?? concepts[c]!);
  const text = q.trim();
  let strategy: QueryStrategy;
  if (QUESTION_START.test(text) || QUESTION_CJK.test(text) || QUESTION_MARK.test(text) || wordCount(text, lang, analyzer) >= QUESTION_MIN_WORDS) {
    strategy = 'question';
  } else if (text.split(/\s+/u).some((w) => IDENTIFIER.test(w)) || (concepts.length >= 2 && concepts.length <= LOOKUP_MAX_CONCEPTS)) {
    strategy = 'lookup';
  } else if (concepts.length > LOOKUP_MAX_CONCEPTS) {
    strategy = 'question';
  } else {
    strategy = 'overview';
  }
  return { strategy, concepts, words, unstemmed, lastWord, lang };
}
