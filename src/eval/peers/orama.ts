/**
 * Orama 3.1.18 as evaluation peers.
 *
 * - `orama:default`: its documented basic usage — `create({ schema })` with the three fields as
 *   `string`, `search(db, { term, limit })`: English tokenizer without stemming or stop words,
 *   prefix matching (`exact: false`: `wing` also finds `wings`), typo tolerance 0, threshold 1
 *   (every document matching any term), BM25 per field summed. Its index keeps each distinct token
 *   once per field and takes tf as count / field length: part of why it ranks as it does.
 * - `orama:english`: the documented English setup — tokenizer `stemming: true` with the
 *   `@orama/stemmers/english` stemmer and `@orama/stopwords/english` stop words — plus the
 *   documented `boost` search parameter per field.
 * - `orama:english-typo`: `orama:english` with the documented `tolerance: 1` (one edit per term),
 *   Orama's typo tolerance as a site enables it.
 *
 * Synchronous search: Orama 3's `search` returns a Promise only when before/after-search hooks
 * (plugins) are installed; none are, so it returns its result directly and `EvalSystem.search`
 * stays synchronous. A Promise would be a configuration change, and is reported as an error.
 */
import { create, insertMultiple, search, type AnyOrama, type DefaultTokenizerConfig, type Results } from '@orama/orama';
import { stemmer as englishStemmer } from '@orama/stemmers/english';
import { stopwords as englishStopWords } from '@orama/stopwords/english';
import type { EvalAnswer, EvalDoc, EvalSystem } from '../types.ts';
import { checkCutoff, checkUniqueIds, requireIndexed } from '../systems/guards.ts';
import { TUNED_FIELD_BOOSTS, peerFields } from './peer-fields.ts';

const SCHEMA = { title: 'string', headings: 'string', body: 'string' } as const;

class OramaSystem implements EvalSystem {
  readonly peer = true;
  private built: AnyOrama | undefined;

  constructor(
    readonly name: string,
    readonly description: string,
    /** Tokenizer settings; undefined = Orama's default tokenizer. */
    private readonly tokenizer: DefaultTokenizerConfig | undefined,
    private readonly boost: Readonly<Record<string, number>> | undefined,
    /** Orama's `tolerance` search parameter (edits per term); 0 is its default. */
    private readonly tolerance = 0,
  ) {}

  async index(docs: readonly EvalDoc[]): Promise<void> {
    checkUniqueIds(this.name, docs.map((d) => d.id));
    const db = create({ schema: SCHEMA, components: this.tokenizer ? { tokenizer: this.tokenizer } : undefined });
    // Orama takes a string `id` property as the document's id, so hits come back with ours.
    await insertMultiple(db, docs.map((d) => ({ id: d.id, ...peerFields(d) })));
    this.built = db;
  }

  async search(query: string, k: number): Promise<EvalAnswer> {
    checkCutoff(this.name, k);
    const db = requireIndexed(this.name, this.built);
    // An empty term is Orama's "list every document", not a query; a query that is only
    // whitespace asks nothing.
    if (query.trim() === '') return { hits: [] };
    const result = search(db, { term: query, limit: k, ...(this.boost ? { boost: { ...this.boost } } : {}), ...(this.tolerance > 0 ? { tolerance: this.tolerance } : {}) });
    if (result instanceof Promise) throw new Error(`${this.name}: Orama answered asynchronously; no search hooks should be installed.`);
    return { hits: (result as Results<unknown>).hits.map((h) => ({ docId: h.id, score: h.score })) };
  }
}

/** Orama's variants, fresh instances. */
export function oramaSystems(): EvalSystem[] {
  const b = TUNED_FIELD_BOOSTS;
  return [
    new OramaSystem(
      'orama:default',
      "Orama 3.1.18 as documented: schema title/headings/body as string, search({term, limit}); default tokenizer (no stemming, no stop words), prefix matching, tolerance 0, threshold 1, Orama's BM25 (k 1.2, b 0.75, d 0.5).",
      undefined,
      undefined,
    ),
    new OramaSystem(
      'orama:english',
      `Orama 3.1.18, tokenizer stemming with @orama/stemmers/english + @orama/stopwords/english, search boost title ${b.title}, headings ${b.headings}, body ${b.body}; prefix matching, tolerance 0, threshold 1, Orama's BM25 (k 1.2, b 0.75, d 0.5).`,
      { stemming: true, stemmer: englishStemmer, stopWords: englishStopWords },
      b,
    ),
    new OramaSystem(
      'orama:english-typo',
      `orama:english with tolerance 1 (one edit per term): Orama 3.1.18, English stemmer and stop words, boost title ${b.title}, headings ${b.headings}, body ${b.body}; prefix matching, threshold 1.`,
      { stemming: true, stemmer: englishStemmer, stopWords: englishStopWords },
      b,
      1,
    ),
  ];
}
