/**
 * The one text analyzer: turns text into normalised terms with their source spans.
 *
 * Indexing, querying, highlighting and evidence all go through `segment()`, so a query term can
 * only ever be compared with document terms produced by exactly the same rules. Pure and
 * runtime-agnostic: only ECMAScript built-ins (`String#normalize`, Unicode regexes and, when
 * present, `Intl.Segmenter`).
 *
 * Rules, in short:
 * - Scripts written with spaces (Latin, Cyrillic, Greek, …): a token is a run of letters, digits,
 *   `_` and `$`, where runs joined by `.`, `-`, `:` or `::` form one identifier (`c.json`,
 *   `kebab-case`, `astro:content`). An identifier is emitted whole AND as its parts (split at
 *   `._-:$` and camelCase boundaries), each part with its own span.
 * - Scripts written without spaces (Han, kana, Hangul, and Thai/Lao/Khmer/Myanmar): each run is cut
 *   into words by `Intl.Segmenter`, or into character unigrams + bigrams where that is unavailable
 *   (unspaced.ts).
 * - Every term is folded (fold.ts); English terms are also stop-worded and Porter-stemmed.
 */
import { stemmer } from 'stemmer';
import { baseLang } from './lang.ts';
import { ASCII, fold } from './fold.ts';
import { languageOf } from './languages.ts';
import { ENGLISH_STOP_WORDS } from './stopwords.ts';
import { pushMemoised, pushTerm, type Token } from './token.ts';
import { DICT_LOCALES, DICT_OR_OTHER, HAS_DICT, intlSegmenterFor, pushUnspacedRun, type SegmenterFactory } from './unspaced.ts';
import type { Lang } from '../types.ts';

export type { Token } from './token.ts';
export { intlSegmenterFor, noSegmenter, type SegmenterFactory } from './unspaced.ts';

export interface AnalyzerOptions {
  /** Porter-stem English terms (only applies when the language is English). Default true. */
  stem: boolean;
  /** Drop stop words of the language (English list). Default true. */
  stopWords: boolean;
  /** Also emit the parts of identifiers (camelCase, snake_case, kebab-case, dotted). Default true. */
  splitIdentifiers: boolean;
}

/**
 * Defaults of the analyzer. Index and queries MUST be analyzed with the same options, otherwise
 * terms stop matching (e.g. a stemmed index never contains the unstemmed query term `paths`).
 */
export const DEFAULT_ANALYZER_OPTIONS: AnalyzerOptions = Object.freeze({
  /** true: `routing` finds `routes`; for English prose the recall gain outweighs the conflations. */
  stem: true,
  /** true: `how to configure routing` must not be ranked by its `how` and `to`. */
  stopWords: true,
  /** true: `getStaticPaths` in code must be findable by the prose words `static paths`. */
  splitIdentifiers: true,
});

// ---------------------------------------------------------------------------------------------
// Character classes

const WORD_START = String.raw`[\p{L}\p{N}_$]`;
const WORD_CHAR = String.raw`[\p{L}\p{M}\p{N}_$]`;
/** `::` before `:` so `std::fs` is one identifier; a joiner only joins when a word follows it. */
const JOINER = String.raw`(?:::|[.\-:])`;
const RUN_SOURCE = `${WORD_START}${WORD_CHAR}*(?:${JOINER}${WORD_START}${WORD_CHAR}*)*`;
/**
 * RUN_SOURCE for text that is all ASCII, where `\p{L}` is `[A-Za-z]`, `\p{N}` is `[0-9]` and no
 * character is a mark: the same runs, matched without the Unicode-mode regex, which is slower.
 * Most sections of English docs are all ASCII.
 */
const ASCII_WORD = '[A-Za-z0-9_$]';
const ASCII_RUN_SOURCE = `${ASCII_WORD}+(?:${JOINER}${ASCII_WORD}+)*`;

/**
 * English clitics, consumed after a word and not indexed: `Astro's` → `astro`, `don't` → `don`.
 * Without this the `s`/`t` would become one-letter terms in every possessive.
 */
const ENGLISH_CLITIC = /['’](?:s|t|re|ve|ll|d|m)(?![\p{L}\p{M}\p{N}_$])/iuy;
const APOSTROPHE = 0x27;
const RIGHT_QUOTE = 0x2019;

/**
 * Whether a character can be part of a run or a clitic in text whose letters and digits are ASCII:
 * a word character (ASCII_WORD), a joiner (JOINER) or an apostrophe (ENGLISH_CLITIC). Every other
 * character separates runs, so a scan started right after one finds the runs the scan of the whole
 * text finds there (segmentStretches; find-terms.ts picks its stretches by this).
 */
export function isAsciiRunChar(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) || // a-z
    (code >= 0x41 && code <= 0x5a) || // A-Z
    (code >= 0x30 && code <= 0x3a) || // 0-9 and `:`
    code === 0x5f || // _
    code === 0x24 || // $
    code === 0x2e || // .
    code === 0x2d || // -
    code === APOSTROPHE ||
    code === RIGHT_QUOTE
  );
}

const UPPER = String.raw`\p{Lu}\p{M}*`;
/** Lower-case and uncased letters (Arabic, Hebrew, …): they never start a new camelCase part. */
const LOWER = String.raw`[\p{Ll}\p{Lt}\p{Lm}\p{Lo}]\p{M}*`;
const DIGIT = String.raw`\p{N}\p{M}*`;
/**
 * Parts of an identifier, tried in order. Digits stay with the letters before them (`vue3`,
 * `es2022`, `base64`, `HTTP2`), because a bare `3` or `64` part is noise in a docs index.
 */
const PART = new RegExp(
  [
    // `URLs`, `APIs`, `IDs`: an acronym's plural is one part, not `UR` + `Ls`.
    String.raw`(?:${UPPER}){2,}s(?![\p{Ll}\p{Lt}\p{Lm}\p{Lo}\p{N}])`,
    // `XML` in `XMLHttpRequest`, `HTTP` in `HTTPServer`: capitals before a Capitalised word.
    `(?:${UPPER})+(?=${UPPER}${LOWER})`,
    // `HTTP2`, `V4`, `ID`: capitals (and digits) not followed by lower case. The lookahead also
    // refuses a digit so `A1b` cannot backtrack into `A` + `1b`: it is one part, like `vue3`.
    `(?:${UPPER})+(?:${DIGIT})*(?!${LOWER}|${DIGIT})`,
    // `get`, `Static`, `vue3`, `2022`.
    `(?:${UPPER})?(?:${LOWER}|${DIGIT})+`,
  ].join('|'),
  'gu',
);
/** PART for an identifier that is all ASCII (upper `[A-Z]`, lower `[a-z]`, digits `[0-9]`, no marks): the same parts, without Unicode mode. */
const ASCII_PART = /[A-Z]{2,}s(?![a-z0-9])|[A-Z]+(?=[A-Z][a-z])|[A-Z]+[0-9]*(?![a-z0-9])|[A-Z]?[a-z0-9]+/g;
const ALL_DIGITS = /^\p{N}+$/u;
const STEMMABLE = /^[a-z]+$/;
/**
 * ASCII words that PART would return as one part spanning the whole word (`routes`, `Astro`,
 * `HTTP2`, `vue3`): most words of any docs text, so they skip the part scan.
 */
const ASCII_PLAIN = /^(?:[A-Z]?[a-z0-9]+|[A-Z]+[0-9]*)$/;

/**
 * Upper bound of the stem memo (distinct words, 1..∞; default 20 000). Porter stemming is the
 * single largest cost of analyzing English (≈ a quarter of the time before the memo), and a docs
 * site's vocabulary is a few thousand to ~20 000 words, so a memo of this size catches nearly all
 * repeats while staying around a megabyte in a Worker isolate. When full it is simply cleared:
 * simpler than LRU, and refilling costs only the stemming it saves.
 */
const STEM_MEMO_LIMIT = 20_000;
// A pure memo (same input → same output), so sharing it across calls is not observable state.
const stemMemo = new Map<string, string>();

function stem(word: string): string {
  let stemmed = stemMemo.get(word);
  if (stemmed === undefined) {
    if (stemMemo.size >= STEM_MEMO_LIMIT) stemMemo.clear();
    stemmed = stemmer(word);
    stemMemo.set(word, stemmed);
  }
  return stemmed;
}

/** One memo per analyzer setting (stem × stop words × split): word → its tokens, offsets from the word's start. */
const wordMemos = new Map<number, Map<string, readonly Token[]>>();

function wordMemoFor(stem: boolean, stopWords: boolean, split: boolean): Map<string, readonly Token[]> {
  const key = (stem ? 1 : 0) | (stopWords ? 2 : 0) | (split ? 4 : 0);
  let memo = wordMemos.get(key);
  if (!memo) wordMemos.set(key, (memo = new Map()));
  return memo;
}

// ---------------------------------------------------------------------------------------------
// Public API

/** The single tokenizer used for indexing, querying, highlighting and evidence. */
export function segment(text: string, lang: Lang, options?: Partial<AnalyzerOptions>): Token[] {
  return segmentWith(intlSegmenterFor, text, lang, options);
}

/**
 * The term a plain word of lower-case ASCII letters analyses to, as `segment` would index it
 * (stemmed under English settings, stop words kept), without the tokenizer's scan: typo correction
 * (keyword/expand.ts) tests a few hundred one-edit spellings of an unknown word this way. Bypasses
 * the stem memo, which those throwaway spellings would otherwise flush.
 */
export function plainWordTerm(word: string, lang: Lang, options?: Partial<AnalyzerOptions>): string {
  const stems = usesPorter(baseLang(lang)) && (options?.stem ?? DEFAULT_ANALYZER_OPTIONS.stem);
  return stems && STEMMABLE.test(word) ? stemmer(word) : word;
}

/** Convenience: segment(...).map(t => t.term). */
export function terms(text: string, lang: Lang, options?: Partial<AnalyzerOptions>): string[] {
  return segment(text, lang, options).map((t) => t.term);
}

/**
 * `segment` with an explicit word-segmenter factory, so the bigram fallback (and any runtime
 * without `Intl.Segmenter`) can be exercised without touching globals.
 */
export function segmentWith(
  segmenterFor: SegmenterFactory,
  text: string,
  lang: Lang,
  options?: Partial<AnalyzerOptions>,
): Token[] {
  const scan = scannerFor(segmenterFor, text, lang, options);
  scan(0, text.length);
  return scan.out;
}

/**
 * `segment(text, …)`'s tokens inside the given stretches of `text` (ascending, not overlapping),
 * scanned in one pass without segmenting the rest. Each stretch must start and end where the
 * whole text's scan is between tokens: at its ends, or next to a character no token or clitic
 * holds (find-terms.ts picks them so); then its tokens are exactly the whole text's tokens there.
 */
export function segmentStretches(text: string, stretches: ReadonlyArray<readonly [number, number]>, lang: Lang, options?: Partial<AnalyzerOptions>): Token[] {
  const scan = scannerFor(intlSegmenterFor, text, lang, options);
  for (const [from, to] of stretches) scan(from, to);
  return scan.out;
}

/** Whether a base language gets the English word rules (stop words, clitics, Porter stems): its stemmer in the table is `porter`. */
function usesPorter(base: string): boolean {
  return languageOf(base)?.stemmer === 'porter';
}

/** Scans `text`'s runs that start in [from, to) into `out`, one analyzer context for every call. */
function scannerFor(segmenterFor: SegmenterFactory, text: string, lang: Lang, options?: Partial<AnalyzerOptions>): ((from: number, to: number) => void) & { out: Token[] } {
  const base = baseLang(lang);
  const english = usesPorter(base);
  const stem = english && (options?.stem ?? DEFAULT_ANALYZER_OPTIONS.stem);
  const stopWords = english && (options?.stopWords ?? DEFAULT_ANALYZER_OPTIONS.stopWords);
  const split = options?.splitIdentifiers ?? DEFAULT_ANALYZER_OPTIONS.splitIdentifiers;
  const ctx: Context = {
    stem,
    stopWords,
    split,
    dictLocale: DICT_LOCALES.has(base) ? base : undefined,
    segmenterFor,
    words: wordMemoFor(stem, stopWords, split),
    out: [],
  };
  // A fresh RegExp per scanner keeps `lastIndex` local (V8 caches the compiled pattern by source).
  const ascii = ASCII.test(text);
  const run = ascii ? new RegExp(ASCII_RUN_SOURCE, 'g') : new RegExp(RUN_SOURCE, 'gu');
  const clitic = english ? new RegExp(ENGLISH_CLITIC) : undefined;
  const scan = (from: number, to: number) => {
    run.lastIndex = from;
    for (let m = run.exec(text); m !== null && m.index < to; m = run.exec(text)) {
      const word = m[0];
      // A plain ASCII word (most words of any docs text) has no dictionary-script character: skip that test.
      if (ascii || ASCII_PLAIN.test(word)) pushAsciiWord(ctx, word, m.index);
      else if (HAS_DICT.test(word)) analyzeMixedRun(word, m.index, ctx);
      else pushSpacedWord(ctx, word, m.index);
      // A clitic starts with an apostrophe: only then is the clitic pattern worth running.
      const next = text.charCodeAt(run.lastIndex);
      if (clitic !== undefined && (next === APOSTROPHE || next === RIGHT_QUOTE)) {
        clitic.lastIndex = run.lastIndex;
        if (clitic.test(text)) run.lastIndex = clitic.lastIndex;
      }
    }
  };
  return Object.assign(scan, { out: ctx.out });
}

// ---------------------------------------------------------------------------------------------
// Internals

interface Context {
  stem: boolean;
  stopWords: boolean;
  split: boolean;
  /** Locale for dictionary-script runs when the text's language is one (zh, ja, ko, th, …). */
  dictLocale: string | undefined;
  segmenterFor: SegmenterFactory;
  /** The word memo of these settings (wordMemoFor). */
  words: Map<string, readonly Token[]>;
  out: Token[];
}

/** A run of ASCII characters: its tokens from the word memo, analysed (and memoised) on a miss. */
function pushAsciiWord(ctx: Context, word: string, offset: number): void {
  // A hit (nearly every word of a docs text) needs no closure for the miss: most words of every
  // query's results go through here (`npm run bench`, the hybrid row).
  const known = ctx.words.get(word);
  if (known !== undefined) {
    for (const t of known) ctx.out.push({ term: t.term, start: offset + t.start, end: offset + t.end });
    return;
  }
  pushMemoised(ctx.words, word, () => {
    const alone: Context = { ...ctx, out: [] };
    if (ASCII_PLAIN.test(word)) pushWord(alone, word.toLowerCase(), 0, word.length);
    else analyzeWord(word, 0, alone, true);
    return alone.out;
  }, offset, ctx.out);
}

/** A run of a spaced script: through the word memo when it is ASCII, analysed otherwise. */
function pushSpacedWord(ctx: Context, word: string, offset: number): void {
  if (ASCII.test(word)) pushAsciiWord(ctx, word, offset);
  else analyzeWord(word, offset, ctx, false);
}

/** A run that contains dictionary-script characters: cut it into script runs, analyze each. */
function analyzeMixedRun(run: string, offset: number, ctx: Context): void {
  for (const piece of run.matchAll(DICT_OR_OTHER)) {
    const start = offset + piece.index;
    if (HAS_DICT.test(piece[0])) {
      pushUnspacedRun(piece[0], start, ctx.dictLocale, ctx.segmenterFor, ctx.out);
    } else {
      // The non-dictionary piece may begin or end with a joiner (`路由.config`): rescan it.
      for (const w of piece[0].matchAll(new RegExp(RUN_SOURCE, 'gu'))) {
        pushSpacedWord(ctx, w[0], start + w.index);
      }
    }
  }
}

/** The parts of an identifier (PART), as [start, end) spans; `ascii`: the word is all ASCII, so ASCII_PART finds them. */
export function identifierParts(word: string, ascii: boolean): Array<[number, number]> {
  const parts: Array<[number, number]> = [];
  for (const p of word.matchAll(ascii ? ASCII_PART : PART)) parts.push([p.index, p.index + p[0].length]);
  return parts;
}

/** One run of a spaced script: a plain word, or an identifier emitted whole and as its parts. */
function analyzeWord(word: string, offset: number, ctx: Context, ascii: boolean): void {
  if (ASCII_PLAIN.test(word)) {
    pushWord(ctx, word.toLowerCase(), offset, offset + word.length);
    return;
  }
  const parts = identifierParts(word, ascii);
  // No letter or digit at all (`$`, `__`): nothing to index.
  if (parts.length === 0) return;
  if (parts.length === 1 && parts[0][0] === 0 && parts[0][1] === word.length) {
    pushWord(ctx, fold(word), offset, offset + word.length);
    return;
  }
  // The whole identifier is never stop-worded: dropping `this.env` because `this` is a stop word
  // would lose the one term that pins the API. A letters-only whole (`getStaticPaths`) is stemmed
  // exactly as the same letters typed as one plain word would be, because readers type API names
  // in lower case (`getstaticpaths`), which reaches pushWord: stemming only one side made the exact
  // name miss (measured: 15 of 200 heading queries on the Astro docs found nothing).
  const whole = fold(word);
  pushTerm(ctx.out, ctx.stem && STEMMABLE.test(whole) ? stem(whole) : whole, offset, offset + word.length);
  if (!ctx.split) return;
  // Numbers (`1.5`, `2024-01-05`, `10:30`) are kept whole only: their digit groups are noise.
  if (parts.every(([s, e]) => ALL_DIGITS.test(word.slice(s, e)))) return;
  for (const [s, e] of parts) pushWord(ctx, fold(word.slice(s, e)), offset + s, offset + e);
}

/** A folded word: dropped if it is a stop word, else stemmed (English settings only). */
function pushWord(ctx: Context, folded: string, start: number, end: number): void {
  if (ctx.stopWords && ENGLISH_STOP_WORDS.has(folded)) return;
  const term = ctx.stem && STEMMABLE.test(folded) ? stem(folded) : folded;
  pushTerm(ctx.out, term, start, end);
}
