import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { segment, terms } from '../../../src/core/analysis/segment.ts';
import { searchableText } from '../../../src/core/analysis/fields.ts';
import { sectionTerms, sectionMatches } from '../../../src/core/present/section-matches.ts';
import { sectionOf } from '../../support/section.ts';

const WORDS = ['route', 'Routes', 'getStaticPaths', 'cache', 'the', 'deploy', 'café', 'HTTP2', 'c.req.param()', 'worker'];
const lines = fc.array(fc.array(fc.constantFrom(...WORDS), { maxLength: 8 }).map((w) => w.join(' ')), { maxLength: 4 }).map((l) => l.join('\n'));

describe('sectionMatches', () => {
  it("holds each part's own matches: the prose's and the code's as analysing them alone finds them", () => {
    fc.assert(
      fc.property(lines, lines, lines, fc.constantFrom(1, 2), fc.subarray(WORDS, { minLength: 1 }), (text, code, description, depth, query) => {
        const section = sectionOf({ text, code, description, depth, tags: ['docs'] });
        const queryTerms = new Set(terms(query.join(' '), 'en'));
        const alone = (part: string) => segment(part, 'en').filter((t) => queryTerms.has(t.term)).map(({ start, end, term }) => ({ start, end, term }));
        const found = sectionMatches(section, queryTerms, {});
        expect(found.full).toBe(searchableText(section));
        expect(found.text).toEqual(alone(text));
        expect(found.code).toEqual(alone(code));
      }),
      { numRuns: 200 },
    );
  });

  it('gives MMR the term set by segment() rules: folded, stemmed, stop words dropped, deduplicated', () => {
    expect([...sectionTerms(sectionOf({ breadcrumb: [], title: '', text: 'Routes and ROUTING' }), {})]).toEqual(['rout']);
  });
});
