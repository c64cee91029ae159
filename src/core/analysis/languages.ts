/**
 * The one language table: for every language recall-box knows something about, the folder names
 * that mean it, how its script is recognised, whether its words are stemmed, and the tag of the
 * text the verdict and the widget write in it. lang.ts (path and script detection), unspaced.ts
 * (the dictionary scripts' runs), segment.ts (stemming) and confidence/messages.ts read it. The
 * widget's bundle may not import it (it takes only two core leaves), so
 * test/core/analysis/languages.test.ts checks the widget's string tables against it.
 * docs/architecture.md, "Recipe: adding a language", lists what else a new language touches. The
 * table, and the few functions that read it (a row by tag, a script's character class).
 */
import type { Lang } from '../types.ts';

/** A Unicode Script property value, as `\p{sc=…}` names it. */
export type UnicodeScript = 'Han' | 'Hiragana' | 'Katakana' | 'Hangul' | 'Thai' | 'Lao' | 'Khmer' | 'Myanmar';

/** One code point, or `from`–`to` inclusive, with its Unicode name so the table can be read. */
export interface CodePoints {
  name: string;
  from: number;
  to?: number;
}

/** How a language written without spaces between words is recognised: the analyzer cuts its runs with a dictionary segmenter. */
export interface UnspacedScript {
  /** The Unicode scripts of its letters. */
  scripts: readonly UnicodeScript[];
  /**
   * Characters Unicode files under Common that are nonetheless evidence of this language: a run
   * holding one is segmented in its locale, a query holding one is taken for it (when `cjk`).
   */
  marks: readonly CodePoints[];
  /**
   * Characters that stay inside a run of the script (unspaced.ts) but are no evidence of the
   * language (lang.ts). Apart from `marks` because the two uses differ: segmentation needs every
   * character that sits inside a word, else `〆切`, or `が` written as `か` and a combining mark,
   * would be cut there; detection needs only characters that decide the language, and an iteration mark is
   * written in Chinese and Japanese alike, a voiced sound mark after a kana that already says Japanese.
   */
  inRuns: readonly CodePoints[];
  /**
   * Chinese, Japanese or Korean: a query with such a character is taken for this language when the
   * request names none (lang.ts detectScriptLang), and one character of it says much (lang.ts
   * CJK_CHAR: query.ts counts a chunk of them by its words, keyword/expand.ts completes a one-character
   * concept). Thai, Lao, Khmer and Myanmar are segmented in their own locale all the same.
   */
  cjk: boolean;
}

/**
 * `porter`: segment.ts's English word rules, Porter's stemmer (package `stemmer`) with the English
 * stop words (stopwords.ts) and clitics (`Astro's` → `astro`). The only stemmer so far.
 */
export type Stemmer = 'porter';

export interface Language {
  /** A base language tag (ISO 639): a page's or query's tag is looked up by its base (`zh-cn` → `zh`). */
  tag: Lang;
  /** Its English name, for people reading the table. */
  name: string;
  /**
   * Folder names that mean this language as the first segment of a page's path (lang.ts
   * DEFAULT_PATH_LANGS): the locale folders docs sites use in practice (Astro, Starlight,
   * VitePress, Docusaurus). A folder such as `api/` or `id/` is never a language unless listed, so
   * Indonesian (`id`) has no row; a site passes it in `knownLangs`. Empty: no site seen uses one.
   */
  pathTags: readonly string[];
  /** Its script when written without spaces; null for scripts written with spaces (Latin, Cyrillic, Arabic, …). */
  script: UnspacedScript | null;
  /** The stemmer (and word rules) its terms get; null: terms are folded only. */
  stemmer: Stemmer | null;
  /**
   * The tag of the text the verdict (confidence/messages.ts, fallback.ts, fallback-sentences.ts)
   * and the widget (widget/strings.ts) write for it, also for its other tags (`zh-tw` reads
   * `zh-cn`); null: English.
   */
  messages: string | null;
}

/** The kana marks Unicode files under Common, written inside Japanese words: `ラーメン`. */
const PROLONGED_SOUND_MARKS: readonly CodePoints[] = [
  { name: 'KATAKANA-HIRAGANA PROLONGED SOUND MARK ー', from: 0x30fc },
  { name: 'HALFWIDTH KATAKANA-HIRAGANA PROLONGED SOUND MARK ｰ', from: 0xff70 },
];

/** Voiced sound marks (Inherited, or Common when half-width): part of the kana before them. */
const VOICED_SOUND_MARKS: readonly CodePoints[] = [
  { name: 'COMBINING KATAKANA-HIRAGANA VOICED SOUND MARK', from: 0x3099 },
  { name: 'COMBINING KATAKANA-HIRAGANA SEMI-VOICED SOUND MARK', from: 0x309a },
  { name: 'HALFWIDTH KATAKANA VOICED SOUND MARK ﾞ', from: 0xff9e },
  { name: 'HALFWIDTH KATAKANA SEMI-VOICED SOUND MARK ﾟ', from: 0xff9f },
];

/** Ideographic marks (々, 〇 and 〻 are Han already, 〆 is Common): listed whole so a run keeps them whatever the runtime's Unicode data. */
const IDEOGRAPHIC_MARKS: readonly CodePoints[] = [
  { name: 'IDEOGRAPHIC ITERATION MARK 々, CLOSING MARK 〆, NUMBER ZERO 〇', from: 0x3005, to: 0x3007 },
  { name: 'VERTICAL IDEOGRAPHIC ITERATION MARK 〻', from: 0x303b },
];

/** A script of one Unicode script, nothing more: the Southeast Asian scripts and Hangul. */
const plainScript = (script: UnicodeScript, cjk: boolean): UnspacedScript => ({ scripts: [script], marks: [], inRuns: [], cjk });

/**
 * The table. Its order is the order of DEFAULT_PATH_LANGS (docs/configuration.md lists it);
 * where scripts overlap, SCRIPT_PRECEDENCE decides.
 */
export const LANGUAGES = [
  { tag: 'en', name: 'English', pathTags: ['en'], script: null, stemmer: 'porter', messages: 'en' },
  {
    tag: 'zh',
    name: 'Chinese',
    pathTags: ['zh', 'zh-cn', 'zh-tw', 'zh-hk', 'zh-hans', 'zh-hant'],
    script: { scripts: ['Han'], marks: [], inRuns: IDEOGRAPHIC_MARKS, cjk: true },
    stemmer: null,
    // Simplified for every zh-*: a Traditional Chinese reader reads it more easily than English.
    messages: 'zh-cn',
  },
  {
    tag: 'ja',
    name: 'Japanese',
    pathTags: ['ja'],
    script: { scripts: ['Hiragana', 'Katakana'], marks: PROLONGED_SOUND_MARKS, inRuns: VOICED_SOUND_MARKS, cjk: true },
    stemmer: null,
    messages: 'ja',
  },
  { tag: 'ko', name: 'Korean', pathTags: ['ko'], script: plainScript('Hangul', true), stemmer: null, messages: null },
  { tag: 'es', name: 'Spanish', pathTags: ['es'], script: null, stemmer: null, messages: 'es' },
  { tag: 'pt', name: 'Portuguese', pathTags: ['pt', 'pt-br'], script: null, stemmer: null, messages: 'pt' },
  { tag: 'fr', name: 'French', pathTags: ['fr'], script: null, stemmer: null, messages: null },
  { tag: 'de', name: 'German', pathTags: ['de'], script: null, stemmer: null, messages: null },
  { tag: 'it', name: 'Italian', pathTags: ['it'], script: null, stemmer: null, messages: null },
  { tag: 'ru', name: 'Russian', pathTags: ['ru'], script: null, stemmer: null, messages: null },
  { tag: 'pl', name: 'Polish', pathTags: ['pl'], script: null, stemmer: null, messages: null },
  { tag: 'nl', name: 'Dutch', pathTags: ['nl'], script: null, stemmer: null, messages: null },
  { tag: 'tr', name: 'Turkish', pathTags: ['tr'], script: null, stemmer: null, messages: null },
  { tag: 'uk', name: 'Ukrainian', pathTags: ['uk'], script: null, stemmer: null, messages: null },
  { tag: 'ar', name: 'Arabic', pathTags: ['ar'], script: null, stemmer: null, messages: null },
  { tag: 'hi', name: 'Hindi', pathTags: ['hi'], script: null, stemmer: null, messages: null },
  { tag: 'vi', name: 'Vietnamese', pathTags: ['vi'], script: null, stemmer: null, messages: null },
  { tag: 'th', name: 'Thai', pathTags: ['th'], script: plainScript('Thai', false), stemmer: null, messages: null },
  { tag: 'sv', name: 'Swedish', pathTags: ['sv'], script: null, stemmer: null, messages: null },
  { tag: 'cs', name: 'Czech', pathTags: ['cs'], script: null, stemmer: null, messages: null },
  { tag: 'fa', name: 'Persian', pathTags: ['fa'], script: null, stemmer: null, messages: null },
  { tag: 'he', name: 'Hebrew', pathTags: ['he'], script: null, stemmer: null, messages: null },
  { tag: 'lo', name: 'Lao', pathTags: [], script: plainScript('Lao', false), stemmer: null, messages: null },
  { tag: 'km', name: 'Khmer', pathTags: [], script: plainScript('Khmer', false), stemmer: null, messages: null },
  { tag: 'my', name: 'Burmese', pathTags: [], script: plainScript('Myanmar', false), stemmer: null, messages: null },
] as const satisfies readonly Language[];

/** A language of the table written without spaces. */
export type ScriptLanguage = Language & { script: UnspacedScript };

/**
 * The order in which scripts are tried when a text has several (lang.ts detectScriptLang, and
 * unspaced.ts choosing a run's segmenter): kana before Han because Japanese text is mostly Han with
 * some kana, Hangul before Han because Korean text may contain Hanja; only then Han means Chinese.
 * The others share no characters.
 */
export const SCRIPT_PRECEDENCE: readonly Lang[] = ['ja', 'ko', 'zh', 'th', 'lo', 'km', 'my'];

/** A row of the table, with its literal values (`messages: 'zh-cn'`, not a string). */
export type TableLanguage = (typeof LANGUAGES)[number];

const BY_TAG: ReadonlyMap<string, TableLanguage> = new Map(LANGUAGES.map((l) => [l.tag, l]));

/** The row of a base language tag (`zh`, not `zh-cn`: pass it through lang.ts baseLang), or undefined. */
export function languageOf(base: string): TableLanguage | undefined {
  return BY_TAG.get(base);
}

/** The languages with an unspaced script, in SCRIPT_PRECEDENCE order. */
export const SCRIPT_LANGUAGES: readonly ScriptLanguage[] = SCRIPT_PRECEDENCE.map((tag): Language | undefined => languageOf(tag)).filter(
  (l): l is ScriptLanguage => l?.script != null,
);

/** The items of a regex character class (no brackets; for a `u` RegExp) matching these scripts and code points. */
export function classItems(scripts: readonly UnicodeScript[], points: readonly CodePoints[]): string {
  const hex = (code: number) => `\\u{${code.toString(16)}}`;
  return (
    scripts.map((s) => `\\p{sc=${s}}`).join('') +
    points.map((p) => (p.to === undefined ? hex(p.from) : `${hex(p.from)}-${hex(p.to)}`)).join('')
  );
}

/** A character that is evidence of the script's language: its scripts' letters and its marks (not `inRuns`). */
function evidenceOf(script: UnspacedScript): RegExp {
  return new RegExp(`[${classItems(script.scripts, script.marks)}]`, 'u');
}

/**
 * Each unspaced language with the characters that are evidence of it, in SCRIPT_PRECEDENCE order:
 * built once for what reads it — script detection (lang.ts, the CJK ones) and the choice of a
 * run's segmenter (unspaced.ts).
 */
export const SCRIPT_EVIDENCE: ReadonlyArray<{ evidence: RegExp; language: ScriptLanguage }> = SCRIPT_LANGUAGES.map((language) => ({ evidence: evidenceOf(language.script), language }));
