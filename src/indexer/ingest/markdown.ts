/**
 * Markdown and MDX source → cleaned mdast + the raw front matter block.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import remarkFrontmatter from 'remark-frontmatter';
import remarkDirective from 'remark-directive';
import type { Root, RootContent } from 'mdast';
import { RecallBoxError } from '../../core/errors.ts';
import { cleanTree } from './clean.ts';
import { readLargeMarkdown } from './large-markdown.ts';

export interface ParsedMarkdown {
  /** Cleaned tree (see clean.ts): no front matter, ESM, expressions, JSX or directive nodes. */
  tree: Root;
  /** The YAML front matter text, if the page has a front matter block. */
  frontMatter?: string;
  /** True when an MDX page did not parse as MDX and was read as plain Markdown instead. */
  mdxFallback: boolean;
  /** True when the file was over `maxParseChars` and read line by line (large-markdown.ts). */
  lineRead: boolean;
}

// remark-directive is on for both: Starlight's `:::note` containers appear in .md and .mdx alike.
const markdownParser = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).use(remarkDirective).freeze();
const mdxParser = unified()
  .use(remarkParse)
  .use(remarkMdx)
  .use(remarkFrontmatter)
  .use(remarkGfm)
  .use(remarkDirective)
  .freeze();

/** First words of an MDX ESM statement. */
const ESM_KEYWORDS: readonly string[] = ['import ', 'export '];

/**
 * `maxParseChars`: a larger file is read line by line (large-markdown.ts) instead of parsed; see
 * IngestOptions.maxParseChars.
 */
export function parseMarkdown(source: string, mdx: boolean, maxParseChars = Infinity): ParsedMarkdown {
  if (source.length > maxParseChars) {
    const read = readLargeMarkdown(source);
    return { tree: cleanTree(read.tree), frontMatter: read.frontMatter, mdxFallback: false, lineRead: true };
  }
  let raw: Root;
  let mdxFallback = false;
  if (mdx) {
    try {
      raw = mdxParser.parse(source);
    } catch (mdxError) {
      // Real-world MDX is often looser than the MDX 3 grammar (`<!-- -->`, `{#id}`, a stray `<` or
      // `{` in prose). The page is still worth indexing; as Markdown, JSX becomes raw HTML, which
      // clean.ts reduces to its text, and only the ESM lines need removing.
      mdxFallback = true;
      raw = dropEsmParagraphs(parseAsMarkdown(source, mdxError), source);
    }
  } else {
    raw = parseAsMarkdown(source, undefined);
  }
  const first = raw.children[0];
  return {
    tree: cleanTree(raw),
    frontMatter: first?.type === 'yaml' ? first.value : undefined,
    mdxFallback,
    lineRead: false,
  };
}

function parseAsMarkdown(source: string, earlierError: unknown): Root {
  try {
    return markdownParser.parse(source);
  } catch (error) {
    const reasons = [earlierError, error].filter((e) => e !== undefined).map(errorMessage);
    throw new RecallBoxError('PARSE_FAILED', `could not parse: ${reasons.join('; then as Markdown: ')}`);
  }
}

/** Top-level paragraphs that start with an ESM keyword at the start of their first source line. */
function dropEsmParagraphs(tree: Root, source: string): Root {
  const isEsm = (node: RootContent): boolean => {
    const start = node.position?.start.offset;
    if (node.type !== 'paragraph' || start === undefined) return false;
    return ESM_KEYWORDS.some((keyword) => source.startsWith(keyword, start));
  };
  return { ...tree, children: tree.children.filter((node) => !isEsm(node)) };
}

function errorMessage(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0];
}
