import { describe, expect, it } from 'vitest';
import { pageAt } from '../../../src/core/pack/page-sections.ts';

const pages = new Map([
  ['/guides/routing/', [1, 2]],
  ['/reference/api', [3]],
  ['/', [0]],
]);

describe('pageAt', () => {
  it('finds a page by its URL, with or without its trailing slash', () => {
    expect(pageAt(pages, '/guides/routing/')).toBe('/guides/routing/');
    expect(pageAt(pages, '/guides/routing')).toBe('/guides/routing/');
    expect(pageAt(pages, '/reference/api/')).toBe('/reference/api');
    expect(pageAt(pages, '/')).toBe('/');
  });

  it('finds nothing for a path no page has', () => {
    expect(pageAt(pages, '/guides/')).toBeNull();
    expect(pageAt(pages, '/search')).toBeNull();
  });
});
