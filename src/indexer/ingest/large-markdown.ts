/**
 * A line reader for Markdown files too large for the Markdown/MDX parser (issue 19): remark builds
 * the whole syntax tree of a file with every node's position, and the build of a folder holding one
 * 20 MiB page took 46.8 s and peaked at 3.2 GB (5.3 s and 403 MB read by lines; the build summary
 * prints both: `npx recall-box build <folder> --out <dir> --no-vectors`).
 * No docs page a reader opens is that large — such files are generated dumps or hostile — so they
 * are read line by line instead: ATX headings, fenced code and paragraphs, with inline markup
 * reduced to its text. Lists, quotes and tables read as paragraphs of their text; setext headings,
 * MDX components and reference links are not recognised. The build says so with a LARGE_FILE
 * warning naming the file. Time and memory are linear in the file and small.
 */
import type { Code, Heading, Paragraph, Root, RootContent } from 'mdast';

export interface LineReadMarkdown {
  tree: Root;
  /** The YAML front matter text, if the file starts with a `---` block. */
  frontMatter?: string;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
/** An ATX heading's opening: up to three spaces, one to six `#`, then a space, a tab or the line's end. */
const ATX_OPEN = /^ {0,3}(#{1,6})(?:[ \t]|$)/;
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})[ \t]*([^`\s]*)/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
/** Block markers a paragraph line may start with: quote, list bullet or number, table edge. */
const BLOCK_MARKERS = /^ {0,3}(?:>[ \t]?)*(?:[-*+][ \t]+|\d{1,9}[.)][ \t]+)?/;

/**
 * The text a reader sees of a line's inline Markdown: links and images by their text, emphasis and
 * code marks, HTML tags and table pipes dropped.
 *
 * Every pattern here must take time linear in the line, which can be a megabyte long: a link's text
 * may not hold `[`, and its target only balanced pairs of parentheses (`/wiki/Foo_(bar)`), so that
 * a run of `[` or `[x](` fails at the next one instead of scanning to the end of the line from
 * each (a line of 40,000 `[` took 2 s; a megabyte, some twenty minutes). Pipes are split on, not
 * matched with the white space around them, for the same reason on runs of spaces.
 */
export function inlineText(line: string): string {
  const marked = line
    .replace(/!?\[([^[\]\n]*)\]\((?:[^()\n]|\([^()\n]*\))*\)/g, '$1')
    .replace(/<[^<>\n]{0,200}>/g, '')
    .replace(/(\*\*|__|\*|_|~~|`+)(?=\S)([^*_~`\n]*?\S)\1/g, '$2');
  return pipesToSpaces(marked).trim();
}

/** `a | b` → `a b`: each table pipe, with the white space around it, becomes one space. */
function pipesToSpaces(text: string): string {
  if (!text.includes('|')) return text;
  return text
    .split('|')
    .map((cell, i, cells) => (i === 0 ? cell.trimEnd() : i === cells.length - 1 ? cell.trimStart() : cell.trim()))
    .join(' ');
}

/**
 * An ATX heading's text from what follows its opening `#`s: without the optional closing run of
 * `#`s, which counts when a space or tab precedes it or it is all there is (CommonMark). Found by
 * hand: a pattern for it backtracked over long runs of spaces (a heading with 40,000 took 6 s).
 */
export function atxHeadingText(rest: string): string {
  const text = rest.trim();
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  if (end === 0) return '';
  const closed = end < text.length && (text[end - 1] === ' ' || text[end - 1] === '\t');
  return closed ? text.slice(0, end).trim() : text;
}

/** Reads `source` line by line into the mdast the rest of ingest reads (sections.ts). */
export function readLargeMarkdown(source: string): LineReadMarkdown {
  const front = FRONT_MATTER.exec(source);
  const body = front ? source.slice(front[0].length) : source;
  const children: RootContent[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) children.push({ type: 'paragraph', children: [{ type: 'text', value: paragraph.join('\n') }] } satisfies Paragraph);
    paragraph = [];
  };
  let fence: { marker: string; lang: string; lines: string[] } | null = null;
  for (const line of body.split(/\r?\n/)) {
    if (fence) {
      const close = FENCE_OPEN.exec(line);
      if (close && close[1]![0] === fence.marker[0] && close[1]!.length >= fence.marker.length && close[2] === '') {
        children.push({ type: 'code', lang: fence.lang || null, value: fence.lines.join('\n') } satisfies Code);
        fence = null;
      } else {
        fence.lines.push(line);
      }
      continue;
    }
    const open = FENCE_OPEN.exec(line);
    if (open) {
      flush();
      fence = { marker: open[1]!, lang: open[2]!, lines: [] };
      continue;
    }
    const heading = ATX_OPEN.exec(line);
    if (heading) {
      flush();
      const depth = heading[1]!.length as Heading['depth'];
      const text = inlineText(atxHeadingText(line.slice(heading[0].length)));
      children.push({ type: 'heading', depth, children: [{ type: 'text', value: text }] } satisfies Heading);
      continue;
    }
    const text = THEMATIC_BREAK.test(line) ? '' : inlineText(line.replace(BLOCK_MARKERS, ''));
    if (text === '') flush();
    else paragraph.push(text);
  }
  // An unclosed fence runs to the end of the file, as in CommonMark.
  if (fence) children.push({ type: 'code', lang: fence.lang || null, value: fence.lines.join('\n') } satisfies Code);
  flush();
  return { tree: { type: 'root', children }, ...(front ? { frontMatter: front[1]! } : {}) };
}
