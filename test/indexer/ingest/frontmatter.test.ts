import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../../../src/indexer/ingest/frontmatter.ts';
import { codeOf } from '../../support/errors.ts';

describe('parseFrontMatter', () => {
  it('reads title, description, tags and lang', () => {
    expect(parseFrontMatter('title: Routing\ndescription: >\n  Map URLs\n  to handlers.\ntags: [guide, routing]\nlang: zh-CN\nother: ignored')).toEqual({
      title: 'Routing',
      description: 'Map URLs to handlers.',
      tags: ['guide', 'routing'],
      lang: 'zh-cn',
    });
  });

  it('accepts a single tag as a string, and numbers as text', () => {
    expect(parseFrontMatter('title: 404\ntags: reference').tags).toEqual(['reference']);
    expect(parseFrontMatter('title: 404').title).toBe('404');
  });

  it('drops empty and duplicate tags', () => {
    expect(parseFrontMatter('tags: [a, "", a, b, null]').tags).toEqual(['a', 'b']);
  });

  it('treats an empty block as no metadata', () => {
    expect(parseFrontMatter('')).toEqual({ tags: [] });
  });

  it('rejects broken YAML, non-mappings and unusable field types with FRONT_MATTER_INVALID', () => {
    expect(codeOf(() => parseFrontMatter('title: [unclosed'))).toBe('FRONT_MATTER_INVALID');
    expect(codeOf(() => parseFrontMatter('- a\n- b'))).toBe('FRONT_MATTER_INVALID');
    expect(codeOf(() => parseFrontMatter('just a string'))).toBe('FRONT_MATTER_INVALID');
    expect(codeOf(() => parseFrontMatter('title:\n  nested: map'))).toBe('FRONT_MATTER_INVALID');
    expect(codeOf(() => parseFrontMatter('lang: "not a language!"'))).toBe('FRONT_MATTER_INVALID');
    expect(codeOf(() => parseFrontMatter('title: a\ntitle: b'))).toBe('FRONT_MATTER_INVALID');
  });
});

describe('parseFrontMatter: configured facets', () => {
  it('reads each configured field as text or a list of text, normalised, empties and repeats dropped', () => {
    const meta = parseFrontMatter('version: " v5 "\ntags: [guide, "  routing\n  basics ", guide, ""]\nsection: null\nother: x', ['version', 'tags', 'section']);
    expect(meta.facets).toEqual({ version: ['v5'], tags: ['guide', 'routing basics'] });
    expect(meta).not.toHaveProperty('facetsDropped');
  });

  it('keeps numbers and booleans as written, not as JavaScript prints them', () => {
    expect(parseFrontMatter('version: 1.10\nbeta: true\nbuild: [2.0, 0x1F]', ['version', 'beta', 'build']).facets).toEqual({
      version: ['1.10'],
      beta: ['true'],
      build: ['2.0', '0x1F'],
    });
  });

  it('reads only own fields: a facet named like an object property is absent unless the page sets it', () => {
    expect(parseFrontMatter('title: T', ['constructor', 'toString']).facets).toBeUndefined();
    expect(parseFrontMatter('constructor: x', ['constructor']).facets).toEqual({ constructor: ['x'] });
  });

  it('leaves out values over 64 characters and past the 16th, and says so', () => {
    const many = Array.from({ length: 20 }, (_, i) => `t${i}`);
    const meta = parseFrontMatter(`tags: [${many.join(', ')}, ${'x'.repeat(65)}]\nversion: ${'y'.repeat(64)}`, ['tags', 'version']);
    expect(meta.facets).toEqual({ tags: many.slice(0, 16), version: ['y'.repeat(64)] });
    expect(meta.facetsDropped).toEqual(['"tags": 1 value over 64 characters left out', '"tags": 4 values past the first 16 left out']);
  });

  it('refuses a mapping or nested list as a facet value with FRONT_MATTER_INVALID, as for tags', () => {
    expect(codeOf(() => parseFrontMatter('version:\n  major: 5', ['version']))).toBe('FRONT_MATTER_INVALID');
    expect(codeOf(() => parseFrontMatter('version: [[5]]', ['version']))).toBe('FRONT_MATTER_INVALID');
    // Not configured: not read, so not refused.
    expect(parseFrontMatter('version:\n  major: 5').facets).toBeUndefined();
  });
});
