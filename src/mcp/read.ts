/**
 * read_section and read_page: a URL from search_docs (a path, or a full URL on the docs site, with
 * or without its anchor) → the section or page as Markdown, from the pack (core/present/page-markdown.ts,
 * the one rendering the pages' `.md` and llms-full.txt share). Pure but for reading the pack.
 */
import { RecallBoxError, findPage, pageMarkdown, pageMarkdownBlocks, sectionMarkdown, type LoadedPack, type StoredSection } from '../core/index.ts';

/** read_page's text bound, in characters. */
export const READ_PAGE_LIMITS = Object.freeze({
  /**
   * Default: 20,000 characters, about 5,000 tokens — a long docs page whole, small beside an agent's
   * context; a longer page is cut at a section's end and says where to go on.
   */
  defaultChars: 20_000,
  /** Most an agent may ask for: 100,000 characters, so one call cannot fill its context with a page. */
  maxChars: 100_000,
  /** Fewest: 1,000, about one section. */
  minChars: 1_000,
});

/** The longest URL accepted: a docs URL is far shorter, and the text is parsed and looked up. */
const MAX_URL_CHARS = 2_048;

/** A URL's page path and anchor: `https://docs.example.com/guides/routing/#params` → `/guides/routing/`, `params`. */
export function parseDocsUrl(url: string): { path: string; anchor: string } {
  if (url.length > MAX_URL_CHARS) throw new RecallBoxError('BAD_REQUEST', `url is longer than ${MAX_URL_CHARS} characters.`);
  let parsed: URL;
  try {
    // A path is read against a placeholder origin: only the path and fragment are used.
    parsed = new URL(url.trim(), 'https://docs.invalid');
  } catch {
    throw new RecallBoxError('BAD_REQUEST', 'url is not a URL or a path; use a url from search_docs.');
  }
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  return { path: decode(parsed.pathname), anchor: decode(parsed.hash.replace(/^#/, '')) };
}

/** The page at `url` in the first pack that has it: its sections in order, and the one the anchor names (the first without one). */
async function pageOf(packs: ReadonlyArray<(signal?: AbortSignal) => Promise<LoadedPack>>, url: string, signal?: AbortSignal): Promise<{ sections: StoredSection[]; at: number; url: string }> {
  const { path, anchor } = parseDocsUrl(url);
  const page = await findPage(packs, path, signal);
  if (page !== null) {
    const at = anchor === '' ? 0 : page.sections.findIndex((s) => s.anchor === anchor);
    if (at < 0) throw new RecallBoxError('NOT_FOUND', `the page ${page.url} has no section #${anchor}; read_page lists its sections.`);
    return { sections: page.sections, at, url: page.url };
  }
  throw new RecallBoxError('NOT_FOUND', `no page at ${path} in the docs; use a url from search_docs.`);
}

/** read_section: the section `url` names, as Markdown under its breadcrumb and URL. */
export async function readSection(packs: ReadonlyArray<(signal?: AbortSignal) => Promise<LoadedPack>>, url: string, signal?: AbortSignal): Promise<string> {
  const { sections, at, url: page } = await pageOf(packs, url, signal);
  const section = sections[at]!;
  const where = section.anchor === '' ? page : `${page}#${section.anchor}`;
  return `${section.breadcrumb.join(' › ')}\n${where}\n\n${sectionMarkdown(section)}\n`;
}

/**
 * read_page: the page `url` names, as Markdown, at most `maxChars` characters: cut at the end of the
 * last section that fits (at least the first), followed by the URLs of the sections left out.
 */
export async function readPage(packs: ReadonlyArray<(signal?: AbortSignal) => Promise<LoadedPack>>, url: string, maxChars: number = READ_PAGE_LIMITS.defaultChars, signal?: AbortSignal): Promise<string> {
  const { sections, url: page } = await pageOf(packs, url, signal);
  const whole = pageMarkdown(sections);
  if (whole.length <= maxChars) return whole;
  // The length pageMarkdown of the first k sections has, summed block by block: each page rendered once.
  const { head, sections: blocks } = pageMarkdownBlocks(sections);
  const SEPARATOR = 2;
  let length = head.join('\n\n').length + 1;
  let kept = 0;
  for (const block of blocks) {
    const grown = block === '' ? length : length + SEPARATOR + block.length;
    if (kept > 0 && grown > maxChars) break;
    length = grown;
    kept++;
  }
  const rest = sections.slice(kept).map((s) => `- ${s.title}: ${page}#${s.anchor}`);
  return `${pageMarkdown(sections.slice(0, kept))}\n[The page goes on; ${rest.length} more section${rest.length === 1 ? '' : 's'}, each readable with read_section:]\n${rest.join('\n')}\n`;
}
