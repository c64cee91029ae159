/**
 * Text, code and link targets of cleaned mdast nodes.
 *
 * Each block (paragraph, list item paragraph, table row, sub-heading) becomes one line, whitespace
 * collapsed inside it: joining blocks without a separator produced "end.Start" tokens, and keeping
 * source line breaks inside a paragraph only reflects how the author wrapped the text.
 */
import type { Heading, Nodes } from 'mdast';
import { splitCustomId, type HeadingLabel } from './anchors.ts';

export interface BlockContent {
  /** One whitespace-normalised line per text block, empty blocks dropped. */
  lines: string[];
  /** Code block contents (fenced or indented), in order. */
  code: string[];
  /** Link targets as written (not yet resolved). */
  hrefs: string[];
}

export function emptyContent(): BlockContent {
  return { lines: [], code: [], hrefs: [] };
}

/** Append the content of flow nodes to `out`. */
export function collectBlocks(nodes: readonly Nodes[], out: BlockContent): BlockContent {
  for (const node of nodes) collectBlock(node, out);
  return out;
}

function collectBlock(node: Nodes, out: BlockContent): void {
  switch (node.type) {
    case 'code':
      if (node.value.trim() !== '') out.code.push(node.value);
      return;
    case 'heading':
      // A heading deeper than the section depth: its words belong to this section's text.
      pushLine(out, headingLabel(node).text);
      collectHrefs(node.children, out);
      return;
    case 'paragraph':
    case 'tableCell':
      pushLine(out, phrasingText(node.children));
      collectHrefs(node.children, out);
      return;
    case 'tableRow':
      pushLine(out, node.children.map((cell) => phrasingText(cell.children)).join(' '));
      for (const cell of node.children) collectHrefs(cell.children, out);
      return;
    case 'text':
    case 'inlineCode':
      pushLine(out, node.value);
      return;
    case 'link':
      out.hrefs.push(node.url);
      pushLine(out, phrasingText(node.children));
      return;
    case 'thematicBreak':
    case 'html':
      return;
    default:
      if ('children' in node) collectBlocks(node.children, out);
  }
}

/** Plain text of inline content: inline code kept as its text, markup dropped. */
export function phrasingText(nodes: readonly Nodes[]): string {
  let text = '';
  for (const node of nodes) {
    if (node.type === 'text' || node.type === 'inlineCode') text += node.value;
    else if (node.type === 'break') text += ' ';
    else if ('children' in node) text += phrasingText(node.children);
  }
  return text;
}

/**
 * A heading's plain text, whitespace-normalised, and its custom id: an HTML heading's `id`
 * attribute (html.ts), else a `{#custom-id}` written at the end of a Markdown heading, split off.
 * An HTML heading's text is what the page shows, so it is taken whole.
 */
export function headingLabel(heading: Heading): HeadingLabel {
  const text = normalizeSpace(phrasingText(heading.children));
  const htmlId = heading.data?.htmlId;
  return htmlId === undefined ? splitCustomId(text) : { text, customId: htmlId };
}

export function collectHrefs(nodes: readonly Nodes[], out: BlockContent): void {
  for (const node of nodes) {
    if (node.type === 'link') out.hrefs.push(node.url);
    if ('children' in node) collectHrefs(node.children, out);
  }
}

export function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function pushLine(out: BlockContent, text: string): void {
  const line = normalizeSpace(text);
  if (line !== '') out.lines.push(line);
}
