import { describe, expect, it } from 'vitest';
import { urlForPath } from '../../../src/indexer/ingest/index.ts';
import { normalizeBaseUrl, resolveIngestOptions } from '../../../src/indexer/ingest/options.ts';
import { isDocFile } from '../../../src/indexer/ingest/urls.ts';

describe('urlForPath', () => {
  it.each([
    ['guides/actions.mdx', '/', '/guides/actions/'],
    ['guides/index.md', '/', '/guides/'],
    ['index.md', '/', '/'],
    ['index.mdx', '/docs/', '/docs/'],
    ['guides/actions.mdx', '/docs/', '/docs/guides/actions/'],
    ['concepts/caching.html', '/', '/concepts/caching/'],
    ['concepts/index.htm', '/', '/concepts/'],
    ['zh-cn/guides/routing.md', '/', '/zh-cn/guides/routing/'],
    ['reference/errors/route-not-found.md', '/', '/reference/errors/route-not-found/'],
  ])('maps %s with base %s to %s', (path, base, url) => {
    expect(urlForPath(path, base)).toBe(url);
  });

  it('defaults the base to /', () => {
    expect(urlForPath('a/b.md')).toBe('/a/b/');
  });

  it('accepts Windows separators and leading ./ or /', () => {
    expect(urlForPath('guides\\routing.md')).toBe('/guides/routing/');
    expect(urlForPath('./guides/routing.md')).toBe('/guides/routing/');
    expect(urlForPath('/guides/routing.md')).toBe('/guides/routing/');
  });

  it('normalises a base without slashes', () => {
    expect(urlForPath('a.md', 'docs')).toBe('/docs/a/');
    expect(urlForPath('a.md', '/docs')).toBe('/docs/a/');
    expect(urlForPath('a.md', '')).toBe('/a/');
  });

  it('keeps dots inside names that are not doc extensions', () => {
    expect(urlForPath('api/v1.2.md')).toBe('/api/v1.2/');
  });

  it('treats only a file named exactly index as the folder page', () => {
    expect(urlForPath('guides/indexing.md')).toBe('/guides/indexing/');
    expect(urlForPath('guides/INDEX.md')).toBe('/guides/');
  });
});

describe('normalizeBaseUrl', () => {
  it('rejects full URLs with INVALID_OPTIONS', () => {
    expect(() => normalizeBaseUrl('https://example.com/docs/')).toThrow(/INVALID_OPTIONS/);
  });
});

describe('resolveIngestOptions', () => {
  it('rejects a heading depth outside 1–6', () => {
    expect(() => resolveIngestOptions({ maxHeadingDepth: 7 as 6 })).toThrow(/INVALID_OPTIONS/);
  });

  it('does not let an explicit undefined override a default', () => {
    expect(resolveIngestOptions({ baseUrl: undefined }).baseUrl).toBe('/');
  });

  it('normalises defaultLang', () => {
    expect(resolveIngestOptions({ defaultLang: 'zh_CN' }).defaultLang).toBe('zh-cn');
  });
});

describe('isDocFile', () => {
  it('recognises the supported extensions case-insensitively', () => {
    expect(['a.md', 'a.MDX', 'a.html', 'a.htm'].map(isDocFile)).toEqual([true, true, true, true]);
    expect(['a.txt', 'a.markdown', 'README', '.md'].map(isDocFile)).toEqual([false, false, false, false]);
  });
});
