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
 * - `minisearch:vitepress`: MiniSearch as VitePress's local search runs it (VPLocalSearchBox.vue):
 *   one record per section with fields `title` (the section's heading), `titles` (the headings
 *   above it: here the page title) and `text`; default tokenizer and lower-casing; search options
 *   `{ fuzzy: 0.2, prefix: true, boost: { title: 4, text: 2, titles: 1 } }`. The docs-site
 *   configuration readers of a VitePress site actually get (Hono's docs use it).
 */
import MiniSearch, { type Options } from 'minisearch';
import { stemmer } from 'stemmer';
import { ENGLISH_STOP_WORDS } from '../../core/index.ts';
import type { EvalAnswer, EvalDoc, EvalSystem } from '../types.ts';
import { checkCutoff, checkUniqueIds, requireIndexed } from '../systems/guards.ts';
import { PEER_FIELDS, TUNED_FIELD_BOOSTS, peerFields } from './peer-fields.ts';

/** A document as a system indexes it: its id and its named text fields. */
type MiniDoc = { id: string } & Record<string, string>;

type MiniOptions = Options<MiniDoc>;

/** The fields of a VitePress search record for a section (VPLocalSearchBox.vue indexes title, titles, text). */
function vitepressFields(doc: EvalDoc): Record<'title' | 'titles' | 'text', string> {
  // A page's first section has no heading of its own: VitePress titles it with the page's h1.
  const own = doc.headings.trim();
  return { title: own === '' ? doc.title : own, titles: own === '' ? '' : doc.title, text: doc.body };
}

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
    /** The record each document becomes. Default: title, headings, body. */
    private readonly fieldsOf: (doc: EvalDoc) => Record<string, string> = peerFields,
  ) {}

  async index(docs: readonly EvalDoc[]): Promise<void> {
    checkUniqueIds(this.name, docs.map((d) => d.id));
    const index = new MiniSearch<MiniDoc>(this.options);
    index.addAll(docs.map((d) => ({ id: d.id, ...this.fieldsOf(d) })));
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
    new MiniSearchSystem(
      'minisearch:vitepress',
      'MiniSearch 7.2.0 as VitePress local search configures it: fields title (section heading) / titles (page title) / text, default tokenizer and lower-casing, searchOptions { fuzzy: 0.2, prefix: true, boost: { title: 4, text: 2, titles: 1 } }.',
      { fields: ['title', 'titles', 'text'], searchOptions: { fuzzy: 0.2, prefix: true, boost: { title: 4, text: 2, titles: 1 } } },
      vitepressFields,
    ),
  ];
}
