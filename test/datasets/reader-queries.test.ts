import { describe, expect, it } from 'vitest';
import { readerQueries, sentenceQuery } from '../../src/datasets/reader-queries.ts';
import type { Page, Section } from '../../src/core/index.ts';

const section = (pageUrl: string, title: string, depth: number, text: string): Section => ({
  id: `${pageUrl}#${title}`,
  url: `${pageUrl}#${title}`,
  pageUrl,
  anchor: title,
  title,
  breadcrumb: [title],
  depth,
  lang: 'en',
  text,
  code: '',
  links: [],
  tags: [],
  description: '',
});
const page = (url: string, title: string, sections: Section[]): Page => ({ path: `${url}.md`, url, title, lang: 'en', description: '', tags: [], sections });

describe('sentenceQuery', () => {
  it('takes the first sentence of enough words, cut to the most kept, without its final stop', () => {
    const words = { min: 4, max: 6 };
    expect(sentenceQuery('Short one. This sentence has quite a few words in it. Another.', words)).toBe('This sentence has quite a few');
    expect(sentenceQuery('Too short. Also short!', words)).toBeNull();
    expect(sentenceQuery('Exactly four words here.', words)).toBe('Exactly four words here');
  });
});

describe('readerQueries', () => {
  const pages = [
    page('/routing/', 'Routing', [
      section('/routing/', 'Routing', 1, 'Routes map paths to handlers. Each route can take parameters from the path itself.'),
      section('/routing/', 'Route parameters', 2, 'A parameter is a named segment of the path that the handler reads from the context.'),
    ]),
    page('/middleware/', 'Middleware', [section('/middleware/', 'Writing your own middleware', 2, 'Tiny.')]),
  ];
  const queries = readerQueries(pages, { perKind: 10, sentenceWords: { min: 6, max: 12 } });
  const of = (kind: string) => queries.filter((q) => q.kind === kind).map((q) => [q.query, q.url]);

  it('makes each kind, judged by the page it came from', () => {
    expect(of('title')).toEqual([['Routing', '/routing/'], ['Middleware', '/middleware/']]);
    expect(of('heading')).toEqual([['Route parameters', '/routing/'], ['Writing your own middleware', '/middleware/']]);
    expect(of('question')).toEqual([['how do i route parameters', '/routing/'], ['how do i writing your own middleware', '/middleware/']]);
    // The intro's first sentence is too short (5 words); the next is kept. "Tiny." makes none.
    expect(of('sentence')).toEqual([
      ['Each route can take parameters from the path itself', '/routing/'],
      ['A parameter is a named segment of the path that the handler', '/routing/'],
    ]);
  });

  it('samples each kind evenly down to perKind, deterministically', () => {
    const many = Array.from({ length: 30 }, (_, i) => page(`/p${i}/`, `Page number ${i}`, []));
    const titles = readerQueries(many, { perKind: 10, sentenceWords: { min: 6, max: 12 } }).filter((q) => q.kind === 'title');
    expect(titles.map((q) => q.url)).toEqual(Array.from({ length: 10 }, (_, i) => `/p${i * 3}/`));
  });
});
