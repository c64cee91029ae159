import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../src/indexer/ingest/index.ts';
import { codeOf, thrown } from '../../support/errors.ts';

describe('parseDocument: page metadata', () => {
  it('fills path, url, title, description and tags from the file', () => {
    const p = parseDocument('guides\\routing.md', '---\ntitle: Routing\ndescription: How routes work.\ntags: routing\n---\n\nText.', {
      baseUrl: '/docs/',
    });
    expect(p).toMatchObject({
      path: 'guides/routing.md',
      url: '/docs/guides/routing/',
      title: 'Routing',
      description: 'How routes work.',
      tags: ['routing'],
    });
  });

  it('takes the title from front matter, else the first h1, else the file name', () => {
    expect(parseDocument('a.md', '---\ntitle: Front\n---\n# Heading\n\nx').title).toBe('Front');
    expect(parseDocument('a.md', 'Intro.\n\n## Not this\n\n# First h1\n\nx').title).toBe('First h1');
    expect(parseDocument('guides/deploy-now.md', 'Just text.').title).toBe('deploy-now');
    expect(parseDocument('guides/index.md', 'Just text.').title).toBe('guides');
  });

  it('strips a UTF-8 byte order mark before reading front matter', () => {
    expect(parseDocument('a.md', '\uFEFF---\ntitle: BOM\n---\n\nText.').title).toBe('BOM');
  });
});

describe('parseDocument: language', () => {
  it('takes the language from a known first path segment', () => {
    expect(parseDocument('zh-cn/guides/routing.md', '路由。').lang).toBe('zh-cn');
    expect(parseDocument('ja/guides/routing.md', 'ルーティング。').lang).toBe('ja');
    expect(parseDocument('guides/routing.md', 'Routing.').lang).toBe('en');
  });

  it('lets front matter lang win over the path', () => {
    const p = parseDocument('zh-cn/guides/routing.md', '---\nlang: ja\n---\n\nテキスト。');
    expect(p.lang).toBe('ja');
    expect(p.sections.every((s) => s.lang === 'ja')).toBe(true);
  });

  it('uses the configured languages and default language', () => {
    expect(parseDocument('id/guides/a.md', 'Teks.').lang).toBe('en');
    expect(parseDocument('id/guides/a.md', 'Teks.', { langs: ['id'] }).lang).toBe('id');
    expect(parseDocument('guides/a.md', 'Texte.', { defaultLang: 'fr' }).lang).toBe('fr');
  });
});

describe('parseDocument: bad input', () => {
  it('reports NUL bytes as BINARY_CONTENT', () => {
    expect(codeOf(() => parseDocument('a.md', 'PNG\u0000\u0001data'))).toBe('BINARY_CONTENT');
  });

  it('reports broken front matter as FRONT_MATTER_INVALID', () => {
    expect(codeOf(() => parseDocument('a.md', '---\ntitle: [oops\n---\n\nText.'))).toBe('FRONT_MATTER_INVALID');
  });

  it('reports files without indexable text as NO_CONTENT', () => {
    expect(codeOf(() => parseDocument('a.mdx', "import A from 'a';\n\n<A />\n\n{/* nothing */}\n"))).toBe('NO_CONTENT');
  });

  it('reports unsupported file types as PARSE_FAILED', () => {
    expect(codeOf(() => parseDocument('notes.txt', 'Text.'))).toBe('PARSE_FAILED');
  });

  it('reports nesting too deep for the call stack as PARSE_FAILED saying so, not as a bare RangeError', () => {
    // 50,000 nested elements: far past any default stack (3,000 nested quotes already overflow it).
    const error = thrown(() => parseDocument('deep.html', `${'<div>'.repeat(50_000)}text`));
    expect(error.code).toBe('PARSE_FAILED');
    expect(error.detail).toMatch(/^deep\.html is nested too deeply to read \(/);
  });

  it('reports invalid options as INVALID_OPTIONS', () => {
    expect(codeOf(() => parseDocument('a.md', 'x', { maxHeadingDepth: 0 as 1 }))).toBe('INVALID_OPTIONS');
  });
});
