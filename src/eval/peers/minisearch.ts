/**
 * MiniSearch 7.2.0 as evaluation peers.
 *
 * - `minisearch:default`: its documented basic usage — `new MiniSearch({ fields })`, `search(q)`:
 *   lower-casing tokenizer (split at spaces and punctuation), no stop words, no stemming, terms
 *   OR-ed, BM25+ ranking, no prefix or fuzzy matching.
 * - `minisearch:english`: MiniSearch ships no stemmer or stop-word list; its docs show both as a
 *   `processTerm` function. It gets recall-box's English list (Lunr's, less `get`/`let`) and the
 *   Porter stemmer recall-box uses (`stemmer` package), so its analysis is ours and differences
 *   come from its ranking; plus its documented `boost` search option per field.
 */
import MiniSearch, { type Options } from 'minisearch';
import { stemmer } from 'stemmer';
import { ENGLISH_STOP_WORDS } from '../../core/index.ts';
import type { EvalAnswer, EvalDoc, EvalSystem } from '../types.ts';
import { checkCutoff, checkUniqueIds, requireIndexed } from '../systems/guards.ts';
import { PEER_FIELDS, TUNED_FIELD_BOOSTS, peerFields } from './peer-fields.ts';

interface MiniDoc {
  id: string;
  title: string;
  headings: string;
  body: string;
}

type MiniOptions = Options<MiniDoc>;

/** Lower-cases, drops English stop words (null = discard), Porter-stems the rest. */
function englishTerm(term: string): string | null {
  const lower = term.toLowerCase();
  return ENGLISH_STOP_WORDS.has(lower) ? null : stemmer(lower);
}

class MiniSearchSystem implements EvalSystem {
  readonly peer = true;
  private built: MiniSearch<MiniDoc> | undefined;

  constructor(
    readonly name: string,
    readonly description: string,
    private readonly options: MiniOptions,
  ) {}

  async index(docs: readonly EvalDoc[]): Promise<void> {
    checkUniqueIds(this.name, docs.map((d) => d.id));
    const index = new MiniSearch<MiniDoc>(this.options);
    index.addAll(docs.map((d) => ({ id: d.id, ...peerFields(d) })));
    this.built = index;
  }

  async search(query: string, k: number): Promise<EvalAnswer> {
    checkCutoff(this.name, k);
    const index = requireIndexed(this.name, this.built);
    const results = index.search(query);
    return { hits: results.slice(0, k).map((r) => ({ docId: String(r.id), score: r.score })) };
  }
}

/** MiniSearch's variants, fresh instances. */
export function minisearchSystems(): EvalSystem[] {
  const b = TUNED_FIELD_BOOSTS;
  return [
    new MiniSearchSystem(
      'minisearch:default',
      'MiniSearch 7.2.0 as documented: fields title/headings/body, default tokenizer and lower-casing, no stop words, no stemming, OR, BM25+, no prefix/fuzzy.',
      { fields: [...PEER_FIELDS] },
    ),
    new MiniSearchSystem(
      'minisearch:english',
      `MiniSearch 7.2.0, processTerm = lower-case + recall-box's English stop words + Porter stemmer (stemmer pkg), search boost title ${b.title}, headings ${b.headings}, body ${b.body}; OR, BM25+, no prefix/fuzzy.`,
      { fields: [...PEER_FIELDS], processTerm: englishTerm, searchOptions: { boost: { ...b } } },
    ),
  ];
}
