/**
 * Reduce a parsed Markdown/MDX tree to plain mdast that holds only what a reader sees as text:
 * MDX ESM and expressions dropped, JSX and directive containers unwrapped (their text kept),
 * VitePress `::: tip` marker lines removed, raw HTML converted, reference links resolved.
 *
 * Containers are unwrapped into their parent rather than kept as nodes so that a heading written
 * inside `<Steps>` or `:::note` still starts a section, as it does on the rendered page.
 */
import type { Definition, Heading, Nodes, Paragraph, PhrasingContent, Root, RootContent, Text } from 'mdast';
import { htmlFragmentToMdast } from './html.ts';

/** mdast node types whose children are phrasing (inline) content. */
const PHRASING_PARENTS: ReadonlySet<string> = new Set([
  'paragraph',
  'heading',
  'tableCell',
  'emphasis',
  'strong',
  'delete',
  'link',
  'linkReference',
]);

/** Nodes that carry no readable text: MDX code, metadata, images, footnote markers. */
const DROPPED_NODES: ReadonlySet<string> = new Set([
  'mdxjsEsm',
  'mdxFlowExpression',
  'mdxTextExpression',
  'yaml',
  'toml',
  'definition',
  'image',
  'imageReference',
  'footnoteReference',
]);

/** The parts of the MDX/directive nodes this module reads (their packages' types are not direct deps). */
interface JsxAttribute {
  type: string;
  name?: string;
  value?: unknown;
}
interface ExtensionNode {
  type: string;
  name?: string | null;
  attributes?: JsxAttribute[] | Record<string, unknown> | null;
  children?: Nodes[];
  value?: string;
}

interface CleanContext {
  definitions: ReadonlyMap<string, string>;
}

export function cleanTree(tree: Root): Root {
  const ctx: CleanContext = { definitions: collectDefinitions(tree) };
  return { type: 'root', children: cleanFlow(tree.children, ctx) };
}

/**
 * An empty anchor on a line of its own, `<a id="writing"></a>` or `<a name="writing">`: what Markdown
 * docs put before a heading so their links (`#writing`) reach it, whatever slug a renderer gives it.
 */
const EMPTY_ANCHOR = /^<a\s+(?:id|name)\s*=\s*["']([^"'\s]+)["']\s*\/?>\s*(?:<\/a>)?$/i;

function cleanFlow(nodes: readonly Nodes[], ctx: CleanContext): RootContent[] {
  const out: RootContent[] = [];
  /** The id of an empty anchor just before: the next node's, when it is a heading (its anchor, text.ts headingLabel). */
  let anchorId: string | undefined;
  for (const node of nodes) {
    const ext = node as ExtensionNode;
    if (DROPPED_NODES.has(node.type)) continue;
    const pendingId = anchorId;
    anchorId = undefined;
    if (pendingId !== undefined && node.type === 'heading' && (node as Heading).data?.htmlId === undefined) {
      out.push({ ...cleanChildrenOf(node, ctx), data: { ...(node as Heading).data, htmlId: pendingId } } as Heading);
      continue;
    }
    switch (ext.type) {
      case 'html':
        anchorId = EMPTY_ANCHOR.exec((ext.value ?? '').trim())?.[1];
        if (anchorId === undefined) out.push(...htmlFragmentToMdast(ext.value ?? ''));
        break;
      case 'mdxJsxFlowElement': {
        const href = jsxHref(ext);
        // A card-like component (`<LinkCard href=…>`) links somewhere even when it has no text.
        if (href !== undefined) out.push(paragraph([{ type: 'link', url: href, children: [] }]));
        out.push(...cleanFlow(ext.children ?? [], ctx));
        break;
      }
      case 'containerDirective':
        out.push(...cleanFlow(ext.children ?? [], ctx));
        break;
      case 'leafDirective':
        out.push(paragraph(cleanPhrasing(ext.children ?? [], ctx)));
        break;
      case 'paragraph': {
        // A paragraph of nothing but inline HTML that is an empty anchor (`<a id="x"></a>` written
        // right above a heading is parsed so): the id of the heading below.
        const inline = (node as Paragraph).children;
        if (inline.every((c) => c.type === 'html')) anchorId = EMPTY_ANCHOR.exec(inline.map((c) => (c as { value: string }).value).join('').trim())?.[1];
        if (anchorId !== undefined) break;
        const children = stripContainerMarkers(cleanPhrasing((node as Paragraph).children, ctx));
        if (children.length > 0) out.push({ ...(node as Paragraph), children });
        break;
      }
      case 'text':
        // Phrasing at flow level happens when a JSX flow element held inline content.
        out.push(paragraph([node as Text]));
        break;
      default:
        out.push(cleanChildrenOf(node, ctx) as RootContent);
    }
  }
  return out;
}

function cleanPhrasing(nodes: readonly Nodes[], ctx: CleanContext): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const node of nodes) {
    const ext = node as ExtensionNode;
    if (DROPPED_NODES.has(node.type)) continue;
    switch (ext.type) {
      case 'mdxJsxTextElement': {
        const children = cleanPhrasing(ext.children ?? [], ctx);
        const href = jsxHref(ext);
        if (href !== undefined) out.push({ type: 'link', url: href, children });
        else out.push(...children);
        break;
      }
      case 'textDirective':
        // remark-directive reads `astro:content` or `localhost:3000`-like prose as a directive;
        // put the colon and name back so the words survive.
        out.push({ type: 'text', value: `:${ext.name ?? ''}` }, ...cleanPhrasing(ext.children ?? [], ctx));
        break;
      case 'html':
        // Inline tags (`<kbd>`, `<span>`) are markup around text that is already a sibling node;
        // only a line break stands for something: the space between two words.
        if ((ext.value ?? '').toLowerCase().startsWith('<br')) out.push({ type: 'text', value: ' ' });
        break;
      case 'linkReference': {
        const url = ctx.definitions.get(normalizeIdentifier((node as { identifier: string }).identifier));
        const children = cleanPhrasing(ext.children ?? [], ctx);
        if (url !== undefined) out.push({ type: 'link', url, children });
        else out.push(...children);
        break;
      }
      default:
        out.push(cleanChildrenOf(node, ctx) as PhrasingContent);
    }
  }
  return out;
}

function cleanChildrenOf(node: Nodes, ctx: CleanContext): Nodes {
  if (!('children' in node)) return node;
  const children = PHRASING_PARENTS.has(node.type)
    ? cleanPhrasing(node.children, ctx)
    : cleanFlow(node.children, ctx);
  return { ...node, children } as Nodes;
}

/**
 * VitePress containers (`::: tip Title` … `:::`, with a space, so not directive syntax) parse as
 * plain paragraph text. Their marker lines are markup: drop them, keeping a custom title's words.
 * A marker only counts at the start of a line.
 */
function stripContainerMarkers(children: PhrasingContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  let atLineStart = true;
  for (const child of children) {
    if (child.type !== 'text') {
      out.push(child);
      atLineStart = false;
      continue;
    }
    const lines = child.value.split('\n');
    const kept: string[] = [];
    lines.forEach((line, i) => {
      const startsLine = i > 0 || atLineStart;
      const marker = startsLine ? containerMarkerTitle(line) : undefined;
      if (marker === undefined) kept.push(line);
      else if (marker !== '') kept.push(marker);
    });
    atLineStart = child.value.endsWith('\n');
    const value = kept.join('\n');
    if (value.trim() !== '' || out.length > 0) out.push({ ...child, value });
  }
  // Whatever remains of a paragraph that was only markers is whitespace: not a paragraph at all.
  return out.every((c) => c.type === 'text' && c.value.trim() === '') ? [] : out;
}

/**
 * For a container marker line (`::: tip`, `::: details Click me`, `:::`), the custom title it
 * carries ('' if none); undefined if the line is not a marker.
 */
function containerMarkerTitle(line: string): string | undefined {
  const trimmed = line.trim();
  if (!trimmed.startsWith(':::')) return undefined;
  const rest = trimmed.replace(/^:+/, '').trim();
  if (rest === '') return '';
  const [, ...title] = rest.split(/\s+/);
  return title.join(' ');
}

function jsxHref(node: ExtensionNode): string | undefined {
  if (!Array.isArray(node.attributes)) return undefined;
  for (const attr of node.attributes) {
    if (attr.type === 'mdxJsxAttribute' && attr.name === 'href' && typeof attr.value === 'string') return attr.value;
  }
  return undefined;
}

function collectDefinitions(tree: Root): Map<string, string> {
  const definitions = new Map<string, string>();
  const visit = (node: Nodes): void => {
    if (node.type === 'definition') {
      const id = normalizeIdentifier((node as Definition).identifier);
      // CommonMark: the first definition of a label wins.
      if (!definitions.has(id)) definitions.set(id, (node as Definition).url);
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return definitions;
}

function normalizeIdentifier(identifier: string): string {
  return identifier.replace(/\s+/g, ' ').trim().toLowerCase();
}

function paragraph(children: PhrasingContent[]): Paragraph {
  return { type: 'paragraph', children };
}
