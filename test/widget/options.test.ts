/** The attribute parsers and the filter merge of src/widget/options.ts. */
import { describe, expect, it } from 'vitest';
import { parseFacets, withChosenFilters } from '../../src/widget/options.ts';

describe('parseFacets', () => {
  it('reads space- or comma-separated names in order, each once', () => {
    expect(parseFacets('pool version')).toEqual(['pool', 'version']);
    expect(parseFacets(' tags, pool ,tags ')).toEqual(['tags', 'pool']);
    expect(parseFacets('')).toEqual([]);
    expect(parseFacets(null)).toEqual([]);
  });
});

describe('withChosenFilters', () => {
  const presets = { 'filter.pool': 'guides', 'filter.version': 'v5' };

  it('lets the reader override a shown facet\'s preset, and All ("") drop it', () => {
    expect(withChosenFilters(presets, ['pool'], { pool: 'reference' })).toEqual({ 'filter.pool': 'reference', 'filter.version': 'v5' });
    expect(withChosenFilters(presets, ['pool', 'version'], { pool: '', version: 'v4' })).toEqual({ 'filter.version': 'v4' });
  });

  it('ignores choices for facets the control does not show, and leaves the presets alone without a choice', () => {
    expect(withChosenFilters(presets, ['pool'], { version: 'v4', tags: 'x' })).toEqual(presets);
    expect(withChosenFilters(presets, [], { pool: '' })).toEqual(presets);
    // The presets object itself is not changed.
    expect(presets).toEqual({ 'filter.pool': 'guides', 'filter.version': 'v5' });
  });
});
