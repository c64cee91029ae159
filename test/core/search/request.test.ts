import { describe, expect, it } from 'vitest';
import { resolveLanguages } from '../../../src/core/search/request.ts';
import { thrown } from '../../support/errors.ts';

describe('resolveLanguages', () => {
  const pack = ['en', 'ja', 'zh-cn'];

  it('returns an exact match alone', () => {
    expect(resolveLanguages('ja', pack)).toEqual(['ja']);
    expect(resolveLanguages('zh-cn', pack)).toEqual(['zh-cn']);
  });

  it('matches a base language against the regional tags of the pack', () => {
    expect(resolveLanguages('zh', pack)).toEqual(['zh-cn']);
    expect(resolveLanguages('en-us', pack)).toEqual(['en']);
  });

  it('returns every pack language of that base, in pack order', () => {
    expect(resolveLanguages('zh', ['zh-tw', 'en', 'zh-cn'])).toEqual(['zh-tw', 'zh-cn']);
  });

  it('prefers the exact tag over other tags of the same base', () => {
    expect(resolveLanguages('zh-cn', ['zh-tw', 'zh-cn'])).toEqual(['zh-cn']);
  });

  it('throws UNKNOWN_LANGUAGE naming the known languages', () => {
    const e = thrown(() => resolveLanguages('fr', pack));
    expect(e.code).toBe('UNKNOWN_LANGUAGE');
    expect(e.message).toContain('"fr"');
    expect(e.message).toContain('en, ja, zh-cn');
  });
});
