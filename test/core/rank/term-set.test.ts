import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeTermSet, encodeTermSet, isStoredTermSet, termSetJaccard, termSetOf } from '../../../src/core/rank/term-set.ts';
import { codeOf } from '../../support/errors.ts';

/** The Jaccard index over the terms themselves: what the hashed sets stand for. */
function jaccardOfTerms(a: readonly string[], b: readonly string[]): number {
  const [x, y] = [new Set(a), new Set(b)];
  if (x.size === 0 || y.size === 0) return 0;
  const shared = [...x].filter((t) => y.has(t)).length;
  return shared / (x.size + y.size - shared);
}

const termsArb = fc.array(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 40 });

describe('termSetOf, termSetJaccard', () => {
  it('is |a ∩ b| / |a ∪ b| of the terms, 0 when either set is empty', () => {
    expect(termSetJaccard(termSetOf(['a', 'b']), termSetOf(['b', 'a', 'a']))).toBe(1);
    expect(termSetJaccard(termSetOf(['a', 'b', 'c']), termSetOf(['b', 'c', 'd']))).toBe(2 / 4);
    expect(termSetJaccard(termSetOf([]), termSetOf([]))).toBe(0);
    expect(termSetJaccard(termSetOf([]), termSetOf(['a']))).toBe(0);
  });

  it('equals the Jaccard index of the terms themselves (property)', () => {
    fc.assert(
      fc.property(termsArb, termsArb, (a, b) => {
        expect(termSetJaccard(termSetOf(a), termSetOf(b))).toBe(jaccardOfTerms(a, b));
      }),
    );
  });

  it('holds each distinct term once, ascending', () => {
    const set = termSetOf(['rout', 'param', 'rout', 'deploy']);
    expect(set.length).toBe(3);
    expect([...set]).toEqual([...set].sort((x, y) => x - y));
  });
});

describe('encodeTermSet, decodeTermSet', () => {
  it('round-trips any term set (property)', () => {
    fc.assert(
      fc.property(termsArb, (terms) => {
        const set = termSetOf(terms);
        const text = encodeTermSet(set);
        expect(isStoredTermSet(text)).toBe(true);
        expect(decodeTermSet(text)).toEqual(set);
      }),
    );
  });

  it('accepts exactly the padded base64 of whole hashes', () => {
    // The definition, as a regular expression: what the char-code loop must agree with.
    const padded = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
    const byDefinition = (text: string) => padded.test(text) && Math.floor((text.length / 4) * 3 - (text.match(/=*$/)![0].length)) % 4 === 0;
    // Close calls: a stored set with one character replaced (by a digit, padding or another
    // character), and texts of any characters.
    const replaced = fc
      .tuple(termsArb, fc.nat(), fc.constantFrom(...'AQgw+/=9-_ .\u00e9\u0100'.split('')))
      .map(([terms, at, c]) => {
        const text = encodeTermSet(termSetOf(terms));
        const i = text.length === 0 ? 0 : at % text.length;
        return text.slice(0, i) + c + text.slice(i + 1);
      });
    fc.assert(
      fc.property(fc.oneof(replaced, fc.string({ maxLength: 12 })), (text) => {
        expect(isStoredTermSet(text), text).toBe(byDefinition(text));
      }),
    );
    for (const text of ['', 'AAAAAA==', 'AAAAAAA=', 'AAAA', '====', 'AA=A', 'AAAAAAAAAAAA']) expect(isStoredTermSet(text), text).toBe(byDefinition(text));
  });

  it('refuses text that is not base64 of whole hashes, or hashes out of order, with INDEX_CORRUPT', () => {
    const two = encodeTermSet(termSetOf(['a', 'b']));
    for (const bad of ['not base64!', 'AAA=', 'AAAAAA==' + 'x', two.slice(0, -4)]) {
      expect(isStoredTermSet(bad)).toBe(false);
      expect(codeOf(() => decodeTermSet(bad))).toBe('INDEX_CORRUPT');
    }
    const descending = encodeTermSet(Uint32Array.from([2, 1]));
    expect(codeOf(() => decodeTermSet(descending))).toBe('INDEX_CORRUPT');
  });
});
