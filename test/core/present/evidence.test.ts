import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EVIDENCE_OPTIONS, evidenceFor, type EvidenceExcerpt } from '../../../src/core/present/evidence.ts';
import { isRecallBoxError } from '../../../src/core/errors.ts';
import { searchableLayout, searchableText } from '../../../src/core/analysis/fields.ts';
import { terms } from '../../../src/core/analysis/segment.ts';
import type { Section } from '../../../src/core/types.ts';
import { sectionOf } from '../../support/section.ts';

const ANALYZER = {};

/** The query's analysed terms, as search.ts builds them. */
const queryTerms = (q: string, lang = 'en') => new Set(terms(q, lang, ANALYZER));

const section = sectionOf;

/** The highlighted substrings of an excerpt. */
const marked = (e: EvidenceExcerpt) => e.highlights.map(([a, b]) => e.text.slice(a, b));

/** Filler prose with no query term in it, `n` characters or a little more. */
function filler(n: number): string {
  const words = ['lorem', 'ipsum', 'dolor', 'sit', 'amet', 'consectetur', 'adipiscing', 'elit'];
  let out = '';
  for (let i = 0; out.length < n; i++) out += `${words[i % words.length]} `;
  return out.trim();
}

describe('evidenceFor: choosing paragraphs', () => {
  it('chooses the paragraph holding most query terms over the first paragraph', () => {
    const s = section({
      text: ['Deploy is mentioned here once.', 'Other words entirely.', 'To deploy the worker, set the route in wrangler.'].join('\n'),
    });
    const ev = evidenceFor(s, queryTerms('deploy worker route'), ANALYZER);
    expect(ev.excerpts[0]!.text).toBe('To deploy the worker, set the route in wrangler.');
    expect(ev.excerpts[0]!.coverage).toBe(1);
    expect(ev.excerpts[0]!.source).toBe('text');
  });

  it('splits prose on the single line breaks ingest writes between blocks', () => {
    const s = section({ text: 'First block about caching.\nSecond block about routing.' });
    const ev = evidenceFor(s, queryTerms('routing'), ANALYZER);
    expect(ev.excerpts.map((e) => e.text)).toEqual(['Second block about routing.']);
  });

  it('returns no excerpts when no paragraph reaches the minimum coverage, but still reports coverage', () => {
    // Seven query terms; every paragraph holds one (1/7 ≈ 0.14 < 0.15).
    const q = queryTerms('alpha bravo charlie delta echo foxtrot golf');
    expect(q.size).toBe(7);
    const s = section({ text: 'alpha is here.\nbravo is here.\ncharlie is here.' });
    const ev = evidenceFor(s, q, ANALYZER);
    expect(ev.excerpts).toEqual([]);
    expect(ev.coverage).toBeCloseTo(3 / 7);
  });

  it('never shows a paragraph without a match, even with a minimum coverage of 0', () => {
    const s = section({ text: 'Nothing relevant here.\nNor here.' });
    const ev = evidenceFor(s, queryTerms('deploy'), ANALYZER, { minCoverage: 0 });
    expect(ev).toEqual({ excerpts: [], coverage: 0 });
  });

  it('returns at most two excerpts, ordered by coverage then position', () => {
    const s = section({
      text: [
        'cache only.', // 1/3
        'cache and route here.', // 2/3, earlier
        'nothing.',
        'route and cache again.', // 2/3, later
        'cache route worker all three.', // 3/3
      ].join('\n'),
    });
    const ev = evidenceFor(s, queryTerms('cache route worker'), ANALYZER);
    expect(ev.excerpts.map((e) => e.text)).toEqual(['cache route worker all three.', 'cache and route here.']);
    expect(ev.excerpts.map((e) => e.coverage)).toEqual([1, 2 / 3]);
  });

  it('honours maxExcerpts', () => {
    const s = section({ text: 'cache one.\ncache two.\ncache three.' });
    expect(evidenceFor(s, queryTerms('cache'), ANALYZER, { maxExcerpts: 1 }).excerpts).toHaveLength(1);
    expect(evidenceFor(s, queryTerms('cache'), ANALYZER).excerpts).toHaveLength(DEFAULT_EVIDENCE_OPTIONS.maxExcerpts);
  });

  it('labels code excerpts and splits code on blank lines, not on every source line', () => {
    const code = 'const a = 1;\n\nexport default defineConfig({\n  output: "server",\n});';
    const s = section({ text: 'Unrelated prose.', code });
    const ev = evidenceFor(s, queryTerms('defineConfig output'), ANALYZER);
    expect(ev.excerpts).toHaveLength(1);
    expect(ev.excerpts[0]!.source).toBe('code');
    expect(ev.excerpts[0]!.text).toBe('export default defineConfig({\n  output: "server",\n});');
  });

  it('returns nothing for a query without terms', () => {
    expect(evidenceFor(section({ text: 'the and of' }), new Set(), ANALYZER)).toEqual({ excerpts: [], coverage: 0 });
  });
});

describe('evidenceFor: agreement with the index', () => {
  it("counts terms found only in the title or heading in the section's coverage", () => {
    const s = section({ breadcrumb: ['Routing', 'Dynamic parameters'], text: 'Use brackets in the file name.' });
    const ev = evidenceFor(s, queryTerms('routing parameters brackets'), ANALYZER);
    expect(ev.coverage).toBe(1);
    // Coverage is over exactly the indexed text.
    const indexed = new Set(terms(searchableText(s), 'en', ANALYZER));
    const q = queryTerms('routing parameters brackets');
    expect(ev.coverage).toBe([...q].filter((t) => indexed.has(t)).length / q.size);
  });

  it('can cite the title and heading, labelled as such', () => {
    const s = section({ breadcrumb: ['Routing guide', 'Dynamic parameters'], text: 'Unrelated.' });
    const ev = evidenceFor(s, queryTerms('dynamic parameters'), ANALYZER);
    expect(ev.excerpts.map((e) => [e.source, e.text])).toEqual([['heading', 'Dynamic parameters']]);
  });

  it('cites the description only where the index holds it (the page intro)', () => {
    const description = 'Learn about adapters.';
    const intro = section({ depth: 1, breadcrumb: ['Guide'], description, text: 'Intro text.' });
    const deeper = section({ depth: 2, description, text: 'Deeper text.' });
    expect(evidenceFor(intro, queryTerms('adapters'), ANALYZER).excerpts.map((e) => e.source)).toEqual(['description']);
    expect(evidenceFor(deeper, queryTerms('adapters'), ANALYZER)).toEqual({ excerpts: [], coverage: 0 });
  });

  it('matches inflected forms exactly as the index does (same analyzer)', () => {
    const s = section({ text: 'Routes are matched in order.' });
    const ev = evidenceFor(s, queryTerms('routing'), ANALYZER);
    expect(marked(ev.excerpts[0]!)).toEqual(['Routes']);
  });
});

describe('evidenceFor: highlights and trimming', () => {
  it('points highlights exactly at the matched words', () => {
    const s = section({ text: 'Set the ETag header so the worker can cache responses.' });
    const q = queryTerms('etag cache');
    const [e] = evidenceFor(s, q, ANALYZER).excerpts;
    expect(marked(e!)).toEqual(['ETag', 'cache']);
    for (const [a, b] of e!.highlights) expect(terms(e!.text.slice(a, b), 'en', ANALYZER).some((t) => q.has(t))).toBe(true);
  });

  it('keeps a long paragraph to maxLength around its matches, with ellipses and shifted highlights', () => {
    const text = `${filler(400)} the worker caches responses ${filler(400)}`;
    const s = section({ text });
    const q = queryTerms('worker caches');
    const [e] = evidenceFor(s, q, ANALYZER, { maxLength: 100 }).excerpts;
    expect(e!.text.length).toBeLessThanOrEqual(100);
    expect(e!.text.startsWith('…')).toBe(true);
    expect(e!.text.endsWith('…')).toBe(true);
    expect(marked(e!)).toEqual(['worker', 'caches']);
  });

  it('shows a paragraph that fits whole, without ellipses', () => {
    const text = 'A short paragraph about the worker.';
    const [e] = evidenceFor(section({ text }), queryTerms('worker'), ANALYZER, { maxLength: text.length, lead: 10 }).excerpts;
    expect(e!.text).toBe(text);
  });

  it('rejects invalid options with INVALID_OPTIONS', () => {
    for (const bad of [{ minCoverage: 1.5 }, { maxExcerpts: 0 }, { maxLength: 5 }, { lead: -1 }, { snapDistance: 0.5 }]) {
      let caught: unknown;
      try {
        evidenceFor(section({ text: 'x' }), queryTerms('x'), ANALYZER, bad);
      } catch (e) {
        caught = e;
      }
      expect(isRecallBoxError(caught) && caught.code === 'INVALID_OPTIONS').toBe(true);
    }
  });
});

/**
 * Sections for the properties: up to six prose lines of `line`, the given code, a breadcrumb of one
 * to three headings, a depth and a description.
 */
function arbSectionOf(line: fc.Arbitrary<string>, code: fc.Arbitrary<string>) {
  return fc.record({
    text: fc.array(line, { maxLength: 6 }).map((ls) => ls.join('\n')),
    code,
    breadcrumb: fc.array(line, { minLength: 1, maxLength: 3 }),
    depth: fc.integer({ min: 1, max: 3 }),
    description: line,
  });
}

/** Queries of one to `max` of `words`. */
const arbQueryOf = (words: readonly string[], max: number) => fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: max }).map((w) => w.join(' '));

describe('evidenceFor: properties', () => {
  const WORDS = ['cache', 'route', 'worker', 'deploy', 'lorem', 'ipsum', 'getStaticPaths', 'ETag', '路由', 'the'];
  const line = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 60 }).map((w) => w.join(' '));
  const arbSection = arbSectionOf(line, fc.array(line, { maxLength: 3 }).map((ls) => ls.join('\n\n')));
  const arbQuery = arbQueryOf(WORDS, 5);

  it('keeps highlights in bounds, sorted and non-overlapping, each on a query term; coverages in [0, 1]', () => {
    fc.assert(
      fc.property(arbSection, arbQuery, fc.integer({ min: 20, max: 300 }), (over, query, maxLength) => {
        const q = queryTerms(query);
        const ev = evidenceFor(section(over), q, ANALYZER, { maxLength, lead: Math.min(40, maxLength / 2) });
        expect(ev.coverage).toBeGreaterThanOrEqual(0);
        expect(ev.coverage).toBeLessThanOrEqual(1);
        expect(ev.excerpts.length).toBeLessThanOrEqual(2);
        for (const e of ev.excerpts) {
          expect(e.coverage).toBeGreaterThanOrEqual(DEFAULT_EVIDENCE_OPTIONS.minCoverage);
          expect(e.coverage).toBeLessThanOrEqual(ev.coverage);
          expect(e.text.length).toBeLessThanOrEqual(maxLength);
          let last = -1;
          for (const [a, b] of e.highlights) {
            expect(a).toBeGreaterThan(last);
            expect(b).toBeGreaterThan(a);
            expect(b).toBeLessThanOrEqual(e.text.length);
            expect(terms(e.text.slice(a, b), 'en', ANALYZER).some((t) => q.has(t))).toBe(true);
            last = b;
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('evidenceFor: the paragraphs, against cutting the whole text', () => {
  /**
   * The model: every part of the searchable text cut whole with String.split (code on blank lines,
   * the rest on line breaks), each paragraph scored by the share of query terms it holds — what
   * evidence.ts did before it found the paragraphs from the matches.
   */
  function modelExcerpts(s: Section, query: Set<string>): Array<{ source: string; coverage: number; paragraph: string }> {
    const { text, parts } = searchableLayout(s);
    const paragraphs = parts.flatMap((part) =>
      text
        .slice(part.start, part.end)
        .split(part.name === 'code' ? /\n[ \t]*\n/ : /\n/)
        .filter((p) => p.trim() !== '')
        .map((paragraph) => ({ source: part.name, paragraph })),
    );
    return paragraphs
      .map((p, position) => ({ ...p, position, coverage: new Set(terms(p.paragraph, 'en', ANALYZER).filter((t) => query.has(t))).size / query.size }))
      .filter((p) => p.coverage > 0 && p.coverage >= DEFAULT_EVIDENCE_OPTIONS.minCoverage)
      .sort((a, b) => b.coverage - a.coverage || a.position - b.position)
      .slice(0, DEFAULT_EVIDENCE_OPTIONS.maxExcerpts)
      .map(({ source, coverage, paragraph }) => ({ source, coverage, paragraph }));
  }

  const WORDS = ['cache', 'route', 'worker', 'deploy', 'lorem', 'ipsum'];
  const words = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 12 }).map((w) => w.join(' '));
  // Blank lines of every shape, odd runs of line breaks included: where a cut falls matters.
  const SEPARATORS = ['\n', '\n\n', '\n  \n', '\n\n\n', '\n\t\n\n', '\n \n'];
  const joined = (max: number) =>
    fc.array(fc.tuple(words, fc.constantFrom(...SEPARATORS)), { maxLength: max }).map((ls) => ls.map(([w, sep]) => w + sep).join('').trimEnd());
  const arbSection = arbSectionOf(words, joined(6));
  const arbQuery = arbQueryOf(WORDS, 4);

  it('chooses the paragraphs the model chooses, with their sources and coverages', () => {
    fc.assert(
      fc.property(arbSection, arbQuery, (over, query) => {
        const s = section(over);
        const q = queryTerms(query);
        const got = evidenceFor(s, q, ANALYZER, { maxLength: 1000 }).excerpts;
        const want = modelExcerpts(s, q);
        expect(got.map((e) => [e.source, e.coverage])).toEqual(want.map((e) => [e.source, e.coverage]));
        // maxLength is above any generated paragraph: each excerpt is its paragraph whole.
        expect(got.map((e) => e.text)).toEqual(want.map((e) => e.paragraph));
      }),
      { numRuns: 300 },
    );
  });
});
