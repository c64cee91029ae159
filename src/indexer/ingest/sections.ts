/**
 * A page's cleaned mdast → its sections: one per heading of depth ≤ maxHeadingDepth, plus the
 * intro (content before the first such heading).
 */
import type { Heading, Root, RootContent } from 'mdast';
import type { Lang, Section } from '../../core/types.ts';
import { Anchorer, type HeadingLabel } from './anchors.ts';
import { resolveInternalLinks, type LinkContext } from './links.ts';
import { urlFragment } from './urls.ts';
import { collectBlocks, collectHrefs, emptyContent, headingLabel, type BlockContent } from './text.ts';

export interface SectionPage extends LinkContext {
  title: string;
  /** The title is the page's first heading, whatever its depth (document.ts, after a site's heading): it heads the intro, as a title h1 does. */
  titledByHeading?: boolean;
  lang: Lang;
  description: string;
  tags: string[];
}

interface Chunk {
  /** The heading that starts the chunk; for the intro (always chunks[0]) only a title h1. */
  heading?: { node: Heading; label: HeadingLabel; anchor: string };
  nodes: RootContent[];
}

export function splitSections(tree: Root, page: SectionPage, maxHeadingDepth: number): Section[] {
  const chunks = mergeTitleHeading(chunkByHeading(tree, maxHeadingDepth), page.title, page.titledByHeading === true);
  const [intro, ...headed] = chunks;
  const sections: Section[] = [];

  const introContent = contentOf(intro);
  const introHasText = introContent.lines.length > 0 || introContent.code.length > 0;
  // A page's description is found in its intro (fields.ts): a page whose description has no intro
  // text after it (one opening on a heading, `### Synopsis`) still has the intro, or the words
  // that say what the page is for would be indexed nowhere.
  if (introHasText || page.description !== '') {
    sections.push(makeSection(page, '', page.title, [page.title], 1, introContent));
  }

  const stack: { depth: number; text: string }[] = [];
  for (const chunk of headed) {
    const heading = chunk.heading!;
    const depth = heading.node.depth;
    while (stack.length > 0 && stack[stack.length - 1].depth >= depth) stack.pop();
    stack.push({ depth, text: heading.label.text });
    // An h1 repeating the page title (not at the top, so not merged into the intro) would
    // otherwise appear twice in the breadcrumb.
    const below = stack.filter((s) => !(s.depth === 1 && s.text === page.title)).map((s) => s.text);
    sections.push(makeSection(page, heading.anchor, heading.label.text, [page.title, ...below], depth, contentOf(chunk)));
  }
  return sections;
}

/**
 * Top-level headings start chunks; every top-level heading gets its anchor here, in order, even
 * the deeper ones that stay inside a chunk, so duplicate numbering matches the rendered page.
 */
function chunkByHeading(tree: Root, maxHeadingDepth: number): Chunk[] {
  const anchorer = new Anchorer();
  const chunks: Chunk[] = [{ nodes: [] }];
  for (const node of tree.children) {
    if (node.type === 'heading') {
      const label = headingLabel(node);
      const anchor = anchorer.anchor(label);
      // A heading with no text (`##` alone, an image only) would make an untitled result.
      if (node.depth <= maxHeadingDepth && label.text !== '') {
        chunks.push({ heading: { node, label, anchor }, nodes: [] });
        continue;
      }
    }
    chunks[chunks.length - 1].nodes.push(node);
  }
  return chunks;
}

/**
 * A page that opens with an h1 equal to its title (or, `anyDepth`, with the heading its title was
 * taken from): that heading is the intro's own heading.
 */
function mergeTitleHeading(chunks: Chunk[], title: string, anyDepth: boolean): Chunk[] {
  const [intro, first, ...rest] = chunks;
  const introContent = contentOf(intro);
  const opensWithTitle =
    first?.heading !== undefined &&
    (first.heading.node.depth === 1 || anyDepth) &&
    first.heading.label.text === title &&
    introContent.lines.length === 0 &&
    introContent.code.length === 0;
  if (!opensWithTitle) return chunks;
  // The intro keeps the h1 (for its links) but is still addressed as the page itself (anchor '').
  return [{ heading: first.heading, nodes: [...intro.nodes, ...first.nodes] }, ...rest];
}

function contentOf(chunk: Chunk): BlockContent {
  const content = emptyContent();
  if (chunk.heading) collectHrefs(chunk.heading.node.children, content);
  return collectBlocks(chunk.nodes, content);
}

function makeSection(
  page: SectionPage,
  anchor: string,
  title: string,
  breadcrumb: string[],
  depth: number,
  content: BlockContent,
): Section {
  return {
    id: `${page.pageUrl}#${anchor}`,
    // The id keeps the anchor as the page has it; the URL needs it encoded (`#with%20space`).
    url: anchor ? `${page.pageUrl}#${urlFragment(anchor)}` : page.pageUrl,
    pageUrl: page.pageUrl,
    anchor,
    title,
    breadcrumb,
    depth,
    lang: page.lang,
    text: content.lines.join('\n'),
    code: content.code.join('\n'),
    links: resolveInternalLinks(content.hrefs, page),
    tags: [...page.tags],
    description: page.description,
  };
}
