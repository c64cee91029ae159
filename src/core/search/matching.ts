/**
 * How a query's concepts are looked up in the keyword index: as typed, or (expansion on) also by
 * the completions of an unfinished last word and the corrections of a word the index lacks
 * (keyword/expand.ts). One decision per search, shared by the keyword route (which terms to read
 * and score) and by everything that checks a concept is present — the verdict, the evidence, the
 * snippets — which see each concept as the one term that stands for it.
 */
import type { TermDictionary } from '../keyword/dictionary.ts';
import { DEFAULT_EXPANSION_OPTIONS, endsMidWord, exactGroups, expandConcepts, type ExpansionOptions, type TermOfWord, type TermVariant } from '../keyword/expand.ts';

/** Expansion's settings in SearchOptions: off, or on with the expansion options. */
export type ExpansionSetting = ExpansionOptions & { enabled: boolean };

export const DEFAULT_EXPANSION_SETTING: Readonly<ExpansionSetting> = Object.freeze({ ...DEFAULT_EXPANSION_OPTIONS, enabled: true });

export interface QueryMatching {
  /** Per concept, the terms the keyword route looks it up as, weighted (the term as typed first). */
  groups: TermVariant[][];
  /**
   * Per concept, the one term that stands for it where presence is checked (verdict, evidence,
   * snippets): the term as typed when the index holds it, else its best completion or correction,
   * else the term as typed (found nowhere, as without expansion).
   */
  resolved: string[];
  /** Every distinct term of the groups: whose postings the route reads. */
  terms: string[];
}

/** What matching reads of a request: its text, and whether the reader finished the last word (SearchRequest). */
export interface TypedQuery {
  q: string;
  lastWordFinished?: boolean;
  /** Match every word as typed, whatever the setting (the reader's "Search instead for …"). */
  exact?: boolean;
}

/** Whether the last word of `query` may still be being typed: it ends mid-word and the reader typed no space after it. */
export function lastWordIsPartial(query: TypedQuery): boolean {
  return query.lastWordFinished !== true && endsMidWord(query.q);
}

/**
 * `unstemmed`: each concept's word analysed without stemming (QueryAnalysis.unstemmed), which an
 * unfinished last word is completed from as well as from its stem; default: the concepts.
 * `lastWord`: the concepts of the query's last word (QueryAnalysis.lastWord), each completed while
 * it is being typed, as the last concept always is; default: the last concept alone.
 */
export function matchQuery(
  query: TypedQuery,
  concepts: readonly string[],
  dictionary: TermDictionary,
  setting: ExpansionSetting,
  unstemmed: readonly string[] = concepts,
  termOf?: TermOfWord,
  lastWord: readonly number[] = [concepts.length - 1],
): QueryMatching {
  const groups =
    setting.enabled && query.exact !== true
      ? expandConcepts(concepts, dictionary, lastWordIsPartial(query), setting, unstemmed, termOf, new Set([...lastWord, concepts.length - 1]))
      : exactGroups(concepts);
  // A concept the index holds stands for itself; one it lacks, for its best variant after itself.
  const resolved = groups.map((variants) => (dictionary.has(variants[0]!.term) ? variants[0]! : (variants[1] ?? variants[0]!)).term);
  return { groups, resolved, terms: [...new Set(groups.flat().map((v) => v.term))] };
}

/** Whether the last concept was matched by the dictionary words it begins: the reader is still typing a word the docs hold. */
export function lastWordCompleted(matching: QueryMatching): boolean {
  return matching.groups[matching.groups.length - 1]?.some((v) => v.kind === 'prefix') ?? false;
}
