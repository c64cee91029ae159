/**
 * The language table (languages.ts) against everything keyed on a language: the lists derived from
 * it, the analyzer's use of its scripts and stemmer, and the text tables of the verdict and of the
 * widget, which cannot import the table (its bundle takes two core leaves only) and so is held to it here.
 */
import { describe, expect, it } from 'vitest';
import { baseLang, DEFAULT_PATH_LANGS, detectScriptLang, langFromPath, normalizeLang } from '../../../src/core/analysis/lang.ts';
import { LANGUAGES, SCRIPT_LANGUAGES, SCRIPT_PRECEDENCE, type UnicodeScript } from '../../../src/core/analysis/languages.ts';
import { noSegmenter, segmentWith, terms, type SegmenterFactory } from '../../../src/core/analysis/segment.ts';
import { FALLBACK_SENTENCES } from '../../../src/core/confidence/fallback-sentences.ts';
import { fallbackMessage, MESSAGE_LANGS, messageLang, REASON_CODES, reasonMessage } from '../../../src/core/confidence/messages.ts';
import { STRINGS, stringsFor } from '../../../src/widget/strings.ts';

const MESSAGE_TAGS = LANGUAGES.flatMap((l) => (l.messages === null ? [] : [l.messages])).sort();
const sorted = (values: Iterable<string>) => [...values].sort();

/** The first other-letter (`\p{Lo}`) of a Unicode script: a character a text in it is made of. */
function letterOf(script: UnicodeScript): string {
  const letter = new RegExp(`^(?=\\p{Lo})\\p{sc=${script}}$`, 'u');
  for (let code = 0; code <= 0x10ffff; code++) if (letter.test(String.fromCodePoint(code))) return String.fromCodePoint(code);
  throw new Error(`no letter of ${script}`);
}

describe('the language table', () => {
  it('has one row per language, keyed by a normalised base tag', () => {
    const tags = LANGUAGES.map((l) => l.tag);
    expect(new Set(tags).size).toBe(tags.length);
    for (const tag of tags) expect([normalizeLang(tag), baseLang(tag)], tag).toEqual([tag, tag]);
  });

  it('gives each path tag to one language, the one its base names, and is the default path list', () => {
    const pathTags = LANGUAGES.flatMap((l) => l.pathTags);
    expect(new Set(pathTags).size).toBe(pathTags.length);
    for (const l of LANGUAGES) {
      for (const tag of l.pathTags) {
        expect([normalizeLang(tag), baseLang(tag)], tag).toEqual([tag, l.tag]);
        expect(langFromPath(`${tag}/guides/x.md`)).toBe(tag);
      }
    }
    // The list docs/configuration.md documents, in its order (a row dropped or moved changes it).
    expect(DEFAULT_PATH_LANGS).toEqual(['en', 'zh', 'zh-cn', 'zh-tw', 'zh-hk', 'zh-hans', 'zh-hant', 'ja', 'ko', 'es', 'pt', 'pt-br', 'fr', 'de', 'it', 'ru', 'pl', 'nl', 'tr', 'uk', 'ar', 'hi', 'vi', 'th', 'sv', 'cs', 'fa', 'he']);
  });

  it('orders every unspaced script, and only those, in SCRIPT_PRECEDENCE', () => {
    expect(new Set(SCRIPT_PRECEDENCE).size).toBe(SCRIPT_PRECEDENCE.length);
    expect(sorted(SCRIPT_PRECEDENCE)).toEqual(sorted(LANGUAGES.filter((l) => l.script !== null).map((l) => l.tag)));
  });

  it('gives each Unicode script to one language', () => {
    const scripts = SCRIPT_LANGUAGES.flatMap((l) => l.script.scripts);
    expect(new Set(scripts).size).toBe(scripts.length);
  });
});

describe('the analyzer, from the table', () => {
  const asked = (text: string, lang: string): string[] => {
    const locales: string[] = [];
    const record: SegmenterFactory = (locale) => (locales.push(locale), undefined);
    segmentWith(record, text, lang);
    return locales;
  };

  it.each(SCRIPT_LANGUAGES.map((l) => [l.tag, l] as const))('takes a query in %s for its language only when the table marks it CJK', (tag, l) => {
    const letter = letterOf(l.script.scripts[0]!);
    expect(detectScriptLang(letter + letter, 'fallback')).toBe(l.script.cjk ? tag : 'fallback');
  });

  it.each(SCRIPT_LANGUAGES.map((l) => [l.tag, l] as const))('segments a run of %s in its own locale, keeping its marks inside the run', (tag, l) => {
    const letter = letterOf(l.script.scripts[0]!);
    expect(asked(letter + letter, 'en')).toEqual([tag]);
    for (const mark of [...l.script.marks, ...l.script.inRuns]) {
      for (const code of [mark.from, mark.to ?? mark.from]) {
        const text = letter + String.fromCodePoint(code) + letter;
        // In the run, the letter and the mark make one unigram or bigram from 0; cut off, the letter stands alone.
        expect(segmentWith(noSegmenter, text, 'en').some((t) => t.start === 0 && t.end > 1), `${mark.name} in ${text}`).toBe(true);
      }
    }
  });

  it.each(LANGUAGES.map((l) => [l.tag, l.stemmer] as const))('stems %s words only when the table gives it a stemmer', (tag, stemmer) => {
    expect(terms('the routes', tag)).toEqual(stemmer === 'porter' ? ['rout'] : ['the', 'routes']);
  });
});

describe('the text of the verdict and the widget, against the table', () => {
  it('has the verdict’s messages in every message tag of the table, and in no other', () => {
    expect(sorted(MESSAGE_LANGS)).toEqual(['en', 'es', 'ja', 'pt', 'zh-cn']);
    for (const lang of MESSAGE_LANGS) {
      for (const code of REASON_CODES) expect(reasonMessage(code, lang, { count: 2, similarity: 0.5, missing: ['x'] }), `${lang} ${code}`).not.toBe('');
      for (const cause of ['no-results', 'filtered', 'not-covered', 'off-topic'] as const) expect(fallbackMessage(cause, lang, ['x']), `${lang} ${cause}`).not.toBe('');
    }
  });

  it('has a fallback sentence in every message tag, and in no other', () => {
    expect(sorted(Object.keys(FALLBACK_SENTENCES))).toEqual(MESSAGE_TAGS);
  });

  it('has a widget strings table in every message tag, and in no other', () => {
    expect(sorted(Object.keys(STRINGS))).toEqual(MESSAGE_TAGS);
    for (const tag of MESSAGE_TAGS) expect(STRINGS[tag]!.fallback, tag).toBe(FALLBACK_SENTENCES[tag as keyof typeof FALLBACK_SENTENCES]);
  });

  it('has the widget and the verdict write in the language the table says, for every tag of it', () => {
    for (const l of LANGUAGES) {
      for (const tag of [l.tag, ...l.pathTags, `${l.tag}-xx`]) {
        const expected = l.messages ?? 'en';
        expect(messageLang(tag), tag).toBe(expected);
        expect(stringsFor(tag), tag).toBe(STRINGS[expected]);
      }
    }
  });
});
