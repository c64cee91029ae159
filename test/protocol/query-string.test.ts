import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeQueryString } from '../../src/protocol/query-string.ts';
import { thrown } from '../support/errors.ts';

describe('decodeQueryString', () => {
  it('decodes + as a space and UTF-8 escapes, keeping each name\'s first value', () => {
    const params = decodeQueryString('?q=route+params&lang=zh-cn&q=second&q2=%E8%B7%AF%E7%94%B1&flag');
    expect(params.get('q')).toBe('route params');
    expect(params.get('lang')).toBe('zh-cn');
    expect(params.get('q2')).toBe('路由');
    expect(params.get('flag')).toBe('');
  });

  it('reads the same parameters as URLSearchParams for any well-formed query string', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 12 });
    fc.assert(
      fc.property(fc.array(fc.tuple(text.filter((n) => n !== ''), text), { maxLength: 6 }), (pairs) => {
        const search = new URLSearchParams(pairs).toString();
        const ours = decodeQueryString(search);
        const theirs = new URLSearchParams(search);
        for (const [name] of pairs) expect(ours.get(name)).toBe(theirs.get(name));
      }),
    );
  });

  it.each([
    ['an invalid escape', 'q=%ZZ'],
    ['a truncated escape', 'q=abc%E'],
    ['UTF-8 for half a surrogate pair', 'q=%ED%A0%80'],
    ['an overlong encoding', 'q=%C0%AF'],
    ['an invalid escape in a name', '%ZZ=1'],
  ])('refuses %s with BAD_REQUEST', (_name, search) => {
    expect(thrown(() => decodeQueryString(search)).code).toBe('BAD_REQUEST');
  });

  it('quotes at most 64 characters of the parameter name it blames', () => {
    const message = thrown(() => decodeQueryString(`${'n'.repeat(500)}=%ZZ`)).message;
    expect(message).toContain(`"${'n'.repeat(64)}…"`);
    expect(message).not.toContain('n'.repeat(65));
  });
});
