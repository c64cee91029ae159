import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../src/indexer/ingest/index.ts';
import { sectionFields } from '../../../src/core/analysis/fields.ts';

const doc = [
  '---',
  'title: Routing',
  'description: Map URLs to handlers.',
  'tags: [guide]',
  '---',
  '',
  '# Routing',
  '',
  'The router picks a handler.',
  '',
  '## Route parameters',
  '',
  'Segments starting with a colon.',
  '',
  '### Optional parameters',
  '',
  'Add a question mark.',
  '',
  '#### Precedence rules',
  '',
  'Static beats dynamic.',
  '',
  '## Route groups',
  '',
  'Prefix routes.',
].join('\n');

describe('section splitting', () => {
  const page = parseDocument('guides/routing.md', doc);

  it('makes one section per heading up to depth 3, with the intro first', () => {
    expect(page.sections.map((s) => [s.anchor, s.depth])).toEqual([
      ['', 1],
      ['route-parameters', 2],
      ['optional-parameters', 3],
      ['route-groups', 2],
    ]);
  });

  it('folds deeper headings and their text into the enclosing section', () => {
    expect(page.sections[2].text).toBe('Add a question mark.\nPrecedence rules\nStatic beats dynamic.');
  });

  it('builds breadcrumbs from the page title down to the section heading', () => {
    expect(page.sections.map((s) => s.breadcrumb)).toEqual([
      ['Routing'],
      ['Routing', 'Route parameters'],
      ['Routing', 'Route parameters', 'Optional parameters'],
      ['Routing', 'Route groups'],
    ]);
  });

  it('fills id, url, pageUrl, lang, tags and description on every section', () => {
    const s = page.sections[2];
    expect(s).toMatchObject({
      id: '/guides/routing/#optional-parameters',
      url: '/guides/routing/#optional-parameters',
      pageUrl: '/guides/routing/',
      title: 'Optional parameters',
      lang: 'en',
      tags: ['guide'],
      description: 'Map URLs to handlers.',
    });
    expect(page.sections[0]).toMatchObject({ id: '/guides/routing/#', url: '/guides/routing/', title: 'Routing' });
  });

  it('uses the leading h1 that equals the title as the intro heading, not as a section', () => {
    expect(page.sections.filter((s) => s.depth === 1)).toHaveLength(1);
    expect(page.sections[0].text).toBe('The router picks a handler.');
  });

  it('honours a configured maxHeadingDepth', () => {
    const shallow = parseDocument('guides/routing.md', doc, { maxHeadingDepth: 2 });
    expect(shallow.sections.map((s) => s.anchor)).toEqual(['', 'route-parameters', 'route-groups']);
    expect(shallow.sections[1].text).toContain('Optional parameters\nAdd a question mark.');
    const deep = parseDocument('guides/routing.md', doc, { maxHeadingDepth: 4 });
    expect(deep.sections.find((s) => s.anchor === 'precedence-rules')?.breadcrumb).toEqual([
      'Routing',
      'Route parameters',
      'Optional parameters',
      'Precedence rules',
    ]);
  });

  it('omits an empty intro when the page has headed sections', () => {
    const p = parseDocument('a.md', '---\ntitle: A\n---\n\n## First\n\nText.');
    expect(p.sections.map((s) => s.anchor)).toEqual(['first']);
  });

  it('keeps the intro when it has only code', () => {
    const p = parseDocument('a.md', '```sh\nnpm i\n```\n\n## Next\n\nText.');
    expect(p.sections[0]).toMatchObject({ anchor: '', code: 'npm i', text: '' });
  });

  it('keeps the intro of a page that opens on a heading when it has a description: the description is indexed there', () => {
    // npm's command pages: front matter `description: Check the health of your npm environment`, then `### Synopsis`.
    const p = parseDocument('a.md', '---\ntitle: npm-doctor\ndescription: Check the health of your npm environment\n---\n\n### Synopsis\n\nnpm doctor');
    expect(p.sections.map((s) => [s.anchor, s.depth])).toEqual([['', 1], ['synopsis', 3]]);
    expect(sectionFields(p.sections[0]!).body).toBe('Check the health of your npm environment');
    expect(sectionFields(p.sections[1]!).body).not.toContain('health');
  });

  it('emits an intro for a page with only a description, and NO_CONTENT for a page with nothing', () => {
    expect(parseDocument('a.md', '---\ntitle: A\ndescription: Only this.\n---\n').sections).toHaveLength(1);
    expect(() => parseDocument('a.md', '---\ntitle: A\n---\n')).toThrow(/NO_CONTENT/);
    expect(() => parseDocument('a.md', '')).toThrow(/NO_CONTENT/);
    expect(() => parseDocument('a.md', '   \n\n')).toThrow(/NO_CONTENT/);
  });

  it('makes a later h1 its own depth-1 section', () => {
    const p = parseDocument('a.md', '---\ntitle: Page\n---\n\nIntro.\n\n# Part two\n\nMore.\n\n## Detail\n\nX.');
    expect(p.sections.map((s) => [s.anchor, s.depth, s.breadcrumb.join(' > ')])).toEqual([
      ['', 1, 'Page'],
      ['part-two', 1, 'Page > Part two'],
      ['detail', 2, 'Page > Part two > Detail'],
    ]);
  });

  it('does not start a section at a heading without text', () => {
    const p = parseDocument('a.md', 'Intro.\n\n## ![logo](/l.png)\n\nUnder the image heading.');
    expect(p.sections.map((s) => [s.anchor, s.text])).toEqual([['', 'Intro.\nUnder the image heading.']]);
  });

  it('collects each section its own outgoing links', () => {
    const p = parseDocument('guides/a.md', 'See [b](./b.md).\n\n## Two\n\nSee [c](/c/) and [c again](/c/#x) and [self](#two).');
    expect(p.sections.map((s) => s.links)).toEqual([['/guides/b/'], ['/c/']]);
  });
});

describe('anchors', () => {
  it('numbers duplicate headings like GitHub', () => {
    const p = parseDocument('a.md', 'I.\n\n## Examples\n\na\n\n## Examples\n\nb\n\n### Examples\n\nc');
    expect(p.sections.map((s) => s.anchor)).toEqual(['', 'examples', 'examples-1', 'examples-2']);
  });

  it('counts headings deeper than the section depth when numbering duplicates', () => {
    const p = parseDocument('a.md', 'I.\n\n## Setup\n\n#### Setup\n\nx\n\n## Setup\n\ny');
    expect(p.sections.map((s) => s.anchor)).toEqual(['', 'setup', 'setup-2']);
  });

  it('honours {#custom-id} and removes it from the heading text', () => {
    const p = parseDocument('a.md', 'I.\n\n## Cloudflare Workers {#cloudflare}\n\nx');
    expect(p.sections[1]).toMatchObject({ anchor: 'cloudflare', title: 'Cloudflare Workers', breadcrumb: ['a', 'Cloudflare Workers'] });
  });

  it('keeps anchors unique when a custom id collides with a generated slug', () => {
    const p = parseDocument('a.md', 'I.\n\n## Intro {#usage}\n\nx\n\n## Usage\n\ny');
    expect(p.sections.map((s) => s.anchor)).toEqual(['', 'usage', 'usage-1']);
  });

  it('uses plain heading text: inline code kept, markup removed', () => {
    const p = parseDocument('a.md', 'I.\n\n## The `c.json()` *method* and [links](/x/)\n\nx');
    expect(p.sections[1]).toMatchObject({ title: 'The c.json() method and links', anchor: 'the-cjson-method-and-links' });
  });

  it('gives Chinese and Japanese headings usable, non-empty anchors', () => {
    const p = parseDocument('zh-cn/a.md', '介绍。\n\n## 路由参数\n\n甲\n\n## ルートの設定\n\n乙');
    expect(p.sections.slice(1).map((s) => s.anchor)).toEqual(['路由参数', 'ルートの設定']);
  });

  it('never gives a heading the empty anchor of the intro', () => {
    const p = parseDocument('a.md', 'I.\n\n## 🚀\n\nx\n\n## !!!\n\ny');
    expect(p.sections.slice(1).map((s) => s.anchor)).toEqual(['section', 'section-1']);
  });
});
