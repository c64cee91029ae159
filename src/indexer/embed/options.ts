/**
 * Every tunable of the static embedding model, in one place with its meaning, range and default.
 * The settings the query side needs (analyzer, n-grams, SIF a) are stored in the model's info, so
 * the Worker tokenizes exactly as the build did.
 *
 * Figures: Cranfield (1,400 abstracts, 225 queries, graded nDCG@10), keyword route alone 0.3814,
 * from `npx tsx scripts/embed-cranfield.ts --sweep`; see the table in that script's header.
 */
import { RecallBoxError } from '../../core/errors.ts';
import type { EmbeddingMethod, NgramSettings } from '../../core/embed/model.ts';
import { DEFAULT_ANALYZER_OPTIONS, type AnalyzerOptions } from '../../core/analysis/segment.ts';
import type { NgramVectorMethod } from './ngram-vectors.ts';

export interface EmbedOptions {
  /**
   * What the term vectors factorise: `tfidf` (term × section, latent semantic analysis) or `ppmi`
   * (term × term within `window` positions). Default `tfidf`: on Cranfield PPMI scored 0.31 for
   * the vector route against 0.41, and its fusion fell below the keyword route alone.
   */
  method: EmbeddingMethod;
  /**
   * Length of every embedding (columns of E). Range integer 1..1024. Default 128: 64 loses 0.028
   * on the vector route; 256 gains nothing (−0.005) for twice the model and ~3× the SVD time.
   */
  dimensions: number;
  /** PPMI only: terms at most this many positions apart co-occur. Range integer ≥ 1. Default 5 (2 and 10 measured, both worse for retrieval than TF-IDF). */
  window: number;
  /** PPMI only: context distribution smoothing exponent α (Levy, Goldberg & Dagan 2015). Range 0..1. Default 0.75, their value. */
  contextSmoothing: number;
  /**
   * A term gets its own row only if at least this many sections hold it. Range integer ≥ 1.
   * Default 1: a term of one section is often the very identifier or name a reader asks for;
   * dropping those (2) cost 0.006 on the vector route and left their words to the n-grams.
   */
  minDocFrequency: number;
  /** Most vocabulary terms, the most frequent kept; bounds E for huge sites. Range integer ≥ 1. Default 50 000 (the Astro docs have 10 360). */
  maxVocabulary: number;
  /**
   * Term vector = row of U · Σ^p, then L2-normalised. Range 0..1. Default 1, classic LSA: the
   * strong directions weigh more. 0.5 (Levy et al.'s choice for word similarity) scored 0.006
   * lower on the vector route, 0 scored 0.005 lower (and 0.010 lower fused).
   */
  singularValuePower: number;
  /** Randomized SVD: random directions beyond `dimensions` (Halko et al.: 5–10). Range integer ≥ 0. Default 10. */
  oversampling: number;
  /**
   * Randomized SVD: power iterations. Range integer 0..10. Default 2: without them the vector route
   * fell from 0.41 to 0.33 (a term–section matrix's spectrum decays slowly, so the plain random
   * projection mixes in weak directions); each costs two more sparse products and orthonormalisations.
   */
  powerIterations: number;
  /** Seed of the random projection: same corpus + seed → byte-identical model. Range uint32. Default 0x5eed2024 (any fixed value). */
  seed: number;
  /**
   * SIF a: a term of corpus probability p weighs a / (a + p). Range > 0. Default 1e-2. SIF's paper
   * uses 1e-3, which here down-weighted too much (−0.027 on the vector route): TF-IDF already puts
   * rarity into the factorised matrix. 3e-2 and 1 (flat weights) are lower too.
   */
  sifA: number;
  /**
   * SIF common component removal: principal directions of the sections' embeddings removed from E.
   * Range integer 0..8. Default 1, as in SIF: without it the vector route lost 0.017. 2 raised
   * the fusion by 0.004 but lowered the vector route by 0.004: noise, so SIF's 1 stays.
   */
  commonComponents: number;
  /**
   * Character n-grams, hashed (see NgramSettings). Default 3–5-grams, 4 096 buckets, share 0.1.
   * They exist for typos and unseen identifiers, which Cranfield does not have: there they are
   * neutral (no n-grams −0.001, share 0.3 −0.004, 32 768 buckets −0.001). On 16 typos of Astro docs
   * words (`--typos`), 8 192 buckets put 13 of 16 intended terms in the cosine top 10 and the typo's
   * top-10 sections share 5.1 with the word's; 16 384: 12 and 4.3; 4 096: 13 and 3.6. Since the
   * keyword route corrects typos itself (core/keyword/expand.ts), 4 096 buckets score as 8 192 on
   * every row of `npm run eval -- --suite` (macro-average 0.8655 both; no row moved by more than
   * 0.003) for half their rows: 512 KiB less of a pack, which issue 18 bounds at 1.5× the
   * keyword-only pack's. Share 0.1: a known term keeps 90 % on its own row, whose vector is the
   * better one (0.3 helps typos a little, 14 and 5.3, but costs 0.004 on Cranfield).
   */
  ngram: NgramSettings;
  /**
   * How bucket vectors come from term vectors: `least-squares` (fastText-like) or `mean`. Default
   * `least-squares`: on the Astro typos, median rank of the intended term 2 against 391 for the
   * mean (see ngram-vectors.ts); on Cranfield the two are level (mean +0.001).
   */
  ngramVectors: NgramVectorMethod;
  /** least-squares: ridge λ, keeps buckets of few terms from fitting them exactly. Range > 0. Default 0.1 (0.03: median rank 3, 1: 7). */
  ngramRidge: number;
  /** least-squares: conjugate-gradient iterations. Range integer 1..200. Default 10: 20 gave the same typo ranks, at ~0.3 s per iteration on the Astro docs. */
  ngramIterations: number;
  /** Analyzer settings: pass the pack's, so the model reads exactly the keyword index's terms. Default DEFAULT_ANALYZER_OPTIONS. */
  analyzer: AnalyzerOptions;
  /**
   * Fewest sections a model is trained on; a smaller site gets a keyword-only pack (the build
   * says so). Range integer ≥ 2. Default 32: n sections give the factorisation at most n
   * directions, one of which common-component removal takes away (a one-section site embeds
   * everything to zero), and a handful of directions cannot tell topics apart — on an 8-section
   * test site, nonsense and real queries reached the same cosines. Keyword search serves a site
   * that small fully.
   */
  minSections: number;
}

/**
 * The defaults. Measured with `npx tsx scripts/embed-cranfield.ts --sweep` on Cranfield (225 judged
 * queries, graded nDCG@10; keyword route alone 0.3814): vector route 0.4072, its int8 form 0.4083,
 * RRF fusion with the keyword route 0.4087 (+0.027), with 8 192 n-gram buckets. The full table is in the script's header;
 * every figure quoted on a field above is a difference to these defaults from that table.
 * Build cost on the Astro docs (3 079 sections, 2 cores): training ~11 s, embedding every section
 * with onnxruntime-web ~1.5 s; E is 14 456 rows × 128 (10 360 terms and 4 096 n-gram buckets; int8 in the pack).
 */
export const DEFAULT_EMBED_OPTIONS: Readonly<EmbedOptions> = Object.freeze({
  method: 'tfidf',
  dimensions: 128,
  window: 5,
  contextSmoothing: 0.75,
  minDocFrequency: 1,
  maxVocabulary: 50_000,
  singularValuePower: 1,
  oversampling: 10,
  powerIterations: 2,
  seed: 0x5eed_2024,
  sifA: 1e-2,
  commonComponents: 1,
  ngram: Object.freeze({ minN: 3, maxN: 5, buckets: 4096, share: 0.1, minKnownShare: 0.5 }),
  ngramVectors: 'least-squares',
  ngramRidge: 0.1,
  ngramIterations: 10,
  analyzer: DEFAULT_ANALYZER_OPTIONS,
  minSections: 32,
});

export type EmbedOptionsInput = Partial<Omit<EmbedOptions, 'ngram' | 'analyzer'>> & {
  ngram?: Partial<NgramSettings>;
  analyzer?: Partial<AnalyzerOptions>;
};

function check(ok: boolean, what: string): void {
  if (!ok) throw new RecallBoxError('INVALID_OPTIONS', `embedding option ${what}.`);
}

const isInt = (v: number, min: number, max = Number.MAX_SAFE_INTEGER) => Number.isInteger(v) && v >= min && v <= max;

/** Defaults completed with `input`, checked (INVALID_OPTIONS names the first bad option). */
export function resolveEmbedOptions(input: EmbedOptionsInput = {}): EmbedOptions {
  const d = DEFAULT_EMBED_OPTIONS;
  const o: EmbedOptions = {
    ...d,
    ...input,
    ngram: { ...d.ngram, ...input.ngram },
    analyzer: { ...d.analyzer, ...input.analyzer },
  };
  check(o.method === 'ppmi' || o.method === 'tfidf', `method must be "ppmi" or "tfidf", got ${String(o.method)}`);
  check(isInt(o.dimensions, 1, 1024), `dimensions must be an integer in 1..1024, got ${o.dimensions}`);
  check(isInt(o.window, 1), `window must be an integer ≥ 1, got ${o.window}`);
  check(o.contextSmoothing >= 0 && o.contextSmoothing <= 1, `contextSmoothing must be in 0..1, got ${o.contextSmoothing}`);
  check(isInt(o.minDocFrequency, 1), `minDocFrequency must be an integer ≥ 1, got ${o.minDocFrequency}`);
  check(isInt(o.maxVocabulary, 1), `maxVocabulary must be an integer ≥ 1, got ${o.maxVocabulary}`);
  check(o.singularValuePower >= 0 && o.singularValuePower <= 1, `singularValuePower must be in 0..1, got ${o.singularValuePower}`);
  check(isInt(o.oversampling, 0), `oversampling must be an integer ≥ 0, got ${o.oversampling}`);
  check(isInt(o.powerIterations, 0, 10), `powerIterations must be an integer in 0..10, got ${o.powerIterations}`);
  check(isInt(o.seed, 0, 0xffff_ffff), `seed must be a uint32, got ${o.seed}`);
  check(isInt(o.commonComponents, 0, 8), `commonComponents must be an integer in 0..8, got ${o.commonComponents}`);
  check(o.sifA > 0 && Number.isFinite(o.sifA), `sifA must be > 0, got ${o.sifA}`);
  const g = o.ngram;
  check(isInt(g.minN, 1) && isInt(g.maxN, g.minN, 16), `ngram.minN..maxN must be integers with 1 ≤ minN ≤ maxN ≤ 16, got ${g.minN}..${g.maxN}`);
  check(o.ngramVectors === 'mean' || o.ngramVectors === 'least-squares', `ngramVectors must be "mean" or "least-squares", got ${String(o.ngramVectors)}`);
  check(o.ngramRidge > 0 && Number.isFinite(o.ngramRidge), `ngramRidge must be > 0, got ${o.ngramRidge}`);
  check(isInt(o.minSections, 2), `minSections must be an integer ≥ 2, got ${o.minSections}`);
  check(isInt(o.ngramIterations, 1, 200), `ngramIterations must be an integer in 1..200, got ${o.ngramIterations}`);
  check(isInt(g.buckets, 0, 1 << 24), `ngram.buckets must be an integer in 0..16777216, got ${g.buckets}`);
  check(g.share >= 0 && g.share < 1, `ngram.share must be in [0, 1), got ${g.share}`);
  check(g.minKnownShare >= 0 && g.minKnownShare <= 1, `ngram.minKnownShare must be in [0, 1], got ${g.minKnownShare}`);
  return o;
}
