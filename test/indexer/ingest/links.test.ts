import { describe, expect, it } from 'vitest';
import { resolveInternalLink, resolveInternalLinks, type LinkContext } from '../../../src/indexer/ingest/links.ts';

const routing: LinkContext = { pageUrl: '/guides/routing/', sourcePath: 'guides/routing.md', baseUrl: '/' };
const guidesIndex: LinkContext = { pageUrl: '/guides/', sourcePath: 'guides/index.md', baseUrl: '/' };
const based: LinkContext = { pageUrl: '/docs/guides/routing/', sourcePath: 'guides/routing.md', baseUrl: '/docs/' };

describe('resolveInternalLink', () => {
  it('drops external, mail and protocol-relative links', () => {
    for (const href of ['https://example.com/x', 'http://a.b', 'mailto:a@b.c', '//cdn.example.com/x', 'tel:123']) {
      expect(resolveInternalLink(href, routing)).toBeUndefined();
    }
  });

  it('drops same-page anchors and self-links', () => {
    expect(resolveInternalLink('#route-groups', routing)).toBeUndefined();
    expect(resolveInternalLink('/guides/routing/#x', routing)).toBeUndefined();
    expect(resolveInternalLink('./routing.md', routing)).toBeUndefined();
  });

  it('strips anchors and queries from absolute links and adds the trailing slash', () => {
    expect(resolveInternalLink('/reference/api/#defineconfig', routing)).toBe('/reference/api/');
    expect(resolveInternalLink('/reference/api?tab=1', routing)).toBe('/reference/api/');
  });

  it('resolves relative source-file links against the source folder', () => {
    // From guides/routing.md (URL /guides/routing/), ./middleware.mdx is guides/middleware.mdx.
    expect(resolveInternalLink('./middleware.mdx', routing)).toBe('/guides/middleware/');
    expect(resolveInternalLink('middleware.md#x', routing)).toBe('/guides/middleware/');
    expect(resolveInternalLink('../reference/api.md', routing)).toBe('/reference/api/');
    expect(resolveInternalLink('../index.md', routing)).toBe('/');
    expect(resolveInternalLink('../concepts/caching.html', routing)).toBe('/concepts/caching/');
  });

  it('resolves other relative links against the page URL, like a browser', () => {
    expect(resolveInternalLink('../middleware/', routing)).toBe('/guides/middleware/');
    expect(resolveInternalLink('sub/', routing)).toBe('/guides/routing/sub/');
    expect(resolveInternalLink('deploying', guidesIndex)).toBe('/guides/deploying/');
  });

  it('applies the base URL to relative source-file links only', () => {
    expect(resolveInternalLink('./middleware.md', based)).toBe('/docs/guides/middleware/');
    expect(resolveInternalLink('/docs/reference/api/', based)).toBe('/docs/reference/api/');
  });

  it('drops asset links and links that climb out of the site', () => {
    expect(resolveInternalLink('/img/logo.png', routing)).toBeUndefined();
    expect(resolveInternalLink('../assets/diagram.svg', routing)).toBeUndefined();
    expect(resolveInternalLink('../../../outside.md', routing)).toBeUndefined();
  });

  it('decodes percent-encoded paths so they match page URLs built from file names', () => {
    expect(resolveInternalLink('/zh-cn/%E8%B7%AF%E7%94%B1/', routing)).toBe('/zh-cn/路由/');
  });
});

describe('resolveInternalLinks', () => {
  it('dedupes in first-seen order and drops self and external links', () => {
    const links = resolveInternalLinks(
      ['/b/', 'https://x.y/', '/a/#one', '/a/#two', '#self', '/b/'],
      routing,
    );
    expect(links).toEqual(['/b/', '/a/']);
  });
});
