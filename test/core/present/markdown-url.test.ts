import { describe, expect, it } from 'vitest';
import { markdownUrlOf, pageUrlOfMarkdown } from '../../../src/core/index.ts';

describe('markdownUrlOf and pageUrlOfMarkdown', () => {
  it.each([
    ['/', '/index.html.md'],
    ['/guides/routing/', '/guides/routing/index.html.md'],
    ['/guides/routing', '/guides/routing.md'],
    ['/guides/setup.html', '/guides/setup.html.md'],
    ['/zh-cn/指南/', '/zh-cn/指南/index.html.md'],
  ])('%s has its Markdown at %s, which names it again', (page, md) => {
    expect(markdownUrlOf(page)).toBe(md);
    expect(pageUrlOfMarkdown(md)).toBe(page);
  });

  it('names no page for a path that is no Markdown URL', () => {
    for (const path of ['/', '/guides/routing/', '/llms.txt', '/.md', '/readme.mdx']) expect(pageUrlOfMarkdown(path), path).toBeNull();
  });
});
