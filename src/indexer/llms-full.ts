/**
 * llms-full.txt: every page llms.txt lists, in its order, as Markdown in one file, for an agent that
 * would rather read the docs whole than follow links. Each page is the one rendering of the core
 * (core/present/page-markdown.ts, what the Worker's `.md` pages and the MCP server's read_page
 * answer), after a front-matter block naming its URL, so a reader of the file can cite the page.
 * Bounded: a large site's docs run to megabytes. Pure.
 */
import { MAX_SHARD_BYTES, pageMarkdown } from '../core/index.ts';
import type { LlmsPage, LlmsPlan } from './llms-txt.ts';

/**
 * Largest llms-full.txt, in bytes: 25 MiB, the largest file Workers Static Assets serves, so the
 * copy in a built site deploys (the pack would shard it, but a static host serves one file). The
 * Astro docs' English pages are a few MB; a site past this keeps its first pages, in llms.txt's order.
 */
export const LLMS_FULL_MAX_BYTES = MAX_SHARD_BYTES;

export interface LlmsFull {
  text: string;
  /** Pages it holds, and of how many llms.txt lists: fewer when the bound cut it. */
  pages: number;
  of: number;
}

/** One page: its URL in a front-matter block, then its Markdown. */
function pageBlock(entry: LlmsPage): string {
  return `---\nurl: ${entry.page.url}\n---\n\n${pageMarkdown(entry.page.sections)}`;
}

export function renderLlmsFull(plan: LlmsPlan, maxBytes: number = LLMS_FULL_MAX_BYTES): LlmsFull {
  const entries = [...plan.groups.flatMap((g) => g.pages), ...plan.optional];
  const head = `# ${plan.title}\n\n${plan.summary === '' ? '' : `> ${plan.summary}\n\n`}`;
  const parts = [head];
  let bytes = Buffer.byteLength(head);
  let pages = 0;
  for (const entry of entries) {
    const block = `${pageBlock(entry)}\n`;
    const size = Buffer.byteLength(block);
    if (bytes + size > maxBytes) break;
    parts.push(block);
    bytes += size;
    pages++;
  }
  return { text: parts.join(''), pages, of: entries.length };
}
