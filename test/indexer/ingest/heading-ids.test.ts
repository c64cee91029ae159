/**
 * Heading ids written in HTML (issue 20): the id is the section's anchor exactly as the page has
 * it, URL-encoded in the section's URL, and never part of its title. `{#id}` in Markdown still works.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../src/indexer/ingest/index.ts';
import { urlFragment } from '../../../src/indexer/ingest/urls.ts';
import type { Section } from '../../../src/core/types.ts';

const htmlPage = (main: string): string => `<!doctype html><html><head><title>T</title></head><body><main><p>Intro.</p>${main}</main></body></html>`;

/** The section headed `title` of a page: its anchor, URL and title. */
function headed(sections: readonly Section[], title: string): Pick<Section, 'anchor' | 'url' | 'title'> | undefined {
  const found = sections.find((s) => s.title === title);
  return found && { anchor: found.anchor, url: found.url, title: found.title };
}

/** HTML attribute value in double quotes. */
const attr = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

describe('HTML heading ids', () => {
  it.each([
    ['with space', '#with%20space'],
    ['a}b', '#a%7Db'],
    ['x {#y}', '#x%20%7B%23y%7D'],
    ['100%', '#100%25'],
    ['é/?:@', '#é/?:@'],
    ['etag', '#etag'],
  ])('id="%s" is the anchor as written, %s in the URL, and not in the title', (id, fragment) => {
    const p = parseDocument('p.html', htmlPage(`<h2 id="${attr(id)}">Heading</h2><p>Body.</p>`));
    expect(headed(p.sections, 'Heading')).toEqual({ anchor: id, url: `/p/${fragment}`, title: 'Heading' });
  });

  it('does the same for an HTML heading inside a Markdown page', () => {
    const md = 'Intro.\n\n<h2 id="with space">Space id</h2>\n\nUnder space.\n\n<h2 id="a}b">Brace id</h2>\n\nUnder brace.\n';
    const p = parseDocument('p.md', md);
    expect(headed(p.sections, 'Space id')).toEqual({ anchor: 'with space', url: '/p/#with%20space', title: 'Space id' });
    expect(headed(p.sections, 'Brace id')).toEqual({ anchor: 'a}b', url: '/p/#a%7Db', title: 'Brace id' });
    expect(p.sections.map((s) => s.title).join(' ')).not.toContain('{#');
  });

  it('takes the heading text of an HTML heading with an id whole: a `{#…}` in it is text the page shows', () => {
    const p = parseDocument('p.html', htmlPage('<h2 id="real">Braces {#literal}</h2><p>Body.</p>'));
    expect(headed(p.sections, 'Braces {#literal}')).toMatchObject({ anchor: 'real', url: '/p/#real' });
  });

  it('gives a heading with an empty id a slug, as one without an id', () => {
    const p = parseDocument('p.html', htmlPage('<h2 id="">No id</h2><p>Body.</p>'));
    expect(headed(p.sections, 'No id')).toEqual({ anchor: 'no-id', url: '/p/#no-id', title: 'No id' });
  });

  it('keeps {#custom-id} in Markdown working, with its URL', () => {
    const p = parseDocument('p.md', 'Intro.\n\n## Cloudflare Workers {#cloudflare}\n\nx\n\n## Percent {#100%}\n\ny');
    expect(headed(p.sections, 'Cloudflare Workers')).toEqual({ anchor: 'cloudflare', url: '/p/#cloudflare', title: 'Cloudflare Workers' });
    expect(headed(p.sections, 'Percent')).toEqual({ anchor: '100%', url: '/p/#100%25', title: 'Percent' });
  });

  it('any id: the anchor as written, a URL whose fragment decodes back to it (as a browser reads it), a clean title', () => {
    // parse5 turns CR into LF and NUL into U+FFFD, as browsers do: such ids are not "as written".
    const id = fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }).filter((s) => !/[\r\0]/.test(s));
    fc.assert(
      fc.property(id, (id) => {
        const p = parseDocument('p.html', htmlPage(`<h2 id="${attr(id)}">Heading</h2><p>Body.</p>`));
        const section = p.sections.find((s) => s.title === 'Heading');
        expect(section?.anchor).toBe(id);
        expect(section!.url.startsWith('/p/#')).toBe(true);
        // A browser parses the link (encoding what is left, such as non-ASCII) and then looks for
        // the element whose id is the percent-decoded fragment.
        const parsed = new URL(section!.url, 'https://example.com');
        expect(parsed.pathname).toBe('/p/');
        expect(decodeURIComponent(parsed.hash.slice(1))).toBe(id);
      }),
      { numRuns: 300 },
    );
  });
});

describe('urlFragment', () => {
  it('leaves slugs, Unicode letters and the punctuation a fragment allows as they are', () => {
    expect(urlFragment('route-parameters_2')).toBe('route-parameters_2');
    expect(urlFragment('路由参数')).toBe('路由参数');
    expect(urlFragment("a!$&'()*+,-./:;=?@_~")).toBe("a!$&'()*+,-./:;=?@_~");
  });

  it('percent-encodes as UTF-8 what may not stand in a fragment', () => {
    expect(urlFragment('a b"<>`#%{}|\\^[]')).toBe('a%20b%22%3C%3E%60%23%25%7B%7D%7C%5C%5E%5B%5D');
    expect(urlFragment('\u0001\u007f\u0085')).toBe('%01%7F%C2%85');
    expect(urlFragment('\ufdd0\uffff')).toBe('%EF%B7%90%EF%BF%BF');
  });

  it('encodes a lone surrogate as U+FFFD instead of throwing', () => {
    expect(urlFragment('a\ud800b')).toBe('a%EF%BF%BDb');
  });
});

describe('an empty anchor above a Markdown heading', () => {
  it('is the heading’s anchor, so the docs’ own links (#writing) reach its section', () => {
    const page = parseDocument(
      't.md',
      '# Transports\n\nIntro.\n\n<a id="writing"></a>\n## Writing a Transport\n\nText.\n\n<a name="legacy"></a>\n\n### Older ways\n\nMore.\n\n## Plain\n\nZ.\n',
    );
    expect(page.sections.map((s) => [s.anchor, s.title])).toEqual([
      ['', 'Transports'],
      ['writing', 'Writing a Transport'],
      ['legacy', 'Older ways'],
      ['plain', 'Plain'],
    ]);
  });

  it('names nothing when a paragraph, not a heading, follows it; its text is kept', () => {
    const page = parseDocument('t.md', '# T\n\n<a id="note"></a>\nA paragraph right after.\n\n## Next\n\nX.\n');
    expect(page.sections.map((s) => s.anchor)).toEqual(['', 'next']);
    expect(page.sections[0]!.text).toContain('A paragraph right after.');
  });
});
