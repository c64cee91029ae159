import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIELD_NAMES, searchableLayout, searchableText, sectionFields } from '../../../src/core/analysis/fields.ts';
import type { Section } from '../../../src/core/types.ts';

function section(overrides: Partial<Section> = {}): Section {
  return {
    id: '/guides/routing/#',
    url: '/guides/routing/',
    pageUrl: '/guides/routing/',
    anchor: '',
    title: 'Routing',
    breadcrumb: ['Routing'],
    depth: 1,
    lang: 'en',
    text: 'The router maps requests to handlers.',
    code: '',
    links: [],
    tags: [],
    description: '',
    ...overrides,
  };
}

describe('FIELD_NAMES', () => {
  it('lists the fields from the highest weighted to the lowest', () => {
    expect(FIELD_NAMES).toEqual(['title', 'headings', 'body']);
  });
});

describe('sectionFields: title', () => {
  it('is the page title (first breadcrumb entry) plus the page tags, one per line', () => {
    const f = sectionFields(section({ tags: ['guide', 'http'] }));
    expect(f.title).toBe('Routing\nguide\nhttp');
  });

  it('is the page title, not the section title, for a section below a heading', () => {
    const f = sectionFields(
      section({ title: 'Route parameters', breadcrumb: ['Routing', 'Route parameters'], depth: 2, tags: ['guide'] }),
    );
    expect(f.title).toBe('Routing\nguide');
  });

  it('leaves out empty parts instead of joining blank lines', () => {
    expect(sectionFields(section({ tags: ['', 'guide'] })).title).toBe('Routing\nguide');
    expect(sectionFields(section({ breadcrumb: [''], tags: ['guide'] })).title).toBe('guide');
    expect(sectionFields(section({ breadcrumb: [], tags: [] })).title).toBe('');
  });
});

describe('sectionFields: headings', () => {
  it('is empty for the page intro, whose only breadcrumb entry is the page title', () => {
    expect(sectionFields(section()).headings).toBe('');
  });

  it("is the section's own h2 heading", () => {
    const f = sectionFields(section({ breadcrumb: ['Routing', 'Route parameters'], depth: 2 }));
    expect(f.headings).toBe('Route parameters');
  });

  it('is only the h3 heading for an h3 section, not its h2 ancestor', () => {
    const f = sectionFields(
      section({ title: 'Optional parameters', breadcrumb: ['Routing', 'Route parameters', 'Optional parameters'], depth: 3 }),
    );
    expect(f.headings).toBe('Optional parameters');
    expect(f.headings).not.toContain('Route parameters');
    expect(searchableText(section({ breadcrumb: ['Routing', 'Route parameters', 'Optional parameters'], depth: 3 }))).not.toContain(
      'Route parameters',
    );
  });
});

describe('sectionFields: body', () => {
  it('is text then code, one per line', () => {
    const f = sectionFields(section({ text: 'Call param() to read it.', code: "c.req.param('id')", depth: 2, breadcrumb: ['Routing', 'Params'] }));
    expect(f.body).toBe("Call param() to read it.\nc.req.param('id')");
  });

  it('carries the page description first on the intro section (depth 1)', () => {
    const f = sectionFields(section({ description: 'Map URLs to handlers.', code: 'app.get()' }));
    expect(f.body).toBe('Map URLs to handlers.\nThe router maps requests to handlers.\napp.get()');
  });

  it('carries the description on a depth-0 section too (depth ≤ 1)', () => {
    expect(sectionFields(section({ depth: 0, description: 'Map URLs.', text: 'x' })).body).toBe('Map URLs.\nx');
  });

  it.each([2, 3, 6])('leaves the description out of a depth-%i section', (depth) => {
    const f = sectionFields(
      section({ depth, breadcrumb: ['Routing', 'Params'], description: 'Map URLs to handlers.', text: 'Read params.' }),
    );
    expect(f.body).toBe('Read params.');
    expect(f.body).not.toContain('Map URLs');
  });

  it('skips empty parts: a description-only intro has just the description as body', () => {
    expect(sectionFields(section({ text: '', code: '', description: 'Only this.' })).body).toBe('Only this.');
    expect(sectionFields(section({ text: '', code: 'npm i', description: '' })).body).toBe('npm i');
    expect(sectionFields(section({ text: '', code: '', description: '' })).body).toBe('');
  });
});

describe('searchableText', () => {
  it('joins title, headings and body with newlines, in that order', () => {
    const s = section({
      breadcrumb: ['Routing', 'Route parameters'],
      depth: 2,
      tags: ['guide'],
      text: 'Segments starting with a colon.',
      code: "app.get('/:id')",
    });
    expect(searchableText(s)).toBe("Routing\nguide\nRoute parameters\nSegments starting with a colon.\napp.get('/:id')");
  });

  it('keeps the (empty) headings slot for an intro, so it equals the fields joined', () => {
    const s = section({ description: 'About routing.' });
    const f = sectionFields(s);
    expect(searchableText(s)).toBe([f.title, f.headings, f.body].join('\n'));
    expect(searchableText(s)).toBe('Routing\n\nAbout routing.\nThe router maps requests to handlers.');
  });

  it('does not contain the description for a section below the intro', () => {
    const s = section({ depth: 2, breadcrumb: ['Routing', 'Params'], description: 'UNIQUE-DESCRIPTION' });
    expect(searchableText(s)).not.toContain('UNIQUE-DESCRIPTION');
  });
});

describe('searchableLayout', () => {
  it('names where each non-empty part lies in the searchable text', () => {
    const s = section({ breadcrumb: ['Routing', 'Params'], depth: 2, tags: ['guide'], text: 'Prose.', code: 'app.get()', description: 'Not below the intro.' });
    const { text, parts } = searchableLayout(s);
    expect(text).toBe("Routing\nguide\nParams\nProse.\napp.get()");
    // Expected: title (page title + tag) at 0, heading, then the prose and the code; no description below the intro.
    expect(parts.map((p) => [p.name, text.slice(p.start, p.end)])).toEqual([
      ['title', 'Routing\nguide'],
      ['heading', 'Params'],
      ['text', 'Prose.'],
      ['code', 'app.get()'],
    ]);
  });

  // Parts may be empty or hold line breaks, blank lines and each other's words.
  const piece = fc.array(fc.constantFrom('', 'a', 'Routing', 'guide', '\n', '\n\n', ' ', 'x y'), { maxLength: 5 }).map((p) => p.join(''));
  const arbSection = fc.record({
    breadcrumb: fc.array(piece, { minLength: 0, maxLength: 3 }),
    tags: fc.array(piece, { maxLength: 2 }),
    depth: fc.integer({ min: 1, max: 3 }),
    description: piece,
    text: piece,
    code: piece,
  });

  it('gives the fields joined by line breaks, and each part where sectionFields puts it', () => {
    fc.assert(
      fc.property(arbSection, (over) => {
        const s = section(over);
        const { text, parts } = searchableLayout(s);
        const f = sectionFields(s);
        expect(text).toBe([f.title, f.headings, f.body].join('\n'));
        const expected: Array<[string, string]> = [
          ['title', f.title],
          ['heading', f.headings],
          ['description', s.depth <= 1 ? s.description : ''],
          ['text', s.text],
          ['code', s.code],
        ];
        expect(parts.map((p) => [p.name, text.slice(p.start, p.end)])).toEqual(expected.filter(([, t]) => t.length > 0));
        // The body parts, in order, joined as the body field.
        const body = parts.filter((p) => !['title', 'heading'].includes(p.name));
        expect(body.map((p) => text.slice(p.start, p.end)).join('\n')).toBe(f.body);
        if (body.length > 0) expect(text.slice(body[0]!.start)).toBe(f.body);
      }),
      { numRuns: 300 },
    );
  });
});
