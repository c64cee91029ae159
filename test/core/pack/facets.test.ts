import { describe, expect, it } from 'vitest';
import { MAX_FACETS, normalizeFacetValue, validateFacetNames } from '../../../src/core/pack/facets.ts';
import { thrown } from '../../support/errors.ts';

describe('validateFacetNames', () => {
  it('accepts front matter field names, in order', () => {
    expect(validateFacetNames(['tags', 'version', 'sidebar_label', 'x-1'])).toEqual(['tags', 'version', 'sidebar_label', 'x-1']);
    expect(validateFacetNames([])).toEqual([]);
  });

  it.each([
    ['a built-in facet', ['pool'], 'built in'],
    ['the other built-in facet', ['tags', 'lang'], 'built in'],
    ['a repeated name', ['tags', 'tags'], 'twice'],
    ['a name with a dot', ['sidebar.order'], 'not a front matter field name'],
    ['a name starting with _', ['__proto__'], 'not a front matter field name'],
    ['an empty name', [''], 'not a front matter field name'],
    ['a name of 33 characters', ['a'.repeat(33)], 'not a front matter field name'],
    ['a number', [5], 'not a front matter field name'],
    ['more than MAX_FACETS', Array.from({ length: MAX_FACETS + 1 }, (_, i) => `f${i}`), `at most ${MAX_FACETS}`],
  ])('refuses %s with INVALID_OPTIONS', (_name, names, message) => {
    const e = thrown(() => validateFacetNames(names as unknown[]));
    expect(e.code).toBe('INVALID_OPTIONS');
    expect(e.message).toContain(message);
  });
});

describe('normalizeFacetValue', () => {
  it('collapses white space and trims, keeping case', () => {
    expect(normalizeFacetValue('  Routing \n basics\t')).toBe('Routing basics');
    expect(normalizeFacetValue('   ')).toBe('');
  });
});
