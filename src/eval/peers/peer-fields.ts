/**
 * What every peer indexes, and how its tuned variant weighs it, in one place so the peers are
 * configured alike and none is given a field or a weight another lacks.
 */
import { DEFAULT_KEYWORD_OPTIONS } from '../../core/index.ts';
import type { EvalDoc } from '../types.ts';

/** The searchable fields, the same three recall-box's ranking weighs (`sectionFields`). */
export const PEER_FIELDS = ['title', 'headings', 'body'] as const;
export type PeerField = (typeof PEER_FIELDS)[number];

/**
 * Field boosts of the tuned variants, through each library's documented boost option: recall-box's
 * own BM25F field weights (DEFAULT_KEYWORD_OPTIONS.weights). Taken over rather than fitted per library so no
 * peer gets weights tuned on a test collection, and no peer is denied the field weighting
 * recall-box itself uses. Range > 0; 1 is neutral.
 */
export const TUNED_FIELD_BOOSTS: Readonly<Record<PeerField, number>> = DEFAULT_KEYWORD_OPTIONS.weights;

/** The document's text per field. */
export function peerFields(doc: EvalDoc): Record<PeerField, string> {
  return { title: doc.title, headings: doc.headings, body: doc.body };
}
