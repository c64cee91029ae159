/**
 * A page, or one section, as Markdown from what the pack holds of it: each section's heading at its
 * depth, its prose paragraph by paragraph, its code in a fence. What an agent reads (the MCP
 * server's read_page and read_section), each page's `.md` beside it, and llms-full.txt: one
 * rendering, so the three never disagree. Lists and tables come out as the paragraphs the pack
 * keeps of them; pure.
 */
import type { Section } from '../types.ts';

/** A fence longer than any run of backticks in the code, so the code cannot close it. */
function fenceFor(code: string): string {
  const longest = Math.max(0, ...[...code.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

/** A heading's text on one line: a newline in it would end the heading and start a paragraph. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** One section: its heading (unless `withHeading` is false: the page's title stands for the intro), paragraphs, code. */
export function sectionMarkdown(section: Section, withHeading = true): string {
  const parts: string[] = [];
  if (withHeading) parts.push(`${'#'.repeat(Math.min(6, Math.max(1, section.depth)))} ${oneLine(section.title)}`);
  for (const line of section.text.split('\n')) if (line.trim() !== '') parts.push(line.trim());
  if (section.code.trim() !== '') {
    const fence = fenceFor(section.code);
    parts.push(`${fence}\n${section.code}\n${fence}`);
  }
  return parts.join('\n\n');
}

/**
 * A page's document in blocks, joined by a blank line: its head (the page title as `#`, its
 * description), then one block per section that has any text. The intro section (no anchor) is
 * under the title, not a heading of its own. What pageMarkdown joins, and what read_page cuts.
 */
export function pageMarkdownBlocks(sections: readonly Section[]): { head: string[]; sections: string[] } {
  const first = sections[0];
  if (!first) return { head: [], sections: [] };
  const title = first.breadcrumb[0] ?? first.title;
  const head = [`# ${oneLine(title)}`, ...(first.description !== '' ? [`> ${oneLine(first.description)}`] : [])];
  return { head, sections: sections.map((s) => sectionMarkdown(s, s.anchor !== '')) };
}

/** A page's sections (all of one page, in pack order) as one document (pageMarkdownBlocks joined). */
export function pageMarkdown(sections: readonly Section[]): string {
  const { head, sections: blocks } = pageMarkdownBlocks(sections);
  return head.length === 0 ? '' : `${[...head, ...blocks.filter((md) => md !== '')].join('\n\n')}\n`;
}
