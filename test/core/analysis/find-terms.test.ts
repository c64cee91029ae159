import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PROBES, findTerms, probesOf, termProbe } from '../../../src/core/analysis/find-terms.ts';
import { segment, terms as termsOf } from '../../../src/core/analysis/segment.ts';

/**
 * Words that stress what findTerms relies on: stems that rewrite a word's end (`possibilities` →
 * `possibl`, `say` → `sai`), identifiers whose parts are terms (`getStaticPaths`, `HTTPServer`,
 * `URLs`), joiners (`c.req.param`, `astro:content`, `std::fs`), clitics (`Astro's`, `don't`),
 * numbers, stop words, punctuation and symbols outside ASCII (`—`, `’`, `Ⓐ`, which the probe path
 * reads), and letters outside ASCII (`café`, `日本`, which send the text down the whole-text path).
 */
const WORDS = [
  'route', 'Routes', 'routing', 'possibilities', 'possibility', 'deploy', 'say', 'said', 'relational', 'conditional', 'organization',
  'activities', 'hopefulness', 'deploying', 'deployed', 'getStaticPaths', 'HTTPServer', 'XMLHttpRequest', 'URLs', 'HTTP2', 'vue3',
  'c.req.param()', 'astro:content', 'std::fs', 'kebab-case', 'snake_case', '$env', "Astro's", "don't", "it's", '1.5', '2024-01-05',
  'the', 'a', 'of', 'to', 'ui', 'api', 'café', 'Ünïcödé', 'Astro’s', 'don’t', 'you’ve', "we'll", '“quoted”', '—', '…', '→', 'Ⓐ', '🚀', '日本', 'a--b', 'x.-y', 'a:::b', "'quoted'", '...', '-flag', 'e.g.', 'path/to/file',
];
/** The letters of English clitics (`'ve`, `’ll`): a stretch cut at the apostrophe would find them as words. */
const CLITIC_ENDS = ['s', 't', 're', 've', 'll', 'd', 'm'];
const SEPARATORS = [' ', ' ', ' ', '\n', '\t', ', ', '. ', '(', ')', '/', '"', "'", '`', '-', '.', ':', ''];

const text = fc
  .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS)), { maxLength: 30 })
  .map((parts) => parts.map(([w, s]) => w + s).join(''));

/** Endings Porter's stemmer rewrites (its steps 1–5), some of them more than once in a word. */
const PORTER_SUFFIXES = [
  'ational', 'tional', 'enci', 'anci', 'izer', 'bli', 'alli', 'entli', 'eli', 'ousli', 'ization', 'ation', 'ator', 'alism', 'iveness',
  'fulness', 'ousness', 'aliti', 'iviti', 'biliti', 'logi', 'icate', 'ative', 'alize', 'iciti', 'ical', 'ful', 'ness', 'y', 'ies',
  'ied', 'ing', 'ed', 's', 'ly', 'bility', 'bilities', 'iness', 'ously', 'ement', 'ment', 'ent', 'ism', 'ible', 'able', 'e', 'll',
];

/** What findTerms must equal: every token of the whole text, kept when its term is wanted. */
function expected(t: string, lang: string, wanted: ReadonlySet<string>) {
  return segment(t, lang).filter((tok) => wanted.has(tok.term));
}

describe('findTerms', () => {
  it("finds exactly segment()'s tokens of the wanted terms, in text order, for English and unstemmed text alike", () => {
    fc.assert(
      fc.property(text, fc.subarray(WORDS, { minLength: 1, maxLength: 4 }), fc.subarray(CLITIC_ENDS), fc.constantFrom('en', 'fr'), (t, query, ends, lang) => {
        // Terms the text holds and terms it may not: the query's words analysed as the index would,
        // and what a clitic leaves after its apostrophe, which no token of the whole text holds.
        const wanted = new Set([...termsOf(query.join(' '), lang), ...termsOf(t, lang).filter((_, i) => i % 3 === 0), ...ends]);
        expect(findTerms(t, lang, wanted)).toEqual(expected(t, lang, wanted));
      }),
      { numRuns: 500 },
    );
  });

  it('finds the same tokens when the query has more probes than it searches for, and segments the text whole', () => {
    const t = WORDS.join(' ');
    const wanted = new Set(termsOf(t, 'en'));
    expect(probesOf(wanted).length).toBeGreaterThan(MAX_PROBES);
    expect(findTerms(t, 'en', wanted)).toEqual(expected(t, 'en', wanted));
  });

  it('searches for a probe once, and not for a probe that a shorter one begins', () => {
    // Probes `ro` (of rout: route, routing), `rout` (router), `routeconf` (routeconfig): one search for `ro` finds them all.
    expect(probesOf(['rout', 'router', 'routeconfig', 'rout'])).toEqual(['ro']);
    expect(probesOf(['deploi', 'cach', 'config'])).toEqual(['ca', 'conf', 'depl']);
  });

  it('finds every word built of letters and Porter suffixes by its term, however stemming rewrites its end', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,8}$/), fc.array(fc.constantFrom(...PORTER_SUFFIXES), { maxLength: 2 }), (start, suffixes) => {
        const word = start + suffixes.join('');
        const wanted = new Set(termsOf(word, 'en'));
        expect(findTerms(word, 'en', wanted)).toEqual(expected(word, 'en', wanted));
      }),
      { numRuns: 2000 },
    );
  });

  it('finds a word whose stem differs from its start (possibilities → possibl) and an identifier part inside a word', () => {
    const t = 'All possibilities of getStaticPaths deploy so.';
    const wanted = new Set(['possibl', 'path', 'deploi']);
    expect(findTerms(t, 'en', wanted).map((tok) => t.slice(tok.start, tok.end))).toEqual(['possibilities', 'Paths', 'deploy']);
  });

  it('finds nothing for no terms or no text, and nothing for terms the text lacks', () => {
    expect(findTerms('route routes', 'en', new Set())).toEqual([]);
    expect(findTerms('', 'en', new Set(['rout']))).toEqual([]);
    expect(findTerms('route routes', 'en', new Set(['deploi']))).toEqual([]);
  });

  it('keeps at least the first letter of a term as its probe, and drops the letters stemming may rewrite', () => {
    expect(termProbe('possibl')).toBe('possi');
    expect(termProbe('ui')).toBe('u');
    expect(termProbe('a')).toBe('a');
  });
});
