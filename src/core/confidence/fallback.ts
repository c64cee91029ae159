/**
 * The honest fallback: what a reader gets instead of a confident-looking list when the verdict
 * says the docs probably do not answer. A message (the site's own per language, or ours), a few
 * ways forward, and the site's contact or issue link when it configured one.
 */
import { fallbackMessage, type FallbackCause, type MessageLang } from './messages.ts';

export type { FallbackCause } from './messages.ts';

export type FallbackSuggestion =
  /** Search again for these words: the query's words the index knows, without those it does not. */
  | { kind: 'query'; text: string }
  /** A page near the query: the closest candidates' pages, by title. */
  | { kind: 'page'; text: string; url: string };

export interface Fallback {
  cause: FallbackCause;
  /** The site's message for the language when it configured one, else ours for the cause. */
  message: string;
  suggestions: FallbackSuggestion[];
  /** The site's contact or issue link, when configured. */
  link?: { url: string; text: string };
}

export interface FallbackOptions {
  /**
   * The site's fallback message per language tag (`en`, `zh-cn`, `pt-br` …, or `*` for every
   * language), tried before ours (messages.ts fallbackMessage, per cause). Default: none.
   */
  messages: Readonly<Record<string, string>>;
  /** A contact or issue link shown under the fallback, its text per language tag. Default: none. */
  link: { url: string; text: Readonly<Record<string, string>> } | null;
  /** Most suggestions. Integer ≥ 0. Default 4: one query rewrite and three pages fit under the message. */
  maxSuggestions: number;
}

export const DEFAULT_FALLBACK_OPTIONS: Readonly<FallbackOptions> = Object.freeze({
  messages: Object.freeze({}),
  link: null,
  maxSuggestions: 4,
});

/** Link text when the site gave none for the language. */
const DEFAULT_LINK_TEXT: Readonly<Record<MessageLang, string>> = Object.freeze({
  en: 'Ask us',
  'zh-cn': '联系我们',
  ja: 'お問い合わせ',
  es: 'Pregúntanos',
  pt: 'Pergunte-nos',
});

export interface FallbackInput {
  /** The request's language tag (or the query's), for the site's own messages. */
  lang: string;
  /** The language our default texts are in for that tag (messages.ts messageLang). */
  messageLang: MessageLang;
  /** The query's words the index knows, when it does not know all of them; null otherwise. */
  knownWords: string[] | null;
  /** The query's words (as typed) the index does not hold at all, in query order. */
  unknownWords: string[];
  /** Whether anything matched. */
  hasResults: boolean;
  /** The closest candidates' pages, best first (may repeat a page). */
  pages: ReadonlyArray<{ title: string; url: string }>;
  /** No results because of the request's filters: sections outside them match (search/filters.ts). */
  filteredOut?: boolean;
}

/** A configured text for a tag: exact tag, then its base language, then our message language's entry, then the site's text for all (`*`). */
function configured(texts: Readonly<Record<string, string>>, lang: string, messageLang: MessageLang): string | undefined {
  return texts[lang] ?? texts[lang.split('-')[0]!] ?? texts[messageLang] ?? texts['*'];
}

/**
 * The cause: no results first (nothing to judge) — `filtered` when only the filters left nothing —
 * then words the docs lack, else the verdict's judgement.
 */
export function fallbackCause(input: Pick<FallbackInput, 'hasResults' | 'unknownWords' | 'filteredOut'>): FallbackCause {
  if (!input.hasResults) return input.filteredOut ? 'filtered' : 'no-results';
  return input.unknownWords.length > 0 ? 'not-covered' : 'off-topic';
}

export function fallbackFor(input: FallbackInput, options: FallbackOptions = DEFAULT_FALLBACK_OPTIONS): Fallback {
  const cause = fallbackCause(input);
  const suggestions: FallbackSuggestion[] = [];
  if (input.knownWords && input.knownWords.length > 0) suggestions.push({ kind: 'query', text: input.knownWords.join(' ') });
  const seen = new Set<string>();
  for (const page of input.pages) {
    if (seen.has(page.url)) continue;
    seen.add(page.url);
    suggestions.push({ kind: 'page', text: page.title, url: page.url });
  }
  const fallback: Fallback = {
    cause,
    message: configured(options.messages, input.lang, input.messageLang) ?? fallbackMessage(cause, input.messageLang, input.unknownWords),
    suggestions: suggestions.slice(0, options.maxSuggestions),
  };
  if (options.link) {
    fallback.link = { url: options.link.url, text: configured(options.link.text, input.lang, input.messageLang) ?? DEFAULT_LINK_TEXT[input.messageLang] };
  }
  return fallback;
}
