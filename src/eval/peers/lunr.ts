/**
 * Lunr 2.3.9 as evaluation peers.
 *
 * Lunr's default pipeline already is its English setup: indexing runs trimmer → stop-word filter
 * → Porter stemmer, and queries are stemmed. A `lunr:english` would therefore be identical to
 * `lunr:default`, so the tuned variant is `lunr:boosted`: the same pipeline plus Lunr's documented
 * per-field `boost`.
 *
 * Queries are cleaned first (`cleanLunrQuery`): Lunr parses its own query syntax and throws on
 * ordinary text that looks like it (e.g. `Examples:` reads as a field name).
 */
import lunr from 'lunr';
import type { EvalAnswer, EvalDoc, EvalSystem } from '../types.ts';
import { checkCutoff, checkUniqueIds, requireIndexed } from '../systems/guards.ts';
import { PEER_FIELDS, TUNED_FIELD_BOOSTS, peerFields } from './peer-fields.ts';

/**
 * Characters of Lunr's query syntax: `field:term`, `term^boost`, `term~editDistance`, `*`
 * wildcards, leading `+`/`-` presence, and `\` escapes. Replaced by spaces, which leaves plain
 * OR-ed terms, i.e. what the query means as text (`re-entry` becomes `re entry`, as Lunr's own
 * tokenizer splits it at indexing time too).
 */
const LUNR_SYNTAX = /[:^~*+\-\\]/g;

export function cleanLunrQuery(query: string): string {
  return query.replace(LUNR_SYNTAX, ' ');
}

class LunrSystem implements EvalSystem {
  readonly peer = true;
  private built: lunr.Index | undefined;

  constructor(
    readonly name: string,
    readonly description: string,
    private readonly boosts: Readonly<Record<string, number>> | undefined,
  ) {}

  async index(docs: readonly EvalDoc[]): Promise<void> {
    checkUniqueIds(this.name, docs.map((d) => d.id));
    const boosts = this.boosts;
    this.built = lunr(function () {
      this.ref('id');
      for (const field of PEER_FIELDS) this.field(field, boosts ? { boost: boosts[field] } : undefined);
      for (const doc of docs) this.add({ id: doc.id, ...peerFields(doc) });
    });
  }

  async search(query: string, k: number): Promise<EvalAnswer> {
    checkCutoff(this.name, k);
    const index = requireIndexed(this.name, this.built);
    const results = index.search(cleanLunrQuery(query));
    return { hits: results.slice(0, k).map((r) => ({ docId: r.ref, score: r.score })) };
  }
}

/** Lunr's variants, fresh instances. */
export function lunrSystems(): EvalSystem[] {
  return [
    new LunrSystem(
      'lunr:default',
      'Lunr 2.3.9 default pipeline (trimmer, English stop words, Porter stemmer), fields title/headings/body unboosted; query syntax `: ^ ~ * + - \\` replaced by spaces.',
      undefined,
    ),
    new LunrSystem(
      'lunr:boosted',
      `Lunr 2.3.9 default pipeline (already its English setup: stop words + Porter stemmer) with documented field boosts title ${TUNED_FIELD_BOOSTS.title}, headings ${TUNED_FIELD_BOOSTS.headings}, body ${TUNED_FIELD_BOOSTS.body}; query syntax \`: ^ ~ * + - \\\` replaced by spaces.`,
      TUNED_FIELD_BOOSTS,
    ),
  ];
}
