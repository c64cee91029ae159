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
