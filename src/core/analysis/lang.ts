/**
 * Language tags: normalising them, finding a page's language from its path, and guessing a query's
 * language from its script. Pure string functions, no I/O.
 */
import { RecallBoxError, quoteInput } from '../errors.ts';
import type { Lang } from '../types.ts';

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
 * Default known language tags for path detection (en, zh-cn, zh-tw, ja, ko, es, pt-br, fr, de, it, ru, …).
 * These are the locale folder names documentation sites use in practice (Astro, Starlight,
 * VitePress, Docusaurus): a first path segment is only taken as a language when it is listed, so a
 * folder such as `api/` or `id/` is never mistaken for a language unless the site says so.
 * (`id`, Indonesian, is left out for exactly that reason; pass it in `knownLangs` if needed.)
 */
export const DEFAULT_PATH_LANGS: readonly string[] = [
  'en',
  'zh',
  'zh-cn',
  'zh-tw',
  'zh-hk',
  'zh-hans',
  'zh-hant',
  'ja',
  'ko',
  'es',
  'pt',
  'pt-br',
  'fr',
  'de',
  'it',
  'ru',
  'pl',
  'nl',
  'tr',
  'uk',
  'ar',
  'hi',
  'vi',
  'th',
  'sv',
  'cs',
  'fa',
  'he',
];

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

/** A character of a CJK script (Han, kana, Hangul): text written without spaces, where one character says much. */
export const CJK_CHAR = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]/u;

/** Kana, including the prolonged sound mark (U+30FC, U+FF70), which Unicode files under Common. */
const KANA = /[\p{sc=Hiragana}\p{sc=Katakana}\u30fc\uff70]/u;
const HANGUL = /\p{sc=Hangul}/u;
const HAN = /\p{sc=Han}/u;

/** Language of a query by its script when none is given: Han → 'zh', Hiragana/Katakana → 'ja', Hangul → 'ko', else fallback. */
export function detectScriptLang(text: string, fallback: Lang = 'en'): Lang {
  // Checked in this order because Japanese text is mostly Han with some kana, and Korean text may
  // contain Hanja: any kana means Japanese, any Hangul means Korean, only then Han means Chinese.
  if (KANA.test(text)) return 'ja';
  if (HANGUL.test(text)) return 'ko';
  if (HAN.test(text)) return 'zh';
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
