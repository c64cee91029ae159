/**
 * Language tags: normalising them, finding a page's language from its path, and guessing a query's
 * language from its script. Pure string functions, no I/O.
 */
import { RecallBoxError, quoteInput } from '../errors.ts';
import type { Lang } from '../types.ts';
import { classItems, LANGUAGES, SCRIPT_EVIDENCE, SCRIPT_LANGUAGES } from './languages.ts';

/**
 * Syntax accepted as a language tag, after lower-casing and `_` → `-`: a 2–3 letter primary subtag
 * (ISO 639) or a 4–8 letter registered one, then any number of 1–8 character alphanumeric subtags
 * (script, region, variant), e.g. `en`, `zh-cn`, `zh-hant-tw`, `pt-br`, `sr-latn`.
 * Deliberately syntactic only: checking against the IANA registry would need a data table that
 * goes stale, and any well-formed tag is a usable key in the pack.
 */
const LANG_TAG = /^[a-z]{2,8}(?:-[a-z0-9]{1,8})*$/;

/** Normalise a language tag: 'zh-CN' → 'zh-cn', 'EN_us' → 'en-us'; throws RecallBoxError('UNKNOWN_LANGUAGE', …) on syntactically invalid tags. */
export function normalizeLang(tag: string): Lang {
  const normalized = tag.trim().replace(/_/g, '-').toLowerCase();
  if (!LANG_TAG.test(normalized)) {
    throw new RecallBoxError(
      'UNKNOWN_LANGUAGE',
      `${quoteInput(tag)} is not a language tag; expected something like "en", "zh-cn" or "pt-br"`,
    );
  }
  return normalized;
}

/** Base language: 'zh-cn' → 'zh', 'en-us' → 'en'. */
export function baseLang(lang: Lang): string {
  // Tolerates un-normalised input ('EN_us') because it sits on the hot path of segment(), which
  // must never throw; normalizeLang() is the place that rejects bad tags.
  const cut = lang.search(/[-_]/);
  return (cut < 0 ? lang : lang.slice(0, cut)).toLowerCase();
}

/**
 * Default known language tags for path detection (en, zh-cn, zh-tw, ja, ko, es, pt-br, fr, de, it, ru, …):
 * the path tags of the language table (languages.ts), in its order.
 */
export const DEFAULT_PATH_LANGS: readonly string[] = LANGUAGES.flatMap((l) => l.pathTags);

/** Language of a docs page from its path: first path segment if it is a known language tag
 * ('zh-cn/guides/x.md' → 'zh-cn', 'ja/…' → 'ja', 'en/…' → 'en'), else the fallback (default 'en'). */
export function langFromPath(
  path: string,
  knownLangs: readonly string[] = DEFAULT_PATH_LANGS,
  fallback: Lang = 'en',
): Lang {
  const segments = path.replace(/\\/g, '/').replace(/^(?:\.\/|\/)+/, '').split('/');
  // Only a folder counts: a root file named like a language ('en.md', or a bare 'ja') is a page.
  if (segments.length < 2) return fallback;
  const first = segments[0].replace(/_/g, '-').toLowerCase();
  for (const known of knownLangs) {
    if (known.replace(/_/g, '-').toLowerCase() === first) return normalizeLang(first);
  }
  return fallback;
}

/** The languages the table marks CJK (languages.ts), in SCRIPT_PRECEDENCE order. */
const CJK_LANGUAGES = SCRIPT_LANGUAGES.filter((l) => l.script.cjk);

/**
 * A character of a CJK script (Han, kana, Hangul): text written without spaces, where one character says much.
 * Their scripts' letters only, not the table's marks: a lone `ー` is no CJK word.
 */
export const CJK_CHAR = new RegExp(`[${classItems(CJK_LANGUAGES.flatMap((l) => l.script.scripts), [])}]`, 'u');

/** Each CJK language with the characters that say a text is in it (kana includes the prolonged sound mark ー). */
const CJK_EVIDENCE = SCRIPT_EVIDENCE.filter((e) => e.language.script.cjk);

/** Language of a query by its script when none is given: Han → 'zh', Hiragana/Katakana → 'ja', Hangul → 'ko', else fallback. */
export function detectScriptLang(text: string, fallback: Lang = 'en'): Lang {
  // In SCRIPT_PRECEDENCE order: any kana means Japanese, any Hangul means Korean, only then Han means Chinese.
  for (const { evidence, language } of CJK_EVIDENCE) if (evidence.test(text)) return language.tag;
  return fallback;
}

/**
 * The language a query is analysed as: the one the request names, else its script's, else the
 * pack's default. The one derivation the keyword route, the embedder and the verdict share.
 */
export function queryLanguage(q: string, requested: Lang | null, fallback: Lang): Lang {
  return requested ?? detectScriptLang(q, fallback);
}

/**
 * The tags of `available` a requested language covers: itself when present, else every tag of the
 * same base language (`zh` finds `zh-cn`), so a reader's browser tag need not spell the site's
 * folder. Empty when none.
 */
export function coveredLanguages(requested: Lang, available: readonly Lang[]): Lang[] {
  if (available.includes(requested)) return [requested];
  const base = baseLang(requested);
  return available.filter((l) => baseLang(l) === base);
}
