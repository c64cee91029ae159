/**
 * Text → the embedding graph's inputs: token ids (rows of E) and their weights.
 *
 * The terms are exactly the keyword index's terms — `terms()` with the analyzer settings the model
 * was trained with — so both routes read the same words. Each term occurrence of SIF weight s adds:
 * - a known term: s · (1 − share) to its own row, s · share / g to each of its g n-gram buckets;
 * - an unknown term: UNKNOWN_TERM_WEIGHT / g to each of its n-gram buckets (it has no row), so a
 *   typo or an unseen identifier is still placed by the pieces it shares with known words — if
 *   enough of its n-grams occur in the vocabulary (NgramSettings.minKnownShare); noise adds nothing.
 * Repeated ids are summed into one, and ids come out ascending, so the graph gathers each row once.
 *
 * Runs per query in the Worker: one `terms()` call, a map lookup and a few hashes per term.
 */
import { terms as analyze } from '../analysis/segment.ts';
import type { Lang } from '../types.ts';
import { UNKNOWN_TERM_WEIGHT } from './model.ts';
import { fnv1a } from '../hash.ts';
import { isKnownNgram, ngramsOf } from './ngrams.ts';
import type { TokenizerModel } from './vocabulary.ts';
import { wordPieceIds, type WordPieceTokenizer } from './wordpiece.ts';

/** The graph's two inputs for one text. Same length; empty when the text has no usable term. */
export interface EmbeddingTokens {
  ids: Int32Array;
  weights: Float32Array;
}

/** Tokens of `text` analysed as language `lang` (an imported model's own tokenizer ignores `lang`). */
export function tokenize(text: string, lang: Lang, model: TokenizerModel): EmbeddingTokens {
  if (model.wordpieceTokenizer) return wordPieceTokens(text, model.wordpieceTokenizer);
  return tokenizeTerms(analyze(text, lang, model.info.analyzer), model);
}

/** Whether a term of `text`, analysed as `tokenize` does, is not in the vocabulary (never for an imported model's tokenizer). */
export function lacksTerm(text: string, lang: Lang, model: TokenizerModel): boolean {
  return !model.wordpieceTokenizer && analyze(text, lang, model.info.analyzer).some((term) => !model.rowOf.has(term));
}

/**
 * An imported (Model2Vec) model's tokens: its WordPiece ids with weight 1 per occurrence — the
 * model's embedding is the mean of its token rows, and the L2 normalisation makes sum and mean
 * the same direction. The unknown token is dropped, as Model2Vec does: it carries no meaning.
 */
function wordPieceTokens(text: string, t: WordPieceTokenizer): EmbeddingTokens {
  const counts = new Map<number, number>();
  for (const id of wordPieceIds(text, t)) if (id !== t.unkId) counts.set(id, (counts.get(id) ?? 0) + 1);
  const ids = Int32Array.from(counts.keys()).sort();
  return { ids, weights: Float32Array.from(ids, (id) => counts.get(id)!) };
}

/** Tokens of already analysed terms (the training side has them at hand). */
export function tokenizeTerms(terms: readonly string[], model: TokenizerModel): EmbeddingTokens {
  const { minN, maxN, buckets, share, minKnownShare } = model.info.ngram;
  const offset = model.info.vocabularySize;
  // Each distinct term is looked up and hashed once, with its weight times its count: a section
  // repeats its words, and hashing every occurrence made building 3× slower.
  const occurrences = new Map<string, number>();
  for (const term of terms) occurrences.set(term, (occurrences.get(term) ?? 0) + 1);
  const sums = new Map<number, number>();
  const add = (id: number, w: number) => sums.set(id, (sums.get(id) ?? 0) + w);
  for (const [term, count] of occurrences) {
    const row = model.rowOf.get(term);
    const known = row !== undefined;
    const weight = count * (known ? model.termWeights[row] : UNKNOWN_TERM_WEIGHT);
    // Without buckets there are no n-grams to share with: a known term keeps its whole weight.
    const gramShare = buckets <= 0 ? 0 : known ? share : 1;
    if (known) add(row, weight * (1 - gramShare));
    if (gramShare <= 0) continue;
    const hashes = ngramsOf(term, minN, maxN).map(fnv1a);
    if (hashes.length === 0) continue;
    if (!known && minKnownShare > 0) {
      const knownNgrams = model.knownNgrams();
      const seen = hashes.reduce((n, h) => n + (isKnownNgram(knownNgrams, h) ? 1 : 0), 0);
      if (seen / hashes.length < minKnownShare) continue;
    }
    // The bucket of an n-gram is its FNV-1a hash modulo the bucket count (ngramBuckets).
    for (const h of hashes) add(offset + (h % buckets), (weight * gramShare) / hashes.length);
  }
  const ids = Int32Array.from([...sums.keys()].filter((id) => sums.get(id)! > 0)).sort();
  const weights = Float32Array.from(ids, (id) => sums.get(id)!);
  return { ids, weights };
}
