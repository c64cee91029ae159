import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../src/indexer/ingest/document.ts';
import { ingestDirectory } from '../../../src/indexer/ingest/index.ts';
import { atxHeadingText, inlineText, readLargeMarkdown } from '../../../src/indexer/ingest/large-markdown.ts';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A page of what the line reader recognises: front matter, ATX headings, paragraphs, fenced code, plain inline markup. */
const PAGE = `---
title: Routing
description: How routes work
---

# Routing

Astro uses **file-based** routing: every file in \`src/pages/\` is a [route](/guides/routes/).

## Route parameters

A dynamic route takes *parameters* from its file name.
It reads them with \`Astro.params\`.

\`\`\`js
export function getStaticPaths() {
  return [{ params: { id: '1' } }];
}
\`\`\`

### Rest parameters

Use \`[...path]\` for any depth.

## Redirects

Configure redirects in \`astro.config.mjs\`.
`;

describe('readLargeMarkdown', () => {
  it('gives the sections the Markdown parser gives for headings, paragraphs, fenced code and inline markup', () => {
    const parsed = parseDocument('routing.md', PAGE);
    const lineRead = parseDocument('routing.md', PAGE, { maxParseChars: 100 });
    expect(lineRead.lineRead).toBe(true);
    expect(parsed.lineRead).toBeUndefined();
    const shape = (p: typeof parsed) => p.sections.map((s) => ({ id: s.id, title: s.title, breadcrumb: s.breadcrumb, text: s.text, code: s.code }));
    expect(shape(lineRead)).toEqual(shape(parsed));
    expect(lineRead.title).toBe('Routing');
    expect(lineRead.description).toBe('How routes work');
  });

  it('keeps a fence open to its closing marker, and to the end of an unclosed one', () => {
    const { tree } = readLargeMarkdown('# A\n\n~~~\n# not a heading\n```\nstill code\n~~~\nafter\n\n````\nopen to the end\n');
    expect(tree.children.map((n) => n.type)).toEqual(['heading', 'code', 'paragraph', 'code']);
    expect(tree.children[1]).toMatchObject({ value: '# not a heading\n```\nstill code' });
    expect(tree.children[3]).toMatchObject({ value: 'open to the end\n' });
  });

  it('reads list, quote and table lines as the text of paragraphs, and a thematic break as none', () => {
    expect(inlineText('| a | **b** |')).toBe('a b');
    const { tree } = readLargeMarkdown('- one\n- two [link](/x)\n\n> quoted\n\n---\n\n1. first\n');
    expect(tree.children).toEqual([
      { type: 'paragraph', children: [{ type: 'text', value: 'one\ntwo link' }] },
      { type: 'paragraph', children: [{ type: 'text', value: 'quoted' }] },
      { type: 'paragraph', children: [{ type: 'text', value: 'first' }] },
    ]);
  });

  it('reads a file over maxParseChars by lines with a LARGE_FILE warning naming it, and a smaller one as Markdown', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'recall-box-large-'));
    try {
      await writeFile(path.join(dir, 'big.md'), PAGE.repeat(3));
      await writeFile(path.join(dir, 'small.md'), '# Small\n\nA page.\n');
      const result = await ingestDirectory(dir, { maxParseChars: 1000 });
      expect(result.warnings.map((w) => [w.path, w.code])).toEqual([['big.md', 'LARGE_FILE']]);
      expect(result.pages.map((p) => p.path)).toEqual(['big.md', 'small.md']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a maxParseChars that is not an integer ≥ 1 with INVALID_OPTIONS', () => {
    expect(() => parseDocument('a.md', '# A\n\nText.\n', { maxParseChars: 0 })).toThrow(/maxParseChars/);
  });
});

describe('readLargeMarkdown on hostile lines', () => {
  /** Milliseconds `fn` takes. */
  const msToRun = (fn: () => unknown): number => {
    const started = performance.now();
    fn();
    return performance.now() - started;
  };
  const N = 60_000;

  // Each of these lines made a pattern of the line reader backtrack quadratically: 40,000
  // characters took 2–6 s (so 60,000 take 4–14 s, and a megabyte many minutes). Read in linear
  // time, each takes about a millisecond; the bound is far above that and far below the old times.
  it.each([
    ['a run of [', '['.repeat(N)],
    ['a run of [x](', '[x]('.repeat(N / 4)],
    ['a run of spaces', `a${' '.repeat(N)}b`],
    ['a run of spaces and tabs', `a${' \t'.repeat(N / 2)}b`],
  ])('reads a line of %s in linear time', (_, line) => {
    expect(msToRun(() => inlineText(line))).toBeLessThan(1000);
  });

  it('reads a heading with a run of spaces or #s in linear time', () => {
    const source = `# a${' '.repeat(N)}b\n## ${'#'.repeat(N)}x\n`;
    expect(msToRun(() => readLargeMarkdown(source))).toBeLessThan(1000);
    expect(readLargeMarkdown(source).tree.children.map((n) => n.type === 'heading' && n.depth)).toEqual([1, 2]);
  });

  it('keeps link text for a target with balanced parentheses, and a pipe with its spaces as one space', () => {
    expect(inlineText('See [Foo](https://en.wikipedia.org/wiki/Foo_(bar)) and ![logo](/a.png "Logo").')).toBe('See Foo and logo.');
    expect(inlineText('| a |  b | c|')).toBe('a b c');
    expect(inlineText('a||b')).toBe('a  b');
  });

  it('drops the closing #s of an ATX heading only after a space or tab, as CommonMark does', () => {
    expect(atxHeadingText(' foo ## ')).toBe('foo');
    expect(atxHeadingText(' foo\t#')).toBe('foo');
    expect(atxHeadingText(' foo#')).toBe('foo#');
    expect(atxHeadingText(' ###')).toBe('');
    expect(atxHeadingText('')).toBe('');
    expect(readLargeMarkdown('### ###\n#hashtag\n####### seven\n').tree.children).toEqual([
      { type: 'heading', depth: 3, children: [{ type: 'text', value: '' }] },
      { type: 'paragraph', children: [{ type: 'text', value: '#hashtag\n####### seven' }] },
    ]);
  });
});
