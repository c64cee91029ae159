import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../src/indexer/ingest/index.ts';
import { parseMarkdown } from '../../../src/indexer/ingest/markdown.ts';
import type { Page, Section } from '../../../src/core/types.ts';

function section(page: Page, anchor: string): Section {
  const found = page.sections.find((s) => s.anchor === anchor);
  if (!found) throw new Error(`no section #${anchor} in ${page.sections.map((s) => s.anchor).join(', ')}`);
  return found;
}

const allText = (page: Page): string => page.sections.map((s) => `${s.title}\n${s.text}`).join('\n');
const allCode = (page: Page): string => page.sections.map((s) => s.code).join('\n');

describe('MDX cleaning', () => {
  const mdx = [
    '---',
    'title: Actions',
    '---',
    '',
    "import { Aside, Steps } from '@astrojs/starlight/components';",
    "import Since from '~/components/Since.astro';",
    "export const meta = { version: '4.15' };",
    '',
    '<p><Since v="4.15" /></p>',
    '',
    'Actions run on the server. {meta.version} is the version.',
    '',
    '<Aside type="tip">Validate input with Zod.</Aside>',
    '',
    '<Steps>',
    '1. Create the file.',
    '2. Export a `server` object.',
    '</Steps>',
    '',
    '{/* a comment the reader never sees */}',
    '',
    '## Calling actions',
    '',
    '```ts',
    "import { actions } from 'astro:actions';",
    'await actions.myAction();',
    '```',
    '',
    'Call <Kbd>actions.myAction()</Kbd> from the client.',
  ].join('\n');
  const page = parseDocument('guides/actions.mdx', mdx);

  it('drops import and export statements', () => {
    expect(allText(page)).not.toMatch(/import |export const|@astrojs/);
  });

  it('keeps the text children of JSX components and removes the tags', () => {
    const intro = section(page, '');
    expect(intro.text).toContain('Validate input with Zod.');
    expect(intro.text).toContain('Create the file.\nExport a server object.');
    expect(intro.text).not.toMatch(/<|Aside|Steps|Since/);
    expect(section(page, 'calling-actions').text).toContain('Call actions.myAction() from the client.');
  });

  it('drops {expressions}, including comments', () => {
    expect(section(page, '').text).toContain('Actions run on the server. is the version.');
    expect(allText(page)).not.toContain('comment the reader never sees');
  });

  it('keeps code fences as code, not as prose, even when they contain import lines', () => {
    const s = section(page, 'calling-actions');
    expect(s.code).toBe("import { actions } from 'astro:actions';\nawait actions.myAction();");
    expect(s.text).not.toContain('astro:actions');
  });

  it('falls back to Markdown for MDX that does not parse, still without ESM lines or tags', () => {
    const loose = [
      "import { Aside } from '@astrojs/starlight/components';",
      '',
      '<!-- an HTML comment is not valid MDX -->',
      '',
      '<Aside type="note">',
      'Never closed, but still readable.',
      '',
      '## Next {#next-step}',
      '',
      'More text.',
    ].join('\n');
    const parsed = parseMarkdown(loose, true);
    expect(parsed.mdxFallback).toBe(true);
    const p = parseDocument('loose.mdx', loose);
    expect(allText(p)).toContain('Never closed, but still readable.');
    expect(allText(p)).not.toMatch(/import |<Aside|an HTML comment/);
    expect(section(p, 'next-step').title).toBe('Next');
  });

  it('does not need the fallback for valid MDX', () => {
    expect(parseMarkdown(mdx, true).mdxFallback).toBe(false);
  });

  it('turns JSX href attributes into links', () => {
    const p = parseDocument('a/b.mdx', 'Intro.\n\n<LinkCard href="/guides/routing/" title="Routing" />\n\n<a href="../c/">see c</a>');
    expect(section(p, '').links).toEqual(['/guides/routing/', '/a/c/']);
  });
});

describe('containers', () => {
  it('keeps VitePress container text but not its marker lines', () => {
    const md = [
      'Intro.',
      '',
      '::: tip Keep secrets safe',
      'Never commit `.env` files.',
      ':::',
      '',
      '::: warning',
      '',
      'Workers have a CPU limit.',
      '',
      ':::',
      '',
      '::: code-group',
      '',
      '```sh [npm]',
      'npm i skylark',
      '```',
      '',
      ':::',
    ].join('\n');
    const s = parseDocument('a.md', md).sections[0];
    expect(s.text).toContain('Never commit .env files.');
    expect(s.text).toContain('Workers have a CPU limit.');
    expect(s.text).toContain('Keep secrets safe');
    expect(s.text).not.toMatch(/:::|\btip\b|\bwarning\b|code-group/);
    expect(s.code).toBe('npm i skylark');
  });

  it('unwraps Starlight/remark directive containers, keeping the label and content', () => {
    const md = ':::caution[Deprecated]\nUse `newThing()` instead.\n:::\n\n:::note\nA plain note.\n:::\n';
    const s = parseDocument('a.md', md).sections[0];
    expect(s.text).toBe('Deprecated\nUse newThing() instead.\nA plain note.');
  });

  it('lets a heading inside a container start a section, as on the rendered page', () => {
    const p = parseDocument('a.mdx', 'Intro.\n\n<Tabs>\n\n## Inside tabs\n\nTab text.\n\n</Tabs>\n');
    expect(section(p, 'inside-tabs').text).toBe('Tab text.');
  });

  it('does not eat words that remark-directive reads as text directives', () => {
    const s = parseDocument('a.md', 'Import from astro:content on localhost:4321 at 10:30.').sections[0];
    expect(s.text).toBe('Import from astro:content on localhost:4321 at 10:30.');
  });
});

describe('Markdown text', () => {
  it('separates paragraphs and list items with newlines instead of running them together', () => {
    const s = parseDocument('a.md', 'First paragraph ends here.\nStill the same paragraph.\n\nSecond starts.\n\n- item one\n- item two').sections[0];
    expect(s.text).toBe('First paragraph ends here. Still the same paragraph.\nSecond starts.\nitem one\nitem two');
  });

  it('keeps inline code in the prose and indented code as code', () => {
    const s = parseDocument('a.md', 'Call `c.json()` to reply.\n\n    indented();\n    code();\n').sections[0];
    expect(s.text).toBe('Call c.json() to reply.');
    expect(s.code).toBe('indented();\ncode();');
  });

  it('reads tables row by row', () => {
    const s = parseDocument('a.md', '| Option | Default |\n| --- | --- |\n| `strict` | `true` |').sections[0];
    expect(s.text).toBe('Option Default\nstrict true');
  });

  it('reduces raw HTML blocks to their text and drops scripts and styles', () => {
    const md = 'Before.\n\n<div class="note">\n<p>Inside <strong>HTML</strong>.</p>\n</div>\n\n<script setup>\nconst x = 1\n</script>\n\n<style>.a{}</style>\n\nLine<br>break.';
    const s = parseDocument('a.md', md).sections[0];
    expect(s.text).toBe('Before.\nInside HTML.\nLine break.');
  });

  it('drops images but resolves reference-style links', () => {
    const md = '![a diagram](/img/d.png)\n\nSee [the API][api].\n\n[api]: ../reference/api.md';
    const s = parseDocument('guides/x.md', md).sections[0];
    expect(s.text).toBe('See the API.');
    expect(s.links).toEqual(['/reference/api/']);
  });
});
