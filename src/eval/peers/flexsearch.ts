/**
 * FlexSearch 0.8.212 alone (its `Document` index, its own tokenizer, encoder and ranking) as
 * evaluation peers. recall-box also uses FlexSearch, but only as a postings store under its own
 * analyzer and BM25F; these systems measure what FlexSearch gives a site that uses it directly.
 *
 * FlexSearch reports no score: it ranks by its internal slots (where a term occurs, how many query
 * terms a document matches). Hits get `score = 1 / rank`, which keeps its order and says nothing else.
 */
import { Charset, Document, Encoder, type DocumentData, type DocumentOptions, type Id } from 'flexsearch';
import EnglishPreset from 'flexsearch/lang/en';
import type { EvalAnswer, EvalDoc, EvalSystem } from '../types.ts';
import { checkCutoff, checkUniqueIds, requireIndexed } from '../systems/guards.ts';
import { PEER_FIELDS, peerFields } from './peer-fields.ts';

/** One FlexSearch configuration. */
interface FlexVariant {
  /** Index options (tokenizer, encoder) beside the document descriptor. */
  index: Omit<DocumentOptions<DocumentData>, 'document'>;
  /**
   * Search option `suggest`: false (the default) returns only documents matching EVERY query term
   * in one field; true also returns partial matches, best first.
   */
  suggest: boolean;
}

interface Built {
  document: Document<DocumentData>;
  docIds: readonly string[];
}

/** A merged per-field result row, as `search(…, { merge: true })` returns it. */
interface MergedRow {
  id: Id;
}

class FlexSearchSystem implements EvalSystem {
  readonly peer = true;
  private built: Built | undefined;

  constructor(
    readonly name: string,
    readonly description: string,
    private readonly variant: FlexVariant,
  ) {}

  async index(docs: readonly EvalDoc[]): Promise<void> {
    checkUniqueIds(this.name, docs.map((d) => d.id));
    const document = new Document<DocumentData>({ ...this.variant.index, document: { id: 'id', index: [...PEER_FIELDS] } });
    // Numeric ids (document positions) are FlexSearch's cheapest key; mapped back on search.
    docs.forEach((d, i) => document.add({ id: i, ...peerFields(d) }));
    this.built = { document, docIds: docs.map((d) => d.id) };
  }

  async search(query: string, k: number): Promise<EvalAnswer> {
    checkCutoff(this.name, k);
    const { document, docIds } = requireIndexed(this.name, this.built);
    // `merge: true` is FlexSearch's documented way to get one list from a multi-field search: the
    // fields' result lists concatenated in field order (title, headings, body), duplicates dropped.
    // `limit` applies per field, so k per field always yields the top k of the merged list.
    const rows = document.search(query, { limit: k, suggest: this.variant.suggest, merge: true }) as unknown as MergedRow[];
    return { hits: rows.slice(0, k).map((row, i) => ({ docId: docIds[Number(row.id)]!, score: 1 / (i + 1) })) };
  }
}

/** FlexSearch's English encoder: LatinBalance normalisation + its `en` pack (stop words, stemmer). */
function englishEncoder(): Encoder {
  // As `new Encoder(Charset.LatinBalance, EnglishPreset)` in FlexSearch's docs; its typings declare
  // only one constructor argument, so the second preset is assigned as the constructor would.
  return new Encoder(Charset.LatinBalance).assign(EnglishPreset);
}

/**
 * FlexSearch's variants, fresh instances.
 *
 * `flexsearch:best` is the best of the documented configurations tried on Cranfield (graded
 * nDCG@10 over 225 queries, Cranfield title → title, text → body, merge: true):
 *
 *   defaults (tokenize strict, Charset.Default, no suggest)     0.0066  (AND: long queries match nothing)
 *   defaults + suggest                                          0.1854
 *   tokenize forward + suggest                                  0.1872
 *   forward + suggest + Charset.LatinBalance · LatinAdvanced    0.1827 · 0.1784
 *   preset "score" · "match", + suggest                         0.1725 · 0.1872
 *   forward + suggest + English encoder                         0.2708
 *   strict + suggest + English encoder + context                0.2305
 *   strict + suggest + English encoder                          0.2799  ← best
 *   same, resolution 20                                         0.2814  (not taken: a gain inside noise for one more knob)
 *
 * `forward` (prefix) indexing, the docs' usual advice, loses to whole terms once the English
 * stemmer conflates word forms. A merged Document search has no per-field boost (FlexSearch boosts
 * only in its Resolver, which combines separately searched fields by its own rank arithmetic), so
 * the tuned variant has none: its fields rank title, then headings, then body, as `merge` lists them.
 */
export function flexsearchSystems(): EvalSystem[] {
  return [
    new FlexSearchSystem(
      'flexsearch:default',
      'FlexSearch 0.8.212 Document over title/headings/body with default options (tokenize strict, Charset.Default encoder), search(q, {limit, merge: true}): every query term must match in one field; score = 1/rank.',
      { index: {}, suggest: false },
    ),
    new FlexSearchSystem(
      'flexsearch:best',
      'FlexSearch 0.8.212 Document over title/headings/body, tokenize strict, encoder LatinBalance + flexsearch/lang/en (stop words, stemmer), search(q, {limit, suggest: true, merge: true}); best of 9 documented configurations on Cranfield; score = 1/rank.',
      { index: { encoder: englishEncoder() }, suggest: true },
    ),
  ];
}
