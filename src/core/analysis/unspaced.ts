/**
 * Runs of the scripts written without spaces (Han, kana, Hangul, Thai, Lao, Khmer, Myanmar; the
 * table's unspaced scripts, languages.ts): which characters they are, and cutting a run into words
 * — by `Intl.Segmenter` where the runtime has one, else into character unigrams + bigrams.
 */
import { classItems, SCRIPT_EVIDENCE, SCRIPT_LANGUAGES } from './languages.ts';
import { fold } from './fold.ts';
import { pushMemoised, pushTerm, type Token } from './token.ts';

/** One segment as produced by `Intl.Segmenter` (word granularity); the subset the analyzer reads. */
export interface WordSegment {
  segment: string;
  /** UTF-16 offset of the segment in the string given to `segment()`. */
  index: number;
  isWordLike?: boolean;
}

/** A word segmenter for one locale: `Intl.Segmenter` satisfies this interface. */
export interface WordSegmenter {
  segment(input: string): Iterable<WordSegment>;
}

/**
 * Gives the word segmenter for a locale (`zh`, `ja`, `ko`, `th`, …), or `undefined` when none is
 * available, in which case the analyzer falls back to character unigrams + bigrams for that run.
 */
export type SegmenterFactory = (locale: string) => WordSegmenter | undefined;

// A pure memo: Intl.Segmenter construction is costly (it loads ICU break data) and instances are
// stateless between calls, so one per locale is reused. Keys come from the fixed set of
// dictionary-script locales below, so the map stays tiny.
const intlSegmenters = new Map<string, WordSegmenter | undefined>();

/** The default factory: a cached `Intl.Segmenter(locale, { granularity: 'word' })`, or `undefined` if the runtime lacks it. */
export const intlSegmenterFor: SegmenterFactory = (locale) => {
  if (intlSegmenters.has(locale)) return intlSegmenters.get(locale);
  let segmenter: WordSegmenter | undefined;
  if (typeof Intl !== 'undefined' && typeof Intl.Segmenter === 'function') {
    try {
      segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
    } catch {
      segmenter = undefined;
    }
  }
  intlSegmenters.set(locale, segmenter);
  return segmenter;
};

/** A factory that never has a segmenter: forces the bigram fallback (runtimes without Intl.Segmenter). */
export const noSegmenter: SegmenterFactory = () => undefined;

/**
 * Every character of a run of a script written without spaces, which needs a dictionary segmenter
 * (the table's unspaced scripts, languages.ts): their letters, their marks and the characters that
 * only sit inside their runs (iteration and voiced sound marks). Without the prolonged sound mark
 * `ラーメン` would be cut at `ー`.
 */
const DICT_CHARS = SCRIPT_LANGUAGES.map((l) => classItems(l.script.scripts, [...l.script.marks, ...l.script.inRuns])).join('');
export const HAS_DICT = new RegExp(`[${DICT_CHARS}]`, 'u');
export const DICT_OR_OTHER = new RegExp(`[${DICT_CHARS}]+|[^${DICT_CHARS}]+`, 'gu');

/** The languages whose runs are cut in their own locale: the text's language, when it is one of them (segment.ts). */
export const DICT_LOCALES: ReadonlySet<string> = new Set(SCRIPT_LANGUAGES.map((l) => l.tag));

/**
 * Longest piece of a dictionary-script run handed to the segmenter at once (UTF-16 units, ≥ 2;
 * default 1000). V8's segment iterator is superlinear in the input length (measured on Node 20:
 * 4 000 Han characters in 10 ms, 16 000 in 190 ms), so one pathological run could stall a build or
 * a Worker. Real text never comes close (longest run in the Astro zh-cn and ja docs: 59), and a cut
 * only affects the one word it may split.
 */
const MAX_SEGMENTER_INPUT = 1000;

/**
 * A dictionary-script run's tokens pushed to `out` at `offset`: cut by the segmenter of
 * `dictLocale` (the text's language when it is one of these scripts'), else of the first language
 * the run shows evidence of, else Chinese's; into unigrams + bigrams when there is no segmenter.
 */
export function pushUnspacedRun(run: string, offset: number, dictLocale: string | undefined, segmenterFor: SegmenterFactory, out: Token[]): void {
  const locale = dictLocale ?? SCRIPT_EVIDENCE.find((e) => e.evidence.test(run))?.language.tag ?? 'zh';
  const segmenter = segmenterFor(locale);
  if (segmenter === undefined) {
    pushBigrams(run, offset, out);
    return;
  }
  let runs = dictRunMemos.get(segmenter);
  if (!runs) dictRunMemos.set(segmenter, (runs = new Map()));
  pushMemoised(runs, run, () => segmentDictRun(run, segmenter), offset, out);
}

/**
 * Dictionary-script runs segmented, per segmenter: run → its tokens, offsets from the run's start.
 * The segmenter (ICU's dictionary break engine) is most of the time of analysing Chinese or
 * Japanese, and docs repeat their phrases, so a run seen before is looked up: `npm run bench --
 * --corpus ../shared/corpora/astro-docs/zh-cn --no-worker` shows the pipeline's cost. Bounded as
 * the word memo.
 */
const dictRunMemos = new WeakMap<WordSegmenter, Map<string, readonly Token[]>>();

function segmentDictRun(run: string, segmenter: WordSegmenter): Token[] {
  const out: Token[] = [];
  for (let from = 0; from < run.length; ) {
    const to = cutPoint(run, from, from + MAX_SEGMENTER_INPUT);
    const piece = from === 0 && to === run.length ? run : run.slice(from, to);
    for (const s of segmenter.segment(piece)) {
      if (s.isWordLike !== true) continue;
      const start = from + s.index;
      pushTerm(out, fold(s.segment), start, start + s.segment.length);
    }
    from = to;
  }
  return out;
}

/**
 * A cut at or before `at` that splits neither a surrogate pair nor a character from its marks.
 * Where the piece offers no such cut (a run of nothing but marks), it cuts at `at` anyway, only
 * keeping surrogate pairs whole, so each piece stays long and the loop stays linear.
 */
function cutPoint(run: string, from: number, at: number): number {
  if (at >= run.length) return run.length;
  for (let cut = at; cut > from; cut--) {
    const clean = !isLowSurrogate(run.charCodeAt(cut)) && !STARTS_WITH_MARK.test(run.slice(cut, cut + 2));
    if (clean) return cut;
  }
  return isLowSurrogate(run.charCodeAt(at)) ? at + 1 : at;
}

const STARTS_WITH_MARK = /^\p{M}/u;

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * Fallback for runtimes without Intl.Segmenter: every character (unigram) plus every overlapping
 * character pair (bigram), the classic dictionary-free CJK indexing (as Lucene's CJKBigramFilter
 * with unigrams). Bigrams carry the precision; the unigrams make a one-character query match, so
 * the terms of any substring of a run are a subset of the run's terms: query and text always meet.
 */
function pushBigrams(run: string, offset: number, out: Token[]): void {
  // Units are characters with their combining marks, so a term never splits a voiced mark off.
  const bounds: number[] = [];
  for (const u of run.matchAll(/\P{M}\p{M}*|\p{M}+/gu)) bounds.push(u.index);
  bounds.push(run.length);
  for (let i = 0; i + 1 < bounds.length; i++) {
    const [from, next, after] = [bounds[i], bounds[i + 1], bounds[i + 2]];
    pushTerm(out, fold(run.slice(from, next)), offset + from, offset + next);
    if (after !== undefined) pushTerm(out, fold(run.slice(from, after)), offset + from, offset + after);
  }
}
