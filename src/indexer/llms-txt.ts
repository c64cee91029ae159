/**
 * The site's llms.txt (https://llmstxt.org), from the pages a build indexed: what an agent reads
 * first to find its way around the docs. Pure.
 *
 *   # <site title>                as configured, else the built site's name, else the home page's title
 *   > <summary>                   as configured, else the home page's description, else its first sentence
 *   <details>                     where each page's Markdown is, which languages are left out
 *   ## <group>                    one per first path segment, titled by that folder's own page
 *   - [Title](/a/b/index.html.md): the page's description, else its first sentence
 *   ## Optional                   pages the pool rules call outdated (the `negative` pool)
 *
 * One language: the pack's default (the one with the most sections). A translated site would
 * otherwise list every page once per language, and an agent reads the default language's pages as
 * well as any; the others' pages keep their Markdown at their own URLs, which the details say.
 */
import { markdownUrlOf, type Lang, type Page } from '../core/index.ts';
import type { PoolName } from '../core/rank/pools.ts';
// Text on one line: whitespace runs (newlines too) as one space.
import { normalizeSpace as oneLine } from './ingest/text.ts';

/** One page as llms.txt lists it. */
export interface LlmsPage {
  page: Page;
  /** Under `## Optional` rather than its group. */
  optional: boolean;
}

export interface LlmsGroup {
  title: string;
  pages: LlmsPage[];
}

/** What llms.txt and llms-full.txt say, in their order. */
export interface LlmsPlan {
  title: string;
  /** One line; '' when the home page has neither a description nor text. */
  summary: string;
  lang: Lang;
  /** The pack's other languages, whose pages are left out. */
  otherLanguages: Lang[];
  groups: LlmsGroup[];
  /** The `## Optional` section's pages; empty: no section. */
  optional: LlmsPage[];
}

/** The group of pages that sit in no folder of their own (the home page, `/about/`). */
export const TOP_GROUP_TITLE = 'Docs';
/** The spec's name for the section an agent may skip when its context is short. */
export const OPTIONAL_GROUP_TITLE = 'Optional';
/** The pool whose pages go under `## Optional`: deprecated, legacy, upgrading from old versions (core/rank/pools.ts). */
const OPTIONAL_POOL: PoolName = 'negative';

/**
 * Longest summary line, in characters. 300: two sentences of prose; the blockquote is a summary,
 * and a home page with no description would otherwise put its whole first paragraph there.
 */
export const SUMMARY_MAX_CHARS = 300;
/**
 * Longest note after a link, in characters. 160: one sentence, so a site of a thousand pages
 * still makes an llms.txt of about 200 KB, one read for an agent.
 */
export const NOTE_MAX_CHARS = 160;

/**
 * The first sentence of `text`'s first paragraph, at most `max` characters (cut at a word, with
 * `…`). A sentence ends at `.`, `!` or `?` before a space, or at a CJK full stop.
 */
export function firstSentence(text: string, max: number): string {
  const paragraph = oneLine(text.split('\n').find((line) => line.trim() !== '') ?? '');
  const end = /[.!?](?=\s)|[。！？]/u.exec(paragraph);
  const sentence = end ? paragraph.slice(0, end.index + 1) : paragraph;
  if (sentence.length <= max) return sentence;
  const cut = sentence.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > 0 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A page's note: its description, else its first sentence. */
function noteOf(page: Page, max: number): string {
  const description = oneLine(page.description);
  if (description !== '') return description.length <= max ? description : firstSentence(description, max);
  return firstSentence(page.sections.find((s) => s.text.trim() !== '')?.text ?? '', max);
}

/** `/en/guides/a/` → `['en', 'guides', 'a']`. */
function segmentsOf(url: string): string[] {
  return url.split('/').filter((s) => s !== '');
}

/** The folders a page sits in: all its segments for a folder URL (`/a/b/`), all but the file's otherwise (`/a/b.html`). */
function foldersOf(url: string): string[] {
  const segments = segmentsOf(url);
  return url.endsWith('/') ? segments : segments.slice(0, -1);
}

/** How many leading folders every URL shares (`/en/` of an English site under `/en/`). */
function sharedFolders(urls: readonly string[]): number {
  if (urls.length === 0) return 0;
  const lists = urls.map(foldersOf);
  let n = 0;
  while (lists.every((l) => n < l.length && l[n] === lists[0]![n])) n++;
  return n;
}

/** `getting-started` → `Getting started`: a folder's name as a heading when no page of its own titles it. */
export function folderTitle(segment: string): string {
  const words = segment.replace(/[-_]+/g, ' ').trim();
  return words === '' ? segment : words[0]!.toUpperCase() + words.slice(1);
}

/** The home page: the fewest segments, then the shortest URL, then the first in order. */
function homeOf(pages: readonly Page[]): Page | undefined {
  return [...pages].sort((a, b) => segmentsOf(a.url).length - segmentsOf(b.url).length || a.url.length - b.url.length || a.url.localeCompare(b.url))[0];
}

/**
 * What llms.txt lists: the pages of `lang` grouped by their first folder below the folders they
 * all share, each group titled by that folder's own page (`/guides/` titles `/guides/routing/`'s
 * group) or its name; a page in no folder of its own is in the top group, which comes first.
 * Groups and their pages in URL order, a folder's own page first. `poolOf`: each page's pool.
 * `title`, `summary`: the site's own (the config's, or its built pages' name), over the home page's.
 */
export function planLlms(
  pages: readonly Page[],
  options: { lang: Lang; languages: readonly Lang[]; poolOf: (page: Page) => PoolName; title?: string; summary?: string },
): LlmsPlan {
  const listed = pages.filter((p) => p.lang === options.lang).sort((a, b) => a.url.localeCompare(b.url));
  const home = homeOf(listed);
  const shared = sharedFolders(listed.map((p) => p.url));
  const relative = (p: Page) => segmentsOf(p.url).slice(shared);
  // A folder is a group when some page lies below its own page: `/guides/a/` makes `guides` one.
  const folders = new Set(listed.map(relative).filter((r) => r.length >= 2).map((r) => r[0]!));
  const groupOf = (p: Page) => {
    const first = relative(p)[0];
    return first !== undefined && folders.has(first) ? first : null;
  };
  const byGroup = new Map<string | null, LlmsPage[]>([[null, []]]);
  const optional: LlmsPage[] = [];
  for (const page of listed) {
    const entry = { page, optional: options.poolOf(page) === OPTIONAL_POOL };
    if (entry.optional) {
      optional.push(entry);
      continue;
    }
    const key = groupOf(page);
    const members = byGroup.get(key) ?? [];
    members.push(entry);
    byGroup.set(key, members);
  }
  const groups: LlmsGroup[] = [];
  for (const [key, members] of byGroup) {
    if (members.length === 0) continue;
    // A folder's own page (`/guides/`): the one whose URL is the folder.
    const own = key === null ? undefined : members.find((m) => relative(m.page).length === 1);
    groups.push({ title: key === null ? TOP_GROUP_TITLE : own ? oneLine(own.page.title) || folderTitle(key) : folderTitle(key), pages: members });
  }
  return {
    title: oneLine(options.title ?? '') || oneLine(home?.title ?? '') || TOP_GROUP_TITLE,
    summary: options.summary !== undefined ? oneLine(options.summary) : home ? noteOf(home, SUMMARY_MAX_CHARS) : '',
    lang: options.lang,
    otherLanguages: options.languages.filter((l) => l !== options.lang),
    groups,
    optional,
  };
}

/** Link text with the characters that would end it or escape out of it backslash-escaped. */
export function linkText(text: string): string {
  return oneLine(text).replace(/[\\[\]]/g, (c) => `\\${c}`);
}

/**
 * A URL as a Markdown link destination: percent-encoded where a URL must be (spaces, non-ASCII),
 * and its parentheses too, which would otherwise end the destination early.
 */
export function linkUrl(url: string): string {
  return encodeURI(url).replace(/\(/g, '%28').replace(/\)/g, '%29');
}

function linkLine(entry: LlmsPage): string {
  const note = noteOf(entry.page, NOTE_MAX_CHARS);
  return `- [${linkText(entry.page.title) || linkText(entry.page.url)}](${linkUrl(markdownUrlOf(entry.page.url))})${note === '' ? '' : `: ${note}`}`;
}

/**
 * llms.txt's text. `full`: how much of the plan llms-full.txt holds (llms-full.ts), said in the
 * details so an agent knows whether one file is the whole site.
 */
export function renderLlmsTxt(plan: LlmsPlan, full: { pages: number; of: number }): string {
  const details = [
    'Each page below is Markdown at its URL with `.md` appended (`index.html.md` for a URL ending in `/`).',
    full.pages === full.of
      ? `[llms-full.txt](llms-full.txt) holds all ${full.of} of them in one file.`
      : `[llms-full.txt](llms-full.txt) holds the first ${full.pages} of them in one file (the rest would make it too large to serve).`,
    ...(plan.otherLanguages.length > 0
      ? [`Pages in ${plan.otherLanguages.join(', ')} are not listed; each has its Markdown at its own URL the same way.`]
      : []),
  ];
  const sections = [
    ...plan.groups.map((g) => `## ${oneLine(g.title)}\n\n${g.pages.map(linkLine).join('\n')}`),
    ...(plan.optional.length > 0 ? [`## ${OPTIONAL_GROUP_TITLE}\n\n${plan.optional.map(linkLine).join('\n')}`] : []),
  ];
  return `${[`# ${plan.title}`, ...(plan.summary === '' ? [] : [`> ${plan.summary}`]), details.join(' '), ...sections].join('\n\n')}\n`;
}
