/**
 * The extractive answer (present/answer.ts): the sentences of a section that cover the question's
 * concepts, never a heading line alone, never a sentence that says the opposite of the question.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerFrom, DEFAULT_ANSWER_OPTIONS, type AnswerQuery } from '../../../src/core/present/answer.ts';
import { sectionMatches } from '../../../src/core/present/section-matches.ts';
import { terms } from '../../../src/core/analysis/segment.ts';
import { isRecallBoxError } from '../../../src/core/errors.ts';
import { sectionOf } from '../../support/section.ts';

/** The question's concepts, each its own weight `weights[term]` (default 1), as search/results.ts hands them in. */
function ask(text: string, weights: Record<string, number> = {}): AnswerQuery & { terms: Set<string> } {
  const ts = [...new Set(terms(text, 'en', {}))];
  // Each concept's word as typed: the first word of the question analysing to it.
  const words = ts.map((t) => text.split(/\s+/).find((w) => terms(w, 'en', {}).includes(t)) ?? t);
  return { text, words, conceptOf: new Map(ts.map((t, i) => [t, i])), weights: ts.map((t) => weights[t] ?? 1), terms: new Set(ts) };
}

function answer(text: string, question: string, options = {}, weights: Record<string, number> = {}) {
  const section = sectionOf({ text, url: '/guide/#testing', title: 'Testing' });
  const q = ask(question, weights);
  return answerFrom(sectionMatches(section, q.terms, {}), { url: section.url, title: section.title }, q, options);
}

describe('answerFrom', () => {
  it('answers with the sentence covering the question, with its section\'s link and heading', () => {
    const a = answer(
      ['Workers run at the edge.', 'To test a route without a server, call app.request() with the path.', 'Deploy with wrangler.'].join(' '),
      'test a route without a server',
    );
    expect(a).toMatchObject({ url: '/guide/#testing', heading: 'Testing' });
    expect(a!.text).toContain('To test a route without a server, call app.request() with the path.');
    // The matches are marked in the answer's own text.
    expect(a!.highlights.map(([s, e]) => a!.text.slice(s, e).toLowerCase())).toEqual(expect.arrayContaining(['test', 'route', 'server']));
  });

  it('never answers with a heading line alone (short, no sentence end)', () => {
    const a = answer(['Testing routes', 'Start the dev server first.'].join('\n'), 'testing routes');
    // The heading line holds every concept but is no sentence; the sentence covers too little.
    expect(a).toBeNull();
  });

  it('refuses a sentence that negates what the question asks, and one lacking the negation it asks for', () => {
    const text = ['The cache is not shared between isolates, each keeps its own.', 'Entries expire after a minute.'].join('\n');
    // Asked plainly: the only sentence holding `cache` and `shared` says the opposite.
    expect(answer(text, 'is the cache shared between isolates')).toBeNull();
    // Asked with the negation, the same sentence answers.
    expect(answer(text, 'cache not shared between isolates')!.text).toContain('not shared');
    const plain = 'Tests start a server on a random port before each run.';
    expect(answer(plain, 'run tests without a server')).toBeNull();
  });

  it('asked for a negation, takes only a sentence negating what the question negates', () => {
    // The sentence negates `searching`, not `cloudflare`: it answers another question.
    const elsewhere = 'A query asked again on Cloudflare is answered from the cache without searching.';
    expect(answer(elsewhere, 'can I use it without Cloudflare')).toBeNull();
    const on = 'Without Cloudflare, run the Node server on any host.';
    expect(answer(on, 'can I use it without Cloudflare')!.text).toBe(on);
  });

  it('adds the next sentence of the same paragraph, not a line of its own', () => {
    const a = answer(['Set the log level with the level option. Levels below it are dropped.', 'Transports', 'Write to a file with pino.destination.'].join('\n'), 'set the log level');
    expect(a!.text).toBe('Set the log level with the level option. Levels below it are dropped.');
  });

  it('gives no answer below the least coverage of the question\'s weight', () => {
    const text = 'Routing matches the path against each pattern in turn.';
    // `path` is all the sentence holds of a question weighted mostly on `kubernetes`.
    expect(answer(text, 'kubernetes path', {}, { kubernet: 9 })).toBeNull();
    expect(answer(text, 'kubernetes path', { minCoverage: 0.05 }, { kubernet: 9 })).not.toBeNull();
    expect(answer(text, 'kubernetes path', { enabled: false })).toBeNull();
  });

  it('cuts a long answer to maxLength with ellipses, keeping the matches', () => {
    const long = `The routing table ${'grows with every pattern that is added to it and '.repeat(10)}finally matches the request path.`;
    const a = answer(long, 'routing request path', { maxLength: 150 });
    expect(a!.text.length).toBeLessThanOrEqual(150);
    expect(a!.text).toMatch(/…/);
    // A run of text more than four answers long without a break is no sentence: no answer from it.
    expect(answer(long, 'routing request path', { maxLength: 120 })).toBeNull();
  });

  it('is always text of the section, at most maxLength long, whatever the question', () => {
    const text = ['Routes match paths.', 'A middleware runs before the handler and may end the request early.', 'Headers are read with c.req.header().'].join(' ');
    fc.assert(
      fc.property(fc.array(fc.constantFrom('route', 'middleware', 'handler', 'header', 'not', 'without', 'request', 'cache'), { minLength: 1, maxLength: 5 }), (words) => {
        const a = answer(text, words.join(' '));
        if (a === null) return;
        expect(a.text.length).toBeLessThanOrEqual(DEFAULT_ANSWER_OPTIONS.maxLength);
        expect(text).toContain(a.text.replace(/^…|…$/g, ''));
        expect(a.coverage).toBeGreaterThanOrEqual(DEFAULT_ANSWER_OPTIONS.minCoverage);
      }),
    );
  });

  it('rejects out-of-range options with INVALID_OPTIONS', () => {
    for (const bad of [{ minCoverage: 2 }, { minWords: 0 }, { maxLength: 10 }]) {
      let caught: unknown;
      try {
        answer('Some text here.', 'text', bad);
      } catch (e) {
        caught = e;
      }
      expect(isRecallBoxError(caught) && caught.code === 'INVALID_OPTIONS').toBe(true);
    }
  });
});
