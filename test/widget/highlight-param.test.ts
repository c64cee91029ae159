/**
 * The `rb-highlight` parameter as plain functions (Node, no browser): what the widget writes into a
 * result link, what the highlight script reads back and how it takes it out of the address bar,
 * and the pattern the script matches the page's text with.
 */
import { describe, expect, it } from 'vitest';
import { termPattern } from '../../src/widget/highlight/find.ts';
import { resultHref, snippetTerms } from '../../src/widget/highlight/link.ts';
import {
  HIGHLIGHT_PARAM,
  MAX_TERM_CHARS,
  MAX_TERMS,
  addHighlightParam,
  normalizeTerms,
  readHighlightParam,
  removeHighlightParam,
} from '../../src/widget/highlight/param.ts';

const BASE = 'https://docs.example.com/guides/start/';

describe('normalizeTerms', () => {
  it('splits at white space, lower-cases, drops repeats and empties, keeping first-seen order', () => {
    expect(normalizeTerms(['Route  Parameters', 'route', '\tÉcole\n', ''])).toEqual(['route', 'parameters', 'école']);
  });

  it(`keeps at most ${MAX_TERMS} terms`, () => {
    const words = Array.from({ length: 20 }, (_, i) => `w${i}`);
    expect(normalizeTerms(words)).toEqual(words.slice(0, MAX_TERMS));
  });

  it(`keeps the joined terms within ${MAX_TERM_CHARS} characters, dropping the last ones`, () => {
    // 45 + 1 + 45 + 1 + 8 = exactly 100 characters; one more character drops the last term.
    const fits = ['a'.repeat(45), 'b'.repeat(45), 'c'.repeat(8)];
    expect(normalizeTerms(fits)).toEqual(fits);
    expect(normalizeTerms([...fits.slice(0, 2), 'c'.repeat(9), 'd'])).toEqual(fits.slice(0, 2));
    expect(normalizeTerms(['y'.repeat(MAX_TERM_CHARS + 1), 'z'])).toEqual([]);
  });
});

describe('addHighlightParam', () => {
  it('puts the parameter in the query string, before the fragment, form-encoded', () => {
    expect(addHighlightParam('/guides/routing/#route-parameters', ['route', 'parameters'])).toBe(
      `/guides/routing/?${HIGHLIGHT_PARAM}=route+parameters#route-parameters`,
    );
    expect(addHighlightParam('/a', ['c++', 'a&b', '#x', 'école', '?='])).toBe('/a?rb-highlight=c%2B%2B+a%26b+%23x+%C3%A9cole+%3F%3D');
  });

  it('keeps the query string the URL already has, as written', () => {
    expect(addHighlightParam('/a?v=2&q=a%20b#s', ['x'])).toBe('/a?v=2&q=a%20b&rb-highlight=x#s');
    // An empty pair is harmless: URLSearchParams and servers skip it.
    expect(addHighlightParam('/a?', ['x'])).toBe('/a?&rb-highlight=x');
    // A "?" inside the fragment is the fragment's, not a query string.
    expect(addHighlightParam('/a#faq?', ['x'])).toBe('/a?rb-highlight=x#faq?');
  });

  it('leaves the URL alone when there are no terms', () => {
    expect(addHighlightParam('/a#b', [])).toBe('/a#b');
  });
});

describe('readHighlightParam', () => {
  it('reads back what addHighlightParam wrote', () => {
    const terms = ['c++', 'a&b', 'école', '路由'];
    const url = new URL(addHighlightParam('/a?v=1#s', terms), BASE);
    expect(readHighlightParam(url.search)).toEqual(terms);
  });

  it('holds a hand-made link to the same limits, and reads every occurrence of the parameter', () => {
    const many = Array.from({ length: 50 }, (_, i) => `t${i}`).join('+');
    expect(readHighlightParam(`?rb-highlight=${many}`)).toHaveLength(MAX_TERMS);
    expect(readHighlightParam('?rb-highlight=One&rb-highlight=two%20ONE')).toEqual(['one', 'two']);
    expect(readHighlightParam('?v=1')).toEqual([]);
    expect(readHighlightParam('?rb-highlight=')).toEqual([]);
  });
});

describe('removeHighlightParam', () => {
  it('takes out every occurrence and leaves the other parameters byte for byte, and the fragment', () => {
    expect(removeHighlightParam('https://d.example/a?v=2&rb-highlight=x+y&q=a%20b&flag&rb-highlight=z#s%20t')).toBe(
      'https://d.example/a?v=2&q=a%20b&flag#s%20t',
    );
  });

  it('leaves no "?" behind when nothing else remains, and leaves a URL without it unchanged', () => {
    expect(removeHighlightParam('https://d.example/a/?rb-highlight=x#s')).toBe('https://d.example/a/#s');
    expect(removeHighlightParam('https://d.example/a/?v=1#s')).toBe('https://d.example/a/?v=1#s');
  });

  it('recognises the name percent-encoded, as readHighlightParam does', () => {
    expect(removeHighlightParam('https://d.example/a?rb%2Dhighlight=x&v=1')).toBe('https://d.example/a?v=1');
  });
});

describe('snippetTerms', () => {
  it("is the snippet's distinct highlighted words, lower-cased, in order", () => {
    const text = 'Route parameters: a route like /users/:id.';
    expect(snippetTerms({ text, highlights: [[0, 5], [6, 16], [20, 25]] })).toEqual(['route', 'parameters']);
  });

  it('goes through the same clamping and merging as the rendered <mark>s (untrusted ranges)', () => {
    const text = 'npm install';
    // Overlapping, reversed, out of range and malformed ranges: only what is really marked counts.
    const highlights = [[0, 2], [1, 3], [9, 4], [8, 99], ['x', 1]] as unknown as Array<[number, number]>;
    expect(snippetTerms({ text, highlights })).toEqual(['npm', 'all']);
    expect(snippetTerms({ text, highlights: [] })).toEqual([]);
  });
});

describe('resultHref', () => {
  const snippet = { text: 'Run npm install to set up.', highlights: [[4, 7], [8, 15]] as Array<[number, number]> };

  it('adds the parameter to a link, relative or absolute (a docs subdomain loads the script too), and keeps it as written', () => {
    expect(resultHref('/guides/install/#setup', BASE, snippet)).toBe('/guides/install/?rb-highlight=npm+install#setup');
    expect(resultHref('../install/?v=3#setup', BASE, snippet)).toBe('../install/?v=3&rb-highlight=npm+install#setup');
    expect(resultHref('https://docs.example.org/x', BASE, snippet)).toBe('https://docs.example.org/x?rb-highlight=npm+install');
  });

  it('leaves the link as it is when turned off, and when the snippet has no highlights', () => {
    expect(resultHref('/guides/install/#setup', BASE, snippet, { highlightParam: false })).toBe('/guides/install/#setup');
    expect(resultHref('/guides/install/#setup', BASE, { text: 'Run npm install.', highlights: [] })).toBe('/guides/install/#setup');
  });

  it('still refuses what safeHref refuses', () => {
    for (const url of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'data:text/html,x', '', 42]) {
      expect(resultHref(url, BASE, snippet)).toBeNull();
    }
  });
});

describe('termPattern', () => {
  const matches = (terms: string[], text: string) => [...text.matchAll(termPattern(terms))].map((m) => m[0]);

  it('matches case-insensitively across scripts, with Unicode case folding', () => {
    expect(matches(['école', 'σοφία', 'straße'], 'ÉCOLE, École; ΣΟΦΊΑ; STRAẞE')).toEqual(['ÉCOLE', 'École', 'ΣΟΦΊΑ', 'STRAẞE']);
    expect(matches(['路由'], '动态路由与路由参数')).toEqual(['路由', '路由']);
  });

  it('takes terms literally (no pattern syntax) and prefers the longest at one position', () => {
    expect(matches(['a.b', '(c', 'x|y', '\\d'], 'axb a.b (c x|y xy \\d 5')).toEqual(['a.b', '(c', 'x|y', '\\d']);
    expect(matches(['route', 'routes'], 'routes route')).toEqual(['routes', 'route']);
  });
});
